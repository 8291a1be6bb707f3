import java.util.ArrayList;
import java.util.List;

/**
 * Bonus: the Tens board (13 places). The lab describes this game but gives no class for it.
 */
public class TensBoard extends Board {

    private static final int BOARD_SIZE = 13;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};

    public TensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    /**
     * Legal: exactly two cards worth 10 together, or exactly four cards that all have the
     * same rank, that rank being 10, jack, queen or king.
     */
    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        // TODO (bonus)
        return false;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        // TODO (bonus)
        return false;
    }

    public List<Integer> findPairSum10(List<Integer> selectedCards) {
        // TODO (bonus)
        return new ArrayList<Integer>();
    }

    public List<Integer> findQuartet(List<Integer> selectedCards) {
        // TODO (bonus)
        return new ArrayList<Integer>();
    }

    public boolean playIfPossible() {
        // TODO (bonus)
        return false;
    }
}
