"""How tools/make_mutants.py makes the Up/Down/Stay lab's mutants: the five student files of
the reference, what to leave alone, and the battery of observations that tells a mutant from
the reference (run in a child process with the mutant and the rest of the reference in its
folder: ``python -c OBSERVER uds_game.py``).

Left alone: the rank and suit name lists (misspelling a name is not a rule of the game),
error-message texts (the observer records only an exception's type), and champion's signature
line (a default of 101 games instead of 100 shows only after 100 tied games).
"""

FILES = ("uds_cards.py", "uds_deal.py", "uds_changes.py", "uds_predictions.py", "uds_game.py")
SKIP_LINES = ("RANKS = ", "SUITS = ", "raise ValueError(", "def champion(")
SKIP_FUNCTIONS: set = set()

OBSERVER = r'''
import json, random, sys
sys.path.insert(0, ".")
from card import Card
from deck import Deck
out = {}
def safe(f):
    try:
        return f()
    except BaseException as e:
        return "raised " + type(e).__name__
def fields(cards):
    return [None if c is None else [c.rank(), c.suit(), c.point_value()] for c in cards]
def planted(values, suits=("s", "h", "d")):
    d = Deck(["x"], ["y"], [0])
    d.cards = [Card(str(v), suits[i % len(suits)], v) for i, v in enumerate(values)][::-1]
    d._undealt = len(values)
    return d
EXAMPLE = [2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]
name = sys.argv[1]
if name == "uds_cards.py":
    from uds_cards import make_standard_deck, card_value
    random.seed(1)
    def deck():
        d = make_standard_deck()
        return [d.size(), sorted(fields([d.deal() for _ in range(d.size())]))]
    out["deck"] = safe(deck)
    out["value"] = safe(lambda: [card_value(Card("q", "h", v)) for v in (0, 1, 7, 13)])
elif name == "uds_deal.py":
    from uds_deal import deal_hands
    for n in (0, 1, 2, 3, 5, 6, 7, 8):
        def run(n=n):
            d = planted(list(range(1, 8)))
            hands = deal_hands(d, n)
            return [[fields(h) for h in hands], d.size()]
        out[str(n)] = safe(run)
    from uds_cards import make_standard_deck
    for n in (2, 3, 5, 52, 53):
        random.seed(n)
        def full(n=n):
            d = make_standard_deck()
            hands = deal_hands(d, n)
            return [[len(h) for h in hands], d.size(), sorted(map(tuple, fields([c for h in hands for c in h])))]
        out["full" + str(n)] = safe(full)
elif name == "uds_changes.py":
    from uds_changes import changes, row_values
    random.seed(3)
    vectors = [[], [4], [5, 5], [1, 13], [13, 1], EXAMPLE, [3, 3, 3, 9, 1]]
    vectors += [[random.randint(1, 13) for _ in range(random.randint(2, 12))] for _ in range(30)]
    out["changes"] = [safe(lambda v=v: changes(list(v))) for v in vectors]
    out["values"] = safe(lambda: row_values([Card("7", "c", 7), Card("k", "h", 13), Card("a", "s", 1)]))
    out["empty"] = safe(lambda: row_values([]))
else:
    pass
if name == "uds_predictions.py":
    from uds_predictions import is_valid_prediction, find_match, match_score
    preds = ["", "U", "D", "S", "UD", "SS", "UXD", "u", "U D", "UUDDUSU", "UUDDUSUU", "UDUD", "DUUD", "UDDUUDDUSUU",
             "UDDUUDDUSUUU", "UUU", "SU", "DS", "USUU", "UDDUUDDUSUUX"]
    strings = ["UDDUUDDUSUU", "", "U", "SUD", "DDDUUU", "UUUUUUUUUU"]
    out["valid"] = [[safe(lambda p=p, m=m: is_valid_prediction(p, m)) for m in (0, 1, 3, 11, 12)] for p in preds]
    out["find"] = [[safe(lambda p=p, s=s: find_match(p, s)) for s in strings] for p in preds]
    out["score"] = [[safe(lambda p=p, s=s: match_score(p, s)) for s in strings] for p in preds]
if name == "uds_game.py":
    import uds_game
    random.seed(5)  # make_standard_deck shuffles with the global random before champion's rng does
    class P:
        def __init__(self, log, seat, preds, choices=None):
            self.log, self.seat, self.preds, self.choices, self.games, self.moves = log, seat, preds, choices, 0, 0
        def predict(self, hand, n):
            self.log.append(["p", self.seat, len(hand), n, [c.point_value() for c in hand]])
            self.games += 1
            return self.preds[min(self.games - 1, len(self.preds) - 1)]
        def choose_card(self, hand, row):
            self.log.append(["c", self.seat, len(hand), len(row)])
            want = self.choices[self.moves] if self.choices and self.moves < len(self.choices) else None
            self.moves += 1
            return next((i for i, c in enumerate(hand) if c.point_value() == want), len(hand) - 1 if self.seat == 1 else 0)
    out["winners"] = [safe(lambda s=s: uds_game.winners(list(s))) for s in ([3, 5, 5], [0, 0], [2, 9, 1], [7], [4, 4, 4, 4], [1, 0], [0, 3])]
    def result(r):
        return [[c.point_value() for c in r.row], [c.suit() for c in r.row], r.change_str, r.predictions, r.scores, r.winners]
    for a, b in (("UUDDUSU", "UDDU"), ("U", "U"), ("SS", "SS"), ("D", "UUDDUSUU")):
        def ex(a=a, b=b):
            log = []
            players = [P(log, 0, [a], EXAMPLE[0::2]), P(log, 1, [b], EXAMPLE[1::2])]
            return [result(uds_game.play_round(players, planted(EXAMPLE, ("s", "h")))), log]
        out["ex" + a + b] = safe(ex)
    def three():
        log = []
        players = [P(log, s, ["U"]) for s in range(3)]
        return [result(uds_game.play_round(players, planted([v % 13 + 1 for v in range(14)]))), log]
    out["three"] = safe(three)
    scripts = [[["U"], ["U"]], [["X" * 60, "U"], ["U", "U"], ["U", "X" * 60]], [["U"], ["U"], ["U"]], [["X" * 60], ["U"], ["X" * 60]],
               [["U"]], [["S" * 5], ["S" * 5, "U"], ["U", "S" * 60]]]
    for i, script in enumerate(scripts):
        for cap in (1, 3, 100):
            def champ(script=script, cap=cap):
                players = [P([], s, preds) for s, preds in enumerate(script)]
                seats = uds_game.champion(players, random.Random(7), cap)
                return [seats, [p.games for p in players]]
            out["champ%d/%d" % (i, cap)] = safe(champ)
    def default_cap():
        players = [P([], s, ["U"]) for s in range(2)]
        return [uds_game.champion(players, random.Random(1)), [p.games for p in players]]
    out["cap"] = safe(default_cap)
print(json.dumps(out, default=str))
'''
