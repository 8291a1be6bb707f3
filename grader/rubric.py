"""The rubric: which activities exist, which files each grades, and what each test is worth.

``rubrics/elevens.yaml`` is the single source of scores. It is checked when loaded, and every
mistake is reported with the key it is at, the rule it breaks and how to fix it.
"""

import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from grader.assets import asset_path

VISIBILITIES = ("public", "hidden")
ACTIVITY_ID = re.compile(r"^(A\d+[a-z]?|bonus[\w-]*)$")
# Python files, plus YAML for a student's written answers (answers.yaml).
FILE_NAME = re.compile(r"^[a-z_][a-z0-9_]*\.(py|yaml)$")


class RubricError(ValueError):
    def __init__(self, where: str, rule: str, fix: str) -> None:
        self.where, self.rule, self.fix = where, rule, fix
        super().__init__(f"rubric error at {where}: {rule}. Fix: {fix}")


@dataclass(frozen=True)
class TestPoints:
    """Points for the tests whose function name matches ``test`` (a name or a glob pattern).

    When the pattern matches several test runs (a parametrized test, or a glob), the points
    are shared equally among them.
    """

    test: str
    points: float
    visibility: str = "public"
    # A gate: when any run of this test fails, the whole activity scores 0. Activity 5 uses it:
    # a tester that rejects a correct Deck has not earned points for rejecting wrong ones.
    gate: bool = False

    def matches(self, test_name: str) -> bool:
        return fnmatch.fnmatchcase(test_name, self.test)


@dataclass(frozen=True)
class Activity:
    id: str
    title: str
    suite: str
    files: tuple[str, ...]
    stand_ins: tuple[str, ...] = ()
    # The grader's own helper files (harness/), imported after the student's because they use them.
    harness: tuple[str, ...] = ()
    tests: tuple[TestPoints, ...] = ()
    # Methods switched off in the sandbox (``module.Class.method``) because another activity
    # owns them: A2 judges Deck with shuffle off, so a shuffle bug costs points only in A4.
    disable: tuple[str, ...] = ()

    @property
    def max_points(self) -> float:
        return sum(t.points for t in self.tests)

    @property
    def is_bonus(self) -> bool:
        """Bonus activities add to a score but never to the maximum (ids ``bonus-...``)."""
        return self.id.startswith("bonus")

    @property
    def modules(self) -> list[str]:
        """Modules the sandbox imports: stand-ins first, so a student file can use them; the
        harness last, so an error in the student's file is reported as theirs."""
        names = (*self.stand_ins, *self.files, *self.harness)
        return [name[:-3] for name in names if name.endswith(".py") and "|" not in name]

    def points_for(self, test_name: str) -> TestPoints | None:
        return next((t for t in self.tests if t.matches(test_name)), None)


@dataclass(frozen=True)
class Rubric:
    lab: str
    title: str
    activities: tuple[Activity, ...] = field(default_factory=tuple)
    source: str = ""

    def activity(self, activity_id: str) -> Activity:
        return next(a for a in self.activities if a.id == activity_id)

    def activity_for_suite(self, suite_file: str) -> Activity | None:
        return next((a for a in self.activities if a.suite == suite_file), None)

    @property
    def max_points(self) -> float:
        return sum(a.max_points for a in self.activities if not a.is_bonus)


def load_rubric(path: str | Path | None = None) -> Rubric:
    path = Path(path) if path else asset_path("rubrics", "elevens.yaml")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RubricError(str(path), f"the file cannot be read ({exc.strerror})", "pass --rubric with the path of a rubric YAML file") from None
    except yaml.YAMLError as exc:
        raise RubricError(str(path), f"it is not valid YAML ({exc})", "check the indentation near the line shown") from None
    return parse_rubric(data, source=str(path))


def parse_rubric(data, source: str = "<rubric>") -> Rubric:
    _expect(isinstance(data, dict), "the top level", "must be a mapping with keys lab, title, activities", "start the file with `lab: elevens`")
    for key in ("lab", "activities"):
        _expect(key in data, key, "is required", f"add a `{key}:` key at the top level")
    _expect(isinstance(data["activities"], list) and data["activities"], "activities", "must be a non-empty list", "list each activity under `activities:` with a leading `- `")
    activities, seen = [], set()
    for i, raw in enumerate(data["activities"]):
        activity = _parse_activity(raw, f"activities[{i}]")
        _expect(activity.id not in seen, f"activities[{i}].id", f"{activity.id!r} is used twice", "give every activity its own id")
        seen.add(activity.id)
        activities.append(activity)
    return Rubric(lab=str(data["lab"]), title=str(data.get("title", data["lab"])), activities=tuple(activities), source=source)


