class Card:
    """Translated straight from the Java guide: camelCase names and toString."""

    def __init__(self, cardRank, cardSuit, cardPointValue):
        self.cardRank = cardRank
        self.cardSuit = cardSuit
        self.cardPointValue = cardPointValue

    def rank(self):
        return self.cardRank

    def suit(self):
        return self.cardSuit

    def pointValue(self):
        return self.cardPointValue

    def matches(self, otherCard):
        return (otherCard.suit() == self.suit() and otherCard.rank() == self.rank()
                and otherCard.pointValue() == self.pointValue())

    def toString(self):
        return self.cardRank + " of " + self.cardSuit + " (point value = " + str(self.cardPointValue) + ")"
