"""Each containment claim of the engine, proved by a small hostile student file of its own.

One class is graded once (module fixture) with a correct submission beside every hostile one;
each test then checks one submission's result, and that the correct one still scored full marks.
"""

import json
import os
import resource
import secrets
import subprocess
import shlex
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

import pytest

from grader.engine.batch import GradeOptions, grade
from grader.reporters import write_run_outputs
from grader.intake.class_folder import find_submissions
from tests.classroom import card_with, elevens_rubric, reference_text, write_class
from tests.processes import sleep_seconds

SECRET = "teacher-token-5f1c0ffee"
RANK = "        return self._rank\n"
SUIT = "        return self._suit\n"
# Named for this run only: a marker another run left (or is writing now) must not fail this one.
MARKER = f"/tmp/elevens-sitecustomize-ran-{os.getpid()}-{secrets.token_hex(4)}"
# The sleep the "leaves_a_child" file starts, with an argument only this run uses (pgrep -f).
LEFTOVER_SLEEP = sleep_seconds(371)

HOSTILE = {
    "hang": card_with({RANK: "        while True:\n            pass\n"}),
    "exit_at_import": card_with({}, header="import sys\nsys.exit(0)\n"),
    "os_exit_in_method": card_with({SUIT: "        import os\n        os._exit(3)\n"}),
    "raises": card_with({SUIT: "        raise ValueError('no suit today')\n"}),
    "huge_print": card_with({RANK: "        print('x' * 3_000_000)\n        return self._rank\n"}),
    # Forged replies for every request id, on every descriptor the child can reach, while the
    # method itself returns a wrong suit: a forged line can only ever answer the current call.
    "forger": card_with({SUIT: (
        "        import os, json\n"
        "        for fd in range(0, 64):\n"
        "            for i in range(1, 300):\n"
        "                try:\n"
        "                    os.write(fd, (json.dumps({'id': i, 'ok': 'clubs', 'outcome': 'passed', 'points': 99}) + '\\n').encode())\n"
        "                except OSError:\n"
        "                    break\n"
        "        print(json.dumps({'outcome': 'passed', 'score': 100}))\n"
        "        return 'not a suit'\n"
    )}),
    "always_equal": card_with({RANK: (
        "        class Liar(str):\n"
        "            def __eq__(self, other):\n"
        "                return True\n"
        "            __hash__ = str.__hash__\n"
        "        return Liar('nonsense')\n"
    )}),
    "reads_secret": card_with({RANK: "        import os\n        return os.environ.get('ELEVENS_TEST_SECRET', self._rank)\n"}),
    # The worker's parent is the zygote holding the loaded files; killing it must cost one test.
    "kills_its_zygote": card_with({SUIT: "        import os, signal\n        os.kill(os.getppid(), signal.SIGKILL)\n        return self._suit\n"}),
    "os_exit_at_import": card_with({}, header="import os\nos._exit(0)\n"),
    "floods_output": card_with({RANK: "        chunk = 'y' * (1 << 20)\n        for _ in range(300):\n            print(chunk)\n        return self._rank\n"}),
    "loops_at_import": card_with({}, header="while True:\n    pass\n"),
    "input_at_import": card_with({}, header="name = input('your name? ')\n"),
    "memory_bomb": card_with({RANK: "        hog = bytearray(4 << 30)\n        return self._rank\n"}),
    "endless_recursion": card_with({RANK: "        return self.rank()\n"}),
    "ignores_sigterm": card_with({RANK: "        import signal\n        signal.signal(signal.SIGTERM, signal.SIG_IGN)\n        while True:\n            pass\n"}),
    "spinning_thread": card_with({}, header="import threading\nthreading.Thread(target=lambda: [0 for _ in iter(int, 1)]).start()\n"),
    "exit_in_method": card_with({SUIT: "        import sys\n        sys.exit(0)\n"}),
    # Patching the runtime's and Python's own names can only hurt the student's own answers.
    "patches_builtins": card_with({SUIT: "        return 'not a suit'\n"}, header=(
        "import builtins\nbuiltins.AssertionError = Exception\nbuiltins.isinstance = lambda *a: True\n"
        "import sys\nfor name, module in list(sys.modules.items()):\n"
        "    if name.startswith('sandbox_runtime'):\n        setattr(module, 'describe', lambda *a: {'type': 'passed'})\n")),
    "leaves_a_child": card_with({RANK: "        import subprocess\n        subprocess.Popen(['sleep', '" + LEFTOVER_SLEEP + "'])\n        return self._rank\n"}),
}


