import java.util.ArrayList;
import java.util.List;

/**
 * Activities 9 and 11: the Elevens board (9 places).
 */
public class ElevensBoard extends Board {

    private static final int BOARD_SIZE = 9;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    /** Jack, queen and king are worth 0: they never make an 11-pair. Tell them apart by rank. */
    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0};

    public ElevensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    /**
     * Legal: exactly two cards worth 11 together, or exactly three cards that are one jack,
     * one queen and one king. Check how many cards were selected!
     */
    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        // TODO (Activity 9)
        return false;
    }

    /** Is there an 11-pair or a J-Q-K anywhere on the board? (Empty places don't count.) */
    @Override
    public boolean anotherPlayIsPossible() {
        // TODO (Activity 9)
        return false;
    }

    /**
     * The board places of two selected cards worth 11 together, or an empty list. Return the
     * place numbers taken from selectedCards, not positions inside selectedCards. Public (the
     * lab's helper is private) so that the grader can call it.
     */
    public List<Integer> findPairSum11(List<Integer> selectedCards) {
        // TODO (Activity 11)
        return new ArrayList<Integer>();
    }

    /** The board places of a jack, a queen and a king among the selected places, or an empty list. */
    public List<Integer> findJQK(List<Integer> selectedCards) {
        // TODO (Activity 11)
        return new ArrayList<Integer>();
    }

    /**
     * Find one legal play, replace those cards and return true; return false, changing
     * nothing, when there is no play. Use the two helpers below.
     */
    public boolean playIfPossible() {
        // TODO (Activity 11)
        return false;
    }

    /** Look for an 11-pair on the board and replace it if there is one. */
    private boolean playPairSum11IfPossible() {
        // TODO (Activity 11)
        return false;
    }

    /** Look for a J-Q-K on the board and replace it if there is one. */
    private boolean playJQKIfPossible() {
        // TODO (Activity 11)
        return false;
    }
}
