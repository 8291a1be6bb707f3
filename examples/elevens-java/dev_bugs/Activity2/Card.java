public class Card {
    private String rank;
    private String suit;
    private int pointValue;

    public Card(String cardRank, String cardSuit, int cardPointValue) {
        rank = cardRank;
        suit = cardSuit;
        pointValue = cardPointValue;
    }

    public String suit() {
        return rank;
    }

    public String rank() {
        return rank;
    }

    public int pointValue() {
        return pointValue;
    }

    public boolean matches(Card otherCard) {
        return rank.equals(otherCard.rank()) || suit.equals(otherCard.suit());
    }

    public String toString() {
        return rank + " of " + suit;
    }
}
