"""Labs: the assignments the grader knows, each a plug-in. The core knows none of them.

A lab is an object (``Lab``) that a package registers under the ``grader.labs`` entry point
group: the labs shipped with the grader do so in its own pyproject.toml, and a lab from another
distribution in its own. It brings its suites, rubric, reference, starter, wrong versions for
testers to catch, harness files and demo class, and optional hooks for the commands that are
about one lab's classes (``diagnose``, ``handout``, and a word after ``check``). docs/labs.md is
the guide to writing one.

Which lab a command uses: ``--lab ID``; else the rubric's ``lab:``; else the lab whose student
files the folder holds (an error names the candidates when that is ambiguous).
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path

ENTRY_POINT_GROUP = "grader.labs"


class LabError(ValueError):
    """No lab, or several, fit what was asked; the message says which exist and what to do."""


class LabInputError(ValueError):
    """What a lab's command hook (diagnose, handout) was given is unusable; the message says
    what, the rule and the fix. The command exits with code 3."""


@dataclass(frozen=True)
class PlayableGame:
    """A board game of a lab that `grader play` can put in a browser: the student's file holding
    the board class, the class (constructed with no arguments), and the reference files put
    beside it. The board answers the play protocol (docs/labs.md, "Playing a board")."""

    id: str  # what --game names, e.g. the game's name in lower case
    title: str
    file: str
    board_class: str
    stand_ins: tuple[str, ...] = ()
    # The lab's own rule code for the game, "module:attribute", which `grader play --lab-board`
    # serves from the grader's process (grader/play/served.py), in the teacher's grader and the
    # student kit alike: no board class of the lab's runs. An object with ``places`` (the board's
    # size), ``codes()`` (every piece of the game as a short code), ``face(code)`` (its two
    # words for the page), ``is_play(codes)`` and ``find_play(board)`` (pieces as codes;
    # an empty place is None). It is not the student's API, so it stands in for no student file.
    rules: str | None = None


@dataclass(frozen=True)
class JavaProgram:
    """A function the suites call (``widget_run.run(n)``) that a Java student may have written
    only as a program, as the lab's own Java handout has it: a class with just a ``main``, its
    work sized by a ``static final int`` constant, printing its result. When the student's class
    declares no such function but has a ``main``, the grader answers the call by running
    ``main`` with ``count`` set to the argument and each of ``quiet`` (boolean switches such as
    a debugging flag) set to false, then ``read(printed text, n)`` gives the function's answer
    (None if nothing could be read) and, in words, what it read (grader/java/program.py)."""

    module: str
    function: str
    count: str
    quiet: tuple[str, ...] = ()
    read: Callable[[str, int], tuple[float | None, str]] | None = None


@dataclass(frozen=True)
class Lab:
    id: str  # lower case, words joined by "-"; the rubric's `lab:` names it
    title: str
    suites: Path  # the folder of the lab's suite files (test_*.py)
    rubric: Path  # the default rubric
    reference: Path  # the teacher's answer: also the stand-ins put beside a student's file
    starter: Path | None = None
    buggy_variants: Path | None = None
    harness: Path | None = None  # the grader's own helper files a sandbox may import
    examples: Path | None = None  # the demo class
    # The student-facing specification (Markdown): every handout's README carries it, without
    # its teacher-only blocks (grader/lab/handouts.py).
    spec: Path | None = None
    # Hooks. diagnose(path) -> exit code, printing what is wrong; handout(out) -> files written;
    # after_check(rubric, result, folder) prints anything the lab adds to `grader check`.
    # causes(rubric, result, folder) -> the likely causes of a student's failures the lab can name,
    # each a short sentence for the teacher ("deal(): the count is lowered before the empty
    # check"); `grader grade` keeps them in results.json and index.html groups them across the
    # class. It runs on the trusted side, so student code must only run in its sandbox.
    diagnose: Callable[[Path], int] | None = None
    handout: Callable[[Path], list[Path]] | None = None
    # java_handout(out) -> files written: `grader handout --java`, the Java edition's handout.
    java_handout: Callable[[Path], list[Path]] | None = None
    after_check: Callable[..., None] | None = None
    causes: Callable[..., list[str]] | None = None
    # The module tools/make_mutants.py uses to make the lab's mutants (docs/labs.md), if any.
    mutation: str | None = None
    # Java submissions (grader/java/): the activities whose suites can drive a student's Java
    # classes; the lab's reference Java classes (the stand-ins) are in ``reference/java/``.
    java_activities: tuple[str, ...] = ()
    # The methods an activity adds to a file an earlier activity grades, in Java (activity id,
    # ("Widget.spin", "Widget.stop|halt", ...)): a Java activity none of whose methods is written
    # (missing, or the starter's placeholder body) is not started (grader/java/started.py). An
    # activity not listed is judged by its files only.
    java_methods: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Methods some Java edition of the lab's handout does not declare, with the tests that call
    # them (grader/java/contract.OptionalMethod): for a Java student whose class has no such
    # method, those tests are outside their contract, not run, and worth nothing.
    java_optional_methods: tuple = ()
    java_programs: tuple[JavaProgram, ...] = ()  # functions a Java student may write as a program
    games: tuple[PlayableGame, ...] = ()  # what `grader play` can play, the first by default
    files: tuple[str, ...] = field(default=())  # the student's file names (filled from the rubric)
    given: tuple[str, ...] = field(default=())  # files it puts beside them (filled from the rubric)

    def student_files(self) -> tuple[str, ...]:
        """The names of the files students hand in for this lab (every alternative of a tester)."""
        return self.files or self._rubric_files("files")

    def given_files(self) -> tuple[str, ...]:
        """The names of the reference files put beside a student's (``stand_ins``): a folder of
        this lab may hold them too, e.g. a student's own file reused from another lab."""
        return self.given or self._rubric_files("stand_ins")

    def _rubric_files(self, key: str) -> tuple[str, ...]:
        return _rubric_files(self.rubric, key)


