/**
 * Activity 1: one playing card, which knows its rank, suit and point value.
 */
public class Card {

    private String rank;
    private String suit;
    private int pointValue;

    /** Remember the three values this card was made with. */
    public Card(String cardRank, String cardSuit, int cardPointValue) {
        // TODO (Activity 1)
    }

    public String rank() {
        // TODO (Activity 1)
        return null;
    }

    public String suit() {
        // TODO (Activity 1)
        return null;
    }

    public int pointValue() {
        // TODO (Activity 1)
        return 0;
    }

    /** True only when the rank, the suit and the point value are all equal. */
    public boolean matches(Card otherCard) {
        // TODO (Activity 1). Compare Strings with equals, not ==.
        return false;
    }

    /** Exactly like this: "ace of hearts (point value = 1)". */
    @Override
    public String toString() {
        // TODO (Activity 1)
        return "";
    }
}
