import java.util.HashSet;
import java.util.Set;

/**
 * Activity 5: a systematic tester for Deck, small decks first. Run it with assertions on:
 * java -ea DeckTester. It stops with an AssertionError at the first wrong answer.
 *
 * A 1-card deck, then a 2-card deck (which may deal its cards in either order), then shuffles
 * of a full deck, then a check that shuffling a 3-card deck reaches all six of its orders.
 * It uses only the public methods, so it runs against any correct Deck, whatever its fields.
 */
public class DeckTester {

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};
    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};
    private static final int[] VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0};

    public static void main(String[] args) {
        requireAssertions();
        test1CardDeck();
        test2CardDeck();
        testShuffle();
        testShuffleReachesEveryOrder();
        System.out.println("All tests passed!");
    }

    /**
     * Without -ea every assert is skipped and a wrong Deck would "pass": refuse to run. Kept
     * here rather than borrowed from CardTester, so this file compiles on its own.
     */
    private static void requireAssertions() {
        boolean enabled = false;
        assert enabled = true; // the assignment only happens when assertions are on
        if (!enabled) {
            System.err.println("Assertions are off: run this tester with java -ea");
            System.exit(2);
        }
    }

    /** What every emptied deck must do: say so, and keep dealing null without going negative. */
    private static void checkEmpty(Deck deck) {
        assert deck.isEmpty() : "isEmpty() is false for a deck with no cards left";
        assert deck.size() == 0 : "size() is " + deck.size() + " for a deck with no cards left";
        for (int i = 0; i < 2; i++) {
            assert deck.deal() == null : "deal() on an empty deck should return null";
        }
        assert deck.size() == 0 : "size() went to " + deck.size() + " after dealing from an empty deck";
    }

    private static void test1CardDeck() {
        Deck deck = new Deck(new String[] {"ace"}, new String[] {"hearts"}, new int[] {1});
        assert deck.size() == 1 : "size() of a new 1-card deck is " + deck.size() + ", should be 1";
        assert !deck.isEmpty() : "isEmpty() is true for a new 1-card deck";
        Card card = deck.deal();
        assert card != null : "deal() returned null for a 1-card deck";
        assert card.rank().equals("ace") && card.suit().equals("hearts") && card.pointValue() == 1
            : "a 1-card deck of the ace of hearts dealt " + card;
        checkEmpty(deck);
    }

    private static void test2CardDeck() {
        Deck deck = new Deck(new String[] {"ace", "king"}, new String[] {"hearts"}, new int[] {1, 13});
        assert deck.size() == 2 : "size() of a new 2-card deck is " + deck.size() + ", should be 2";
        Card first = deck.deal();
        assert first != null : "first deal() from a 2-card deck returned null";
        assert deck.size() == 1 : "size() after one deal is " + deck.size() + ", should be 1";
        assert !deck.isEmpty() : "isEmpty() is true with one card left";
        Card second = deck.deal();
        assert second != null : "second deal() from a 2-card deck returned null";
        // Either order is right: the deck was shuffled when it was built.
        boolean aceThenKing = first.rank().equals("ace") && second.rank().equals("king");
        boolean kingThenAce = first.rank().equals("king") && second.rank().equals("ace");
        assert aceThenKing || kingThenAce : "a 2-card deck dealt " + first + " and " + second;
        Card ace = aceThenKing ? first : second;
        Card king = aceThenKing ? second : first;
        assert ace.pointValue() == 1 && king.pointValue() == 13
            : "point values were not paired with their ranks: " + first + ", " + second;
        checkEmpty(deck);
    }

    private static void testShuffle() {
        Deck deck = new Deck(RANKS, SUITS, VALUES);
        for (int i = 0; i < 10; i++) {
            deck.deal();
        }
        deck.shuffle();
        assert deck.size() == 52 : "size() after shuffle is " + deck.size() + ", should be 52";
        String[] dealt = new String[52];
        Set<String> names = new HashSet<String>();
        for (int i = 0; i < 52; i++) {
            Card card = deck.deal();
            assert card != null : "a shuffled 52-card deck ran out after " + i + " deals";
            dealt[i] = card.toString();
            names.add(dealt[i]);
        }
        assert names.size() == 52 : "a shuffled deck dealt only " + names.size() + " different cards";
        // Two shuffled decks dealing the same 52-card order by chance has probability 1/52!.
        Deck other = new Deck(RANKS, SUITS, VALUES);
        boolean same = true;
        for (int i = 0; i < 52; i++) {
            Card card = other.deal();
            if (card == null || !card.toString().equals(dealt[i])) {
                same = false;
            }
        }
        assert !same : "two shuffled decks dealt identical sequences: shuffle() does not shuffle";
        checkEmpty(deck);
    }

    /**
     * A 3-card deck has 6 orders; a correct shuffle misses one of them in 600 new decks with
     * probability below 6 * (5/6)^600, about 1e-47. A shuffle that never moves some card, or
     * never leaves a card where it is, cannot reach some orders at all. Each deck is new, so
     * each is shuffled once from the same start: reshuffling one deck could wander into every
     * order even when a single shuffle cannot. The order is seen through deal(), which hands
     * the cards out in a fixed order of the list, so any field names will do.
     */
    private static void testShuffleReachesEveryOrder() {
        Set<String> seen = new HashSet<String>();
        for (int i = 0; i < 600; i++) {
            Deck deck = new Deck(new String[] {"a", "b", "c"}, new String[] {"spades"}, new int[] {1, 2, 3});
            seen.add(deck.deal().rank() + deck.deal().rank() + deck.deal().rank());
        }
        assert seen.size() == 6
            : "600 shuffles of a 3-card deck reached only " + seen.size() + " of its 6 orders";
    }
}