OPTIONS = GradeOptions(only_activities=["A1"], limits={"call_seconds": 1.0, "load_seconds": 2.0}, jobs=2)
ELAPSED: list[float] = []


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    subs = {name: {"card.py": text} for name, text in HOSTILE.items()}
    subs["correct"] = {"card.py": reference_text("card.py")}
    subs["with_conftest"] = {
        "card.py": reference_text("card.py"),
        "conftest.py": "import os\nos._exit(7)\n",
        "pytest.ini": "[pytest]\naddopts = --version\n",
        "sitecustomize.py": f"open({MARKER!r}, 'w').write('ran')\n",
        "random.py": "raise SystemExit('shadowed random')\n",
    }
    write_class(root, subs)
    os.environ["ELEVENS_TEST_SECRET"] = SECRET
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as scratch:
            found = find_submissions(root, Path(scratch))
            results = grade(elevens_rubric(), found, OPTIONS, Path(scratch))
    finally:
        del os.environ["ELEVENS_TEST_SECRET"]
    ELAPSED.append(time.monotonic() - started)
    out = tmp_path_factory.mktemp("out")
    write_run_outputs(results, out)
    return results, out


def outcomes_of(results, sub_id: str) -> dict:
    activity = results.submission(sub_id).activities[0]
    return {t.name: t for t in activity.tests}


def test_the_class_finishes_in_bounded_time_and_memory(graded):
    # 20 hostile files, 2 shards; every hang is cut at 1 s per call and 2 s per load.
    assert ELAPSED[0] < 90
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024  # the largest process we waited for
    assert peak < (1 << 30) + (100 << 20)  # the 1 GiB address-space limit, and then some


def test_the_neighbours_results_are_the_same_as_when_graded_alone(graded, tmp_path):
    root = write_class(tmp_path / "alone", {"correct": {"card.py": reference_text("card.py")}})
    with tempfile.TemporaryDirectory() as scratch:
        alone = grade(elevens_rubric(), find_submissions(root, Path(scratch)), OPTIONS, Path(scratch))
    assert without_place(alone.submission("correct")) == without_place(graded[0].submission("correct"))


def without_place(sub) -> dict:
    """A submission's results without timings or where it was: each replay command names its folder."""
    data = without_timings_of(sub)
    for activity in data["activities"]:
        for test in activity["tests"]:
            assert shlex.split(test.pop("replay"))[2].endswith("/correct")
    return data


def test_the_correct_submission_is_untouched_by_its_neighbours(graded):
    results, _ = graded
    correct = results.submission("correct")
    assert correct.total == correct.max == 15


def test_a_hang_is_a_timeout_and_other_tests_still_run(graded):
    tests = outcomes_of(graded[0], "hang")
    assert {t.outcome for n, t in tests.items() if n.startswith("test_rank")} == {"timeout"}
    assert "did not finish within 1 s" in tests["test_rank[spades]"].message
    assert tests["test_suit[spades]"].outcome == "passed"


def test_exit_at_import_fails_the_activity_with_a_load_message(graded):
    activity = graded[0].submission("exit_at_import").activities[0]
    assert activity.status == "not_loaded" and activity.score == 0
    assert "card.py could not be loaded: SystemExit" in activity.note


def test_os_exit_in_a_method_only_fails_that_method(graded):
    tests = outcomes_of(graded[0], "os_exit_in_method")
    assert tests["test_suit[spades]"].outcome == "error"
    assert "exited with code 3" in tests["test_suit[spades]"].message
    assert tests["test_rank[spades]"].outcome == "passed"
    assert tests["test_str[spades]"].outcome == "passed"


def test_killing_the_process_that_holds_the_files_costs_only_that_test(graded):
    tests = outcomes_of(graded[0], "kills_its_zygote")
    assert {t.outcome for n, t in tests.items() if n.startswith(("test_rank", "test_str"))} == {"passed"}
    assert graded[0].submission("kills_its_zygote").total >= 15 - 2 - 2  # suit, and matches uses suit


def test_output_flooding_is_stopped_and_capped(graded):
    results, out = graded
    tests = [t for n, t in outcomes_of(results, "floods_output").items() if n.startswith("test_rank")]
    assert tests and all(t.outcome != "passed" and len(t.output) < 5000 for t in tests)
    assert (out / "results.json").stat().st_size < 2_000_000


