"""Up/Down/Stay, Activity 6 (second solution): plain asserts about what the handout promises."""

import random

from card import Card
from uds_cards import card_value, make_standard_deck
from uds_changes import changes, row_values
from uds_deal import deal_hands
from uds_game import champion, play_round, winners
from uds_predictions import find_match, is_valid_prediction, match_score

EXAMPLE = [2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]
EXAMPLE_CHANGES = "UDDUUDDUSUU"


class OrderedDeck:
    """A deck that deals exactly these cards, first to last (only what the Deck promises)."""

    def __init__(self, cards):
        self.cards = list(cards)

    def size(self):
        return len(self.cards)

    def is_empty(self):
        return not self.cards

    def deal(self):
        return self.cards.pop(0) if self.cards else None


def cards_of(values, suit="clubs"):
    return [Card(str(value), suit, value) for value in values]


class Scripted:
    """Predicts the next of its predictions each game and lays the card with the next value it is given."""

    def __init__(self, predictions, values=()):
        self.predictions = list(predictions)
        self.values = list(values)
        self.games = 0
        self.log = None

    def predict(self, hand, num_players):
        self.games += 1
        if self.log is not None:
            self.log.append(("predict", self))
        return self.predictions[min(self.games - 1, len(self.predictions) - 1)]

    def choose_card(self, hand, row):
        if self.log is not None:
            self.log.append(("choose", self, len(hand), len(row)))
        if self.values:
            wanted = self.values.pop(0)
            return [card.point_value() for card in hand].index(wanted)
        return 0


def test_cards():
    deck = make_standard_deck()
    dealt = [deck.deal() for _ in range(deck.size())]
    assert len(dealt) == 52
    assert len({(card.rank(), card.suit()) for card in dealt}) == 52
    assert sorted(card_value(card) for card in dealt) == sorted(list(range(1, 14)) * 4)
    by_rank = {}
    for card in dealt:
        by_rank.setdefault(card.rank(), set()).add(card_value(card))
    assert by_rank["ace"] == {1} and by_rank["jack"] == {11} and by_rank["queen"] == {12} and by_rank["king"] == {13}
    assert all(len(values) == 1 for values in by_rank.values())
    assert card_value(Card("7", "hearts", 7)) == 7 and card_value(Card("king", "spades", 13)) == 13


def test_deal_sizes():
    for players, each, left in ((2, 26, 0), (3, 17, 1), (5, 10, 2), (52, 1, 0)):
        deck = make_standard_deck()
        hands = deal_hands(deck, players)
        assert len(hands) == players
        assert [len(hand) for hand in hands] == [each] * players
        assert deck.size() == left
    for players in (0, 1, 53):
        try:
            deal_hands(make_standard_deck(), players)
        except ValueError:
            pass
        else:
            raise AssertionError(f"deal_hands with {players} players must raise ValueError")


def test_deal_is_round_robin_and_keeps_every_card():
    deck = OrderedDeck(cards_of([1, 2, 3, 4, 5, 6, 7]))
    hands = deal_hands(deck, 3)
    assert [[card.point_value() for card in hand] for hand in hands] == [[1, 4], [2, 5], [3, 6]]
    assert deck.size() == 1
    full = make_standard_deck()
    hands = deal_hands(full, 3)
    rest = [full.deal() for _ in range(full.size())]
    seen = [(card.rank(), card.suit()) for hand in hands for card in hand] + [(c.rank(), c.suit()) for c in rest]
    assert len(seen) == 52 and len(set(seen)) == 52


def test_changes():
    assert changes(EXAMPLE) == EXAMPLE_CHANGES
    assert changes([]) == "" and changes([4]) == ""
    assert changes([5, 5]) == "S" and changes([1, 13]) == "U" and changes([13, 1]) == "D"
    assert changes([1, 2, 3]) == "UU" and changes([3, 2, 1]) == "DD" and changes([1, 3, 2, 2]) == "UDS"
    for length in range(2, 20):
        values = [random.randint(1, 13) for _ in range(length)]
        assert len(changes(values)) == length - 1


def test_row_values_ignore_suits():
    row = [Card("7", "clubs", 7), Card("7", "hearts", 7), Card("king", "spades", 13)]
    assert row_values(row) == [7, 7, 13]
    assert changes(row_values(row)) == "SU"


