/**
 * Activity 5: a systematic tester for Card. Run it with assertions on: java -ea CardTester
 * It stops with an AssertionError at the first wrong answer.
 *
 * c3, c4 and c5 each differ from c1 in exactly one field, so a method that reads the wrong
 * field, or matches written with || instead of &&, is caught.
 */
public class CardTester {

    public static void main(String[] args) {
        requireAssertions();
        testAccessors();
        testMatches();
        testToString();
        System.out.println("All tests passed!");
    }

    /** Without -ea every assert is skipped and a wrong Card would "pass": refuse to run. */
    private static void requireAssertions() {
        boolean enabled = false;
        assert enabled = true; // the assignment only happens when assertions are on
        if (!enabled) {
            System.err.println("Assertions are off: run this tester with java -ea");
            System.exit(2);
        }
    }

    private static void testAccessors() {
        Card c1 = new Card("ace", "hearts", 1);
        Card c6 = new Card("queen", "clubs", 3);
        assert c1.rank().equals("ace") : "rank of c1 should be ace, got " + c1.rank();
        assert c1.suit().equals("hearts") : "suit of c1 should be hearts, got " + c1.suit();
        assert c1.pointValue() == 1 : "point value of c1 should be 1, got " + c1.pointValue();
        assert c6.rank().equals("queen") : "rank of c6 should be queen, got " + c6.rank();
        assert c6.suit().equals("clubs") : "suit of c6 should be clubs, got " + c6.suit();
        assert c6.pointValue() == 3 : "point value of c6 should be 3, got " + c6.pointValue();
    }

    private static void testMatches() {
        Card c1 = new Card("ace", "hearts", 1);
        // new String: a duplicate whose text is equal but not the same object, to catch ==.
        Card c2 = new Card(new String("ace"), new String("hearts"), 1);
        Card[] oneDifference = {
            new Card("ace", "hearts", 2), new Card("ace", "spades", 1), new Card("king", "hearts", 1)
        };
        assert c1.matches(c1) : "a card should match itself: " + c1;
        assert c1.matches(c2) : "two cards with the same rank, suit and value should match: " + c1;
        for (Card other : oneDifference) {
            assert !c1.matches(other) : c1 + " should not match " + other;
        }
        Card c6 = new Card("queen", "clubs", 3);
        assert !c1.matches(c6) : c1 + " should not match " + c6;
    }

    private static void testToString() {
        String ace = new Card("ace", "hearts", 1).toString();
        String queen = new Card("queen", "clubs", 3).toString();
        assert ace.equals("ace of hearts (point value = 1)") : "wrong toString: " + ace;
        assert queen.equals("queen of clubs (point value = 3)") : "wrong toString: " + queen;
    }
}
