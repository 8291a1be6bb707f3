import java.util.ArrayList;
import java.util.List;

public class Deck {
    private List<Card> cards;
    private int size;

    public Deck(String[] ranks, String[] suits, int[] values) {
        cards = new ArrayList<Card>();
        for (String suit : suits) {
            for (int i = 0; i < ranks.length; i++) {
                cards.add(new Card(ranks[i], suit, values[i]));
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
        if (isEmpty()) {
            return null;
        }
        size--;
        return cards.get(size);
    }

    public void shuffle() {
        // Activity 4
    }

    public String toString() {
        return "size = " + size;
    }
}
