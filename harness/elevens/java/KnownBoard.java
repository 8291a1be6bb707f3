import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java twin of ../known_board.py, for Activity 11b: the games of every ElevensBoard the
 * student's simulation builds are dealt from deck orders the grader chose and played out with
 * its own rules, so the suite knows exactly how many are won.
 *
 * A Java ElevensSimulation makes its own board with {@code new ElevensBoard()}, and the lab's
 * Board keeps its cards and deck private, so nothing beside the board could deal its games. This
 * class goes inside the hierarchy instead: while the activity compiles, the lab's ElevensBoard
 * (the reference in the grader, the student's own in the kit) extends KnownBoard, which extends
 * the lab's Board (grader/java/inserted.py). The rules stay ElevensBoard's: they reach the cards
 * only through Board's public methods (cardAt, cardIndexes, replaceSelectedCards, deal, ...),
 * and those are overridden here to read and deal the grader's games.
 *
 * Until the suite calls {@link #dealFrom}, and for every new game after the last
 * {@link #gamesBegun}, the board is the lab's Board (its own shuffled deck). In between, as in
 * Python, a game begins at the first use of a board after a deal (its construction's or
 * newGame()'s), not at the deal: a loop that makes a new board per game, one that calls
 * newGame() on one board (first or last in the loop), and one that does both all play the same
 * games in the same order, and a deal never played uses no order. Only newGame(), size() and toString() (a
 * debugging print) leave a deal unplayed. Once the orders run out, every further game is dealt
 * the extra order (a won one), so playing one game too many always changes the answer.
 *
 * Knowing the count is not enough: a game must be played. Every change to a place goes through
 * this class (deal and replaceSelectedCards; the places are private here), and each is written
 * down for the game's record: the place, and whether a card from the deck was put there. The
 * suite plays each game again on its own side from that record (labs/elevens/known_games.py,
 * replay): only legal plays, refilled from the deck in order, up to the game's end, make a game
 * played; nothing here decides it. Only plain data crosses back: {@link #gamesPlayed} gives the
 * record of every game begun.
 *
 * @insertedAbove ElevensBoard (read by grader/java/inserted.py)
 */
public abstract class KnownBoard extends Board {

    /** The orders of each simulate call still to come. */
    private static List<List<Card[]>> pendingRuns;
    /** The deck orders still to deal in this call (each card a new Card); null: the lab's own games. */
    private static List<Card[]> schedule;
    /** The order dealt to every game past the schedule. */
    private static Card[] extra;
    /** The record of every game begun in this call: its writes, each [place, 1 or 0]. */
    private static List<Map<String, Object>> games = new ArrayList<>();

    // No initial values: these are read while Board's constructor deals the board, before the
    // fields of this class are set, where false and null mean "the lab's own cards".
    /** Whether this board's cards are the grader's (else Board's own). */
    private boolean known;
    /** Whether a deal happened that no use has played yet (set once the constructor is done). */
    private boolean pending;
    /** A debugging print is reading the board: no game begins. */
    private boolean hold;
    private Card[] places;
    private Card[] order;
    /** The next card of {@code order} the deck deals. */
    private int next;
    /** The writes of this board's current game (in {@link #games}). */
    private List<List<Integer>> writes;

    public KnownBoard(int size, String[] ranks, String[] suits, int[] pointValues) {
        super(size, ranks, suits, pointValues);
        pending = true;
    }

    /**
     * The suite's deck orders for each of its coming simulate calls ({@code runs}), each card
     * {@code [rank, suit, point value]}: the first cards of an order fill the places, the rest
     * are dealt in order. {@code extraOrder}: the order of every game past a run's.
     */
    public static void dealFrom(List<List<List<List<Object>>>> runs, List<List<Object>> extraOrder) {
        pendingRuns = new ArrayList<>();
        for (List<List<List<Object>>> orders : runs) {
            List<Card[]> dealt = new ArrayList<>();
            for (List<List<Object>> order : orders) {
                dealt.add(cards(order));
            }
            pendingRuns.add(dealt);
        }
        extra = cards(extraOrder);
        nextRun();
    }

    private static void nextRun() {
        schedule = pendingRuns.isEmpty() ? new ArrayList<>() : pendingRuns.remove(0);
        games = new ArrayList<>();
    }

    /**
     * The record of every game begun since the run's orders were set, in the order begun:
     * {@code writes} (each [place, 1 if a card from the deck was put there, else 0]) and
     * {@code other_changes} (always 0: nothing else can change a place). The next run's orders
     * are set; after the last run, the boards deal the lab's own games again.
     */
    public static List<Map<String, Object>> gamesPlayed() {
        List<Map<String, Object>> played = games;
        if (pendingRuns != null && !pendingRuns.isEmpty()) {
            nextRun();
        } else {
            schedule = null;
            pendingRuns = null;
            games = new ArrayList<>();
        }
        return played;
    }

    private static Card[] cards(List<List<Object>> fields) {
        Card[] made = new Card[fields.size()];
        for (int k = 0; k < made.length; k++) {
            List<Object> card = fields.get(k);
            made[k] = new Card(String.valueOf(card.get(0)), String.valueOf(card.get(1)),
                               ((Number) card.get(2)).intValue());
        }
        return made;
    }

    /** Any use of the board but newGame, size and toString: a pending deal's game begins. */
    private void use() {
        if (pending && !hold && schedule != null) {
            pending = false;
            known = true;
            writes = new ArrayList<>();
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("writes", writes);
            record.put("other_changes", 0);
            games.add(record);
            order = schedule.isEmpty() ? extra : schedule.remove(0);
            places = new Card[super.size()];
            next = 0;
            for (int k = 0; k < places.length; k++) {
                places[k] = nextCard();
            }
        }
    }

    private Card nextCard() {
        return next < order.length ? order[next++] : null;
    }

    /** Place k gets the deck's next card (null once it is empty), written down for the record. */
    private void write(int k) {
        if (k < 0 || k >= places.length) { // fail before a card is dealt, as Board's deal would
            throw new ArrayIndexOutOfBoundsException("Index " + k + " out of bounds for length " + places.length);
        }
        Card card = nextCard();
        places[k] = card;
        List<Integer> change = new ArrayList<>();
        change.add(k);
        change.add(card == null ? 0 : 1);
        writes.add(change);
    }

    /** A new game: with the grader's orders, dealt when it is first played. */
    @Override
    public void newGame() {
        if (schedule != null) {
            pending = true;
            return;
        }
        known = false;
        super.newGame();
        pending = true;
    }

    @Override
    public int size() {
        return super.size();
    }

    @Override
    public boolean isEmpty() {
        use();
        if (!known) {
            return super.isEmpty();
        }
        for (Card card : places) {
            if (card != null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void deal(int k) {
        use();
        if (known) {
            write(k);
        } else {
            super.deal(k);
        }
    }

    @Override
    public int deckSize() {
        use();
        return known ? order.length - next : super.deckSize();
    }

    @Override
    public Card cardAt(int k) {
        use();
        return known ? places[k] : super.cardAt(k);
    }

    @Override
    public void replaceSelectedCards(List<Integer> selectedCards) {
        use();
        if (!known) {
            super.replaceSelectedCards(selectedCards);
            return;
        }
        for (int k : selectedCards) {
            write(k);
        }
    }

    @Override
    public List<Integer> cardIndexes() {
        use();
        if (!known) {
            return super.cardIndexes();
        }
        List<Integer> selected = new ArrayList<Integer>();
        for (int k = 0; k < places.length; k++) {
            if (places[k] != null) {
                selected.add(k);
            }
        }
        return selected;
    }

    @Override
    public boolean gameIsWon() {
        use();
        return known ? deckSize() == 0 && isEmpty() : super.gameIsWon();
    }

    /** A debugging print: the cards as they are, and no game begins. */
    @Override
    public String toString() {
        boolean held = hold;
        hold = true;
        try {
            if (!known) {
                return super.toString();
            }
            StringBuilder text = new StringBuilder();
            for (int k = 0; k < places.length; k++) {
                text.append(k > 0 ? "\n" : "").append(k).append(": ").append(places[k]);
            }
            return text.toString();
        } finally {
            hold = held;
        }
    }
}
