"""Activity 5: a round, its winners and the playoff, written with a class for results."""

import uds_cards
import uds_changes
import uds_deal
import uds_predictions


class RoundResult:
    def __init__(self, row, change_str, predictions, scores, winners):
        self.row = row
        self.change_str = change_str
        self.predictions = predictions
        self.scores = scores
        self.winners = winners


def play_round(players, deck):
    count = len(players)
    hands = uds_deal.deal_hands(deck, count)
    predictions = []
    for seat in range(count):
        predictions.append(players[seat].predict(hands[seat][:], count))
    row = []
    seat = 0
    while any(hands):
        pick = players[seat].choose_card(hands[seat][:], row[:])
        row.append(hands[seat].pop(pick))
        seat = (seat + 1) % count
    change_str = uds_changes.changes(uds_changes.row_values(row))
    scores = [uds_predictions.match_score(p, change_str) for p in predictions]
    return RoundResult(row, change_str, predictions, scores, winners(scores))


def winners(scores):
    best = None
    for score in scores:
        if best is None or score > best:
            best = score
    return [i for i in range(len(scores)) if scores[i] == best]


def champion(players, rng, max_games=100):
    alive = list(range(len(players)))
    for _ in range(max_games):
        if len(alive) <= 1:
            break
        deck = uds_cards.make_standard_deck()
        rng.shuffle(deck.cards)
        outcome = play_round([players[i] for i in alive], deck)
        alive = [alive[w] for w in outcome.winners]
    return alive
