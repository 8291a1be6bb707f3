"""Activity 4: the student's Game, over the reference cards, Table, turn and players.

Seeded games are played through the grader's harness (takes_probes), which reads the Game's
``hands``, ``table``, ``piles`` and ``undealt`` and hands back numbers. The two statistical
checks use exact binomial bands; their rates are in labs/six_takes/stats.py and the handout.
"""

from collections import Counter

import pytest
from grader_labs.six_takes.stats import (
    PLAYERS_FOR_PICKS,
    POSITION_PICKS,
    STARTER_SETUPS,
    position_check,
    starter_check,
)

from grader.checks.assertions import expect, fail, show
from grader.sandbox import StudentError

ALL = list(range(1, 105))
SETUP_HINT = ("setup(): shuffle a make_deck() with rng, deal 10 cards to each seat, then 4 row starters from the "
              "cards left; the rest stay in undealt. Never deal a card twice.")
PILE_HINT = "Cards a player takes go onto that seat's pile (self.piles[seat]), never back into its hand."


def all_numbers(state: dict) -> list:
    return [n for group in (*state["hands"], *state["rows"], *state["piles"], state["undealt"]) for n in group]


@pytest.mark.parametrize("n", [2, 4, 10])
def test_setup_deals_hands_and_row_starters(student, n):
    for game, steps in enumerate(student.takes_probes.game_trace(n, 1, 3, timeout=20)):
        state = steps[0]["state"]
        call = f"Game({n} players).setup() (game {game + 1})"
        if not steps[0]["draws"]:
            fail(f"{call}: did setup() draw from the Game's rng?\n  expected: yes (it shuffles the deck with it)\n"
                 f"  got:      no", "Shuffle the deck with the Game's rng: self.rng.shuffle(deck.cards).")
        expect([len(hand) for hand in state["hands"]], [10] * n, f"{call}: the size of each hand", SETUP_HINT)
        expect([len(row) for row in state["rows"]], [1, 1, 1, 1], f"{call}: the length of each row", SETUP_HINT)
        dealt = [c for hand in state["hands"] for c in hand] + [row[0] for row in state["rows"]]
        repeated = sorted({c for c in dealt if dealt.count(c) > 1})
        expect(repeated, [], f"{call}: cards dealt more than once (hands and starters)", SETUP_HINT)
        shared = sorted(set(dealt) & set(state["undealt"]))
        expect(shared, [], f"{call}: dealt cards that are also in undealt", SETUP_HINT)
        expect(sorted(all_numbers(state)), ALL, f"{call}: every card in hands, rows, piles and undealt, sorted",
               "All 104 cards must be somewhere, each once.")


def test_cards_and_points_are_conserved_every_turn(student):
    for n, turns, scale, points in ((4, 7, "school", 379), (3, 10, "school", 379), (10, 7, "school", 379), (5, 7, "commercial", 171)):
        for game, steps in enumerate(student.takes_probes.game_trace(n, turns, 2, scale, timeout=20)):
            for t, step in enumerate(steps):
                state = step["state"]
                call = f"a {n}-player game of {turns} turns, scale {scale!r} (game {game + 1}), after turn {t}"
                expect([len(hand) for hand in state["hands"]], [10 - t] * n, f"{call}: the size of each hand",
                       "Each turn every hand loses exactly the card it played. " + PILE_HINT)
                expect(sorted(all_numbers(state)), ALL, f"{call}: every card in hands, rows, piles and undealt, sorted",
                       "All 104 cards must be somewhere, each once. " + PILE_HINT)
                expect(state["points"], points, f"{call}: the points of all cards in hands, rows, piles and undealt",
                       PILE_HINT + " setup() makes the deck with make_deck(scale), the Game's scale.")
                if t == 0:
                    continue
                returned = step["returned"]
                if returned["type"] != "dict" or [seat for seat, _ in returned["seats"]] != list(range(n)):
                    fail(f"{call}: play_turn() returned\n  expected: a dict with every seat 0..{n - 1}\n  got:      "
                         f"{show(returned['seats']) if returned['type'] == 'dict' else 'a ' + returned['type']}",
                         "Return what resolve_turn returned: seat -> cards taken this turn, [] for none.")
                before = steps[t - 1]["state"]["piles"]
                # What each pile gained, in any order: a pile may keep its cards sorted.
                grown = [sorted((Counter(pile) - Counter(old)).elements()) for pile, old in zip(state["piles"], before)]
                expect(grown, [sorted(taken) for _, taken in returned["seats"]],
                       f"{call}: the cards added to each pile this turn", "Add each seat's taken cards to its pile. " + PILE_HINT)


@pytest.mark.parametrize("turns", [7, 10])
def test_play_returns_every_score(student, turns):
    for n, turn_first, scale in ((2, False, "school"), (4, False, "school"), (10, False, "school"), (3, True, "school"),
                                 (4, False, "commercial")):
        got = student.takes_probes.played_game(n, turns, turn_first, scale, timeout=20)
        call = f"Game({n} players, turns={turns}, scale={scale!r})" + (".play_turn(), then .play()" if turn_first else ".play()")
        if turn_first and not got["kept"]:
            fail(f"{call}\n  expected: the cards of every hand and pile after play_turn() are still there after play() "
                 "(it plays the turns that are left)\n  got:      a hand with cards it did not hold, or a pile that lost "
                 "cards", "play() plays the turns that are left: call setup() only if it has not run yet.")
        expect(got["scores"], got["piles"], f"{call}: the scores returned, against the points of each seat's pile",
               "play() returns a list with each seat's score: the sum of the point values of its pile.")
        expect(got["hand_sizes"], [10 - turns] * n, f"{call}: the hand sizes afterwards",
               f"play() plays exactly `turns` turns (here {turns}), calling setup() first if it has not run.")


