"""Up/Down/Stay, Activity 5 (second solution): a round, its winners and the playoff."""

from uds_cards import make_standard_deck
from uds_changes import changes, row_values
from uds_deal import deal_hands
from uds_predictions import match_score


class RoundResult:
    def __init__(self, row, change_str, predictions, scores, winners) -> None:
        self.row = row
        self.change_str = change_str
        self.predictions = predictions
        self.scores = scores
        self.winners = winners

    def __repr__(self) -> str:
        return f"RoundResult({self.change_str!r}, {self.predictions}, {self.scores}, {self.winners})"


def play_round(players, deck) -> RoundResult:
    count = len(players)
    hands = deal_hands(deck, count)
    predictions = [player.predict(list(hand), count) for player, hand in zip(players, hands)]
    row = []
    seat = 0
    while any(hands):
        hand = hands[seat]
        row.append(hand.pop(players[seat].choose_card(list(hand), list(row))))
        seat = (seat + 1) % count
    change_str = changes(row_values(row))
    scores = [match_score(prediction, change_str) for prediction in predictions]
    return RoundResult(row, change_str, predictions, scores, winners(scores))


def winners(scores) -> list:
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def champion(players, rng, max_games: int = 100) -> list:
    alive = list(range(len(players)))
    played = 0
    while len(alive) > 1 and played < max_games:
        deck = make_standard_deck()
        rng.shuffle(deck.cards)
        result = play_round([players[seat] for seat in alive], deck)
        alive = [alive[index] for index in result.winners]
        played += 1
    return alive
