"""The grader's watch on a 6 Takes! simulation (Activity 6), run inside the sandbox beside the
student's files: what the games it played really did, counted from the lab's own code.

The student's ``simulate`` reports figures (mean penalty, per seat, rule-3 and rule-4 takes per
game); the suite compares each with what the lab's Game and Table did while it ran. The watch
never reads ``game.piles`` or anything else the simulation can write: a take counts only when
the lab's Table gives cards during a turn that the lab's ``Game.play_turn`` is playing for the
Game whose table it is, and a seat's points are the cards that turn's answer gave it (which must
be exactly the cards the Table gave). Filling a pile by hand, or calling ``take_row`` outside a
turn, plays nothing and counts for nothing. Only plain data crosses back.
"""


class _Watched:
    """One Game the simulation set up, as the lab's own code played it: the turns its
    ``play_turn`` played, each seat's penalty points and the rule-3 and rule-4 takes, all counted
    at the moment the lab's Table took the cards during one of those turns."""

    def __init__(self, seats: int) -> None:
        self.turns = 0
        self.totals = [0] * seats
        self.rule3 = 0
        self.rule4 = 0
        self.mismatched = 0  # turns whose answer did not give each seat the cards the Table took


def simulate_watched(num_players: int, turns: int, games: int, rng, row_policy: str) -> dict:
    """The student's simulate, with the lab's Game and Table watched: what it returned
    (``result``), and what the games it played really did.

    Only what the lab's code does counts: a take is counted when the lab's Table gives cards
    (``place`` a 6th card, or ``take_row``) while the lab's ``Game.play_turn`` plays a turn of the
    Game whose table it is, and each seat's points are the cards that turn gave it (play_turn's
    answer, which must hold exactly the cards the Table gave). A pile filled by hand or a row
    taken outside a turn counts for nothing (``outside`` says how many takes were). Per Game
    set up: the turns played (``turns``); in all: the rule-3 and rule-4 takes, how many rule-4
    takes chose the cheapest row (as RandomAI does) or another, how often each row index was taken
    (``rows``, as [index, times] pairs), and each seat's penalty points over all games."""
    import takes_game
    import takes_simulation
    import takes_table
    from takes_players import cheapest_row

    table, game = takes_table.Table, takes_game.Game
    place, take_row, setup, play_turn = table.place, table.take_row, game.setup, game.play_turn
    seen: dict = {"cheapest": 0, "other": 0, "rows": {}, "outside": 0}
    played: list = []  # [Game, _Watched], in the order set up
    turning: list = []  # [Game, _Watched, the cards the Table gave in this turn], while the lab plays a turn

    def in_turn(of_table):
        return turning[-1] if turning and turning[-1][0].table is of_table else None

    def watched_place(self, card):
        taken = place(self, card)
        turn = in_turn(self)
        if turn is None:
            seen["outside"] += 1 if taken else 0
        elif taken:
            turn[1].rule3 += 1
            turn[2].extend(taken)
        return taken

    def watched_take_row(self, index, card):
        turn = in_turn(self)
        if turn is not None:
            turn[1].rule4 += 1
            seen["cheapest" if index == cheapest_row(self) else "other"] += 1
            seen["rows"][index] = seen["rows"].get(index, 0) + 1 if isinstance(index, int) else 0
        else:
            seen["outside"] += 1
        taken = take_row(self, index, card)
        if turn is not None:
            turn[2].extend(taken)
        return taken

    def watched_setup(self):
        # A Game set up again starts over: only its last deal's turns count.
        entry = next((entry for entry in played if entry[0] is self), None)
        if entry is None:
            played.append([self, _Watched(len(self.players))])
        else:
            entry[1] = _Watched(len(self.players))
        return setup(self)

    def watched_play_turn(self):
        if self.table is None:  # the lab's play_turn would set the Game up first: watch that deal
            watched_setup(self)
        entry = next((entry for entry in played if entry[0] is self), None)
        if entry is None:  # a table put in by hand, never dealt by setup(): a Game all the same
            entry = [self, _Watched(len(self.players))]
            played.append(entry)
        watch = entry[1]
        turning.append([self, watch, []])
        try:
            answer = play_turn(self)
        finally:
            _, _, gave = turning.pop()
        got = [card for cards in answer.values() for card in cards] if isinstance(answer, dict) else None
        if got is None or sorted(map(id, got)) != sorted(map(id, gave)):
            watch.mismatched += 1
        else:
            for seat, cards in answer.items():
                if isinstance(seat, int) and 0 <= seat < len(watch.totals):
                    watch.totals[seat] += sum(card.point_value() for card in cards)
        watch.turns += 1
        return answer

    table.place, table.take_row = watched_place, watched_take_row
    game.setup, game.play_turn = watched_setup, watched_play_turn
    try:
        result = takes_simulation.simulate(num_players, turns, games, rng, row_policy)
    finally:
        table.place, table.take_row, game.setup, game.play_turn = place, take_row, setup, play_turn
    totals = [0] * num_players
    for _, watch in played:
        for seat, points in enumerate(watch.totals[:num_players]):
            totals[seat] += points
    return {"result": result, "games": len(played), "turns": [watch.turns for _, watch in played],
            "mismatched": sum(watch.mismatched for _, watch in played), "seat_totals": totals,
            "rule3": sum(watch.rule3 for _, watch in played), "rule4": sum(watch.rule4 for _, watch in played),
            "cheapest": seen["cheapest"], "other": seen["other"], "outside": seen["outside"],
            "rows": sorted([index, times] for index, times in seen["rows"].items())}
