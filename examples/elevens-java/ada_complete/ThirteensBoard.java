import java.util.ArrayList;
import java.util.List;

/**
 * Activity 10: the Thirteens board.
 *
 * Ten places. Ace to queen are worth 1 to 12 and the king 0. A play is two cards worth 13
 * together, or a single king.
 */
public class ThirteensBoard extends Board {

    private static final int BOARD_SIZE = 10;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0};

    public ThirteensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        if (selectedCards.size() == 1) {
            return !findKing(selectedCards).isEmpty();
        }
        if (selectedCards.size() == 2) {
            return !findPairSum13(selectedCards).isEmpty();
        }
        return false;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        List<Integer> onBoard = cardIndexes();
        return !findPairSum13(onBoard).isEmpty() || !findKing(onBoard).isEmpty();
    }

    /** The board places of the first two selected cards worth 13 together, or an empty list. */
    public List<Integer> findPairSum13(List<Integer> selectedCards) {
        List<Integer> found = new ArrayList<Integer>();
        for (int i = 0; i < selectedCards.size(); i++) {
            Card first = cardAt(selectedCards.get(i));
            if (first == null) {
                continue;
            }
            for (int j = i + 1; j < selectedCards.size(); j++) {
                Card second = cardAt(selectedCards.get(j));
                if (second != null && first.pointValue() + second.pointValue() == 13) {
                    found.add(selectedCards.get(i));
                    found.add(selectedCards.get(j));
                    return found;
                }
            }
        }
        return found;
    }

    /** The place of the first selected king, as a one-item list, or an empty list. */
    public List<Integer> findKing(List<Integer> selectedCards) {
        List<Integer> found = new ArrayList<Integer>();
        for (int k : selectedCards) {
            Card card = cardAt(k);
            if (card != null && card.rank().equals("king")) {
                found.add(k);
                return found;
            }
        }
        return found;
    }

    /** Makes one play (a 13-pair before a king) and refills; false, changing nothing, if none. */
    public boolean playIfPossible() {
        List<Integer> play = findPairSum13(cardIndexes());
        if (play.isEmpty()) {
            play = findKing(cardIndexes());
        }
        if (play.isEmpty()) {
            return false;
        }
        replaceSelectedCards(play);
        return true;
    }
}
