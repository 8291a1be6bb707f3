"""Made-up class results for the reporter tests: every status, and ids that try to break things.

``sample_results()`` is the golden class:

- ``=cmd|`evil`_*<b>`` (formula and Markdown characters): graded, with a failed test whose
  name has brackets and spaces, a hidden test that timed out, an advisory check, a file that
  did not load (A2), a missing file (A3) and a full bonus;
- ``chloé_müller`` (accents): everything passed, with an advisory check, no bonus handed in;
- ``bob``: the grader failed on A2 (status ``grader_error``): his score is incomplete;
- ``broken_zip``: the zip could not be opened (status ``unusable``).

``wide_class()`` has the 13 activities of the real rubric and long ids, for the terminal width.
"""

from grader.results.replay import replay_command
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult

EVIL = "=cmd|`evil`_*<b>"
ACCENTED = "chloé_müller"
MAX = 53.0  # A1 15 + A2 20 + A3 18


def passed(activity: str, name: str, worth: float, seed: int = 1, **extra) -> TestResult:
    return TestResult(name, "passed", worth, worth, seed=seed, replay=replay_command(activity, name), **extra)


def card(*, perfect: bool) -> ActivityResult:
    tests = [
        passed("A1", "test_rank[ace-hearts-1]", 1.0, 11),
        passed("A1", "test_rank[king-spades-13]", 1.0, 12),
        passed("A1", "test_suit", 2.0, 13),
        passed("A1", "test_point_value", 2.0, 14),
        passed("A1", "test_matches_itself_and_a_duplicate", 2.0, 15),
        passed("A1", "test_does_not_match_a_card_with_one_difference", 3.0, 16),
    ]
    if perfect:
        tests += [
            passed("A1", "test_does_not_match_a_completely_different_card", 1.0, 17, visibility="hidden"),
            passed("A1", "test_str[ace of hearts-1]", 3.0, 18),
            TestResult("test_hash_agrees_with_matches", "passed", 0.0, 0.0, seed=19, advisory=True,
                       replay=replay_command("A1", "test_hash_agrees_with_matches")),
        ]
        return ActivityResult("A1", "Card", "graded", 15.0, 15.0, tests=tests)
    tests += [
        TestResult("test_does_not_match_a_completely_different_card", "timeout", 0.0, 1.0,
                   "Card.matches did not return within 2 seconds.\n  Look for a loop that never ends.", seed=17,
                   visibility="hidden",
                   replay=replay_command("A1", "test_does_not_match_a_completely_different_card", hidden=True)),
        TestResult("test_str[ace of hearts-1]", "failed", 0.0, 3.0,
                   "str(Card('ace', 'hearts', 1))\n  expected: 'ace of hearts (point value = 1)'\n"
                   "  got:      'ace ``` <b>'\n  Hint: build the text from the rank, the suit and the point value.",
                   seed=18, output="debug: ```\n<script>alert(1)</script>\n",
                   replay=replay_command("A1", "test_str[ace of hearts-1]")),
        TestResult("test_hash_agrees_with_matches", "failed", 0.0, 0.0,
                   "two cards that match have different hashes: a set of cards can hold both.", seed=19,
                   advisory=True, replay=replay_command("A1", "test_hash_agrees_with_matches")),
    ]
    return ActivityResult("A1", "Card", "graded", 11.0, 15.0, tests=tests)


def deck(score: float = 20.0) -> ActivityResult:
    return ActivityResult("A2", "Deck", "graded", score, 20.0, tests=[
        passed("A2", "test_new_1_card_deck_has_size_1", 10.0, 21),
        passed("A2", "test_2_card_deck_counts_down", 10.0, 22),
    ])


def shuffler() -> ActivityResult:
    return ActivityResult("A3", "Shuffler", "graded", 18.0, 18.0, tests=[
        passed("A3", "test_perfect_shuffle_is_exact", 18.0, 31),
    ])


