"""The rubric: which activities exist, which files each grades, and what each test is worth.

A lab's rubric (``rubrics/<lab>.yaml`` for the labs shipped with the grader) is the single
source of its scores; its ``lab:`` names the lab whose suites and files it uses. It is checked when loaded, against
itself and against the suites (every suite file and test it names must exist, and no test may
be priced twice), and every mistake is reported with the key it is at, the rule it breaks and
how to fix it.

Two kinds of test. A *contract* check tests what the lab's guide says a method must do; it
costs points. An *advisory* check (``advisory: true``) goes further than the guide (an input the
guide rules out, a stricter behaviour): it always runs and is reported as "going further", and
is worth 0 points unless the rubric opts in with ``advisory: graded`` at the top level.

Where a requirement comes from. A test entry may say so in ``source:``, one line of text naming
the document that makes the check a requirement: ``guide A2: ...`` (the guide the lab is built
from), ``given code: ...`` (the handout's starter files) or ``spec docs/<page>.md ...`` (a
reading the lab's handout page pins where the guide is silent); ``SOURCE_KINDS`` lists them.
It changes no score: reports ignore it, and docs/lab.md's "Sources" table is built from it. A
teacher's own rubric may leave it out; the shipped rubrics give one for every counted test
(tests/test_rubric_sources.py).
"""

import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from grader.intake.late import LatePolicy, LatePolicyError, parse_policy
from grader.lab.registry import Lab, LabError, get_lab
from grader.lab.suite_index import closest, suite_files, suite_tests
from grader.lab.yaml_files import load_yaml

VISIBILITIES = ("public", "hidden")
ADVISORY_MODES = ("reported", "graded")
ACTIVITY_ID = re.compile(r"^(A\d+[a-z]?|bonus[\w-]*)$")
# Python files, plus YAML for a student's written answers.
FILE_NAME = re.compile(r"^[a-z_][a-z0-9_]*\.(py|yaml)$")
TOP_KEYS = {"lab", "title", "activities", "advisory", "misnamed_deduction", "late"}
ACTIVITY_KEYS = {"id", "title", "suite", "files", "stand_ins", "uses", "harness", "tests", "disable", "optional", "weight"}
TEST_KEYS = {"test", "points", "visibility", "gate", "advisory", "in_kit", "source"}
# How a shipped rubric's `source:` begins: the kind of document a requirement comes from.
SOURCE_KINDS = ("guide", "given code", "spec")


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

    __test__ = False  # not a pytest test class

    test: str
    points: float
    visibility: str = "public"
    # A gate: when any run of this test fails, the whole activity scores 0. Activity 5 uses it:
    # a tester that rejects a correct class has not earned points for rejecting wrong ones.
    gate: bool = False
    advisory: bool = False
    # False: the test needs what the student kit leaves out (mutants, second correct versions,
    # wrong versions that are not handed out), so it runs only in the teacher's grading.
    in_kit: bool = True
    # Where the requirement comes from (one line, e.g. "guide A2: ..."); "" when the rubric does
    # not say. Never used to score: it is for the teacher reading the rubric or the lab's page.
    source: str = ""

    def matches(self, test_name: str) -> bool:
        return fnmatch.fnmatchcase(test_name, self.test)


@dataclass(frozen=True)
class Activity:
    id: str
    title: str
    suite: str
    files: tuple[str, ...]
    stand_ins: tuple[str, ...] = ()
    # The lab's files whose classes a tester activity runs the student's tester against. The
    # full grader uses its own versions of them; the student kit the student's own.
    uses: tuple[str, ...] = ()
    # The grader's own helper files (harness/), imported after the student's because they use them.
    harness: tuple[str, ...] = ()
    tests: tuple[TestPoints, ...] = ()
    # Methods switched off in the sandbox (``module.Class.method``) because another activity
    # owns them: an activity can judge a class with one of its methods off, so a bug in that
    # method costs points only in the activity that owns it.
    disable: tuple[str, ...] = ()
    # An optional activity's files may be missing without failing `grader check --require-all`.
    optional: bool = False
    # How long grading it takes, relative to the other activities: only used to share the work
    # evenly between processes (engine/work_units.py); it never changes a score.
    weight: float = 1.0
    suites: Path = Path()  # the lab's suites folder, where ``suite`` is

    @property
    def is_bonus(self) -> bool:
        """Bonus activities add to a separate bonus score, never to the total or the maximum."""
        return self.id.startswith("bonus")

    @property
    def modules(self) -> list[str]:
        """Modules the sandbox imports: stand-ins first, so a student file can use them; the
        harness last, so an error in the student's file is reported as theirs."""
        names = (*self.stand_ins, *self.files, *self.harness)
        return [name[:-3] for name in names if name.endswith(".py") and "|" not in name]

    def points_for(self, test_name: str) -> TestPoints | None:
        return next((t for t in self.tests if t.matches(test_name)), None)

    def test_names(self) -> tuple[str, ...]:
        """The test functions of this activity's suite."""
        return suite_tests(self.suites, self.suite)


