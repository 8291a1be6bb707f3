/**
 * Activity 5: your tester for Deck. Run it with assertions on: java -ea DeckTester
 * Test a 1-card deck, then a 2-card deck, then shuffling. It must stop with an AssertionError
 * when something is wrong, and print All tests passed! only when everything is right.
 */
public class DeckTester {

    public static void main(String[] args) {
        test1CardDeck();
        test2CardDeck();
        testShuffle();
        System.out.println("All tests passed!");
    }

    private static void test1CardDeck() {
        Deck deck = new Deck(new String[] {"ace"}, new String[] {"hearts"}, new int[] {1});
        // TODO: your asserts here
    }

    private static void test2CardDeck() {
        // TODO
    }

    private static void testShuffle() {
        // TODO
    }
}
