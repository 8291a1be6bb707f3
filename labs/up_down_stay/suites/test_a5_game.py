"""Activity 5: uds_game: play_round, winners and champion, beside the reference Card, Deck,
uds_cards, uds_deal, uds_changes, uds_predictions and the given players.

Rounds are played by the grader's scripted and spy players (harness/up-down-stay/uds_probes.py)
on decks planted card by card, so every outcome is exact. The spies share one log of every call
they get: predictions must all come before the first card is placed.
"""

import itertools

import pytest

from grader.checks.assertions import expect, expect_instance, fail

EXAMPLE = [2, 6, 5, 4, 7, 9, 7, 1, 2, 2, 5, 8]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
ROUND_HINT = ("play_round deals equal hands (deal_hands), asks every player for a prediction, then lets seats 0, 1, ..., n-1, 0, ... "
              "each place one card (choose_card gives the index in the hand) until every hand is empty, and scores the change string.")
WINNER_HINT = "Every seat with the top score wins: return all of them, in seat order (when all score 0, all tie)."


def card(value: int, suit: str) -> list:
    return [NAMES.get(value, str(value)), suit, value]


def example_deck(student):
    """12 cards dealt alternately to seats 0 and 1; each seat placing its cards in dealt order
    builds the example row 2 6 5 4 7 9 7 1 2 2 5 8."""
    cards = [card(value, SUITS[i % 2]) for i, value in enumerate(EXAMPLE)]
    return student.uds_probes.planted_deck(cards).relabel("a 12-card deck")


def scripted(student, prediction, values):
    return student.uds_probes.ScriptedPlayer(prediction, values)


def play_example(student, pred0: str, pred1: str):
    players = [scripted(student, pred0, EXAMPLE[0::2]), scripted(student, pred1, EXAMPLE[1::2])]
    return expect_instance(student.uds_game.play_round(players, example_deck(student)),
                           "play_round(<2 players>, <12-card deck>)", "Return a RoundResult.")


def fields(result) -> dict:
    return {name: result.get(name) for name in ("change_str", "predictions", "scores", "winners")}


def test_example_row_and_its_winner(student):
    result = play_example(student, "UUDDUSU", "UDDU")
    call = "play_round(<players placing 2 5 7 7 2 5 and 6 4 9 1 2 8>, <12-card deck>)"
    values = [f[2] for f in student.uds_probes.card_fields(result.get("row"))]
    expect(values, EXAMPLE, f"the values of {call}.row", ROUND_HINT)
    got = fields(result)
    expect(got["change_str"], "UDDUUDDUSUU", f"{call}.change_str", "The changes of the whole row, left to right.")
    expect(got["predictions"], ["UUDDUSU", "UDDU"], f"{call}.predictions", "The predictions in seat order.")
    expect(got["scores"], [7, 4], f"{call}.scores", "Each prediction scores its length when it matches, else 0.")
    expect(got["winners"], [0], f"{call}.winners", WINNER_HINT)


@pytest.mark.parametrize("pred, scores", [("U", [1, 1]), ("SS", [0, 0])], ids=["both U", "both SS (nobody matches)"])
def test_a_tie_has_every_top_seat_win(student, pred, scores):
    result = play_example(student, pred, pred)
    call = f"play_round(<two players both predicting {pred!r}>, <the example row>)"
    expect(result.get("scores"), scores, f"{call}.scores")
    expect(result.get("winners"), [0, 1], f"{call}.winners", WINNER_HINT)


# One run per example, then one for every list of 1 to 6 scores drawn from 0, 2 and 5 (ties
# anywhere, everyone at 0, one seat).
EVERY_SCORES = [list(p) for n in range(1, 7) for p in itertools.product((0, 2, 5), repeat=n)]
WINNER_CASES = [[([3, 5, 5], [1, 2])], [([0, 0], [0, 1])], [([2, 9, 1], [1])], [([4, 4, 4, 4], [0, 1, 2, 3])], [([7], [0])],
                [(scores, [i for i, s in enumerate(scores) if s == max(scores)]) for scores in EVERY_SCORES]]


@pytest.mark.parametrize("cases", WINNER_CASES, ids=[str(c[0][0]) if len(c) == 1 else "every short list" for c in WINNER_CASES])
def test_winners(student, cases):
    got = student.batch(*[student.uds_game.winners.later(list(scores)) for scores, _ in cases])
    for value, (scores, answer) in zip(got, cases):
        if value != answer:
            expect(value, answer, f"winners({scores})", WINNER_HINT)