def tens(score: float, status: str = "graded") -> ActivityResult:
    if status == "missing":
        return ActivityResult("bonus-tens", "Tens board (bonus)", "missing", 0.0, 6.0,
                              note="tens_board.py was not found in the folder.", bonus=True)
    tests = [passed("bonus-tens", "test_is_legal", 3.0, 41),
             passed("bonus-tens", "test_another_play_is_possible", 2.0, 42),
             passed("bonus-tens", "test_a_new_board_has_thirteen_places", 1.0, 43)]
    if score < 6:
        tests[0] = TestResult("test_is_legal", "error", 0.0, 3.0, "ValueError: no board today", seed=41,
                              replay=replay_command("bonus-tens", "test_is_legal"))
    return ActivityResult("bonus-tens", "Tens board (bonus)", "graded", score, 6.0, tests=tests, bonus=True)


def sample_results() -> ClassResults:
    not_loaded = ActivityResult("A2", "Deck", "not_loaded", 0.0, 20.0, tests=[
        TestResult("test_new_1_card_deck_has_size_1", "error", 0.0, 10.0, "deck.py did not load", seed=21),
        TestResult("test_2_card_deck_counts_down", "error", 0.0, 10.0, "deck.py did not load", seed=22),
    ], note='deck.py did not load:\n  File "deck.py", line 3\n    def deal(self)\n                  ^\nSyntaxError: expected \':\'')
    missing = ActivityResult("A3", "Shuffler", "missing", 0.0, 18.0,
                             note="shuffler.py was not found in the folder (there is a Shuffler.PY: file names "
                                  "are case-sensitive; rename it to shuffler.py).")
    crashed = ActivityResult("A2", "Deck", "grader_error", 10.0, 20.0, tests=[
        passed("A2", "test_new_1_card_deck_has_size_1", 10.0, 21),
        TestResult("test_2_card_deck_counts_down", "grader_error", 0.0, 10.0,
                   "the grader lost contact with the sandbox running this test", seed=22,
                   replay=replay_command("A2", "test_2_card_deck_counts_down")),
    ], note="the grading process for A2 stopped (killed by signal 9) before it finished.")
    return ClassResults("elevens", [
        SubmissionResult(EVIL, "graded", 11.0, MAX, [], [card(perfect=False), not_loaded, missing, tens(6.0)],
                         bonus=6.0, bonus_max=6.0),
        SubmissionResult(ACCENTED, "graded", 53.0, MAX, [], [card(perfect=True), deck(), shuffler(), tens(0.0, "missing")],
                         bonus=0.0, bonus_max=6.0),
        SubmissionResult("bob", "grader_error", 43.0, MAX, ["A2: the grading process stopped (killed by signal 9)."],
                         [card(perfect=True), crashed, shuffler(), tens(3.0)], bonus=3.0, bonus_max=6.0),
        SubmissionResult("broken_zip", "unusable", 0.0, MAX,
                         ["broken_zip.zip could not be opened as a zip (File is not a zip file)."], []),
    ], base_seed=0, sandbox="process", grader_version="test", title="Elevens lab")


WIDE_IDS = ["A1", "A2", "A3", "A4", "A5", "A5b", "A6", "A8", "A9", "A10", "A11", "A11b", "bonus-tens"]


def wide_class() -> ClassResults:
    """13 activities, fractional scores, every cell symbol and ids far longer than a column."""
    def activity(activity_id: str, status: str, score: float) -> ActivityResult:
        return ActivityResult(activity_id, activity_id, status, score, 19.0, bonus=activity_id.startswith("bonus"))

    statuses = ["graded", "missing", "not_loaded", "grader_error"]
    submissions = []
    for n in range(6):
        activities = [activity(a, statuses[(n + i) % 4] if n else "graded", 18.67 - i / 3) for i, a in enumerate(WIDE_IDS)]
        regular = [a for a in activities if not a.bonus and a.status == "graded"]
        status = "grader_error" if any(a.status == "grader_error" for a in activities) else "graded"
        submissions.append(SubmissionResult(
            f"student_with_a_really_long_folder_name_{n}_ÉÈ", status, round(sum(a.score for a in regular), 2), 228.0,
            [], activities, bonus=activities[-1].score if activities[-1].status == "graded" else 0.0, bonus_max=19.0))
    submissions.append(SubmissionResult("x" * 200 + ".zip", "unusable", 0.0, 228.0, ["not a zip"], []))
    return ClassResults("elevens", submissions, base_seed=7, sandbox="namespaces", grader_version="test", title="Elevens lab")
