package org.cara.elevens;

/** A playing card with a rank, a suit and a point value. */
public class Card {
    private final String rank;
    private final String suit;
    private final int value;

    public Card(String rank, String suit, int value) {
        this.rank = rank;
        this.suit = suit;
        this.value = value;
    }

    public String rank() { return rank; }

    public String suit() { return suit; }

    public int pointValue() { return value; }

    public boolean matches(Card other) {
        return rank.equals(other.rank) && suit.equals(other.suit) && value == other.value;
    }

    public String toString() {
        return String.format("%s of %s (point value = %d)", rank, suit, value);
    }
}
