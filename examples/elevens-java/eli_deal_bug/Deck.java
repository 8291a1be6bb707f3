import java.util.ArrayList;
import java.util.List;

/**
 * Deck for the Elevens lab.
 * @author Eli
 */
public class Deck {
    private List<Card> cards;
    private int size;

    public Deck(String[] ranks, String[] suits, int[] values) {
        cards = new ArrayList<Card>();
        for (int s = 0; s < suits.length; s++) {
            for (int r = 0; r < ranks.length; r++) {
                cards.add(new Card(ranks[r], suits[s], values[r]));
            }
        }
        size = cards.size();
        shuffle();
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    public Card deal() {
        size--;
        if (isEmpty()) {
            return null;
        }
        return cards.get(size);
    }

    public void shuffle() {
        for (int k = cards.size() - 1; k > 0; k--) {
            int r = (int) (Math.random() * (k + 1));
            Card temp = cards.get(k);
            cards.set(k, cards.get(r));
            cards.set(r, temp);
        }
        size = cards.size();
    }

    public String toString() {
        return "size = " + size + ", cards = " + cards;
    }
}
