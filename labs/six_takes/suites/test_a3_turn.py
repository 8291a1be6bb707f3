"""Activity 3: resolve_turn, on planted tables (the reference Table), with the grader's row
choosers and on_place recorder (harness/six-takes/takes_probes.py)."""

import random

from grader.checks.assertions import expect, fail

ORDER_HINT = ("Place the cards one at a time from the smallest number to the largest (not in seat order), each "
              "against the rows as the cards before it left them.")
RULE4_HINT = ("When a card is lower than every row's end, call choose_row(seat, table) and take that row with "
              "table.take_row(index, card); otherwise table.place(card).")


def run(student, rows: list, plays: list, chooser=None, with_log: bool = False):
    probes = student.takes_probes
    table = probes.planted_table(rows)
    chooser = chooser if chooser is not None else probes.CheapestChooser()
    log = probes.PlaceLog(table) if with_log else None
    result = probes.turn(table, plays, chooser, log)
    return result, chooser, log


def describe(rows: list, plays: list) -> str:
    return f"rows {', '.join(map(str, rows))}; plays " + ", ".join(f"seat {s}: {n}" for s, n in plays)


def expect_taken(result: dict, expected: dict, call: str, hint: str) -> None:
    if result["taken"]["type"] != "dict":
        fail(f"{call}\n  expected: a dict seat -> cards taken\n  got:      a {result['taken']['type']}",
             "Return a dict with every seat that played: the cards it took, [] for none.")
    got = {seat: taken for seat, taken in result["taken"]["seats"]}
    expect(got, expected, f"{call}: the cards each seat took (as numbers)", hint)


def test_low_card_takes_a_row_and_others_follow(student):
    rows, plays = [[5], [20], [40], [60]], [[0, 41], [1, 3], [2, 21], [3, 62]]
    result, _, _ = run(student, rows, plays)
    call = describe(rows, plays)
    expect_taken(result, {0: [], 1: [5], 2: [], 3: []}, call,
                 "3 is below every row: seat 1 takes the cheapest row, [5] (4 points). The dict has every seat, [] if it took nothing.")
    expect(result["rows"], [[3], [20, 21], [40, 41], [60, 62]], f"{call}: the rows afterwards", ORDER_HINT)


def test_cards_are_placed_smallest_first(student):
    rows, plays = [[10], [36, 37, 38, 40], [60], [80]], [[0, 45], [1, 42]]
    result, _, _ = run(student, rows, plays)
    call = describe(rows, plays)
    expect_taken(result, {0: [36, 37, 38, 40, 42], 1: []}, call,
                 "42 is placed first (it is smaller) and becomes the 5th card of row 1; 45 is then the 6th and takes the five.")
    expect(result["rows"], [[10], [45], [60], [80]], f"{call}: the rows afterwards", ORDER_HINT)


def test_each_card_sees_the_rows_the_cards_before_it_left(student):
    rows, plays = [[50], [60], [70], [80]], [[0, 10], [1, 20]]
    result, chooser, _ = run(student, rows, plays)
    call = describe(rows, plays)
    expect_taken(result, {0: [50], 1: []}, call,
                 "Only 10 is below every row: it takes a row and starts it, so 20 then goes after 10, taking nothing. "
                 "Work out each card's row when it is placed, not from the rows at the start of the turn.")
    expect(result["rows"], [[10, 20], [60], [70], [80]], f"{call}: the rows afterwards", ORDER_HINT)
    expect(len(chooser.seen()), 1, f"{call}: how many times choose_row was called", "Only a card below every row asks for a row.")


def test_rule4_takes_the_row_the_chooser_names(student):
    rows, plays = [[50, 51], [60], [70, 71, 72], [80]], [[0, 10], [1, 30]]
    result, chooser, _ = run(student, rows, plays, student.takes_probes.FixedChooser(2))
    call = describe(rows, plays) + "; choose_row always answers 2"
    expect_taken(result, {0: [70, 71, 72], 1: []}, call,
                 "Seat 0's 10 is below every row: take the row that choose_row(0, table) names, here row 2.")
    expect(result["rows"], [[50, 51], [60], [10, 30], [80]], f"{call}: the rows afterwards", RULE4_HINT)
    expect([seat for seat, _, _ in chooser.seen()], [0], f"{call}: the seats choose_row was called for",
           "Call choose_row(seat, table) with the seat whose card is too low.")


def test_on_place_fires_once_per_card_in_ascending_order(student):
    rows, plays = [[5], [20], [40], [60]], [[0, 41], [1, 3], [2, 21], [3, 62]]
    _, _, log = run(student, rows, plays, with_log=True)
    expected = [[1, 3, [5], [[3], [20], [40], [60]]],
                [2, 21, [], [[3], [20, 21], [40], [60]]],
                [0, 41, [], [[3], [20, 21], [40, 41], [60]]],
                [3, 62, [], [[3], [20, 21], [40, 41], [60, 62]]]]
    expect(log.seen(), expected, f"{describe(rows, plays)}: the calls on_place(seat, card, taken) got, each as "
           "[seat, card, taken, the rows at that moment]",
           "Call on_place(seat, card, taken) once for each card, smallest card first, right after that card is placed "
           "(after any take); taken is [] when the card took nothing.")


# Seeded whole games of turns: 2 to 10 players, on seats numbered as a dict may number them
# (not always 0, 1, ...), every turn until the deck runs out or 10 turns are played.
TURN_GAMES = [(seed, n) for seed, n in enumerate((2, 3, 4, 6, 7, 10))]


def test_cards_are_conserved_every_turn(student):
    for seed, n in TURN_GAMES:
        rng = random.Random(seed)
        deck = list(range(1, 105))
        rng.shuffle(deck)
        starters, deck = deck[:4], deck[4:]
        seats = sorted(rng.sample(range(12), n)) if seed % 2 else list(range(n))
        turns = [[[seat, deck.pop()] for seat in seats] for _ in range(min(10, len(deck) // n))]
        got = student.takes_probes.turn_trace(starters, turns, timeout=20)
        rows = [[number] for number in starters]
        for step, (plays, theirs) in enumerate(zip(turns, got)):
            call = f"resolve_turn on rows {rows} with plays " + ", ".join(f"seat {s}: {c}" for s, c in plays) + \
                   f" (turn {step + 1} of a {n}-player game, reference Table, cheapest rows)"
            if theirs["taken"]["type"] != "dict":
                fail(f"{call}\n  expected: a dict seat -> cards taken\n  got:      a {theirs['taken']['type']}",
                     "Return a dict with every seat that played: the cards it took, [] for none.")
            taken = theirs["taken"]["seats"]
            expect(sorted(seat for seat, _ in taken), seats, f"{call}: the seats in the dict it returned",
                   "Return a dict with every seat that played: the cards it took, [] for none.")
            after = [c for row in theirs["rows"] for c in row] + [c for _, cards in taken for c in cards]
            expect(sorted(after), sorted([c for row in rows for c in row] + [c for _, c in plays]),
                   f"{call}: cards on the table afterwards + cards taken", "Every card played ends up on the table; "
                   "every card taken leaves it. None may be lost or counted twice.")
            lengths = [len(row) for row in theirs["rows"]]
            if not all(1 <= length <= 5 for length in lengths):
                fail(f"{call}: the row lengths afterwards\n  expected: every row 1 to 5 cards\n  got:      {lengths}", ORDER_HINT)
            rows = theirs["rows"]
