"""How tools/make_mutants.py makes the 6 Takes! lab's mutants: the rows and the turn (the files
whose rules a tester is most asked to pin down), which lines and functions to leave alone, and
the battery of observations that tells a mutant from the reference (run in a child process with
the file under test beside the rest of the reference: ``python - takes_table.py``)."""

FILES = ("takes_table.py", "takes_turn.py")
SKIP_LINES = ()
# How the rows look as text is not graded.
SKIP_FUNCTIONS = {("takes_table.py", "render_rows"), ("takes_table.py", "__str__")}

OBSERVER = r'''
import json, random, sys
sys.path.insert(0, ".")
from card import Card
from takes_cards import penalty
def c(n, scale="school"):
    return Card(str(n), "bull", penalty(n, scale))
def nums(cards):
    return [int(x.rank()) for x in cards]
def safe(f):
    try:
        return f()
    except BaseException as e:
        return "raised " + type(e).__name__
out = {}
if sys.argv[1] == "takes_table.py":
    from takes_table import Table
    def shape(t):
        return [nums(r) for r in t.rows()]
    def probe(starters, scale="school"):
        t = Table([c(n, scale) for n in starters], scale)
        seen = [shape(t), t.ends(), [t.row_penalty(i) for i in range(len(starters))]]
        seen.append([safe(lambda n=n: t.target_row(c(n))) for n in range(1, 105)])
        return seen
    out["ends"] = safe(lambda: probe([10, 30, 50, 70]))
    out["ends2"] = safe(lambda: probe([70, 5, 104, 40]))
    out["commercial"] = safe(lambda: probe([55, 11, 20, 99], "commercial"))
    def grow(scale):
        t = Table([c(1, scale), c(10, scale), c(20, scale), c(30, scale)], scale)
        seen = []
        for n in (2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 5):
            seen.append([n, safe(lambda n=n: nums(t.place(c(n, scale)))), shape(t), t.ends(),
                         [t.row_penalty(i) for i in range(4)]])
        return seen
    out["grow"] = safe(lambda: grow("school"))
    out["grow_c"] = safe(lambda: grow("commercial"))
    def takes():
        t = Table([c(5), c(20), c(40), c(60)])
        for n in (41, 42, 43):
            t.place(c(n))
        seen = [nums(t.take_row(2, c(3))), shape(t), nums(t.take_row(0, c(1))), shape(t)]
        rows = t.rows(); rows[0].append(c(99)); rows.pop()
        seen.append(shape(t))
        return seen
    out["takes"] = safe(takes)
    def random_fill(seed):
        rng = random.Random(seed)
        deck = list(range(1, 105)); rng.shuffle(deck)
        t = Table([c(n) for n in deck[:4]])
        seen = []
        for n in deck[4:60]:
            if t.target_row(c(n)) is None:
                seen.append(["take", nums(t.take_row(rng.randrange(4), c(n)))])
            else:
                seen.append(["place", safe(lambda n=n: nums(t.place(c(n))))])
            seen.append(shape(t))
        return seen
    for seed in (1, 2, 3):
        out["random%d" % seed] = safe(lambda seed=seed: random_fill(seed))
else:
    from takes_table import Table
    from takes_turn import resolve_turn
    def planted(rows):
        t = Table([c(r[0]) for r in rows])
        t._rows = [[c(n) for n in r] for r in rows]
        return t
    def shape(t):
        return [nums(r) for r in t.rows()]
    def cheapest(seat, t):
        rows = t.rows()
        return min(range(len(rows)), key=lambda i: (t.row_penalty(i), len(rows[i]), i))
    def run(rows, plays, chooser_index=None, with_log=True):
        t = planted(rows)
        calls, log = [], []
        def chooser(seat, table):
            index = cheapest(seat, table) if chooser_index is None else chooser_index
            calls.append([seat, shape(table), index])
            return index
        def on_place(seat, card, taken):
            log.append([seat, int(card.rank()), nums(taken), shape(t)])
        hand = {seat: c(n) for seat, n in plays}
        got = resolve_turn(t, hand, chooser, on_place) if with_log else resolve_turn(t, hand, chooser)
        return [sorted([seat, nums(v)] for seat, v in got.items()), shape(t), calls, log]
    cases = {
        "low": ([[5], [20], [40], [60]], [[0, 41], [1, 3], [2, 21], [3, 62]], None),
        "order": ([[10], [36, 37, 38, 40], [60], [80]], [[0, 45], [1, 42]], None),
        "order2": ([[10], [36, 37, 38, 40], [60], [80]], [[1, 45], [0, 42]], None),
        "stale": ([[50], [60], [70], [80]], [[0, 10], [1, 20]], None),
        "stale2": ([[50], [60], [70], [80]], [[1, 10], [0, 20]], None),
        "chooser": ([[50, 51], [60], [70, 71, 72], [80]], [[0, 10], [1, 30]], 2),
        "chooser3": ([[50, 51], [60], [70, 71, 72], [80]], [[2, 10], [0, 30], [1, 90]], 3),
        "quiet": ([[10], [20], [30], [40]], [[0, 11], [1, 21], [2, 31], [3, 41]], None),
    }
    for name, (rows, plays, index) in cases.items():
        out[name] = safe(lambda rows=rows, plays=plays, index=index: run(rows, plays, index))
    out["nolog"] = safe(lambda: run([[5], [20], [40], [60]], [[0, 41], [1, 3]], None, False))
    def random_turns(seed):
        rng = random.Random(seed)
        deck = list(range(1, 105)); rng.shuffle(deck)
        t = Table([c(n) for n in deck[:4]])
        seen = []
        for turn in range(10):
            plays = {seat: c(deck.pop()) for seat in range(5)}
            got = resolve_turn(t, plays, cheapest)
            seen.append([sorted([s, nums(v)] for s, v in got.items()), shape(t)])
        return seen
    for seed in (1, 2, 3):
        out["random%d" % seed] = safe(lambda seed=seed: random_turns(seed))
print(json.dumps(out, default=str))
'''
