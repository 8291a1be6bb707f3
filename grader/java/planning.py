"""Planning a Java submission: which activities it can be graded on, with which files.

An activity that grades Python files (``widget_box.py``) is graded from the matching Java classes
(``WidgetBox.java``, found by sources.py) beside the lab's reference Java classes for its stand-ins
(``reference/java/Widget.java`` for ``widget.py``), and the Java twins of its harness files
(``harness/java/``). Activities without Python files (written answers)
are planned as for any submission. An activity the lab has not declared gradable in Java
(``Lab.java_activities``), is reported as not
graded for Java, never silently scored as missing work.
"""

from pathlib import Path

from grader.engine.plan import ActivityPlan
from grader.java.contract import outside_contract
from grader.java.jdk import jdk_problem
from grader.java.sources import class_name, is_java_submission, java_sources
from grader.java.started import not_started_note, starter_copies, unwritten_methods
from grader.kit.edition import is_kit
from grader.lab.rubric import Activity, Rubric

# The student's other classes copied beside each activity's (the first ones by name): a real
# project has a few; a folder of thousands would only slow every compilation down.
MAX_EXTRAS = 200
MAX_EXTRA_BYTES = 1 << 20


def _python_names(activity: Activity, key: str = "files") -> list[str]:
    return [name for entry in getattr(activity, key) for name in entry.split("|") if name.endswith(".py")]


