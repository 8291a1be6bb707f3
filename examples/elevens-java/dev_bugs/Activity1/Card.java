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
        return suit;
    }

    public String rank() {
        return rank;
    }

    public int pointValue() {
        return pointValue;
    }

    // not done yet
    public boolean matches(Card otherCard) {
        return false;
    }

    public String toString() {
        return "";
    }
}
