import java.util.ArrayList;
import java.util.List;

/**
 * Activity 8: what every Elevens-like solitaire board has in common.
 *
 * A board is a row of places ({@code cards}: a Card, or null for an empty place) and the deck
 * that refills them. Games differ only in which selections may be removed and in how to tell
 * that a play is left, so those two methods are abstract and each game's subclass writes them.
 */
public abstract class Board {

    private Card[] cards;
    private Deck deck;

    /** Makes size empty places and the deck, then deals a card into every place. */
    public Board(int size, String[] ranks, String[] suits, int[] pointValues) {
        cards = new Card[size];
        deck = new Deck(ranks, suits, pointValues);
        dealMyCards();
    }

    /** Shuffles the whole deck (dealt cards included) and deals a fresh board. */
    public void newGame() {
        deck.shuffle();
        dealMyCards();
    }

    public int size() {
        return cards.length;
    }

    /** True when no place holds a card. */
    public boolean isEmpty() {
        for (Card card : cards) {
            if (card != null) {
                return false;
            }
        }
        return true;
    }

    /** Fills place k from the deck; once the deck has run out the place becomes empty (null). */
    public void deal(int k) {
        cards[k] = deck.deal();
    }

    public int deckSize() {
        return deck.size();
    }

    public Card cardAt(int k) {
        return cards[k];
    }

    /** Refills each selected place, in the order given. */
    public void replaceSelectedCards(List<Integer> selectedCards) {
        for (int k : selectedCards) {
            deal(k);
        }
    }

    /** The places that hold a card, smallest first. */
    public List<Integer> cardIndexes() {
        List<Integer> selected = new ArrayList<Integer>();
        for (int k = 0; k < cards.length; k++) {
            if (cards[k] != null) {
                selected.add(k);
            }
        }
        return selected;
    }

    /** One line per place, such as "0: ace of hearts (point value = 1)"; "null" when empty. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < cards.length; k++) {
            if (k > 0) {
                text.append('\n');
            }
            text.append(k).append(": ").append(cards[k]);
        }
        return text.toString();
    }

    /** Won only when the deck and the board have both run out of cards. */
    public boolean gameIsWon() {
        return deck.isEmpty() && isEmpty();
    }

    /** Whether the cards at these places may be removed together. */
    public abstract boolean isLegal(List<Integer> selectedCards);

    /** Whether any legal selection is left among the cards on the board. */
    public abstract boolean anotherPlayIsPossible();

    private void dealMyCards() {
        for (int k = 0; k < cards.length; k++) {
            deal(k);
        }
    }
}
