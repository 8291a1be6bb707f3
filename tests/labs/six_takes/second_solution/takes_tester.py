"""6 Takes!, Activity 5 (second solution): plain asserts about what the handout promises, one
function per concern, called at the bottom."""

import random

from card import Card
from takes_cards import make_deck, penalty
from takes_game import Game
from takes_players import RandomAI
from takes_table import Table
from takes_turn import resolve_turn


def c(number, scale="school"):
    return Card(str(number), "bull", penalty(number, scale))


def nums(cards):
    return [int(card.rank()) for card in cards]


def table_of(rows, scale="school"):
    """A Table holding exactly these rows, built only through the promised methods."""
    table = Table([c(row[0], scale) for row in rows], scale)
    for row in rows:
        for number in row[1:]:
            assert table.place(c(number, scale)) == []
    assert [nums(row) for row in table.rows()] == rows
    return table


def test_penalties():
    school = {55: 9, 11: 7, 99: 7, 22: 7, 10: 5, 100: 5, 15: 4, 5: 4, 1: 3, 104: 3, 2: 3}
    for number, points in school.items():
        assert penalty(number) == points, number
        assert penalty(number, "school") == points, number
        assert penalty(number, "commercial") == points - 2, number
    counts = {}
    for number in range(1, 105):
        counts[penalty(number)] = counts.get(penalty(number), 0) + 1
    assert counts == {9: 1, 7: 8, 5: 10, 4: 9, 3: 76}
    assert sum(penalty(n) for n in range(1, 105)) == 379
    assert sum(penalty(n, "commercial") for n in range(1, 105)) == 171
    for bad in (0, 105, -3):
        try:
            penalty(bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
    try:
        penalty(5, "metric")
    except ValueError:
        pass
    else:
        raise AssertionError("unknown scale")


def test_deck():
    for scale, total in (("school", 379), ("commercial", 171)):
        deck = make_deck(scale)
        cards = [deck.deal() for _ in range(deck.size())]
        assert sorted(nums(cards)) == list(range(1, 105))
        assert {card.suit() for card in cards} == {"bull"}
        assert all(card.point_value() == penalty(int(card.rank()), scale) for card in cards)
        assert sum(card.point_value() for card in cards) == total


def test_target_row():
    table = table_of([[10], [30], [50], [70]])
    assert table.ends() == [10, 30, 50, 70]
    assert table.target_row(c(29)) == 0
    assert table.target_row(c(31)) == 1
    assert table.target_row(c(30)) == 0
    assert table.target_row(c(104)) == 3
    assert table.target_row(c(5)) is None
    try:
        table.place(c(5))
    except ValueError:
        pass
    else:
        raise AssertionError("a card below every row must make place raise ValueError")
    assert [nums(row) for row in table.rows()] == [[10], [30], [50], [70]]


def test_rows_grow_to_five():
    table = table_of([[1], [10], [20], [30]])
    for number in (2, 3, 4):
        assert table.place(c(number)) == []
    assert table.place(c(6)) == []
    assert nums(table.rows()[0]) == [1, 2, 3, 4, 6]
    assert table.ends() == [6, 10, 20, 30]
    assert table.place(c(25)) == []
    assert [nums(row) for row in table.rows()] == [[1, 2, 3, 4, 6], [10], [20, 25], [30]]


def test_sixth_card_takes_the_five():
    for scale, points in (("school", 15), ("commercial", 5)):
        table = table_of([[1, 2, 3, 4, 6], [10], [20], [30]], scale)
        assert table.row_penalty(0) == points
        taken = table.place(c(7, scale))
        assert nums(taken) == [1, 2, 3, 4, 6]
        assert [nums(row) for row in table.rows()] == [[7], [10], [20], [30]]
        assert table.place(c(8, scale)) == []
        assert nums(table.rows()[0]) == [7, 8]


def test_take_row():
    table = table_of([[50, 51], [60], [70, 71, 72], [80]])
    taken = table.take_row(2, c(3))
    assert nums(taken) == [70, 71, 72]
    assert [nums(row) for row in table.rows()] == [[50, 51], [60], [3], [80]]
    assert table.ends() == [51, 60, 3, 80]
    assert table.row_penalty(2) == 3
    assert table.place(c(4)) == []
    assert nums(table.rows()[2]) == [3, 4]


def test_rows_are_copies():
    table = table_of([[10, 11], [30], [50], [70]])
    rows = table.rows()
    rows[0].append(c(104))
    rows[-1].clear()
    rows.pop()
    assert [nums(row) for row in table.rows()] == [[10, 11], [30], [50], [70]]


def turn(rows, plays, chooser=None):
    table = table_of(rows)
    log = []
    asked = []

    def choose(seat, t):
        asked.append(seat)
        return chooser(t) if chooser else min(range(4), key=lambda i: (t.row_penalty(i), len(t.rows()[i]), i))

    def on_place(seat, card, taken):
        log.append((seat, int(card.rank()), nums(taken), [nums(row) for row in table.rows()]))

    taken = resolve_turn(table, {seat: c(n) for seat, n in plays.items()}, choose, on_place)
    return table, {seat: nums(cards) for seat, cards in taken.items()}, log, asked


def test_turn_low_card_and_others():
    table, taken, log, asked = turn([[5], [20], [40], [60]], {0: 41, 1: 3, 2: 21, 3: 62})
    assert taken == {0: [], 1: [5], 2: [], 3: []}
    assert asked == [1]
    assert [nums(row) for row in table.rows()] == [[3], [20, 21], [40, 41], [60, 62]]
    assert [entry[:3] for entry in log] == [(1, 3, [5]), (2, 21, []), (0, 41, []), (3, 62, [])]
    assert log[0][3] == [[3], [20], [40], [60]]


def test_turn_smallest_first():
    table, taken, log, _ = turn([[10], [36, 37, 38, 40], [60], [80]], {0: 45, 1: 42})
    assert taken == {0: [36, 37, 38, 40, 42], 1: []}
    assert [nums(row) for row in table.rows()] == [[10], [45], [60], [80]]
    assert [entry[1] for entry in log] == [42, 45]


def test_turn_rule_four_once():
    table, taken, _, asked = turn([[50], [60], [70], [80]], {0: 20, 1: 10})
    assert asked == [1]
    assert taken[1] == [50] and taken[0] == []
    assert [nums(row) for row in table.rows()] == [[10, 20], [60], [70], [80]]


def test_turn_asks_the_chooser():
    table, taken, _, asked = turn([[50], [60], [70], [80]], {0: 3}, chooser=lambda t: 2)
    assert asked == [0] and taken == {0: [70]}
    assert [nums(row) for row in table.rows()] == [[50], [60], [3], [80]]


def test_turn_without_on_place():
    table = table_of([[10], [20], [30], [40]])
    taken = resolve_turn(table, {0: c(15), 1: c(25), 2: c(1)}, lambda seat, t: 3)
    assert {seat: nums(cards) for seat, cards in taken.items()} == {0: [], 1: [], 2: [40]}
    assert [nums(row) for row in table.rows()] == [[10, 15], [20, 25], [30], [1]]


def test_random_turns_keep_every_card():
    rng = random.Random(7)
    for _ in range(30):
        numbers = rng.sample(range(1, 105), 4 + 4 * 8)
        table = Table([c(n) for n in numbers[:4]])
        rest = numbers[4:]
        for start in range(0, len(rest), 4):
            before = sum(len(row) for row in table.rows())
            taken = resolve_turn(table, {seat: c(n) for seat, n in enumerate(rest[start:start + 4])},
                                 lambda seat, t: rng.randrange(4))
            after = sum(len(row) for row in table.rows())
            assert after + sum(len(cards) for cards in taken.values()) == before + 4
            assert all(1 <= len(row) <= 5 for row in table.rows())
            assert sorted(taken) == [0, 1, 2, 3]


def test_game_setup_and_turns():
    for players in (2, 4, 10):
        game = Game([RandomAI(random.Random(players)) for _ in range(players)], random.Random(11), 7)
        game.setup()
        assert [len(hand) for hand in game.hands] == [10] * players
        assert [len(row) for row in game.table.rows()] == [1, 1, 1, 1]
        dealt = [n for hand in game.hands for n in nums(hand)] + [n for row in game.table.rows() for n in nums(row)]
        assert len(set(dealt)) == 10 * players + 4
        assert not set(dealt) & set(nums(game.undealt))
        for t in range(1, 8):
            took = game.play_turn()
            assert sorted(took) == list(range(players))
            assert [len(hand) for hand in game.hands] == [10 - t] * players
            everything = ([n for hand in game.hands for n in nums(hand)] + [n for row in game.table.rows() for n in nums(row)]
                          + [n for pile in game.piles for n in nums(pile)] + nums(game.undealt))
            assert sorted(everything) == list(range(1, 105))
            points = sum(card.point_value() for group in (*game.hands, *game.table.rows(), *game.piles, game.undealt)
                         for card in group)
            assert points == 379


def test_play_and_winners():
    for players, turns in ((2, 7), (4, 10), (10, 1), (3, 7)):
        for seed in range(4):
            game = Game([RandomAI(random.Random(seed * 10 + i)) for i in range(players)], random.Random(seed), turns)
            scores = game.play()
            assert [len(hand) for hand in game.hands] == [10 - turns] * players
            assert scores == [sum(card.point_value() for card in pile) for pile in game.piles]
            assert game.winners() == [seat for seat, s in enumerate(scores) if s == min(scores)]


def test_game_arguments():
    for players, turns in ((1, 7), (11, 7), (4, 0), (4, 11)):
        try:
            Game([RandomAI(random.Random(1)) for _ in range(players)], random.Random(1), turns)
        except ValueError:
            pass
        else:
            raise AssertionError((players, turns))


test_penalties()
test_deck()
test_target_row()
test_rows_grow_to_five()
test_sixth_card_takes_the_five()
test_take_row()
test_rows_are_copies()
test_turn_low_card_and_others()
test_turn_smallest_first()
test_turn_rule_four_once()
test_turn_asks_the_chooser()
test_turn_without_on_place()
test_random_turns_keep_every_card()
test_game_setup_and_turns()
test_play_and_winners()
test_game_arguments()