@dataclass(frozen=True)
class Rubric:
    lab: str
    title: str
    activities: tuple[Activity, ...] = field(default_factory=tuple)
    source: str = ""
    advisory: str = "reported"  # reported: advisory checks are worth 0; graded: they count
    home: Lab | None = None  # the lab named by `lab:`
    # Points off an activity graded from a file named otherwise (Widget.py for widget.py), never below 0.
    misnamed_deduction: float = 0.0
    # Points off late work (grader/intake/late.py); None: late work is shown, never penalised.
    late: LatePolicy | None = None

    def activity(self, activity_id: str) -> Activity:
        return next(a for a in self.activities if a.id == activity_id)

    def activity_for_suite(self, suite_file: str) -> Activity | None:
        return next((a for a in self.activities if a.suite == suite_file), None)

    def counts(self, entry: TestPoints) -> bool:
        """Whether a rubric entry's points count towards a score."""
        return not entry.advisory or self.advisory == "graded"

    def max_points(self, activity: Activity) -> float:
        return sum(t.points for t in activity.tests if self.counts(t))

    @property
    def total_max(self) -> float:
        return sum(self.max_points(a) for a in self.activities if not a.is_bonus)

    @property
    def is_default(self) -> bool:
        """Whether this is its lab's own rubric (then commands need not name it)."""
        return self.home is not None and Path(self.source) == self.home.rubric

    @property
    def stand_in_folder(self) -> Path:
        return self.home.reference

    @property
    def harness_folder(self) -> Path | None:
        return self.home.harness


def load_rubric(path: str | Path | None = None, lab: Lab | None = None) -> Rubric:
    """The rubric at ``path``, or the default rubric of ``lab`` (or of the only lab installed)."""
    if path is None:
        if lab is None:
            from grader.lab.registry import installed_labs

            labs = installed_labs()
            if len(labs) != 1:
                raise RubricError("--rubric", f"{len(labs)} labs are installed ({', '.join(labs)}) and none was chosen",
                                  "name one with --lab ID, or give a rubric with --rubric")
            lab = next(iter(labs.values()))
        path = lab.rubric
    path = Path(path).resolve()
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RubricError(str(path), f"the file cannot be read ({exc.strerror})", "pass --rubric with the path of a rubric YAML file") from None
    except yaml.YAMLError as exc:
        raise RubricError(str(path), f"it is not valid YAML ({exc})", "check the indentation near the line shown") from None
    except UnicodeDecodeError:
        raise RubricError(str(path), "it is not UTF-8 text", "save the rubric as UTF-8 text") from None
    return parse_rubric(data, source=str(path))


def parse_rubric(data, source: str = "<rubric>", check_suites: bool = True) -> Rubric:
    """A Rubric from parsed YAML. ``check_suites`` also cross-checks it against the suites."""
    _expect(isinstance(data, dict), "the top level", "must be a mapping with keys lab, title, activities", "start the file with `lab: <lab id>` (`grader labs` lists them)")
    unknown = set(data) - TOP_KEYS
    _expect(not unknown, "the top level", f"has unknown keys {sorted(unknown)}", f"use only {sorted(TOP_KEYS)}")
    for key in ("lab", "activities"):
        _expect(key in data, key, "is required", f"add a `{key}:` key at the top level")
    advisory = data.get("advisory", "reported")
    _expect(advisory in ADVISORY_MODES, "advisory", f"{advisory!r} is not one of {ADVISORY_MODES}",
            "write `advisory: reported` (checks beyond the lab's contract are worth 0) or `advisory: graded`")
    deduction = data.get("misnamed_deduction", 0)
    _expect(isinstance(deduction, (int, float)) and not isinstance(deduction, bool) and deduction >= 0, "misnamed_deduction",
            f"{deduction!r} is not a number of points (0 or more)",
            "write e.g. `misnamed_deduction: 1` (points off an activity whose file had another name), or leave it out for 0")
    _expect(isinstance(data["activities"], list) and data["activities"], "activities", "must be a non-empty list", "list each activity under `activities:` with a leading `- `")
    try:
        late = parse_policy(data.get("late"))
    except LatePolicyError as exc:
        raise RubricError("late", str(exc), "see docs/results.md, \"Late work\"") from None
    home = None
    if check_suites:
        try:
            home = get_lab(str(data["lab"]))
        except LabError as exc:
            raise RubricError("lab", str(exc), "write the id of an installed lab after `lab:`") from None
    activities, seen = [], {}
    for i, raw in enumerate(data["activities"]):
        activity = _parse_activity(raw, f"activities[{i}]", home.suites if home else Path())
        _expect(activity.id not in seen, f"activities[{i}].id", f"{activity.id!r} is used twice", "give every activity its own id")
        seen[activity.id] = i
        if check_suites:
            _check_against_suite(activity, f"activities[{i}]")
            _check_assets(activity, home, f"activities[{i}]")
        activities.append(activity)
    suites = [a.suite for a in activities]
    for i, activity in enumerate(activities):
        _expect(suites.index(activity.suite) == i, f"activities[{i}].suite", f"{activity.suite!r} is already the suite of {activities[suites.index(activity.suite)].id}",
                "give each activity its own suite file")
    return Rubric(lab=str(data["lab"]), title=str(data.get("title", data["lab"])), activities=tuple(activities),
                  source=source, advisory=advisory, home=home, misnamed_deduction=float(deduction), late=late)


