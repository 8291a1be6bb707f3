import java.util.ArrayList;
import java.util.List;

/**
 * Activities 2 and 4: a deck of cards that deals by counting down (the lab's Algorithm 2).
 * Nothing is ever removed from cards: size counts the cards not yet dealt.
 */
public class Deck {

    private List<Card> cards;
    private int size;

    /**
     * Build one Card for each (ranks[j], values[j]) pair in each suit into the list cards.
     * Then every card is undealt: set size. Call shuffle() as the very last step.
     */
    public Deck(String[] ranks, String[] suits, int[] values) {
        // TODO (Activity 2)
    }

    /** True when no card is left to deal. */
    public boolean isEmpty() {
        // TODO (Activity 2)
        return false;
    }

    /** How many cards are left to deal. */
    public int size() {
        // TODO (Activity 2)
        return 0;
    }

    /**
     * null if the deck is empty. Otherwise lower size by one and return the card at that
     * position. Do not remove anything from cards.
     */
    public Card deal() {
        // TODO (Activity 2)
        return null;
    }

    /**
     * The efficient selection shuffle (Activity 3) over all the cards, dealt or not: for k
     * from cards.size() - 1 down to 1, pick r from 0 to k inclusive with Math.random() and
     * swap the cards at k and r. Then every card is undealt again.
     */
    public void shuffle() {
        // TODO (Activity 4)
    }

    /** Given: the count, the undealt cards, then the dealt ones. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("size = " + size + "\nUndealt cards:\n");
        for (int k = size - 1; k >= 0; k--) {
            text.append(cards.get(k));
            if (k > 0) {
                text.append(", ");
            }
        }
        text.append("\nDealt cards:\n");
        for (int k = cards.size() - 1; k >= size; k--) {
            text.append(cards.get(k));
            if (k > size) {
                text.append(", ");
            }
        }
        return text.toString();
    }
}
