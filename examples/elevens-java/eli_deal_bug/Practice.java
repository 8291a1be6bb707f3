/**
 * Scratch work from class, not part of the lab. It does not compile: deal() returns a Card,
 * not an int.
 */
public class Practice {
    public static void main(String[] args) {
        Deck deck = new Deck(new String[] {"2", "3"}, new String[] {"clubs"}, new int[] {2, 3});
        int total = deck.deal() + deck.deal();
        System.out.println(total);
    }
}
