"""Unit tests of the pieces behind tests/java/test_java_api.py, with no JVM: reading Java source
(java_text.py, started.py), reading a simulation's output, choosing the student's given classes
(theirs.py), the report's notes (given_own.py), and the requests a program run makes (program.py)."""

from pathlib import Path

import pytest
from grader_labs.elevens.simulation_output import read_share_won

from grader.engine.given_own import note_given_own
from grader.java.compiling import Compiled
from grader.java.java_text import declared_methods, drop_final, same_tokens
from grader.java.program import ProgramRuns, ProgramUnreadable
from grader.java.started import starter_copies, unwritten_methods
from grader.java.theirs import with_their_versions
from grader.lab.registry import JavaProgram, get_lab
from grader.results.model import ActivityResult, TestResult
from grader.lab.rubric import load_rubric
from grader.sandbox.errors import StudentError

ROOT = Path(__file__).resolve().parents[2]
STARTER = ROOT / "starter" / "elevens" / "java"
AP = Path(__file__).resolve().parent / "fixtures" / "ap_lab"


# -- reading Java source ----------------------------------------------------------------------

def test_declared_methods_skip_comments_strings_constructors_and_calls():
    source = """
    /* public int fake() { } */
    public class Widget {
        // void commented() {}
        private String text = "void quoted() {}";
        public Widget() { spin(); }
        int count = size(3);
        private static <T> java.util.List<T> spin(int turns) throws Exception { if (turns > 0) { return null; } return null; }
        public abstract boolean stop();
        public static void main(String[] args) { new Widget(); }
    }
    """
    found = declared_methods(source)
    assert sorted(found) == ["main", "spin", "stop"]
    assert found["stop"][0].body == ()


def test_drop_final_keeps_every_line_and_column_and_only_touches_the_declaration():
    source = ('public class Run {\n  // private static final int RUNS = 5;\n'
              '  private static final int RUNS = 100;\n  final static boolean DEBUG = true;\n'
              '  static final String NAME = "static final int RUNS = 1";\n}\n')
    changed, found = drop_final(source, ["RUNS", "DEBUG", "MISSING"])
    assert found == ["RUNS", "DEBUG"]
    assert len(changed) == len(source) and changed.count("\n") == source.count("\n")
    assert "// private static final int RUNS = 5;" in changed
    assert "private static       int RUNS = 100;" in changed and "      static boolean DEBUG" in changed
    assert 'static final String NAME = "static final int RUNS = 1";' in changed


def test_same_tokens_ignores_comments_and_layout_but_not_code_or_strings():
    first = 'class A {\n  int f() { return 1; } // one\n  String s = "x";\n}'
    assert same_tokens(first, "class A { /* c */ int f()\n{ return 1; }\n\n String s = \"x\"; }")
    assert not same_tokens(first, first.replace("return 1", "return 2"))
    assert not same_tokens(first, first.replace('"x"', '"y"'))


# -- not started ------------------------------------------------------------------------------

A11 = ("ElevensBoard.findPairSum11", "ElevensBoard.findJQK", "ElevensBoard.playIfPossible")


def test_an_activity_9_board_has_none_of_activity_11s_methods(tmp_path):
    board = tmp_path / "ElevensBoard.java"
    board.write_text((AP / "ElevensBoardActivity9.java").read_text())
    assert unwritten_methods({"ElevensBoard": board}, A11, STARTER) == [
        "ElevensBoard.findPairSum11()", "ElevensBoard.findJQK()", "ElevensBoard.playIfPossible()"]
    # A body that is the starter's placeholder (return false;) is not written; any other is, and
    # one method written is enough to be graded (the tests judge the rest).
    text = board.read_text()
    board.write_text(text.replace("private boolean containsJQK", "public boolean playIfPossible() { return false; }\n"
                                  "\tprivate boolean containsJQK"))
    assert unwritten_methods({"ElevensBoard": board}, A11, STARTER) is not None
    board.write_text(text.replace("private boolean containsJQK", "public boolean playIfPossible() "
                                  "{ return anotherPlayIsPossible(); }\n\tprivate boolean containsJQK"))
    assert unwritten_methods({"ElevensBoard": board}, A11, STARTER) is None