def _parse_activity(raw, where: str) -> Activity:
    _expect(isinstance(raw, dict), where, "must be a mapping", "write the activity as `- id: A1` followed by its keys")
    allowed = {"id", "title", "suite", "files", "stand_ins", "harness", "tests", "disable"}
    unknown = set(raw) - allowed
    _expect(not unknown, where, f"has unknown keys {sorted(unknown)}", f"use only {sorted(allowed)}")
    for key in ("id", "title", "suite", "files", "tests"):
        _expect(key in raw, f"{where}.{key}", "is required", f"add `{key}:` to this activity")
    _expect(bool(ACTIVITY_ID.match(str(raw["id"]))), f"{where}.id", f"{raw['id']!r} is not an activity id", "use A1, A2, ..., a letter after the number for a part (A11b), or bonus-<name>")
    files = _file_list(raw["files"], f"{where}.files")
    _expect(bool(files), f"{where}.files", "must name at least one student file", "list the files this activity grades, e.g. [deck.py]")
    stand_ins = _file_list(raw.get("stand_ins", []), f"{where}.stand_ins")
    overlap = set(files) & set(stand_ins)
    _expect(not overlap, f"{where}.stand_ins", f"{sorted(overlap)} is both graded and a stand-in", "a file is either the student's (files) or the reference's (stand_ins)")
    harness = _file_list(raw.get("harness", []), f"{where}.harness")
    _expect(isinstance(raw["tests"], list) and raw["tests"], f"{where}.tests", "must be a non-empty list", "list `- test: test_name` entries with `points:`")
    tests = tuple(_parse_test(t, f"{where}.tests[{j}]") for j, t in enumerate(raw["tests"]))
    disable = raw.get("disable", [])
    _expect(isinstance(disable, list) and all(isinstance(d, str) and d.count(".") == 2 for d in disable),
            f"{where}.disable", "must be a list of module.Class.method names", "write e.g. [deck.Deck.shuffle]")
    return Activity(id=str(raw["id"]), title=str(raw["title"]), suite=str(raw["suite"]), files=files,
                    stand_ins=stand_ins, harness=harness, tests=tests, disable=tuple(disable))


def _parse_test(raw, where: str) -> TestPoints:
    _expect(isinstance(raw, dict) and "test" in raw and "points" in raw, where, "needs `test` and `points`", "write `- {test: test_name, points: 2}`")
    unknown = set(raw) - {"test", "points", "visibility", "gate"}
    _expect(not unknown, where, f"has unknown keys {sorted(unknown)}", "use only test, points, visibility and gate")
    points, gate = raw["points"], raw.get("gate", False) is True
    # A gate may be worth 0: passing it earns nothing by itself, failing it costs everything.
    _expect(isinstance(points, (int, float)) and not isinstance(points, bool) and (points > 0 or (gate and points == 0)),
            f"{where}.points", f"{points!r} is not a positive number", "give each test a positive number of points (a gate may have 0)")
    visibility = raw.get("visibility", "public")
    _expect(visibility in VISIBILITIES, f"{where}.visibility", f"{visibility!r} is not one of {VISIBILITIES}", "use public (students see it in `grader check`) or hidden")
    gate = raw.get("gate", False)
    _expect(isinstance(gate, bool), f"{where}.gate", f"{gate!r} is not true or false", "write `gate: true` or leave it out")
    return TestPoints(test=str(raw["test"]), points=float(points), visibility=visibility, gate=gate)


def _file_list(raw, where: str) -> tuple[str, ...]:
    _expect(isinstance(raw, list), where, "must be a list", "write it as [card.py, deck.py]")
    for entry in raw:
        # "deck_tester.py|test_deck.py": either file (or both) will do.
        for name in (entry.split("|") if isinstance(entry, str) else [entry]):
            _expect(isinstance(name, str) and bool(FILE_NAME.match(name)), where,
                    f"{name!r} is not a lower-case .py or .yaml file name", "use names like card.py")
    return tuple(raw)


def _expect(condition: bool, where: str, rule: str, fix: str) -> None:
    if not condition:
        raise RubricError(where, rule, fix)
