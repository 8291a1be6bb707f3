"""Activity 1: a playing card that knows its rank, suit and point value."""


class Card:
    def __init__(self, rank, suit, point_value):
        self.fields = (rank, suit, point_value)

    def rank(self):
        return self.fields[0]

    def suit(self):
        return self.fields[1]

    def point_value(self):
        return self.fields[2]

    def matches(self, other):
        return self.fields == (other.rank(), other.suit(), other.point_value())

    def __str__(self):
        return "%s of %s (point value = %d)" % self.fields

    pointValue = point_value
    toString = __str__