def _parse_activity(raw, where: str, suites: Path) -> Activity:
    _expect(isinstance(raw, dict), where, "must be a mapping", "write the activity as `- id: A1` followed by its keys")
    unknown = set(raw) - ACTIVITY_KEYS
    _expect(not unknown, where, f"has unknown keys {sorted(unknown)}", f"use only {sorted(ACTIVITY_KEYS)}")
    for key in ("id", "title", "suite", "files", "tests"):
        _expect(key in raw, f"{where}.{key}", "is required", f"add `{key}:` to this activity")
    _expect(bool(ACTIVITY_ID.match(str(raw["id"]))), f"{where}.id", f"{raw['id']!r} is not an activity id", "use A1, A2, ..., a letter after the number for a part (A11b), or bonus-<name>")
    files = _file_list(raw["files"], f"{where}.files")
    _expect(bool(files), f"{where}.files", "must name at least one student file", "list the files this activity grades, e.g. [widget.py]")
    stand_ins = _file_list(raw.get("stand_ins", []), f"{where}.stand_ins")
    overlap = set(files) & set(stand_ins)
    _expect(not overlap, f"{where}.stand_ins", f"{sorted(overlap)} is both graded and a stand-in", "a file is either the student's (files) or the reference's (stand_ins)")
    harness = _file_list(raw.get("harness", []), f"{where}.harness")
    uses = _file_list(raw.get("uses", []), f"{where}.uses")
    _expect(isinstance(raw["tests"], list) and raw["tests"], f"{where}.tests", "must be a non-empty list", "list `- test: test_name` entries with `points:`")
    tests = tuple(_parse_test(t, f"{where}.tests[{j}]") for j, t in enumerate(raw["tests"]))
    modules = {name[:-3] for entry in files for name in entry.split("|") if name.endswith(".py")}
    disable = raw.get("disable", [])
    _expect(isinstance(disable, list) and all(isinstance(d, str) and d.count(".") == 2 for d in disable),
            f"{where}.disable", "must be a list of module.Class.method names", "write e.g. [widget.Widget.spin]")
    for name in disable:
        _expect(name.split(".")[0] in modules, f"{where}.disable", f"{name!r} is not in one of this activity's files {sorted(files)}",
                "only a method of a file the activity grades can be switched off")
    optional = raw.get("optional", str(raw["id"]).startswith("bonus"))
    _expect(isinstance(optional, bool), f"{where}.optional", f"{optional!r} is not true or false", "write `optional: true` or leave it out")
    weight = raw.get("weight", 1)
    _expect(isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight > 0, f"{where}.weight",
            f"{weight!r} is not a positive number", "give the activity's relative grading time, e.g. `weight: 5`, or leave it out")
    return Activity(id=str(raw["id"]), title=str(raw["title"]), suite=str(raw["suite"]), files=files,
                    stand_ins=stand_ins, uses=uses, harness=harness, tests=tests, disable=tuple(disable), optional=optional,
                    weight=float(weight), suites=suites)


