"""The lab's own tester for Up/Down/Stay: plain asserts, one function per concern.

Run it with `python uds_tester.py`: silence means every check passed. It uses only what the
handout promises (names, signatures, results), never how the reference is written.
"""

import random

from card import Card
from uds_cards import card_value, make_standard_deck
from uds_changes import changes, row_values
from uds_deal import deal_hands
from uds_game import champion, play_round, winners
from uds_predictions import find_match, is_valid_prediction, match_score

EXAMPLE = [2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]
EXAMPLE_CHANGES = "UDDUUDDUSUU"
NEVER = "UDS" * 18  # 54 letters: longer than any row's changes, so it never matches


class StackDeck:
    """A deck that deals exactly these cards, first one first (deal, size and is_empty only)."""

    def __init__(self, cards):
        self.cards = list(reversed(cards))

    def deal(self):
        return self.cards.pop() if self.cards else None

    def size(self):
        return len(self.cards)

    def is_empty(self):
        return not self.cards


class Scripted:
    """Predicts from a list (one per game, the last repeats), places its first card, and writes
    every call into a shared log."""

    def __init__(self, log, name, predictions):
        self.log, self.name, self.predictions, self.games = log, name, predictions, 0

    def predict(self, hand, num_players):
        self.log.append(("predict", self.name))
        prediction = self.predictions[min(self.games, len(self.predictions) - 1)]
        self.games += 1
        return prediction

    def choose_card(self, hand, row):
        self.log.append(("choose", self.name, len(hand), len(row)))
        return 0


def test_card_values():
    deck = make_standard_deck()
    assert deck.size() == 52, "a standard deck has 52 cards"
    cards = [deck.deal() for _ in range(52)]
    assert sorted(card_value(c) for c in cards) == sorted(list(range(1, 14)) * 4), "values are 4 of each of 1..13"
    named = {c.rank(): card_value(c) for c in cards}
    assert (named["ace"], named["jack"], named["queen"], named["king"]) == (1, 11, 12, 13), "ace 1, J 11, Q 12, K 13"
    assert card_value(Card("7", "clubs", 7)) == 7


def test_deal():
    for players, each, left in [(2, 26, 0), (3, 17, 1), (5, 10, 2), (52, 1, 0)]:
        deck = make_standard_deck()
        hands = deal_hands(deck, players)
        assert [len(h) for h in hands] == [each] * players, f"{players} players get {each} cards each"
        assert deck.size() == left, f"{left} card(s) stay in the deck for {players} players"
    for players in [0, 1, 53]:
        try:
            deal_hands(make_standard_deck(), players)
        except ValueError:
            continue
        assert False, f"deal_hands with {players} players must raise ValueError"
    hands = deal_hands(StackDeck([Card(str(v), "s", v) for v in range(1, 8)]), 3)
    assert [[c.point_value() for c in h] for h in hands] == [[1, 4], [2, 5], [3, 6]], "dealt round-robin"


def test_changes():
    assert changes(EXAMPLE) == EXAMPLE_CHANGES, "the seed's example row"
    assert changes([]) == "" and changes([4]) == ""
    assert changes([5, 5]) == "S"
    assert changes([1, 13]) == "U" and changes([13, 1]) == "D"
    assert changes([12, 13]) == "U", "a king after a queen goes up"
    for length in [2, 3, 10, 52]:
        assert len(changes([random.randint(1, 13) for _ in range(length)])) == length - 1, "L values give L - 1 changes"
    row = [Card("7", "clubs", 7), Card("7", "hearts", 7), Card("king", "spades", 13)]
    assert row_values(row) == [7, 7, 13]
    assert changes(row_values(row)) == "SU", "suits never matter"
    deck = make_standard_deck()
    royal = [c for c in (deck.deal() for _ in range(52)) if c.rank() in ("queen", "king")]
    royal.sort(key=lambda c: c.rank() == "king")  # queens first, then kings
    assert "U" in changes(row_values(royal)), "a king after a queen goes up"


def test_predictions():
    table = [("UUDDUSU", 3), ("UUDDUSUU", 3), (EXAMPLE_CHANGES, 0), (EXAMPLE_CHANGES + "U", -1), ("UDUD", -1),
             ("DUUD", 2), ("SS", -1), ("S", 8), ("D", 1)]
    for pred, index in table:
        assert find_match(pred, EXAMPLE_CHANGES) == index, f"find_match({pred!r})"
        assert match_score(pred, EXAMPLE_CHANGES) == (len(pred) if index >= 0 else 0), f"match_score({pred!r})"
    assert match_score("UDDUUDDUSUUU", EXAMPLE_CHANGES) == 0, "no credit for a matching beginning"
    assert not is_valid_prediction("", 5) and not is_valid_prediction("UXD", 5)
    assert all(is_valid_prediction(p, 5) for p in ["U", "DS", "UUDDS"])


def example_round(pred0, pred1, log=None):
    """Seats 0 and 1 placing their cards in dealt order build the example row."""
    log = [] if log is None else log
    deck = StackDeck([Card(str(v), "spades" if i % 2 == 0 else "hearts", v) for i, v in enumerate(EXAMPLE)])
    return play_round([Scripted(log, 0, [pred0]), Scripted(log, 1, [pred1])], deck)


def test_round():
    log = []
    result = example_round("UUDDUSU", "UDDU", log)
    assert [c.point_value() for c in result.row] == EXAMPLE, "seat 0 places first, then seats take turns"
    assert result.change_str == EXAMPLE_CHANGES
    assert result.predictions == ["UUDDUSU", "UDDU"] and result.scores == [7, 4] and result.winners == [0]
    assert [entry[0] for entry in log[:2]] == ["predict", "predict"], "both predictions come first"
    assert all(entry[0] == "choose" for entry in log[2:]), "no prediction once a card is placed"
    assert [entry[2] for entry in log[2:] if entry[1] == 0] == [6, 5, 4, 3, 2, 1], "each move takes a card from the hand"
    assert example_round("U", "U").winners == [0, 1], "a tie: both win"
    assert example_round("SS", "SS").winners == [0, 1], "nobody matches: all tie at 0"
    assert winners([3, 5, 5]) == [1, 2] and winners([0, 0]) == [0, 1] and winners([2, 9, 1]) == [1]


def test_champion():
    log = []
    players = [Scripted(log, 0, [NEVER, "U"]), Scripted(log, 1, ["U", "U"]), Scripted(log, 2, ["U", NEVER])]
    assert champion(players, random.Random(1)) == [1], "only the tied seats replay"
    assert [p.games for p in players] == [1, 2, 2], "a seat that lost never plays again"
    players = [Scripted([], seat, ["U"]) for seat in range(3)]
    assert champion(players, random.Random(2), 3) == [0, 1, 2], "still tied after max_games: all of them"
    assert [p.games for p in players] == [3, 3, 3], "exactly max_games games"


test_card_values()
test_deal()
test_changes()
test_predictions()
test_round()
test_champion()
