import java.util.List;

/**
 * The grader's own minimal game on top of the student's Board, for Activity 8 in Java (the
 * twin of ../probe_board.py). Any single card is a legal play, so every rule under test is
 * Board's. It uses only what the lab's Board gives a subclass: the constructor, cardAt and
 * cardIndexes.
 */
public class ProbeBoard extends Board {
    public ProbeBoard(int size, String[] ranks, String[] suits, int[] pointValues) {
        super(size, ranks, suits, pointValues);
    }

    @Override
    public boolean isLegal(List<Integer> selectedCards) {
        return selectedCards.size() == 1 && cardAt(selectedCards.get(0)) != null;
    }

    @Override
    public boolean anotherPlayIsPossible() {
        return !cardIndexes().isEmpty();
    }
}
