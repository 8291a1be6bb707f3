/**
 * Tests for Deck. Eli prints what he sees instead of asserting it.
 */
public class DeckTester {
    public static void main(String[] args) {
        Deck deck = new Deck(new String[] {"ace"}, new String[] {"hearts"}, new int[] {1});
        System.out.println("size " + deck.size());
        System.out.println("dealt " + deck.deal());
    }
}
