import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Bonus: the Tens board (the lab describes the game but ships no class for it).
 *
 * Thirteen places. A play is two cards worth 10 together, or all four cards of one rank among
 * 10, jack, queen and king. Ace to 10 are worth 1 to 10 and the face cards 11 to 13, so no card
 * of a quartet rank can ever be part of a pair (the 10 is worth 10 and needs a 0 partner).
 */
public class TensBoard extends Board {

    private static final int BOARD_SIZE = 13;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};

    private static final List<String> QUARTET_RANKS = Arrays.asList("10", "jack", "queen", "king");

    public TensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        if (selectedCards.size() == 2) {
            return !findPairSum10(selectedCards).isEmpty();
        }
        if (selectedCards.size() == 4) {
            return !findQuartet(selectedCards).isEmpty();
        }
        return false;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        List<Integer> onBoard = cardIndexes();
        return !findPairSum10(onBoard).isEmpty() || !findQuartet(onBoard).isEmpty();
    }

    /** The board places of the first two selected cards worth 10 together, or an empty list. */
    public List<Integer> findPairSum10(List<Integer> selectedCards) {
        List<Integer> found = new ArrayList<Integer>();
        for (int i = 0; i < selectedCards.size(); i++) {
            Card first = cardAt(selectedCards.get(i));
            if (first == null) {
                continue;
            }
            for (int j = i + 1; j < selectedCards.size(); j++) {
                Card second = cardAt(selectedCards.get(j));
                if (second != null && first.pointValue() + second.pointValue() == 10) {
                    found.add(selectedCards.get(i));
                    found.add(selectedCards.get(j));
                    return found;
                }
            }
        }
        return found;
    }

    /**
     * The places of four selected cards of one rank among 10, J, Q, K (ranks tried in that
     * order, places in selection order), or an empty list.
     */
    public List<Integer> findQuartet(List<Integer> selectedCards) {
        for (String rank : QUARTET_RANKS) {
            List<Integer> places = new ArrayList<Integer>();
            for (int k : selectedCards) {
                Card card = cardAt(k);
                if (card != null && card.rank().equals(rank)) {
                    places.add(k);
                }
            }
            if (places.size() == 4) {
                return places;
            }
        }
        return new ArrayList<Integer>();
    }

    /** Makes one play (a 10-pair before a quartet) and refills; false, changing nothing, if none. */
    public boolean playIfPossible() {
        List<Integer> play = findPairSum10(cardIndexes());
        if (play.isEmpty()) {
            play = findQuartet(cardIndexes());
        }
        if (play.isEmpty()) {
            return false;
        }
        replaceSelectedCards(play);
        return true;
    }
}
