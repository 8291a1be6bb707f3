"""How tools/make_mutants.py makes the Elevens lab's mutants: which reference files, which lines
and functions to leave alone, and the battery of observations that tells a mutant from the
reference (run in a child process with the file under test in its folder: ``python - deck.py``)."""

FILES = ("deck.py", "card.py")
# The Java-style alias lines, Deck.__str__ and Card.__repr__: the lab never asks students to test them.
SKIP_LINES = ("isEmpty = ", "toString = ", "pointValue = ")
SKIP_FUNCTIONS = {("deck.py", "__str__"), ("card.py", "__repr__")}

OBSERVER = r'''
import json, random, sys
sys.path.insert(0, ".")
out = {}
def safe(f):
    try:
        return f()
    except BaseException as e:
        return "raised " + type(e).__name__
if sys.argv[1] == "deck.py":
    from deck import Deck
    R = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"]
    S = ["spades", "hearts", "diamonds", "clubs"]
    V = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0, 0]
    cases = {"1": (["ace"], ["hearts"], [1]), "2": (["ace", "king"], ["hearts"], [1, 13]),
             "6": (["A", "B", "C"], ["G", "L"], [2, 1, 6]), "52": (R, S, V)}
    for name, args in cases.items():
        for seed in (1, 2):
            random.seed(seed)
            def run():
                d = Deck(*args)
                seen = [len(d.cards), [str(c) for c in d.cards]]
                for _ in range(len(d.cards) + 3):
                    seen.append([d.size(), d.is_empty(), str(safe(d.deal))])
                for _ in range(2):
                    d.shuffle()
                    seen.append([d.size(), d.is_empty(), [str(c) for c in d.cards]])
                d.deal(); d.deal(); d.shuffle()
                seen.append([d.size(), d.is_empty()])
                return seen
            out[name + "/" + str(seed)] = safe(run)
else:
    from card import Card
    base = ("ace", "hearts", 1)
    others = [base, ("king", "hearts", 1), ("ace", "spades", 1), ("ace", "hearts", 2), ("7", "clubs", 12)]
    def run():
        c = Card(*base)
        return [c.rank(), c.suit(), c.point_value(), str(c)] + [c.matches(Card(*o)) for o in others]
    out["card"] = safe(run)
    out["other"] = safe(lambda: [Card("7", "clubs", 12).rank(), Card("7", "clubs", 12).suit(), Card("7", "clubs", 12).point_value()])
print(json.dumps(out, default=str))
'''
