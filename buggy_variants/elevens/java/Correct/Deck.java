import java.util.ArrayList;

/**
 * A second correct Deck, written differently from the reference: the cards are built rank by
 * rank (suits inside), the count is called left, the shuffle walks forwards (for each k, a
 * card picked uniformly from k to the end, which is just as fair), and toString says something
 * else. It still deals by counting down, Algorithm 2, as the lab requires.
 */
public class Deck {

    private ArrayList<Card> cards = new ArrayList<Card>();
    private int left;

    public Deck(String[] ranks, String[] suits, int[] values) {
        for (int i = 0; i < ranks.length; i++) {
            for (String suit : suits) {
                cards.add(new Card(ranks[i], suit, values[i]));
            }
        }
        left = cards.size();
        shuffle();
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    public int size() {
        return left;
    }

    public Card deal() {
        if (left == 0) {
            return null;
        }
        left = left - 1;
        return cards.get(left);
    }

    public void shuffle() {
        int n = cards.size();
        for (int k = 0; k < n - 1; k++) {
            int r = k + (int) (Math.random() * (n - k));
            // set returns what it replaced: card r goes to k, and the old card k goes to r.
            cards.set(r, cards.set(k, cards.get(r)));
        }
        left = n;
    }

    @Override
    public String toString() {
        return "Deck: " + left + " of " + cards.size() + " cards left: " + cards.subList(0, left);
    }
}