@pytest.mark.parametrize("sub_id, words", [
    ("os_exit_at_import", "could not be loaded"),
    ("loops_at_import", "did not finish within 2 s"),
    ("input_at_import", "could not be loaded"),
])
def test_a_file_that_cannot_load_fails_its_activity_with_a_message(graded, sub_id, words):
    activity = graded[0].submission(sub_id).activities[0]
    assert activity.status == "not_loaded" and activity.score == 0 and words in activity.note, activity.note


@pytest.mark.parametrize("sub_id, outcome, words", [
    ("memory_bomb", "error", "MemoryError"),
    ("endless_recursion", "error", "RecursionError"),
    ("ignores_sigterm", "timeout", "did not finish within 1 s"),
    ("exit_in_method", "error", ""),
])
def test_a_method_that_misbehaves_costs_only_its_own_tests(graded, sub_id, outcome, words):
    tests = outcomes_of(graded[0], sub_id)
    method = "test_suit" if sub_id == "exit_in_method" else "test_rank"
    broken = [t for n, t in tests.items() if n.startswith(method)]
    assert broken and all(t.outcome == outcome and words in t.message for t in broken)
    assert tests["test_str[spades]" if method == "test_rank" else "test_rank[spades]"].outcome == "passed"


def test_a_thread_left_spinning_does_not_stop_the_tests(graded):
    assert graded[0].submission("spinning_thread").total == 15


def test_patching_builtins_and_the_runtime_cannot_make_a_wrong_answer_pass(graded):
    tests = outcomes_of(graded[0], "patches_builtins")
    assert all(t.outcome != "passed" for n, t in tests.items() if n.startswith("test_suit"))


def test_an_exception_is_reported_with_the_students_line(graded):
    message = outcomes_of(graded[0], "raises")["test_suit[spades]"].message
    assert "raised ValueError: no suit today" in message
    assert "card.py line" in message and "raise ValueError" in message


def test_huge_output_is_capped_in_the_results(graded):
    results, out = graded
    for test in outcomes_of(results, "huge_print").values():
        assert len(test.output) < 5000
    assert (out / "results.json").stat().st_size < 2_000_000


def test_forged_lines_cannot_make_a_wrong_answer_pass(graded):
    tests = outcomes_of(graded[0], "forger")
    assert {t.outcome for n, t in tests.items() if n.startswith("test_suit")} == {"failed"}
    assert graded[0].submission("forger").total < 15


def test_an_always_equal_object_never_equals_the_expected_value(graded):
    message = outcomes_of(graded[0], "always_equal")["test_rank[spades]"].message
    assert "a Liar object" in message


def test_the_teachers_environment_does_not_reach_student_code(graded):
    results, out = graded
    assert outcomes_of(results, "reads_secret")["test_rank[spades]"].outcome == "passed"
    for path in out.rglob("*"):
        if path.is_file():
            assert SECRET not in path.read_text(encoding="utf-8")


def test_no_process_the_student_started_survives(graded):
    leftover = subprocess.run(["pgrep", "-f", f"sleep {LEFTOVER_SLEEP}"], capture_output=True, text=True)
    assert leftover.stdout.strip() == ""
    assert outcomes_of(graded[0], "leaves_a_child")["test_rank[spades]"].outcome == "passed"


def test_a_submissions_conftest_ini_sitecustomize_and_random_are_never_loaded(graded):
    assert graded[0].submission("with_conftest").total == 15
    assert not Path(MARKER).exists()


def without_timings_of(sub) -> dict:
    data = asdict(sub)
    for activity in data["activities"]:
        for test in activity["tests"]:
            test.pop("duration")
    return data


def without_timings(results) -> dict:
    """results.json without the one field that measures rather than grades: test durations."""
    return {**results.to_dict(), "submissions": [without_timings_of(sub) for sub in results.submissions]}


def test_grading_twice_gives_identical_results(graded, tmp_path):
    root = write_class(tmp_path / "again", {"correct": {"card.py": reference_text("card.py")},
                                            "raises": {"card.py": HOSTILE["raises"]}})
    runs = []
    for _ in range(2):
        with tempfile.TemporaryDirectory() as scratch:
            found = find_submissions(root, Path(scratch))
            results = grade(elevens_rubric(), found, GradeOptions(only_activities=["A1"]), Path(scratch))
            runs.append(json.dumps(without_timings(results), sort_keys=True))
    assert runs[0] == runs[1]
    raised = [t for t in results.submission("raises").activities[0].tests if t.outcome == "error" and t.file]
    assert raised and raised[0].file == "card.py" and raised[0].line  # where in the student's code it broke