@lru_cache(maxsize=16)
def _rubric_activities(rubric: Path) -> tuple[dict, ...]:
    """A rubric's activities as plain data, read once per process."""
    from grader.lab.yaml_files import load_yaml  # only when a lab must be detected from a folder

    return tuple(load_yaml(rubric.read_text(encoding="utf-8")).get("activities", []))


def _rubric_files(rubric: Path, key: str) -> tuple[str, ...]:
    """The file names under ``key`` (files, stand_ins) of every activity of a rubric."""
    return tuple(name for activity in _rubric_activities(rubric) for entry in activity.get(key, None) or []
                 for name in str(entry).split("|"))


@lru_cache(maxsize=1)
def _load_labs() -> tuple[dict[str, Lab], dict[str, str]]:
    labs: dict[str, Lab] = {}
    broken: dict[str, str] = {}
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
        try:
            lab = point.load()
        except Exception as exc:  # noqa: BLE001 - one broken lab must not stop the others
            broken[point.name] = f"{point.value} could not be loaded ({type(exc).__name__}: {exc})"
            continue
        if not isinstance(lab, Lab):
            broken[point.name] = f"{point.value} is not a grader.lab.registry.Lab"
        elif lab.id in labs:
            broken[point.name] = f"another installed package already provides a lab called {lab.id!r}"
        else:
            labs[lab.id] = lab
    return labs, broken


def installed_labs() -> dict[str, Lab]:
    """Every lab registered under the ``grader.labs`` entry point group that loads, by id."""
    return _load_labs()[0]


def broken_labs() -> dict[str, str]:
    """Entry points that name no usable lab, and why: `grader labs` shows them."""
    return _load_labs()[1]


def get_lab(lab_id: str) -> Lab:
    labs = installed_labs()
    found = labs.get(lab_id.strip().lower())
    if found is None:
        names = ", ".join(labs) or "none"
        from grader.lab.suite_index import closest

        raise LabError(f"there is no lab {lab_id!r} installed{closest(lab_id.strip().lower(), list(labs))}. Installed labs: {names} "
                       "(`grader labs` lists them with their activities)")
    return found


def detect_lab(folder: Path) -> Lab:
    """The one installed lab whose student files ``folder`` holds.

    Labs share file names (a lab may reuse another lab's classes, which its students keep in
    the folder), so a file no other lab knows says more than a shared one: labs are
    ranked first by how many of their own distinctive files are present, then by how many of
    all the files they grade are.
    """
    labs = installed_labs()
    if len(labs) == 1:
        return next(iter(labs.values()))
    if not labs:
        raise LabError("no usable lab is installed (`grader labs` says why); reinstall the grader or your kit")
    present = _file_names(folder)
    graded = {lab_id: _with_java(lab.student_files()) for lab_id, lab in labs.items()}
    known = {lab_id: graded[lab_id] | _with_java(lab.given_files()) for lab_id, lab in labs.items()}
    scores = {}
    for lab_id, names in graded.items():
        others = set().union(*(theirs for other, theirs in known.items() if other != lab_id))
        scores[lab_id] = (len(present & (names - others)), len(present & names))
    best = max(scores.values(), default=(0, 0))
    winners = [lab_id for lab_id, score in scores.items() if score == best and score[1] > 0]
    if len(winners) == 1:
        return labs[winners[0]]
    candidates = ", ".join(winners or labs)
    raise LabError(f"cannot tell which lab {folder} is for (it could be {candidates}). "
                   "Say which with --lab ID, or give a rubric whose `lab:` names it")


def _with_java(names: tuple[str, ...]) -> set[str]:
    """File names (lower case) with the Java twin of each Python one (``widget_box.py`` ->
    ``widgetbox.java``), so a Java submission tells its lab as a Python one does."""
    from grader.java.sources import java_file

    return {name.lower() for name in names} | {java_file(name).lower() for name in names if name.endswith(".py")}


def _file_names(folder: Path) -> set[str]:
    """The names of the files in ``folder``, in its subfolders and in the zips there (lower case),
    never looking in a virtual environment, ``.git`` or build output (intake/walking.py)."""
    from grader.intake import safe_paths
    from grader.intake.walking import files_under

    names: set[str] = set()
    if not folder.is_dir():
        return names
    for path in files_under(folder):
        names.add(path.name.lower())
        if path.suffix.lower() == ".zip":
            listed = safe_paths.archive_names(path, safe_paths.MAX_ENTRIES)  # never raises, whatever the zip holds
            names.update(name.replace("\\", "/").rsplit("/", 1)[-1].lower() for name in listed or [])
    return names
