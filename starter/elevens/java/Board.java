import java.util.ArrayList;
import java.util.List;

/**
 * Activity 8: what every Elevens-like board has in common. Each game's subclass adds its rules
 * by writing isLegal and anotherPlayIsPossible.
 */
public abstract class Board {

    /** One place per card on the board; null means the place is empty. */
    private Card[] cards;

    /** The deck that refills the board. */
    private Deck deck;

    /** Make size empty places and the deck, then deal a card into every place. */
    public Board(int size, String[] ranks, String[] suits, int[] pointValues) {
        // TODO (Activity 8)
    }

    /** Shuffle the deck and deal a fresh card into every place. */
    public void newGame() {
        // TODO (Activity 8)
    }

    /** How many places the board has. */
    public int size() {
        // TODO (Activity 8)
        return 0;
    }

    /** True when every place is empty (null). */
    public boolean isEmpty() {
        // TODO (Activity 8)
        return false;
    }

    /** Put the next card from the deck into place k (null once the deck is empty). */
    public void deal(int k) {
        // TODO (Activity 8)
    }

    /** How many cards are left in the deck. */
    public int deckSize() {
        // TODO (Activity 8)
        return 0;
    }

    /** The card in place k, or null. */
    public Card cardAt(int k) {
        // TODO (Activity 8)
        return null;
    }

    /** Deal a new card into each place listed in selectedCards. */
    public void replaceSelectedCards(List<Integer> selectedCards) {
        // TODO (Activity 8)
    }

    /** The places that hold a card, smallest first. */
    public List<Integer> cardIndexes() {
        // TODO (Activity 8)
        return new ArrayList<Integer>();
    }

    /** One line per place, for example "0: ace of hearts (point value = 1)". */
    @Override
    public String toString() {
        // TODO (Activity 8)
        return "";
    }

    /** True when both the deck and the board are empty. */
    public boolean gameIsWon() {
        // TODO (Activity 8)
        return false;
    }

    /** Whether the cards in these places may be removed together (each game decides). */
    public abstract boolean isLegal(List<Integer> selectedCards);

    /** Whether any legal play is left on the board (each game decides). */
    public abstract boolean anotherPlayIsPossible();

    /** Deal a card into every place. */
    private void dealMyCards() {
        // TODO (Activity 8)
    }
}
