"""What a teacher's first run shows for work that is not simply right or wrong (issue 24).

One `grader grade`, run from another working folder, of a generated class:

- ``kim_caps``: correct work named the Java way (``Card.py``, ``Deck.py``), and a tester named
  ``Deck_Tester.py``: graded as card.py and deck.py, with a note in every output;
- ``sam_starter``: the Elevens starter, untouched: every activity "not started", 0 points;
- ``lou_loop``: a correct Card whose ``__str__`` never returns: a score marked as timed out;
- ``noa_nothing``: a Card whose methods all return None: a plain 0;
- ``syd_syntax``: a card.py with a syntax error: did not load.

Then each lab's untouched starter, graded as a class of one: 0 in every activity.
"""

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.classroom import reference_text, write_class
from tests.lab_loader import ROOT

LABS = ("elevens", "up-down-stay", "six-takes")
LOOPING_STR = '''
    def __str__(self) -> str:
        while True:
            pass
'''


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=900)


def starter_files(lab: str) -> dict[str, str]:
    """A lab's starter as a student gets it: its top-level files."""
    folder = ROOT / "starter" / lab
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())
            if p.is_file() and p.name != "__init__.py"}


def nothing_card() -> str:
    return ("class Card:\n    def __init__(self, rank, suit, point_value):\n        pass\n\n"
            "    def rank(self):\n        return None\n\n    def suit(self):\n        return None\n\n"
            "    def point_value(self):\n        return None\n\n    def matches(self, other):\n        return None\n\n"
            "    def __str__(self):\n        return ''\n")


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("status-class")
    card = reference_text("card.py")
    looping = card.replace('''
    def __str__(self) -> str:
        return f"{self._rank} of {self._suit} (point value = {self._point_value})"
''', LOOPING_STR)
    assert looping != card
    write_class(root / "class", {
        "kim_caps": {"Card.py": card, "Deck.py": reference_text("deck.py"), "Deck_Tester.py": reference_text("deck_tester.py")},
        "sam_starter": starter_files("elevens"),
        "lou_loop": {"card.py": looping},
        "noa_nothing": {"card.py": nothing_card()},
        "syd_syntax": {"card.py": "class Card(:\n"},
    })
    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    done = run("grade", str(root / "class"), "--jobs", "1", "--out", str(root / "out"), "--lab", "elevens", cwd=elsewhere)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads((root / "out" / "results.json").read_text(encoding="utf-8"))
    return {"out": root / "out", "stdout": done.stdout,
            "subs": {sub["id"]: sub for sub in results["submissions"]}}


def activity(graded: dict, sub_id: str, activity_id: str) -> dict:
    return next(a for a in graded["subs"][sub_id]["activities"] if a["id"] == activity_id)


def gradebook(graded: dict) -> dict[str, dict]:
    with (graded["out"] / "gradebook.csv").open(encoding="utf-8-sig", newline="") as handle:
        return {row["id"]: row for row in csv.DictReader(handle)}


def test_a_misnamed_file_is_graded_under_the_labs_name(graded):
    a1, a2 = activity(graded, "kim_caps", "A1"), activity(graded, "kim_caps", "A2")
    assert (a1["status"], a1["state"], a1["renamed"]) == ("graded", "misnamed", {"card.py": "Card.py"})
    assert a1["score"] == a1["max"] > 0 and a2["score"] == a2["max"] > 0  # correct work, full marks
    assert a1["note"].startswith("named Card.py; graded as card.py.")
    tester = activity(graded, "kim_caps", "A5")
    assert tester["renamed"] == {"deck_tester.py": "Deck_Tester.py"} and tester["score"] == tester["max"]


def test_every_output_says_a_file_was_misnamed(graded):
    out = graded["out"]
    for report in ("report.md", "report.html"):
        text = (out / "kim_caps" / report).read_text(encoding="utf-8")
        assert "named Card.py; graded as card.py" in text and "named Deck.py; graded as deck.py" in text, report
    assert "named Card.py" in gradebook(graded)["kim_caps"]["activity_status"]
    assert "A1 misnamed (named Card.py)" in gradebook(graded)["kim_caps"]["activity_status"]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "file named Card.py" in page
    row = next(line for line in graded["stdout"].splitlines() if line.startswith("kim_caps"))
    assert "15*" in row and "not handed in" not in row
    assert "only by letter case" in " ".join(graded["stdout"].split())  # the legend may wrap


def test_the_untouched_starter_is_not_started_and_earns_nothing(graded):
    sam = graded["subs"]["sam_starter"]
    assert sam["total"] == 0 and sam["bonus"] == 0
    assert {a["state"] for a in sam["activities"]} == {"not_started"}  # the starter has every file, bonus too
    assert all(a["tests"] == [] for a in sam["activities"])
    row = next(line for line in graded["stdout"].splitlines() if line.startswith("sam_starter"))
    assert "start" in row or "○" in row
    assert "A2 not_started" in gradebook(graded)["sam_starter"]["activity_status"]
    report = (graded["out"] / "sam_starter" / "report.md").read_text(encoding="utf-8")
    assert "Not started (only the starter code)" in report


def test_statuses_are_distinct_in_every_output(graded):
    states = {sub_id: activity(graded, sub_id, "A1")["state"] for sub_id in graded["subs"]}
    assert states == {"kim_caps": "misnamed", "sam_starter": "not_started", "lou_loop": "timed_out",
                      "noa_nothing": "scored_0", "syd_syntax": "not_loaded"}
    book = gradebook(graded)
    for sub_id, state in states.items():
        assert f"A1 {state}" in book[sub_id]["activity_status"], sub_id
    assert "A2 missing" in book["lou_loop"]["activity_status"]
    rows = {line.split()[0]: line.split()[1] for line in graded["stdout"].splitlines()
            if line.split() and line.split()[0] in states}
    # A narrow terminal shows "○" for "start" and "✗" for "load" (the legend says which).
    assert rows["kim_caps"] == "15*" and rows["sam_starter"] in ("start", "○") and rows["lou_loop"].endswith("↻")
    assert rows["noa_nothing"] == "0" and rows["syd_syntax"] in ("load", "✗")
    page = (graded["out"] / "index.html").read_text(encoding="utf-8")
    for css in ("st-not_started", "st-not_loaded", "st-missing"):
        assert f'class="cell {css}' in page


@pytest.mark.parametrize("lab", LABS)
def test_each_labs_untouched_starter_scores_0_in_every_activity(lab, tmp_path):
    write_class(tmp_path / "class", {"starter_only": starter_files(lab)})
    done = run("grade", str(tmp_path / "class"), "--jobs", "1", "--out", str(tmp_path / "out"), "--lab", lab, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    sub = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"][0]
    assert sub["status"] == "graded" and sub["total"] == 0 and sub["bonus"] == 0
    for entry in sub["activities"]:
        assert entry["score"] == 0, (lab, entry["id"], entry["state"])
        assert entry["state"] in ("not_started", "missing"), (lab, entry["id"], entry["state"])
    shutil.rmtree(tmp_path / "out")
