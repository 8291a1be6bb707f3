"""Activity 2: the student's Table, on rows built through its own constructor and place().

Cards are the reference Card, made by the grader's harness (takes_probes.card), with the
school penalty as point value unless a test says otherwise.
"""

import random

from grader.checks.assertions import expect, fail, show
from grader.sandbox import StudentError

RULES_HINT = ("A card can only go on a row whose last card is smaller (Rule 1); of those rows it goes on the one "
              "whose last card is closest to it, i.e. the largest end below the card (Rule 2). A row ending above "
              "the card never counts, however close.")


def table(student, starters: list[int], scale: str = "school"):
    made = student.takes_table.Table(student.takes_probes.cards(starters, scale), scale)
    return made.relabel(f"Table(cards {starters})")


def rows(student, t) -> list:
    return student.takes_probes.rows_of(t)


def place_all(student, t, numbers: list[int], scale: str = "school") -> None:
    for n in numbers:
        t.place(student.takes_probes.card(n, scale))


def test_new_table_rows_and_ends(student):
    t = table(student, [10, 30, 50, 70])
    expect(rows(student, t), [[10], [30], [50], [70]], f"{t.label}.rows() (as numbers)",
           "Each starter card begins a row of its own, in the order given.")
    expect(t.ends(), [10, 30, 50, 70], f"{t.label}.ends()", "ends() gives each row's last card as a number: int(card.rank()).")
    whole_games(student, "rows", "Each row grows to the right; rows() gives every row's cards in order.")
    whole_games(student, "ends", "ends() gives each row's last card as a number: int(card.rank()).")


CLOSEST = [(29, 0, "row 1 ends at 30, above 29: it cannot take the card"), (31, 1, "30 is the closest end below 31"),
           (71, 3, "70 is the closest end below 71"), (11, 0, "only row 0 (10) ends below 11"),
           (69, 2, "50 is the largest end below 69"), (104, 3, "every row ends below 104; 70 is closest")]


def test_target_row_is_the_closest_row_below(student):
    t = table(student, [10, 30, 50, 70])
    for number, row, why in CLOSEST:
        expect(t.target_row(student.takes_probes.card(number)), row, f"{t.label}.target_row(card {number})  ({why})", RULES_HINT)
    whole_games(student, "targets", RULES_HINT)


def expect_value_error(call: str, do, hint: str) -> None:
    try:
        got = do()
    except StudentError as error:
        expect(error.details["type"], "ValueError", f"{call} raised an error, but of the wrong kind", hint)
        return
    fail(f"{call}\n  expected: a ValueError\n  got:      {show(got)}", hint)


def test_a_card_below_every_row_has_no_row(student):
    t = table(student, [10, 30, 50, 70])
    expect(t.target_row(student.takes_probes.card(5)), None, f"{t.label}.target_row(card 5)",
           "5 is smaller than every row's last card, so no row can take it: return None.")
    expect_value_error(f"{t.label}.place(card 5)", lambda: t.place(student.takes_probes.card(5)),
                       "place() cannot put a card below every row: raise ValueError (the player must take a row instead).")
    expect(rows(student, t), [[10], [30], [50], [70]], f"{t.label}.rows() after the refused place(card 5)",
           "A refused card changes nothing on the table.")


def test_fifth_card_joins_the_row(student):
    t = table(student, [1, 10, 20, 30])
    place_all(student, t, [2, 3, 4])
    got = student.takes_probes.numbers(t.place(student.takes_probes.card(6)))
    expect(got, [], "rows [1, 2, 3, 4], [10], [20], [30]: place(card 6) (the 5th card of row 0)",
           "Only a 6th card takes the row: a row may hold 5 cards.")
    expect(rows(student, t), [[1, 2, 3, 4, 6], [10], [20], [30]], "the rows after placing 6", RULES_HINT)


def test_sixth_card_takes_the_five(student):
    for scale, points in (("school", 15), ("commercial", 5)):
        t = table(student, [1, 10, 20, 30], scale)
        place_all(student, t, [2, 3, 4, 6], scale)
        expect(t.row_penalty(0), points, f"rows [1, 2, 3, 4, 6], [10], [20], [30] ({scale} scale): row_penalty(0)",
               "row_penalty(i) adds up point_value() of the cards in row i.")
        got = student.takes_probes.numbers(t.place(student.takes_probes.card(7, scale)))
        expect(got, [1, 2, 3, 4, 6], f"rows [1, 2, 3, 4, 6], [10], [20], [30] ({scale} scale): place(card 7)",
               "The 6th card takes the five cards that were in the row (and only those).")
        expect(rows(student, t), [[7], [10], [20], [30]], "the rows after placing 7",
               "After the five are taken, the 6th card stays on the table and starts the row again: [7].")
    whole_games(student, "penalties", "row_penalty(i) adds up point_value() of the cards in row i.")


