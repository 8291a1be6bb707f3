import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A tester that decides by something other than what the Deck answers whether the Deck is
 * "wrong" (tests/security/test_java_oracle_testers.py). The gate runs the correct Decks first, so
 * a count kept from run to run says which runs are the gate's: the first two pass, every later
 * one fails. The modes differ in what the tester does with the Deck before failing:
 *
 * counter:  never calls Deck. Every mode counts the same way (run(): a string the JDK interns for
 *           it, which outlives every class loader).
 * random:   the same calls in every run, but a "wrong" run first draws one Math.random(), which
 *           would shift a Deck's shuffle if the Deck drew from the JVM's shared generator.
 * overflow: a "wrong" run builds its Deck from deep recursion, so the constructor overflows the
 *           stack: the same call, another answer, caused by the tester.
 * memory:   a "wrong" run fills the heap first, so building the Deck runs out of memory.
 * callback: asks matches() about a Card of its own, whose rank() lies in a "wrong" run.
 * identity: builds three Decks, then calls isEmpty() on them in a HashSet's order (identity
 *           hashes, which differ from run to run), and fails by the count.
 */
public class DeckTester {
    static final String MODE = "/*MODE*/";
    /** true: the same calls, but never a "wrong" run (the control a test compares with). */
    static final boolean HONEST = /*HONEST*/false;
    static final String[] RANKS = {"A", "B", "C"};
    static final String[] SUITS = {"x", "y"};
    static final int[] VALUES = {1, 2, 3};

    /** The marks of this and every earlier run, as the JVM's string table holds them. */
    static final List<String> MARKS = new ArrayList<>();

    /**
     * Which run of this JVM this is (0, 1, ...). Each run leaves a mark in the JVM's string table
     * without calling String.intern() (which the worker answers from a table of the test's own):
     * Locale's constructor interns the language it is given, so {@code new Locale(s).getLanguage()}
     * is {@code s} itself only when no earlier run interned that text. The table holds its strings
     * weakly (Locale's cache, softly), so a full heap would empty it: MARKS keeps this run's view
     * of them until the run ends.
     */
    static int run() {
        int k = 0;
        while (true) {
            String mark = new String("oracle-run-" + k);
            String interned = new java.util.Locale(mark).getLanguage();
            MARKS.add(interned);
            if (interned == mark) {
                return k;
            }
            k++;
        }
    }

    /** A Card of the tester's own: it tells its true rank, or lies in a "wrong" run. */
    static final class Liar extends Card {
        final boolean lie;

        Liar(boolean lie) {
            super("A", "x", 1);
            this.lie = lie;
        }

        @Override
        public String rank() {
            return lie ? "Z" : super.rank();
        }
    }

    static boolean built;

    /** Recurses until the stack is full, then builds a Deck on the way back, from the deepest
     * frame where that works. */
    static void dive() {
        try {
            dive();
        } catch (StackOverflowError e) {
            // the bottom: build from here, or from the first frame up where there is room
        }
        if (!built) {
            try {
                new Deck(RANKS, SUITS, VALUES);
                built = true;
            } catch (StackOverflowError inside) {
                System.out.println("overflowed inside the Deck");
            }
        }
    }

    public static void main(String[] args) {
        boolean wrong = !HONEST && run() >= 2;
        if (MODE.equals("random")) {
            if (wrong) {
                Math.random();
            }
            Deck deck = new Deck(RANKS, SUITS, VALUES);
            System.out.println("the order: " + deck.toString().replace("\n", " "));
        } else if (MODE.equals("overflow")) {
            if (wrong) {
                dive();
            } else {
                new Deck(RANKS, SUITS, VALUES);
            }
        } else if (MODE.equals("memory")) {
            List<long[]> hog = new ArrayList<>();
            try {
                while (wrong) {
                    hog.add(new long[1 << 16]);
                }
            } catch (OutOfMemoryError e) {
                try {
                    new Deck(RANKS, SUITS, VALUES);
                } catch (OutOfMemoryError again) {
                    hog.clear();
                    System.out.println("out of memory inside the Deck");
                }
            }
            hog.clear();
            if (!wrong) {
                new Deck(RANKS, SUITS, VALUES);
            }
        } else if (MODE.equals("callback")) {
            Card card = new Card("A", "x", 1);
            Card other = new Liar(wrong);
            System.out.println("matches " + card.matches(other));
        } else if (MODE.equals("identity")) {
            Set<Deck> decks = new HashSet<>();
            for (int i = 0; i < 3; i++) {
                decks.add(new Deck(RANKS, SUITS, VALUES));
            }
            for (Deck deck : decks) {
                deck.isEmpty();
            }
        }
        assert !wrong : "this run is not one of the first two";
    }
}