def test_valid_predictions():
    for pred in ("U", "D", "S", "UDS", "UUDDUSU"):
        assert is_valid_prediction(pred, 17), pred
    assert is_valid_prediction("UDS", 3)
    assert is_valid_prediction("U", 1)
    for pred, limit in (("", 5), ("UXD", 5), ("uds", 5), ("UDSU", 3), ("U D", 5), ("X", 5)):
        assert not is_valid_prediction(pred, limit), (pred, limit)


def test_find_match_and_score():
    cases = [("UUDDUSU", 3, 7), ("UUDDUSUU", 3, 8), ("UDUD", -1, 0), ("DUUD", 2, 4), ("S", 8, 1),
             ("UDDU", 0, 4), ("SS", -1, 0), (EXAMPLE_CHANGES, 0, 11), (EXAMPLE_CHANGES + "U", -1, 0),
             ("UU", 3, 2), ("D", 1, 1)]
    for pred, index, score in cases:
        assert find_match(pred, EXAMPLE_CHANGES) == index, pred
        assert match_score(pred, EXAMPLE_CHANGES) == score, pred
    assert match_score("U" * 60, "U" * 51) == 0


def example_round(pred0, pred1):
    players = [Scripted([pred0], EXAMPLE[0::2]), Scripted([pred1], EXAMPLE[1::2])]
    return play_round(players, OrderedDeck(cards_of(EXAMPLE)))


def test_example_round():
    result = example_round("UUDDUSU", "UDDU")
    assert [card.point_value() for card in result.row] == EXAMPLE
    assert result.change_str == EXAMPLE_CHANGES
    assert result.predictions == ["UUDDUSU", "UDDU"]
    assert result.scores == [7, 4]
    assert result.winners == [0]


def test_ties():
    assert example_round("U", "U").winners == [0, 1]
    assert example_round("SS", "SS").scores == [0, 0]
    assert example_round("SS", "SS").winners == [0, 1]
    assert winners([3, 5, 5]) == [1, 2] and winners([0, 0]) == [0, 1] and winners([2, 9, 1]) == [1]
    assert winners([4, 4, 4, 4]) == [0, 1, 2, 3] and winners([7]) == [0]


def test_turn_order_and_predictions_first():
    log = []
    players = [Scripted(["U"]) for _ in range(3)]
    for player in players:
        player.log = log
    suits = ["spades", "hearts", "diamonds"]
    deck = OrderedDeck([Card(str(i // 3 + 1), suits[i % 3], i // 3 + 1) for i in range(14)])
    result = play_round(players, deck)
    assert [card.suit() for card in result.row] == [suits[i % 3] for i in range(12)]
    assert [entry[0] for entry in log[:3]] == ["predict"] * 3
    assert all(entry[0] == "choose" for entry in log[3:]) and len(log) == 15
    chooses = log[3:]
    assert [players.index(entry[1]) for entry in chooses] == [i % 3 for i in range(12)]
    assert [entry[2] for entry in chooses] == [4] * 3 + [3] * 3 + [2] * 3 + [1] * 3
    assert [entry[3] for entry in chooses] == list(range(12))


def test_champion():
    never = "SSSS"  # five equal numbers in a row cannot happen: four cards of each
    players = [Scripted([never, "U"]), Scripted(["U", "U"]), Scripted(["U", never])]
    assert champion(players, random.Random(1)) == [1]
    assert [player.games for player in players] == [1, 2, 2]
    tied = [Scripted(["U"]) for _ in range(3)]
    assert champion(tied, random.Random(2), 3) == [0, 1, 2]
    assert [player.games for player in tied] == [3, 3, 3]
    clear = [Scripted([never]), Scripted(["U"]), Scripted([never])]
    assert champion(clear, random.Random(3)) == [1]
    assert [player.games for player in clear] == [1, 1, 1]
    two = [Scripted(["U"]), Scripted(["U"])]
    assert champion(two, random.Random(4), 5) == [0, 1]
    assert [player.games for player in two] == [5, 5]


test_cards()
test_deal_sizes()
test_deal_is_round_robin_and_keeps_every_card()
test_changes()
test_row_values_ignore_suits()
test_valid_predictions()
test_find_match_and_score()
test_example_round()
test_ties()
test_turn_order_and_predictions_first()
test_champion()