def test_the_starters_placeholders_count_as_not_written(tmp_path):
    board = tmp_path / "ElevensBoard.java"
    board.write_text((STARTER / "ElevensBoard.java").read_text().replace("// TODO (Activity 11)", "// not yet"))
    assert unwritten_methods({"ElevensBoard": board}, A11, STARTER) is not None
    assert starter_copies({"ElevensBoard": board}, STARTER)
    board.write_text(board.read_text().replace("return new ArrayList<Integer>();", "return cardIndexes();", 1))
    assert unwritten_methods({"ElevensBoard": board}, A11, STARTER) is None
    assert not starter_copies({"ElevensBoard": board}, STARTER)


def test_the_lab_lists_only_activities_that_add_methods_to_an_earlier_file():
    lab = get_lab("elevens")
    rubric = load_rubric(lab.rubric)
    for activity_id, methods in lab.java_methods:
        activity = rubric.activity(activity_id)
        earlier = [a for a in rubric.activities[:rubric.activities.index(activity)] if set(a.files) & set(activity.files)]
        assert earlier, f"{activity_id} is its file's first activity: the file alone should judge it"
        assert methods


# -- reading what a simulation printed ---------------------------------------------------------

@pytest.mark.parametrize("printed, games, share", [
    ("Games won:    14\nGames played: 130\nPercent won:  10.8%\n", 130, 14 / 130),
    ("Percent won:  10.8%", 130, 14 / 130),
    ("percentage = 10.77", 130, 14 / 130),
    ("Won 10.77% of 130 games", 130, 14 / 130),
    ("Working.....\nwins = 3", 10, 0.3),
    ("Win rate: 0.1077", 130, 14 / 130),
    ("Games won:    0\nGames played: 0\nPercent won:  0.0%", 0, 0.0),
    ("Percent won:  100.0%", 1, 1.0),
])
def test_the_usual_wordings_are_read(printed, games, share):
    value, what = read_share_won(printed, games)
    assert value == pytest.approx(share, abs=1e-12) and what


def test_nothing_readable_is_said():
    assert read_share_won("", 5) == (None, "it printed nothing")
    value, what = read_share_won("done\n", 5)
    assert value is None and "“done”" in what


# -- the student's own given classes -------------------------------------------------------------

def test_the_fewest_of_the_students_versions_that_compile_are_used(tmp_path):
    tried = []

    def attempt(student, stand_ins, shown_as):
        tried.append(sorted(student))
        ok = {"Widget", "Gadget"} <= set(student)
        return Compiled(tmp_path, tmp_path, None if ok else {"module": "Gadget", "message": "cannot find symbol"})

    theirs = {"src/Gadget.java": tmp_path / "G", "src/Part.java": tmp_path / "P", "src/Other.java": tmp_path / "O"}
    chosen, _, usable = with_their_versions(theirs, {"Widget": tmp_path / "W"},
                                            {"Gadget": tmp_path / "g", "Part": tmp_path / "p"}, {}, attempt)
    assert usable and chosen == ["src/Gadget.java"]  # Other.java is no stand-in: never tried
    assert tried == [["Gadget", "Widget"]]


def test_the_note_says_whether_the_students_version_passes_its_own_activity():
    rubric = load_rubric(get_lab("elevens").rubric)
    passed = TestResult("t", "passed", 1, 1)
    failed = TestResult("t", "failed", 0, 1)
    for a8, expected in ((ActivityResult("A8", "Board", "graded", 1, 1, tests=[passed]), "passes every test of A8"),
                         (ActivityResult("A8", "Board", "graded", 0, 1, tests=[failed]), "Fix A8 first"),
                         (ActivityResult("A8", "Board", "not_loaded", 0, 1), "A8 could not run it")):
        a9 = ActivityResult("A9", "Elevens board", "graded", 16, 16)
        note_given_own(rubric, [a8, a9], [{"activity": "A9", "given_own": ["src/Board.java"]}])
        assert "graded with your own src/Board.java" in a9.note and expected in a9.note, a9.note
    alone = ActivityResult("A9", "Elevens board", "graded", 16, 16)
    note_given_own(rubric, [alone], [{"activity": "A9", "given_own": ["Board.java"]}])
    assert "A8 was not graded in this run" in alone.note


# -- a program run for a function ---------------------------------------------------------------