def spy_round(student, players: int, cards: int):
    """Spies at ``players`` seats (at most 13); the deck deals cards of value k + 1 to seat k."""
    log = student.uds_probes.CallLog()
    spies = [student.uds_probes.SpyPlayer(log, seat, "U") for seat in range(players)]
    planted = [card(i % players + 1, SUITS[i // players % 4]) for i in range(cards)]
    result = expect_instance(student.uds_game.play_round(spies, student.uds_probes.planted_deck(planted)),
                             f"play_round(<{players} players>, <{cards}-card deck>)", "Return a RoundResult.")
    return result, log.get("events")


# players, cards: 3 players with 4 cards each and 2 left in the deck, 5 with 4 each and 3 left,
# 13 with 2 each.
TURN_TABLES = [(3, 14), (5, 23), (13, 26)]


def test_seats_take_turns_from_seat_0(student):
    for players, cards in TURN_TABLES:
        result, _ = spy_round(student, players, cards)
        values = [f[2] for f in student.uds_probes.card_fields(result.get("row"))]
        played = cards // players * players
        expect(values, [i % players + 1 for i in range(played)],
               f"the value of each card in the row of {players} players (seat k was dealt only cards of value k + 1)",
               "Seat 0 places first, then seat 1, seat 2, ..., and back to seat 0: row[i] comes from seat i % n. "
               "The cards that do not divide evenly are never played.")


def test_each_hand_shrinks_by_one_per_own_move(student):
    _, events = spy_round(student, 3, 14)
    chooses = [e for e in events if e[0] == "choose"]
    expect(len(chooses), 12, "the number of choose_card calls in a round of 3 players with 4 cards each", ROUND_HINT)
    expect([e[1] for e in chooses], [i % 3 for i in range(12)], "the seat asked by each choose_card call, in order", ROUND_HINT)
    for seat in range(3):
        expect([e[2] for e in chooses if e[1] == seat], [4, 3, 2, 1], f"len(hand) in seat {seat}'s choose_card calls",
               "The chosen card leaves the player's hand, so each hand has one card fewer at the player's next move.")
    expect([e[3] for e in chooses], list(range(12)), "len(row) in each choose_card call",
           "Pass the row as it is so far: each placed card is added to it.")


def test_predictions_come_before_any_card_is_placed(student):
    _, events = spy_round(student, 3, 14)
    predicts = [e for e in events if e[0] == "predict"]
    expect(sorted(e[1] for e in predicts), [0, 1, 2], "the seats asked for a prediction in one round",
           "Ask every player for a prediction exactly once per round.")
    first_choose = next((i for i, e in enumerate(events) if e[0] == "choose"), len(events))
    late = [e[1] for e in events[first_choose:] if e[0] == "predict"]
    if late or any(e[4] for e in predicts):
        fail(f"the order of calls in play_round\n  expected: every predict before the first choose_card\n"
             f"  got:      seat(s) {sorted(set(late))} predicted after a card was placed",
             "Predictions are secret and fixed before the first card goes down: ask for all of them right after the deal.")
    expect([e[2:4] for e in predicts], [[4, 3]] * 3, "[len(hand), num_players] in each predict call",
           "Call predict(hand, num_players) with the player's full dealt hand.")


# Four stays in a row need five cards of one number, and there are four: this never matches,
# and it is short enough for any hand (it does not rely on how a game treats long predictions).
NEVER = "SSSS"


def champion(student, scripts: list, max_games: int):
    rng = student.uds_probes.new_rng()
    players = [student.uds_probes.ScriptedPlayer(script, None, rng) for script in scripts]
    seats = student.uds_game.champion(players, rng, max_games, timeout=30)
    games = [player.get("games") for player in players]
    # The scripted players never draw from rng: only the decks do, so rng must have been drawn
    # from before every game's predictions (each deck is put in order by rng).
    for seat, player in enumerate(players):
        draws = player.get("draws")
        stale = [game + 1 for game, (before, now) in enumerate(zip(draws, draws[1:])) if now == before]
        if stale:
            fail(f"champion(players, rng, ...): was rng drawn from before each game seat {seat} played?\n"
                 f"  expected: yes, before every game\n  got:      not before game(s) {stale}",
                 "Deal every game from a fresh make_standard_deck() put in order with rng, e.g. rng.shuffle(deck.cards).")
    return seats, games


def test_champion_replays_only_the_tied_seats(student):
    # Game 1: seats 1 and 2 tie ("U"), seat 0 cannot match. Game 2 (seats 1 and 2 only): seat 1
    # wins. A playoff that re-seated everybody would let seat 0's second prediction tie seat 1.
    scripts = [[NEVER, "U"], ["U", "U"], ["U", NEVER]]
    seats, games = champion(student, scripts, 100)
    expect(seats, [1], "champion(<seat 0 never matches; seats 1 and 2 tie, then seat 1 wins>, rng)",
           "After a tie, only the tied seats play again, until one seat is left.")
    expect(games, [1, 2, 2], "how many games each seat played in that champion(...)",
           "A seat that did not tie for the top score is out: it never plays again.")


def test_champion_stops_after_max_games(student):
    for max_games in (1, 3):
        seats, games = champion(student, ["U", "U", "U"], max_games)
        expect(seats, [0, 1, 2], f"champion(<three players who always predict 'U' and always tie>, rng, max_games={max_games})",
               "When max_games games are played and several seats are still tied, return all of them.")
        expect(games, [max_games] * 3, f"how many games each seat played in that champion(..., max_games={max_games})",
               f"Play at most max_games games: they always tie, so exactly {max_games}.")


def test_champion_of_a_clear_winner_is_one_game(student):
    for scripts, winner in (([NEVER, "U", NEVER], 1), ([NEVER] * 4 + ["U", NEVER], 4)):
        seats, games = champion(student, scripts, 100)
        expect(seats, [winner], f"champion(<{len(scripts)} players; only seat {winner} can match>, rng)",
               "One game decides when one seat has the top score.")
        expect(games, [1] * len(scripts), "how many games each seat played", "Stop as soon as one seat is left.")
