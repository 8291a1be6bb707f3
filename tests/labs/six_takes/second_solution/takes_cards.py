"""6 Takes!, Activity 1, written a second time from the handout alone (test data, never handed out).

Penalties from an ordered table of rules on the school scale; the commercial one is 2 lower.
"""

from deck import Deck

# School points by the first rule a number meets, in the order the rules must be tried (55 is
# both a multiple of 11 and ends in 5); a number that meets none is worth 3.
SCHOOL_RULES = ((lambda n: n == 55, 9), (lambda n: n % 11 == 0, 7), (lambda n: n % 10 == 0, 5), (lambda n: n % 5 == 0, 4))
BELOW_SCHOOL = {"school": 0, "commercial": 2}


def penalty(number: int, scale: str = "school") -> int:
    if scale not in BELOW_SCHOOL or not 1 <= number <= 104:
        raise ValueError(f"no card {number} on the {scale!r} scale: cards run 1 to 104, scales are school and commercial")
    school = next((points for applies, points in SCHOOL_RULES if applies(number)), 3)
    return school - BELOW_SCHOOL[scale]


def make_deck(scale: str = "school") -> Deck:
    numbers = range(1, 105)
    return Deck([str(n) for n in numbers], ["bull"], [penalty(n, scale) for n in numbers])
