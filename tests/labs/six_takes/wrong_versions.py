"""Wrong versions beyond the named bugs, for proving that the A4 and A6 checks catch what they
are stated against (labs/six_takes/stats.py). Each is a reference file with one change."""

from tests.labs.six_takes.classroom import REFERENCE

# ---- takes_game.py: a Game that reveals picks one by one (the spy), ignores the player's
# choice or hides the last card (RandomAI's pick position), or under which card 104 never
# starts a row (the starter frequencies).
PICK = "            card = player.choose_card(list(self.hands[seat]), self.table)\n"
WRONG_GAMES = {
    # Each seat's card is placed as soon as it is chosen: later seats see it on the table.
    "one_by_one": ("""        picks = {}
        for seat, player in enumerate(self.players):  # all picks first: nobody sees another's
            card = player.choose_card(list(self.hands[seat]), self.table)
            if not any(card is mine for mine in self.hands[seat]):
                raise ValueError(f"seat {seat} played a card that is not in its hand")
            picks[seat] = card
        for seat, card in picks.items():
            self.hands[seat] = [mine for mine in self.hands[seat] if mine is not card]
        taken = resolve_turn(self.table, picks, lambda seat, table: self.players[seat].choose_row(table))
""", """        taken = {}
        for seat, player in enumerate(self.players):
            card = player.choose_card(list(self.hands[seat]), self.table)
            self.hands[seat] = [mine for mine in self.hands[seat] if mine is not card]
            taken.update(resolve_turn(self.table, {seat: card}, lambda s, table: self.players[s].choose_row(table)))
"""),
    "first_card": (PICK, PICK + "            card = self.hands[seat][0]\n"),
    "never_last": (PICK, "            card = player.choose_card(list(self.hands[seat][:-1]), self.table)\n"),
    "no_104_starter": ("        self.table = Table([deck.deal() for _ in range(ROWS)], self.scale)\n",
                       ("        starters = [deck.deal() for _ in range(ROWS)]\n"
                       "        for i, card in enumerate(starters):\n"
                       "            if card.rank() == \"104\":\n"
                       "                starters[i] = deck.deal()\n"
                       "                deck.cards.insert(0, card)\n"
                       "                deck._undealt += 1\n"
                       "        self.table = Table(starters, self.scale)\n")),
}
# wrong Game -> the A4 tests it must fail
GAME_MUST_FAIL = {
    "one_by_one": ["test_players_see_no_other_pick"],
    "first_card": ["test_random_ai_plays_any_card_equally_often"],
    "never_last": ["test_random_ai_plays_any_card_equally_often", "test_players_see_no_other_pick"],
    "no_104_starter": ["test_every_card_is_equally_likely_to_start_a_row"],
}


def wrong_game(name: str) -> str:
    old, new = WRONG_GAMES[name]
    text = (REFERENCE / "takes_game.py").read_text(encoding="utf-8")
    assert text.count(old) == 1, name
    return text.replace(old, new)


# ---- takes_simulation.py: wrong CautiousAIs and wrong simulations.
GAP = "            return (cost, number - ends[index], number)\n"
TOO_LOW = "                return (cheapest, math.inf, number)\n"
WRONG_SIMULATIONS = {
    "NoGap": [(GAP, "            return (cost, number)\n"), (TOO_LOW, "                return (cheapest, number)\n")],
    "TooLowFree": [(TOO_LOW, "                return (0, math.inf, number)\n")],
    "HighestTie": [(GAP, "            return (cost, number - ends[index], -number)\n"),
                   (TOO_LOW, "                return (cheapest, math.inf, -number)\n")],
    "SixthFree": [("            cost = table.row_penalty(index) if len(rows[index]) == 5 else 0\n", "            cost = 0\n")],
    "RowZero": [("    def choose_row(self, table) -> int:\n        return cheapest_row(table)\n",
                 "    def choose_row(self, table) -> int:\n        return 0\n")],
    "RandomRowsAlways": [('    kind = RandomAI if row_policy == "cheapest" else RandomRowAI\n', "    kind = RandomRowAI\n")],
    "CommercialScale": [("        game = Game(players, rng, turns)\n", '        game = Game(players, rng, turns, "commercial")\n')],
}
PLANTED, MEAN, CAUTIOUS = ("test_cautious_ai_plays_the_cheapest_card", "test_mean_score_matches_the_measured_value",
                           "test_cautious_ai_scores_about_8_points")
SIMULATION_MUST_FAIL = {"NoGap": [PLANTED, CAUTIOUS], "TooLowFree": [PLANTED], "HighestTie": [PLANTED],
             "SixthFree": [PLANTED, CAUTIOUS], "RowZero": [CAUTIOUS], "RandomRowsAlways": [MEAN],
             "CommercialScale": [MEAN]}


def wrong_simulation(name: str) -> str:
    text = (REFERENCE / "takes_simulation.py").read_text(encoding="utf-8")
    for old, new in WRONG_SIMULATIONS[name]:
        assert text.count(old) == 1, (name, old)
        text = text.replace(old, new)
    return text
