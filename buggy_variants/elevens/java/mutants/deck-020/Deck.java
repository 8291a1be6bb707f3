import java.util.ArrayList;
import java.util.List;

/**
 * Activities 2 and 4: a deck that deals by counting down (the lab's "Algorithm 2").
 *
 * No card ever leaves {@code cards}. {@code size} counts the undealt cards, which are
 * cards[0..size-1]; dealing lowers it and hands out cards[size]. So the dealt cards stay at
 * the end of the list, and a shuffle can bring every one of them back.
 */
public class Deck {

    private List<Card> cards;
    private int size;

    /**
     * One card for each (ranks[j], values[j]) pair in each suit, then a shuffle.
     * The arrays are paired by position, so ranks and values must have the same length.
     */
    public Deck(String[] ranks, String[] suits, int[] values) {
        cards = new ArrayList<Card>();
        for (String suit : suits) {
            for (int j = 0; j < ranks.length; j++) {
                cards.add(new Card(ranks[j], suit, values[j]));
            }
        }
        size = cards.size();
        shuffle();
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The number of cards left to deal, not the number the deck was built with. */
    public int size() {
        return size;
    }

    /** The next card, or null once every card has been dealt (the count then stays at 0). */
    public Card deal() {
        if (isEmpty()) {
            return null;
        }
        return cards.get(size);
    }

    /**
     * The efficient selection shuffle over all the cards, dealt or not, after which the deck
     * is full again. r runs over 0..k inclusive: leaving k out (r in 0..k-1) would make some
     * orders impossible, and drawing from the whole deck every time would favour others.
     */
    public void shuffle() {
        for (int k = cards.size() - 1; k > 0; k--) {
            int r = (int) (Math.random() * (k + 1));
            Card held = cards.get(k);
            cards.set(k, cards.get(r));
            cards.set(r, held);
        }
        size = cards.size();
    }

    /** The count, then the undealt cards in dealing order, then the dealt ones, latest first. */
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