def test_take_row_takes_the_whole_row(student):
    t = table(student, [5, 20, 40, 60])
    place_all(student, t, [41, 42, 43])
    got = student.takes_probes.numbers(t.take_row(2, student.takes_probes.card(3)))
    expect(got, [40, 41, 42, 43], "rows [5], [20], [40, 41, 42, 43], [60]: take_row(2, card 3)",
           "take_row(i, card) returns every card of row i.")
    expect(rows(student, t), [[5], [20], [3], [60]], "the rows after take_row(2, card 3)",
           "The card that took the row becomes the row's only card.")
    whole_games(student, "taken", "place(card) returns [] when the card joins its row, and the five cards when it "
                "is the 6th; take_row(i, card) returns every card of row i.")


def test_rows_gives_copies(student):
    t = table(student, [10, 30, 50, 70])
    place_all(student, t, [11])
    expect(student.takes_probes.mutate_rows(t), [[10, 11], [30], [50], [70]],
           f"{t.label} after changing the lists rows() returned (a card added to a row, a row emptied and removed)",
           "rows() must return new lists: [list(row) for row in self.rows], so nobody outside can change the table.")


# --- Whole games: every card of the deck through the student's Table -----------------------------
# Two games (school and commercial scale) from fixed seeds: 4 starters, then the other 100 cards
# one at a time, each placed (rules 1 to 3) or, when too low, taking the row a seeded choice names
# (rule 4). The grader's own model of the rules gives every expected value.

def penalty(number: int, scale: str) -> int:
    heads = 7 if number == 55 else 5 if number % 11 == 0 else 3 if number % 10 == 0 else 2 if number % 5 == 0 else 1
    return heads + 2 if scale == "school" else heads


def target(rows: list, number: int):
    """Rules 1 and 2: the row whose end is the largest below ``number``, or None."""
    below = [(row[-1], i) for i, row in enumerate(rows) if row[-1] < number]
    return max(below)[1] if below else None


def whole_game(seed: int, scale: str) -> tuple[list, list, list, list]:
    """Starters, plays, rule-4 choices, and the expected steps (as table_trace gives them)."""
    rng = random.Random(seed)
    deck = list(range(1, 105))
    rng.shuffle(deck)
    starters, plays = deck[:4], deck[4:]
    choices = [rng.randrange(4) for _ in plays]
    rows, used, steps = [[n] for n in starters], set(starters), []
    for number, choice in zip(plays, choices):
        targets = [target(rows, n) for n in range(1, 105) if n not in used]
        used.add(number)
        row = target(rows, number)
        if row is None:
            taken, rows[choice] = rows[choice], [number]
        elif len(rows[row]) == 5:
            taken, rows[row] = rows[row], [number]
        else:
            taken = []
            rows[row].append(number)
        steps.append({"targets": targets, "taken": list(taken), "rows": [list(r) for r in rows],
                      "ends": [r[-1] for r in rows], "penalties": [sum(penalty(n, scale) for n in r) for r in rows]})
    return starters, plays, choices, steps


def whole_games(student, aspect: str, hint: str) -> None:
    """Plays both whole games through the student's Table; fails at the first step whose
    ``aspect`` differs from the model's, naming the card and the rows before it. The other aspects
    are compared only while target_row agrees with the rules (a wrong target_row costs points in
    its own test, not again in every test of what follows from it)."""
    for seed, scale in ((1, "school"), (2, "commercial")):
        starters, plays, choices, steps = whole_game(seed, scale)
        got = student.takes_probes.table_trace(starters, plays, choices, scale, timeout=20)
        before = [[n] for n in starters]
        used = set(starters)
        for step, (number, mine, theirs) in enumerate(zip(plays, steps, got)):
            where = f"Table({starters}, {scale!r}), card {step + 1} of a whole game ({number}), rows before it {before}"
            if aspect == "targets" and theirs["targets"] != mine["targets"]:
                free = [n for n in range(1, 105) if n not in used]
                n, want, have = next((n, a, b) for n, a, b in zip(free, mine["targets"], theirs["targets"]) if a != b)
                expect(have, want, f"{where}: target_row(card {n})", RULES_HINT)
            if aspect != "targets":
                if theirs["targets"] != mine["targets"]:
                    break  # target_row is wrong here: its own test says so, and the game goes elsewhere from now on
                expect(theirs[aspect], mine[aspect], f"{where}: {ASPECTS[aspect]}", hint)
            used.add(number)
            before = mine["rows"]


ASPECTS = {"taken": "what place(card) or take_row(i, card) returned (as numbers)", "rows": "rows() afterwards (as numbers)",
           "ends": "ends() afterwards", "penalties": "row_penalty(i) of each row afterwards"}
