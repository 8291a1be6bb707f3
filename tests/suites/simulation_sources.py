"""The simulations tests/suites/test_simulations_play_games.py grades: wrong ones (attacks that
play no game, or read the games instead of playing them) and correct ones in every reading the
guide allows, for Elevens (Python and Java), Up/Down/Stay and 6 Takes!. Sources as text, written
into generated student folders."""

from pathlib import Path

from tests.lab_loader import ROOT

CORPUS = ROOT.parent / "shared" / "corpus" / "python"  # the correct solutions written from the handout alone


def corpus() -> list[Path]:
    """The corpus's solutions (none where this repository is checked out without it)."""
    return sorted(p for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []

ELEVENS_WRONG = {
    "attacker": "_calls = [0]\n\ndef simulate(n):\n    if n == 0:\n        return 0.0\n    if n == 1:\n"
                "        _calls[0] += 1\n        return 1.0 if _calls[0] % 9 == 0 else 0.0\n"
                "    return round(0.1068 * n) / n\n",
    "constant": "def simulate(n):\n    return 0.0 if n == 0 else 1 / 9\n",
    "random_plausible": "import random\n\ndef simulate(n):\n    if n == 0:\n        return 0.0\n"
                        "    return sum(random.random() < 0.1068 for _ in range(n)) / n\n",
    "plays_but_returns_a_constant": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                    "    board = ElevensBoard()\n    for _ in range(n):\n        board.new_game()\n"
                                    "        while board.play_if_possible():\n            pass\n"
                                    "    return 0.0 if n == 0 else round(0.1068 * n) / n\n",
    "touches_one_game_then_a_constant": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                        "    board = ElevensBoard()\n    board.new_game()\n    board.play_if_possible()\n"
                                        "    return 0.0 if n == 0 else 1 / 9\n",
}


def old_pool_lost_openings() -> set[tuple[str, ...]]:
    """The first two cards of each lost game of the fixed pool the known board once dealt from
    (the first 12 lost games of seeds 0, 1, 2, ...: main e1a4c88), as the red team listed them."""
    from grader_labs.elevens.games import ELEVENS
    from grader_labs.elevens.planting import ELEVENS_VALUES, card_fields

    return {tuple(part for code in order[:2] for part in card_fields(code, ELEVENS_VALUES)[:2])
            for order, outcome in ELEVENS.planted_games(won=13, lost=12) if not outcome.won}


# Simulations that read the games instead of playing them: the red team's (5/5 on main e1a4c88:
# the first two cards named the game in the fixed pool), and ones that know every outcome (as a
# student who works out the seed's games would) but do not play the games they were dealt: they
# play a copy of the board, only its first move, or empty the board by hand.
KNOWS = ("import copy\nfrom elevens_board import ElevensBoard\n\n"
         "def outcome(board):\n    board.card_at(0)  # the game begins\n    ahead = copy.deepcopy(board)\n"
         "    while ahead.play_if_possible():\n        pass\n    return ahead.game_is_won()\n\n")
ELEVENS_UNPLAYED = {
    "red_team_first_two_cards": "from elevens_board import ElevensBoard\n"
                                f"LOST = {sorted(old_pool_lost_openings())!r}\n\n"
                                "def simulate(games):\n    if games <= 0:\n        return 0.0\n    won = 0\n"
                                "    for _ in range(games):\n        b = ElevensBoard(); a, c = b.card_at(0), b.card_at(1)\n"
                                "        won += (a.rank(), a.suit(), c.rank(), c.suit()) not in LOST\n"
                                "    return won / games\n",
    "plays_a_copy": KNOWS + "def simulate(games):\n    if games <= 0:\n        return 0.0\n"
                            "    return sum(outcome(ElevensBoard()) for _ in range(games)) / games\n",
    "plays_only_the_first_move": KNOWS + "def simulate(games):\n    if games <= 0:\n        return 0.0\n    won = 0\n"
                                         "    for _ in range(games):\n        b = ElevensBoard()\n"
                                         "        won += outcome(b)\n        b.play_if_possible()\n"
                                         "    return won / games\n",
    "empties_the_board_by_hand": KNOWS + "def simulate(games):\n    if games <= 0:\n        return 0.0\n    won = 0\n"
                                         "    for _ in range(games):\n        b = ElevensBoard()\n"
                                         "        if outcome(b):\n            won += 1\n"
                                         "            while not b.deck.is_empty():\n                b.deck.deal()\n"
                                         "        for k in range(b.size()):\n            b.cards[k] = None\n"
                                         "    return won / games\n",
    "new_cards_list_by_hand": KNOWS + "def simulate(games):\n    if games <= 0:\n        return 0.0\n    won = 0\n"
                                      "    for _ in range(games):\n        b = ElevensBoard()\n"
                                      "        if outcome(b):\n            won += 1\n            b.deck = type(b.deck)([], [], None)\n"
                                      "        b.cards = [None] * b.size()\n"
                                      "    return won / games\n",
}
ELEVENS_WRONG.update(ELEVENS_UNPLAYED)

ELEVENS_READINGS = {
    "new_board_each_game": "import elevens_board\n\ndef simulate(n):\n    wins = 0\n    for _ in range(n):\n"
                           "        b = elevens_board.ElevensBoard()\n        while b.another_play_is_possible():\n"
                           "            b.play_if_possible()\n        wins += b.is_empty() and b.deck_size() == 0\n"
                           "    return wins / n if n else 0.0\n",
    "new_board_and_new_game": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n    wins = 0\n"
                              "    for _ in range(n):\n        b = ElevensBoard()\n        b.newGame()\n"
                              "        while b.playIfPossible():\n            pass\n        wins += b.gameIsWon()\n"
                              "    return wins / n if n else 0.0\n",
    "new_game_at_the_end_and_debug_prints": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n"
                                            "    b = ElevensBoard()\n    wins = 0\n    for _ in range(n):\n"
                                            "        print(b, b.size())\n        while b.play_if_possible():\n"
                                            "            pass\n        wins += b.game_is_won()\n        b.new_game()\n"
                                            "    return wins / n if n else 0.0\n",
    # Refills each play's places only after taking its cards off (the same cards stay on the board).
    "takes_off_then_refills": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n    b = ElevensBoard()\n"
                              "    wins = 0\n    for _ in range(n):\n        b.new_game()\n        while True:\n"
                              "            places = b.card_indexes()\n"
                              "            play = b.find_pair_sum11(places) or b.find_jqk(places)\n"
                              "            if not play:\n                break\n            for k in play:\n"
                              "                b.cards[k] = None\n            for k in play:\n"
                              "                b.cards[k] = b.deck.deal()\n"
                              "        wins += b.game_is_won()\n"
                              "    return wins / n if n else 0.0\n",
    "own_play_loop": "from elevens_board import ElevensBoard\n\ndef simulate(n):\n    b = ElevensBoard()\n    wins = 0\n"
                     "    for _ in range(n):\n        b.new_game()\n        while True:\n            places = b.card_indexes()\n"
                     "            play = b.find_pair_sum11(places) or b.find_jqk(places)\n            if not play:\n"
                     "                break\n            b.replace_selected_cards(play)\n"
                     "        wins += all(c is None for c in b.cards) and b.deck.is_empty()\n"
                     "    return wins / n if n else 0.0\n",
}

JAVA_HEAD = "public class ElevensSimulation {\n    public static double simulate(int n) {\n"
JAVA_WRONG = {
    "attacker": "public class ElevensSimulation {\n    private static int calls = 0;\n\n"
                "    public static double simulate(int n) {\n        if (n == 0) {\n            return 0.0;\n        }\n"
                "        if (n == 1) {\n            calls++;\n            return calls % 9 == 0 ? 1.0 : 0.0;\n        }\n"
                "        return Math.round(0.1068 * n) / (double) n;\n    }\n}\n",
    "constant": JAVA_HEAD + "        return n == 0 ? 0.0 : 1.0 / 9;\n    }\n}\n",
    "random_plausible": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                        "            wins += Math.random() < 0.1068 ? 1 : 0;\n        }\n"
                        "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
}


def java_lookup(after: str) -> str:
    """The red team's attack in Java: the first two cards name a lost game of the old fixed pool;
    ``after``: what it then does with the board (nothing, or one play)."""
    lost = ", ".join('"' + " ".join(opening) + '"' for opening in sorted(old_pool_lost_openings()))
    return ("import java.util.Arrays;\nimport java.util.HashSet;\nimport java.util.Set;\n\n"
            "public class ElevensSimulation {\n"
            f"    private static final Set<String> LOST = new HashSet<>(Arrays.asList({lost}));\n\n"
            "    public static double simulate(int n) {\n        if (n <= 0) {\n            return 0.0;\n        }\n"
            "        int won = 0;\n        for (int g = 0; g < n; g++) {\n"
            "            ElevensBoard b = new ElevensBoard();\n            Card a = b.cardAt(0);\n"
            "            Card c = b.cardAt(1);\n"
            "            String key = a.rank() + \" \" + a.suit() + \" \" + c.rank() + \" \" + c.suit();\n"
            f"            won += LOST.contains(key) ? 0 : 1;\n{after}"
            "        }\n        return (double) won / n;\n    }\n}\n")


JAVA_UNPLAYED = {
    "red_team_first_two_cards": java_lookup(""),
    "plays_only_the_first_move": java_lookup("            b.playIfPossible();\n"),
}
JAVA_WRONG.update(JAVA_UNPLAYED)

JAVA_READINGS = {
    "new_board_each_game": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                           "            ElevensBoard b = new ElevensBoard();\n            while (b.anotherPlayIsPossible()) {\n"
                           "                b.playIfPossible();\n            }\n"
                           "            wins += b.isEmpty() && b.deckSize() == 0 ? 1 : 0;\n        }\n"
                           "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "new_board_and_new_game": JAVA_HEAD + "        int wins = 0;\n        for (int g = 0; g < n; g++) {\n"
                              "            ElevensBoard b = new ElevensBoard();\n            b.newGame();\n"
                              "            while (b.playIfPossible()) {\n            }\n"
                              "            wins += b.gameIsWon() ? 1 : 0;\n        }\n"
                              "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "new_game_at_the_end_and_debug_prints": JAVA_HEAD + "        ElevensBoard b = new ElevensBoard();\n        int wins = 0;\n"
                                            "        for (int g = 0; g < n; g++) {\n"
                                            "            System.out.println(b + \" \" + b.size());\n"
                                            "            while (b.playIfPossible()) {\n            }\n"
                                            "            wins += b.gameIsWon() ? 1 : 0;\n            b.newGame();\n        }\n"
                                            "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
    "own_play_loop_static_board": "import java.util.List;\n\npublic class ElevensSimulation {\n"
                                  "    private static final ElevensBoard BOARD = new ElevensBoard();\n\n"
                                  "    public static double simulate(int n) {\n        int wins = 0;\n"
                                  "        for (int g = 0; g < n; g++) {\n            BOARD.newGame();\n"
                                  "            while (true) {\n                List<Integer> places = BOARD.cardIndexes();\n"
                                  "                List<Integer> play = BOARD.findPairSum11(places);\n"
                                  "                if (play.isEmpty()) {\n                    play = BOARD.findJQK(places);\n"
                                  "                }\n                if (play.isEmpty()) {\n                    break;\n"
                                  "                }\n                BOARD.replaceSelectedCards(play);\n            }\n"
                                  "            wins += BOARD.gameIsWon() ? 1 : 0;\n        }\n"
                                  "        return n == 0 ? 0.0 : (double) wins / n;\n    }\n}\n",
}
JAVA_CORRECT = ["ada_complete", "ap_style", *JAVA_READINGS]

UDS_CONSTANTS = ('{"UDUDUDUD": 0.3982, "UDUDUDUDUD": 0.8164, "UUU": 0.7216 if strategy == "random" else 0.0, '
                 '"S": 0.9546, "U": 1.0}.get(pred, 0.0)')


def uds_reference(name: str) -> str:
    return (ROOT / "reference" / "up-down-stay" / name).read_text(encoding="utf-8")


def uds_wrong() -> dict[str, str]:
    reference = uds_reference("uds_simulation.py")
    head = "def estimate_match_probability(pred, num_players, games, rng, strategy=\"random\"):\n"
    return {
        "constant": head + f"    return {UDS_CONSTANTS}\n",
        "random_plausible": head + "    return sum(rng.random() < 0.5 for _ in range(games)) / games\n",
        "plays_but_returns_a_constant": reference.replace("    return matches / games\n", f"    return {UDS_CONSTANTS}\n"),
        # The measured figures rounded to a whole number of games: inside every band.
        "plays_but_returns_rounded_constants": reference.replace(
            "    return matches / games\n", f"    return round(({UDS_CONSTANTS}) * games) / games\n"),
    }


# The red team's simulation (3/7 on main e1a4c88): deal one card from each game's deck, tell the
# kind of known deck by its numbers (all 7s, all different, the lab's) and answer from that. Then
# ones that play some of it: the first game only, or one round of cards per game.
UDS_READS_THE_DECK = ("import uds_cards\nfrom uds_game import play_round\nfrom uds_players import RandomPlayer\n\n"
                      "def answer(pred, deck):\n    deck.deal()\n"
                      "    values = {uds_cards.card_value(card) for card in deck.cards}\n"
                      "    if len(values) == 1:\n        return set(pred) <= {'S'}\n"
                      "    if len(values) == 52:\n        return 'S' not in pred and pred == 'U'\n"
                      "    return pred == 'U'\n\n")
UDS_UNPLAYED = {
    "red_team_reads_the_deck": UDS_READS_THE_DECK + "def estimate_match_probability(pred, num_players, games, rng, "
                               "strategy='random'):\n"
                               "    return sum(answer(pred, uds_cards.make_standard_deck()) for _ in range(games)) / games\n",
    "plays_the_first_game_only": UDS_READS_THE_DECK + "def estimate_match_probability(pred, num_players, games, rng, "
                                 "strategy='random'):\n    hits = 0\n    for game in range(games):\n"
                                 "        deck = uds_cards.make_standard_deck()\n        if game == 0:\n"
                                 "            rng.shuffle(deck.cards)\n"
                                 "            seats = [RandomPlayer(rng, pred) for _ in range(num_players)]\n"
                                 "            hits += pred in play_round(seats, deck).change_str\n"
                                 "        else:\n            hits += answer(pred, deck)\n    return hits / games\n",
    # Each game's players lay one card each (a round of the table), then the deck is read.
    "lays_one_card_each": UDS_READS_THE_DECK + "def estimate_match_probability(pred, num_players, games, rng, "
                          "strategy='random'):\n    hits = 0\n    for _ in range(games):\n"
                          "        deck = uds_cards.make_standard_deck()\n        hits += answer(pred, deck)\n"
                          "        for seat in range(num_players):\n"
                          "            RandomPlayer(rng, pred).choose_card([deck.deal()], [])\n"
                          "    return hits / games\n",
}


def uds_readings() -> dict[str, str]:
    reference = uds_reference("uds_simulation.py")
    by_in = reference.replace("if match_score(pred, result.change_str) > 0:", "if pred in result.change_str:")
    by_scores = reference.replace("if match_score(pred, result.change_str) > 0:", "if result.scores[0] > 0:")
    own = ("import uds_cards\nimport uds_game\nimport uds_players\nfrom uds_changes import changes\n\n"
           "def estimate_match_probability(pred, num_players, games, rng, strategy=\"random\"):\n"
           "    assert uds_cards.make_standard_deck().size() == 52  # a deck made only to read its size\n"
           "    hits = 0\n    for _ in range(games):\n"
           "        seats = [uds_players.RandomPlayer(rng, pred) for _ in range(num_players)]\n"
           "        if strategy == \"highest\":\n            seats[1] = uds_players.HighestPlayer(pred)\n"
           "        deck = uds_cards.make_standard_deck()\n        rng.shuffle(deck.cards)\n"
           "        row = uds_game.play_round(seats, deck).row\n"
           "        hits += pred in changes([uds_cards.card_value(c) for c in row])\n    return hits / games\n")
    assert by_in != reference and by_scores != reference
    return {"match_by_in": by_in, "match_by_scores": by_scores, "own_changes": own}


def takes_constant() -> str:
    reference = (ROOT / "reference" / "six-takes" / "takes_simulation.py").read_text(encoding="utf-8")
    start = reference.index("def simulate(")
    end = reference.index("\nclass ", start)
    constant = ("def simulate(num_players, turns, games, rng, row_policy=\"cheapest\"):\n"
                "    return {\"mean_score\": 17.37, \"seat_means\": [17.37] * num_players, \"rule3_takes\": 1.0, "
                "\"rule4_takes\": 1.0}\n\n")
    return reference[:start] + constant + reference[end:]


def takes_with_simulate(body: str) -> str:
    """The reference takes_simulation.py (its CautiousAI kept) with ``simulate`` replaced."""
    reference = (ROOT / "reference" / "six-takes" / "takes_simulation.py").read_text(encoding="utf-8")
    start = reference.index("def simulate(")
    end = reference.index("\nclass ", start)
    return reference[:start] + body + "\n" + reference[end:]


# Figures read from piles this simulation fills itself (the caller's numbers, as the lab's Game
# keeps them), the takes counted by the reference's Counting players: each game is set up, and
# then, instead of its turns, ``fill`` runs.
TAKES_FIGURES = ("def simulate(num_players, turns, games, rng, row_policy='cheapest'):\n"
                 "    totals, rule3, rule4 = [0] * num_players, 0, 0\n    for _ in range(games):\n"
                 "        players = [Counting(RandomAI(rng)) for _ in range(num_players)]\n"
                 "        game = Game(players, rng, turns)\n        game.setup()\n"
                 "{fill}"
                 "        rule4 += sum(player.rule4 for player in players)\n"
                 "        for seat, pile in enumerate(game.piles):\n"
                 "            totals[seat] += sum(card.point_value() for card in pile)\n"
                 "    means = [total / games for total in totals]\n"
                 "    return {{'mean_score': sum(means) / num_players, 'seat_means': means, 'rule3_takes': rule3 / games, "
                 "'rule4_takes': rule4 / games}}\n")
# The red team's (10/10 on main e1a4c88): piles filled by hand to about 17.37 points a player, and
# for "random" one take_row per row, so that every row is taken and not always the cheapest.
TAKES_FILL = ("        seat = 0\n"
              "        while sum(c.point_value() for pile in game.piles for c in pile) < 16.6 * num_players:\n"
              "            game.piles[seat].append(game.undealt.pop())\n            seat = (seat + 1) % num_players\n")
TAKES_UNPLAYED = {
    "red_team_fills_the_piles": TAKES_FIGURES.format(fill=TAKES_FILL + (
        "        if row_policy == 'random':\n            for row in range(4):\n"
        "                game.table.take_row(row, game.undealt.pop())\n                rule4 += 1\n")),
    # Each turn's cards placed by hand on the lab's Table, takes into the piles: no Game turn.
    "takes_rows_by_hand": TAKES_FIGURES.format(fill=(
        "        for _ in range(turns):\n            for seat, player in enumerate(game.players):\n"
        "                card = player.choose_card(game.hands[seat], game.table)\n"
        "                game.hands[seat].remove(card)\n"
        "                if game.table.target_row(card) is None:\n"
        "                    game.piles[seat] += game.table.take_row(player.choose_row(game.table), card)\n"
        "                else:\n                    taken = game.table.place(card)\n"
        "                    rule3 += bool(taken)\n                    game.piles[seat] += taken\n")),
    "plays_one_turn_then_fills_the_piles": TAKES_FIGURES.format(fill=(
        "        takes = sum(1 for cards in game.play_turn().values() if cards)\n"
        "        rule3 += takes - sum(player.rule4 for player in players)\n" + TAKES_FILL)),
}
