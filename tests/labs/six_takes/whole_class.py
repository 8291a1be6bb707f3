"""One made-up class holding every submission the lab's tests grade, graded once per test
session by the real engine (conftest.py): the reference, the starter, and the wrong Games and
simulations of wrong_versions.py in one run; each named buggy version alone and the second
correct versions (copies of the reference with some files changed) in runs of the activities
that grade those files only; the demo class where its students' work is not the reference's."""

import shutil
from pathlib import Path

import yaml

from tests.lab_loader import ROOT
from tests.classroom import grading_activities
from tests.labs.six_takes.classroom import (
    EXAMPLES,
    GIVEN,
    LAB_ID,
    REFERENCE,
    VARIANTS,
    lab_rubric,
    reference_submission,
    write_class,
)
from tests.labs.six_takes.wrong_versions import (
    WRONG_GAMES,
    WRONG_SIMULATIONS,
    wrong_game,
    wrong_simulation,
)

ACTIVITY_OF_FILE = {"takes_cards.py": "A1", "takes_table.py": "A2", "takes_turn.py": "A3", "takes_game.py": "A4"}
DEMO_PREFIX = "demo-"


def variant_entries() -> list[tuple[str, str]]:
    """(id, file) of every named buggy version, in variants.yaml's order."""
    data = yaml.safe_load((VARIANTS / "variants.yaml").read_text(encoding="utf-8"))
    return [(entry["id"], entry["file"]) for kind in ("cards", "table", "turn", "game") for entry in data[kind]]


def given() -> dict[str, str]:
    return {name: (REFERENCE / name).read_text(encoding="utf-8") for name in GIVEN}


def changed_copies() -> dict[str, dict[str, str]]:
    """The reference with some files changed: each named buggy version alone, and every second
    correct file at once (each is graded by its own activity)."""
    subs = {}
    for variant, name in variant_entries():
        subs[variant] = {**reference_submission(), name: (VARIANTS / variant / name).read_text(encoding="utf-8")}
    subs["Correct"] = {**reference_submission(),
                       **{name: (VARIANTS / "Correct" / name).read_text(encoding="utf-8") for name in ACTIVITY_OF_FILE}}
    return subs


def changed_files(files: dict[str, str]) -> list[str]:
    reference = reference_submission()
    return sorted(name for name in {*reference, *files} if reference.get(name) != files.get(name))


def activities_of(files: dict[str, str]) -> tuple[str, ...]:
    """The activities that grade a file in which ``files`` differ from the reference."""
    rubric = lab_rubric(LAB_ID)
    return tuple(sorted({a for name in changed_files(files) for a in grading_activities(rubric, name)}))


def one_file_changed() -> dict[tuple[str, ...], dict[str, dict[str, str]]]:
    """changed_copies() by the activities that grade their changed files (conftest.py grades
    each group in those activities only)."""
    groups: dict[tuple[str, ...], dict[str, dict[str, str]]] = {}
    for sub_id, files in changed_copies().items():
        groups.setdefault(activities_of(files), {})[sub_id] = files
    return groups


def submissions() -> dict[str, dict[str, str]]:
    """The submissions graded in every activity (the changed copies are graded apart)."""
    subs = {"reference": reference_submission()}
    starter = ROOT / "starter" / "six-takes"
    subs["starter"] = {path.name: path.read_text(encoding="utf-8") for path in starter.glob("*.py")}
    # The starter with one line added: its NotImplementedError code is run and must grade cleanly.
    subs["starter_begun"] = {name: text + "\n_begun = True  # one line of the student's own: no longer the untouched starter, so it runs\n" for name, text in subs["starter"].items()}
    for name in WRONG_GAMES:  # only A4 can be graded: the other files are missing
        subs[f"game-{name}"] = {**given(), "takes_game.py": wrong_game(name)}
    for name in WRONG_SIMULATIONS:  # only A6
        subs[f"sim-{name}"] = {**given(), "takes_simulation.py": wrong_simulation(name)}
    return subs


def build(root: Path) -> Path:
    return write_class(root, submissions())


def build_demo(root: Path) -> Path:
    """The demo class as shipped, each entry named with DEMO_PREFIX."""
    root.mkdir(parents=True)
    for entry in EXAMPLES.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, root / f"{DEMO_PREFIX}{entry.name}")
        elif entry.suffix == ".zip":
            shutil.copyfile(entry, root / f"{DEMO_PREFIX}{entry.name}")
    return root
