import java.util.ArrayList;
import java.util.List;

/**
 * Activity 10: the Thirteens board (10 places). Start from your ElevensBoard.
 */
public class ThirteensBoard extends Board {

    private static final int BOARD_SIZE = 10;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    /** Ace to queen are worth 1 to 12; the king is worth 0 and leaves on its own. */
    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0};

    public ThirteensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    /** Legal: exactly two cards worth 13 together, or exactly one king. */
    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        // TODO (Activity 10)
        return false;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        // TODO (Activity 10)
        return false;
    }

    /** The board places of two selected cards worth 13 together, or an empty list. */
    public List<Integer> findPairSum13(List<Integer> selectedCards) {
        // TODO (Activity 10)
        return new ArrayList<Integer>();
    }

    /** A one-item list with the board place of a selected king, or an empty list. */
    public List<Integer> findKing(List<Integer> selectedCards) {
        // TODO (Activity 10)
        return new ArrayList<Integer>();
    }

    public boolean playIfPossible() {
        // TODO (Activity 10)
        return false;
    }
}
