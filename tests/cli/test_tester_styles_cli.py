"""Activity 5 through the command line: a tester in any common style, under any usual name,
gets the credit its checks earn."""

import json
import subprocess
import sys

from grader.commands.exitcodes import ExitCode
from tests.classroom import reference_text, write_class
from tests.suites.test_testers_graded import PYTEST_TESTER, UNITTEST_TESTER


def test_pytest_and_unittest_testers_under_their_usual_names_get_full_credit(tmp_path):
    write_class(tmp_path / "class", {
        "lab_script": {"deck_tester.py": reference_text("deck_tester.py")},
        "unittest_style": {"DeckTester.py": UNITTEST_TESTER},
        "pytest_style": {"tests/test_deck.py": PYTEST_TESTER},
        "no_tester": {"my_checks.py": "assert True\n"},
    })
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "class", "--jobs", "1", "--out", "out", "--activity", "a5"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    subs = {s["id"]: s for s in json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]}
    for sub_id in ("lab_script", "unittest_style", "pytest_style"):
        assert subs[sub_id]["total"] == subs[sub_id]["max"] == 18, sub_id
    missing = subs["no_tester"]["activities"][0]
    assert missing["status"] == "missing" and "deck_tester.py or test_deck.py" in missing["note"]