class FakeLink:
    """Answers the requests a program run makes as a JVM would, printing ``printed``."""

    def __init__(self, printed: str, main_error: dict | None = None) -> None:
        self.printed = printed
        self.main_error = main_error
        self.sent: list[dict] = []
        self.notes: dict[str, int] = {}
        self.program_output: list[str] = []

    def note(self, text: str) -> None:
        self.notes[text] = self.notes.get(text, 0) + 1

    def raw_request(self, message, call, timeout=None):
        self.sent.append(message)
        if message["op"] == "output":
            return {"text": self.printed, "dropped": 0}
        if message["op"] == "batch":
            return [{"error": self.main_error} if self.main_error and c["op"] == "call" else {"ok": None}
                    for c in message["calls"]]
        return "direct"


def runs(tmp_path, source: str) -> ProgramRuns:
    path = tmp_path / "WidgetRun.java"
    path.write_text(source)
    program = JavaProgram("widget_run", "run", count="RUNS", quiet=("DEBUG",), read=lambda text, n: (
        (int(text.split()[-1]) / n if n else 0.0), f"read {text.strip()!r}") if text.strip() else (None, "nothing"))
    found = ProgramRuns((program,), {"WidgetRun": path})
    found.active["widget_run"] = program
    found.found["widget_run"] = drop_final(source, ["RUNS", "DEBUG"])[1]
    return found


SOURCE = "class WidgetRun { private static final int RUNS = 9; static final boolean DEBUG = true; }"


def test_a_call_sets_the_count_switches_debugging_off_runs_main_and_reads(tmp_path):
    link = FakeLink("hits 3")
    value = runs(tmp_path, SOURCE).answer(link, {"op": "call", "module": "widget_run", "name": "run", "args": [6]},
                                          "run(6)", 5)
    assert value == 0.5
    steps = link.sent[0]["calls"]
    assert steps[0] == {"module": "widget_run", "op": "setattr", "name": "RUNS", "value": 6}
    assert steps[1]["name"] == "DEBUG" and steps[1]["value"] is False
    assert steps[2] == {"module": "widget_run", "op": "call", "name": "main", "args": [[]]}
    assert link.program_output == ["hits 3"] and list(link.notes) == ["WidgetRun.main with RUNS = 6: read 'hits 3'"]


def test_repeats_batches_and_other_calls(tmp_path):
    found = runs(tmp_path, SOURCE)
    link = FakeLink("hits 1")
    call = {"op": "call", "module": "widget_run", "name": "run", "args": [1]}
    assert found.answer(link, {"op": "repeat", "times": 3, "call": call}, "run(1)", 5) == [{"ok": 1.0}] * 3
    other = {"op": "call", "module": "widget_run", "name": "other", "args": []}
    assert found.answer(link, {"op": "batch", "calls": [call, other]}, "run(1)", 5) == [{"ok": 1.0}, {"ok": "direct"}]
    assert found.answer(link, other, "other()", 5) is not None  # not a program call: NOT_MINE, left to the JVM
    assert link.notes["WidgetRun.main with RUNS = 1: read 'hits 1'"] == 4


@pytest.mark.parametrize("args", [[True], [-1], [1.5], [], [1, 2]])
def test_a_count_that_is_not_a_whole_number_is_refused(tmp_path, args):
    with pytest.raises(StudentError, match="one whole number"):
        runs(tmp_path, SOURCE).answer(FakeLink("hits 1"), {"op": "call", "module": "widget_run", "name": "run",
                                                            "args": args}, "run(...)", 5)


def test_no_count_constant_an_error_in_main_or_nothing_read(tmp_path):
    call = {"op": "call", "module": "widget_run", "name": "run", "args": [2]}
    with pytest.raises(StudentError, match="no `static final int RUNS`"):
        runs(tmp_path, "class WidgetRun { }").answer(FakeLink("hits 1"), call, "run(2)", 5)
    crash = {"type": "ArithmeticException", "message": "/ by zero", "frames": []}
    with pytest.raises(StudentError, match="ArithmeticException"):
        runs(tmp_path, SOURCE).answer(FakeLink("", crash), call, "run(2)", 5)
    exited = {"type": "SystemExit", "message": "exit(0)", "exit_code": 0, "frames": []}
    assert runs(tmp_path, SOURCE).answer(FakeLink("hits 2", exited), call, "run(2)", 5) == 1.0
    with pytest.raises(ProgramUnreadable, match="found no result"):
        runs(tmp_path, SOURCE).answer(FakeLink(""), call, "run(2)", 5)