class JavaPlanner:
    def __init__(self, rubric: Rubric, folder: Path) -> None:
        self.rubric = rubric
        self.folder = folder
        self.sources = java_sources(folder)
        home = rubric.home
        self.supported = set(home.java_activities) if home is not None else set()
        self.reference = rubric.stand_in_folder / "java" if home is not None else None
        self.harness = rubric.harness_folder / "java" if home is not None and rubric.harness_folder else None

    @classmethod
    def for_folder(cls, rubric: Rubric, folder: Path, present: set[str]) -> "JavaPlanner | None":
        python_files = [name for a in rubric.activities for name in (*_python_names(a), *_python_names(a, "stand_ins"))]
        if not python_files or not folder.is_dir() or not is_java_submission(folder, python_files, present):
            return None
        return cls(rubric, folder)

    def plans(self, activity: Activity) -> bool:
        """Whether this planner (rather than the Python one) plans ``activity``: it grades code."""
        return bool(_python_names(activity))

    def plan(self, activity: Activity, plan) -> None:
        problem = jdk_problem()
        if problem:
            plan.notes[activity.id] = problem
            return
        if activity.id not in self.supported:
            plan.notes[activity.id] = ("this activity is not graded for Java submissions yet (the grader cannot run "
                                       "its checks on Java classes); your teacher grades it another way.")
            return
        files: dict[str, str] = {}
        own: list[str] = []
        missing = []
        for entry in activity.files:
            # A tester may have several names (widget_tester.py|test_widget.py): any of their Java twins.
            names = [class_name(name) for name in entry.split("|")]
            path = self._chosen([(java, self.sources[java]) for java in names if java in self.sources])
            if path is None:
                missing.append(f"{names[0]}.java was not found in your folder (nor in any folder inside it)")
                continue
            shown = path.relative_to(self.folder).as_posix()
            files[shown] = str(path.resolve())
            own.append(shown)
        if missing:
            plan.notes[activity.id] = "; ".join(missing) + "."
            return
        if self._not_started(activity, own, plan):
            return
        if is_kit() and activity.uses:
            plan.notes[activity.id] = ("the student kit does not run Java testers yet (it holds none of the lab's Java "
                                       "classes to run yours against); your teacher's grading does.")
            plan.waiting.append(activity.id)  # "not checked yet", never "not handed in"
            return
        lab_files = [(name, self.reference) for name in activity.stand_ins]
        lab_files += [(name, self.harness) for name in activity.harness]
        for name, folder in lab_files:
            java = f"{class_name(name)}.java"
            given = folder / java if folder is not None else None
            if is_kit() and name in activity.stand_ins and (given is None or not given.is_file()):
                # The student kit has no reference class: the student's own stands in once its
                # activity passes (grader/kit/own_files.py decides when it must wait).
                given = self.sources.get(class_name(name))
                if given is None:
                    plan.notes[activity.id] = (f"in the student kit this activity runs on your own {java}, and it is "
                                               "not in your folder. Write it first.")
                    plan.waiting.append(activity.id)
                    return
                files[given.relative_to(self.folder).as_posix()] = str(given.resolve())
                continue
            if given is None or not given.is_file():
                plan.notes[activity.id] = f"the lab has no Java version of {name} ({java}), so this activity cannot be graded in Java."
                return
            files[java] = str(given)
        theirs = {} if is_kit() else self._their_versions(activity.stand_ins)
        outside, note = self._outside_contract(activity, own)
        plan.activities[activity.id] = ActivityPlan(id=activity.id, files=files, modules=activity.modules,
                                                    disable=list(activity.disable), own=own, language="java",
                                                    extras=self._extras(), theirs=theirs,
                                                    outside_contract=outside, contract_note=note)

    def _outside_contract(self, activity: Activity, own: list[str]) -> tuple[list[str], str]:
        """The activity's tests the student's handout never asked for (contract.py), unless
        they are all its tests that count: then there is nothing to share their points with,
        and they run."""
        home = self.rubric.home
        optional = home.java_optional_methods if home is not None else ()
        if not optional:
            return [], ""
        classes = {Path(name).stem: self.folder / name for name in own}
        tests, note = outside_contract(optional, activity.id, classes)
        if not any(entry.test not in tests and self.rubric.counts(entry) for entry in activity.tests):
            return [], ""
        return tests, note

    def _chosen(self, found: list[tuple[str, Path]]) -> Path | None:
        """Of the student's classes that can stand for one file (``DeckTester`` or a JUnit
        ``DeckTest``), the first that is not the starter's copy left as it was handed out: a
        student who keeps the starter's DeckTester and writes their own DeckTest is graded on
        theirs. The first, when every one is the starter's (or there is no starter)."""
        home = self.rubric.home
        starter = home.starter / "java" if home is not None and home.starter is not None else None
        for name, path in found:
            if not starter_copies({name: path}, starter):
                return path
        return found[0][1] if found else None

    def _shown(self, path: Path) -> str:
        return path.relative_to(self.folder).as_posix()

    def _not_started(self, activity: Activity, own: list[str], plan) -> bool:
        """Mark ``activity`` not started (started.py) if it is; whether it was."""
        home = self.rubric.home
        starter = home.starter / "java" if home is not None and home.starter is not None else None
        classes = {Path(name).stem: self.folder / name for name in own}
        methods = dict(home.java_methods).get(activity.id, ()) if home is not None else ()
        unwritten = unwritten_methods(classes, methods, starter) if methods else None
        if not unwritten and not starter_copies(classes, starter):
            return False
        plan.not_started.append(activity.id)
        plan.notes[activity.id] = not_started_note(own, unwritten)
        return True

    def _lab_classes(self) -> set[str]:
        """Every class name the lab knows (its students' files, the stand-ins, the harness)."""
        names = {class_name(name) for a in self.rubric.activities
                 for entry in (*a.files, *a.stand_ins, *a.harness, *a.uses) for name in entry.split("|")}
        for folder in (self.reference, self.harness):
            if folder is not None and folder.is_dir():
                names.update(path.stem for path in folder.glob("*.java"))
        return names

    def _extras(self) -> dict[str, str]:
        """The student's classes that are not the lab's (a helper class of theirs): name in the
        submission -> path. They are compiled only where the classes under test use them."""
        lab = self._lab_classes()
        found = {}
        for name, path in sorted(self.sources.items()):
            if name in lab or len(found) >= MAX_EXTRAS:
                continue
            try:
                if path.stat().st_size > MAX_EXTRA_BYTES:
                    continue  # no helper class is that big: not copied for every activity
            except OSError:
                continue
            found[self._shown(path)] = str(path.resolve())
        return found

    def _their_versions(self, stand_ins: tuple[str, ...]) -> dict[str, str]:
        """The student's own versions of the activity's stand-ins: name in the submission -> path
        (used only if the activity's classes compile with nothing else: theirs.py)."""
        found = {}
        for name in stand_ins:
            path = self.sources.get(class_name(name))
            if path is not None:
                found[self._shown(path)] = str(path.resolve())
        return found
