import java.util.Arrays;

/**
 * A second correct Card, written differently from the reference: the rank and suit live in one
 * array, and the text is built with String.format. A tester that passes the reference but
 * fails this one is checking how the reference happens to be written, not what the lab asks.
 */
public class Card {

    private final String[] names;
    private final int value;

    public Card(String cardRank, String cardSuit, int cardPointValue) {
        names = new String[] {cardRank, cardSuit};
        value = cardPointValue;
    }

    public String rank() {
        return names[0];
    }

    public String suit() {
        return names[1];
    }

    public int pointValue() {
        return value;
    }

    public boolean matches(Card otherCard) {
        String[] theirs = {otherCard.rank(), otherCard.suit()};
        return value == otherCard.pointValue() && Arrays.equals(names, theirs);
    }

    @Override
    public String toString() {
        return String.format("%s of %s (point value = %d)", names[0], names[1], value);
    }
}
