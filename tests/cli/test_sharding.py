"""A class graded in parts on several machines and merged equals the class graded at once."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from grader.results.sharding import ShardError, parse_shard, split
from grader.intake.class_folder import Entry
from tests.classroom import card_with, reference_text, write_class

FILTER = ("--activity", "A1", "--activity", "A2")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def comparable(folder: Path) -> dict:
    """results.json without test durations, the one field that measures rather than grades."""
    data = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    for sub in data["submissions"]:
        for activity in sub["activities"]:
            for test in activity["tests"]:
                test.pop("duration")
    return data


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    home = tmp_path_factory.mktemp("sharded")
    deck = reference_text("deck.py")
    write_class(home / "class", {
        "ann": {"card.py": reference_text("card.py"), "deck.py": deck},
        "bo": {"card.py": card_with({"        return self._suit\n": "        return self._rank\n"})},
        "cy": {"card.py": reference_text("card.py")},
        "di": {"deck.py": deck},
        "ed": {"card.py": "class Card(:\n"},
    })
    with zipfile.ZipFile(home / "class" / "fay.zip", "w") as archive:
        archive.writestr("lab/card.py", reference_text("card.py"))
    (home / "class" / "broken.zip").write_bytes(b"not a zip")
    whole = run("grade", "class", "--out", "whole", *FILTER, cwd=home)
    parts = [run("grade", "class", "--out", f"part{i}", "--shard", f"{i}/3", *FILTER, cwd=home) for i in (1, 2, 3)]
    return home, whole, parts


def test_every_part_grades_a_share_and_together_they_grade_everyone_once(graded):
    home, whole, parts = graded
    assert whole.returncode == ExitCode.BAD_INPUT  # the broken zip
    ids = [[s["id"] for s in json.loads((home / f"part{i}" / "results.json").read_text())["submissions"]] for i in (1, 2, 3)]
    assert all(ids) and sorted(sum(ids, [])) == sorted(s["id"] for s in comparable(home / "whole")["submissions"])


def test_merged_parts_equal_one_run_byte_for_byte_but_for_timings(graded):
    home, _, _ = graded
    merged = run("merge", "part1", "part2", "part3", "--out", "merged", cwd=home)
    assert merged.returncode == ExitCode.BAD_INPUT, merged.stderr  # the same exit code as the whole run
    assert comparable(home / "merged") == comparable(home / "whole")
    for name in ("gradebook.csv", "bo/report.md", "broken/report.md"):
        assert (home / "merged" / name).read_bytes() == (home / "whole" / name).read_bytes(), name


@pytest.mark.parametrize("parts, words", [
    (["part1", "part2"], "part 3/3 is missing"),
    (["part1", "part1", "part2", "part3"], "given twice"),
    (["part1", "part2", "whole"], "did not come from `grader grade --shard"),
])
def test_missing_or_repeated_parts_are_errors(graded, parts, words):
    home, _, _ = graded
    done = run("merge", *parts, "--out", "bad", cwd=home)
    assert done.returncode == ExitCode.BAD_INPUT and words in done.stderr, done.stderr


def test_parts_of_different_runs_are_not_merged(graded):
    home, _, _ = graded
    other = run("grade", "class", "--out", "seeded", "--shard", "3/3", "--seed", "7", *FILTER, cwd=home)
    assert other.returncode in (ExitCode.OK, ExitCode.BAD_INPUT)
    done = run("merge", "part1", "part2", "seeded", "--out", "bad", cwd=home)
    assert done.returncode == ExitCode.BAD_INPUT and "different" in done.stderr


def test_the_split_is_stable_and_balanced_by_size(tmp_path):
    sizes = {"a": 900, "b": 100, "c": 500, "d": 400, "e": 300, "f": 200, "g": 100}
    entries = []
    for name, size in sizes.items():
        (tmp_path / f"{name}.zip").write_bytes(b"x" * size)
        entries.append(Entry(name, tmp_path / f"{name}.zip"))
    parts = split(entries, 3)
    assert parts == split(list(reversed(entries))[::-1], 3)  # the same every time
    loads = [sum(sizes[e.id] for e in part) for part in parts]
    assert max(loads) - min(loads) <= 200 and sum(loads) == sum(sizes.values())
    assert all([e.id for e in part] == sorted(e.id for e in part) for part in parts)  # the class's own order


@pytest.mark.parametrize("text", ["0/3", "4/3", "2", "a/b", "2/0"])
def test_a_bad_shard_is_an_error(text):
    with pytest.raises(ShardError):
        parse_shard(text)
