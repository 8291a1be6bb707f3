"""My tester: prints what the functions give, so I can look at it."""

from card import Card
from takes_cards import penalty
from takes_table import Table

print("penalty(55) =", penalty(55))
print("penalty(10) =", penalty(10))
table = Table([Card("10", "bull", 5), Card("30", "bull", 5)])
print("29 goes on row", table.target_row(Card("29", "bull", 3)))
