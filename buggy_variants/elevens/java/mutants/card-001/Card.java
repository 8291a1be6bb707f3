/**
 * Activity 1: one playing card, which knows its rank, suit and point value.
 *
 * Two cards match only when all three fields agree. The point value is kept apart from the
 * rank because games value ranks differently (a king is worth 0 in Elevens, 13 in Tens).
 */
public class Card {

    private final String rank;
    private final String suit;
    private final int pointValue;

    public Card(String cardRank, String cardSuit, int cardPointValue) {
        rank = null;
        suit = cardSuit;
        pointValue = cardPointValue;
    }

    public String rank() {
        return rank;
    }

    public String suit() {
        return suit;
    }

    public int pointValue() {
        return pointValue;
    }

    public boolean matches(Card otherCard) {
        // equals, not ==: two cards built from different String objects must still match.
        return rank.equals(otherCard.rank())
                && suit.equals(otherCard.suit())
                && pointValue == otherCard.pointValue();
    }

    @Override
    public String toString() {
        return rank + " of " + suit + " (point value = " + pointValue + ")";
    }
}
