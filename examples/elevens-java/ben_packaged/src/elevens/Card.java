package elevens;

/**
 * Card.java
 *
 * <code>Card</code> represents a playing card.
 * Ben keeps his classes in a package, the way his IDE set the project up.
 */
public class Card {

    /** String value that holds the suit of the card */
    private String suit;

    /** String value that holds the rank of the card */
    private String rank;

    /** int value that holds the point value. */
    private int pointValue;

    public Card(String cardRank, String cardSuit, int cardPointValue) {
        rank = cardRank;
        suit = cardSuit;
        pointValue = cardPointValue;
    }

    public String suit() {
        return suit;
    }

    public String rank() {
        return rank;
    }

    public int pointValue() {
        return pointValue;
    }

    public boolean matches(Card otherCard) {
        return otherCard.suit().equals(this.suit())
            && otherCard.rank().equals(this.rank())
            && otherCard.pointValue() == this.pointValue();
    }

    @Override
    public String toString() {
        return rank + " of " + suit + " (point value = " + pointValue + ")";
    }
}