# Played games, read only through the attributes the handout promises. With 10 players and
# 1 turn no row can reach a 6th card and only the smallest pick can take a row (rule 4), so at
# least nine seats tie at 0; fewer players over more turns mostly leave one seat lowest.
WINNER_GAMES = [(10, 1, 4, "at least nine seats tie at 0"), (2, 10, 4, "two players, a whole hand"),
                (3, 7, 4, "three players"), (4, 7, 4, "the usual game"), (4, 7, 2, "the commercial scale")]


def test_winners_are_every_seat_with_the_lowest_score(student):
    for n, turns, games, why in WINNER_GAMES:
        scale = "commercial" if why == "the commercial scale" else "school"
        for got in student.takes_probes.winners_after_games(n, turns, games, scale, timeout=20):
            lowest = min(got["piles"])
            expect(got["winners"], [s for s, p in enumerate(got["piles"]) if p == lowest],
                   f"winners() after a game of {n} players and {turns} turn(s) whose piles hold {got['piles']} points  ({why})",
                   "The LOWEST score wins, and every seat that has it wins: return all of them, in seat order.")


@pytest.mark.parametrize("n, turns", [(1, 7), (11, 7), (4, 0), (4, 11)], ids=["1 player", "11 players", "0 turns", "11 turns"])
def test_player_count_and_turns_are_checked(student, n, turns):
    players = student.takes_probes.random_players(n)
    call = f"Game({n} players, rng, turns={turns})"
    try:
        student.takes_game.Game(players, student.takes_probes.new_rng(), turns)
    except StudentError as error:
        expect(error.details["type"], "ValueError", f"{call} raised an error, but of the wrong kind",
               "raise ValueError(...) in the constructor for fewer than 2 or more than 10 players, or turns outside 1..10.")
        return
    fail(f"{call}\n  expected: a ValueError\n  got:      a Game",
         "A game needs 2 to 10 players (10 cards each plus 4 starters must fit in 104) and 1 to 10 turns: "
         "raise ValueError otherwise, in the constructor.")


def test_players_see_no_other_pick(student):
    for n in (4, 6):
        for t, turn in enumerate(student.takes_probes.spy_game(n, 7, timeout=20)):
            for seat, seen in enumerate(turn["seen"]):
                call = f"a {n}-player game, turn {t + 1}: what seat {seat}'s choose_card(hand, table) was shown"
                expect(len(seen), 1, f"{call}: how many times it was asked", "Ask every player for one card each turn.")
                hand, rows = seen[0]
                expect(sorted(hand), sorted(turn["hands"][seat]), f"{call}: the hand", "Give each player its own hand.")
                expect(rows, turn["rows"], f"{call}: the rows",
                       "Picks are revealed together: ask every player for its card first, with the table as the last "
                       "turn left it, and only then place the cards (resolve_turn).")
            # Rule 4 can only be the turn's smallest card, against the rows as the last turn left them.
            low = min(turn["played"], key=lambda cards: cards[0] if cards else 105)
            seat = turn["played"].index(low)
            asked = [seat] if low and low[0] < min(row[-1] for row in turn["rows"]) else []
            expect([s for s, times in enumerate(turn["rows_asked"]) for _ in range(times)], asked,
                   f"a {n}-player game, turn {t + 1}: the seats whose choose_row(table) was called",
                   "Under rule 4 ask the player whose card is too low (players[seat].choose_row(table)), no one else.")


def test_random_ai_plays_any_card_equally_often(student):
    check = position_check()
    positions = student.takes_probes.pick_positions(POSITION_PICKS // PLAYERS_FOR_PICKS, PLAYERS_FOR_PICKS, timeout=20)
    hint = ("Pass the player its whole hand and play exactly the card it chose (choose_card), removing that card "
            "from the hand.")
    if -1 in positions:
        fail("after the first turn of a 10-player game, a hand did not lose exactly one card", hint)
    counts = [positions.count(i) for i in range(10)]
    unusual = check.unusual(counts)
    if unusual:
        band = check.band
        fail(f"where the card RandomAI played sat in its 10-card hand, over {len(positions)} first-turn picks\n"
             f"  expected: each of the 10 places between {band.low} and {band.high} times (a correct game falls outside "
             "this in one grading in a million)\n"
             f"  got:      {counts} (places {unusual} are off)", hint)


def test_every_card_is_equally_likely_to_start_a_row(student):
    check = starter_check()
    got = student.takes_probes.starter_counts(STARTER_SETUPS, 4, timeout=30)
    if got["odd"]:
        fail(f"{got['odd']} of {STARTER_SETUPS} setups did not leave 4 rows of one card each", SETUP_HINT)
    band = check.band
    unusual = [card for card, count in zip(ALL, got["counts"]) if count not in band]
    if unusual:
        fail(f"how often each card started a row over {STARTER_SETUPS} setups of 4 players\n"
             f"  expected: every card between {band.low} and {band.high} times (4 in 104 setups; a correct game falls "
             "outside this in one grading in a million)\n"
             f"  got:      cards {unusual[:10]} started a row {[got['counts'][c - 1] for c in unusual[:10]]} times",
             "Shuffle the whole deck with rng before dealing, and take the starters from the cards left after the hands.")