def _parse_test(raw, where: str) -> TestPoints:
    _expect(isinstance(raw, dict) and "test" in raw and "points" in raw, where, "needs `test` and `points`", "write `- {test: test_name, points: 2}`")
    unknown = set(raw) - TEST_KEYS
    _expect(not unknown, where, f"has unknown keys {sorted(unknown)}", f"use only {', '.join(sorted(TEST_KEYS))}")
    _expect(isinstance(raw["test"], str) and raw["test"].strip() == raw["test"] and raw["test"], f"{where}.test",
            f"{raw['test']!r} is not a test name", "write the name of a test function, e.g. test_rank")
    points = raw["points"]
    for flag in ("gate", "advisory", "in_kit"):
        _expect(isinstance(raw.get(flag, False), bool), f"{where}.{flag}", f"{raw.get(flag)!r} is not true or false", f"write `{flag}: true` or leave it out")
    gate, advisory = raw.get("gate", False), raw.get("advisory", False)
    # A gate may be worth 0: passing it earns nothing by itself, failing it costs everything.
    _expect(isinstance(points, (int, float)) and not isinstance(points, bool) and (points > 0 or (gate and points == 0)),
            f"{where}.points", f"{points!r} is not a positive number", "give each test a positive number of points (a gate may have 0)")
    _expect(not (gate and advisory), where, "a test cannot be both a gate and advisory", "remove one of `gate` and `advisory`")
    source = raw.get("source", "")
    _expect("source" not in raw or (isinstance(source, str) and source.strip() != "" and "\n" not in source.strip()),
            f"{where}.source", f"{source!r} is not one line of text",
            "write where the requirement comes from, e.g. `source: \"guide A2: size is the number of undealt cards\"`, or leave it out")
    visibility = raw.get("visibility", "public")
    _expect(visibility in VISIBILITIES, f"{where}.visibility", f"{visibility!r} is not one of {VISIBILITIES}", "use public (students see it in `grader check`) or hidden")
    return TestPoints(test=raw["test"], points=float(points), visibility=visibility, gate=gate, advisory=advisory,
                      in_kit=raw.get("in_kit", True), source=source.strip())


def _check_against_suite(activity: Activity, where: str) -> None:
    """Every entry names tests of the suite, and no test is priced by two entries.

    The "did you mean" part of each message is worked out only when the check fails: it
    compares strings, and rubrics are loaded by every grading process.
    """
    available = suite_files(activity.suites)
    if activity.suite not in available:
        raise RubricError(f"{where}.suite", f"there is no suite file {activity.suite!r}{closest(activity.suite, available)}",
                          f"use one of {', '.join(available)}")
    names = suite_tests(activity.suites, activity.suite)
    for j, entry in enumerate(activity.tests):
        if not any(entry.matches(name) for name in names):
            raise RubricError(f"{where}.tests[{j}].test", f"{activity.suite} has no test {entry.test!r}{closest(entry.test, names)}",
                              f"use one of the suite's tests: {', '.join(names)}")
    for name in names:
        priced = [j for j, entry in enumerate(activity.tests) if entry.matches(name)]
        _expect(len(priced) < 2, f"{where}.tests[{priced[-1] if priced else 0}]",
                f"{name} is already priced by tests[{priced[0] if priced else 0}]; only the first entry would count",
                "list each test once (a glob such as test_rank* must not overlap another entry)")


def _check_assets(activity: Activity, home: Lab, where: str) -> None:
    from grader.kit.edition import is_kit

    # A student kit holds no reference files: its stand-ins are the student's own (kit/own_files.py).
    stand_ins = () if is_kit() else activity.stand_ins
    for key, folder, names in (("stand_ins", home.reference, stand_ins), ("harness", home.harness, activity.harness)):
        present = sorted(p.name for p in folder.iterdir() if p.is_file()) if folder and folder.is_dir() else []
        for name in names:
            if name not in present:
                raise RubricError(f"{where}.{key}", f"the lab {home.id} has no {key} file {name}{closest(name, present)}",
                                  f"use one of {', '.join(p for p in present if p != '__init__.py') or '(none)'}")


def _file_list(raw, where: str) -> tuple[str, ...]:
    _expect(isinstance(raw, list), where, "must be a list", "write it as [one.py, two.py]")
    for entry in raw:
        # "widget_tester.py|test_widget.py": either file (or both) will do.
        for name in (entry.split("|") if isinstance(entry, str) else [entry]):
            _expect(isinstance(name, str) and bool(FILE_NAME.match(name)), where,
                    f"{name!r} is not a lower-case .py or .yaml file name", "use names like widget.py")
    return tuple(raw)


def _expect(condition: bool, where: str, rule: str, fix: str) -> None:
    if not condition:
        raise RubricError(where, rule, fix)
