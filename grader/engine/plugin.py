"""The pytest plugin that runs the activity suites against sandboxed submissions.

Loaded with ``-p grader.engine.plugin --grader-plan PLAN.json`` in a trusted process. It

- parametrizes every suite test over the submissions that have that activity's files;
- orders tests submission by submission, so one sandbox per (submission, activity) is started,
  reused by all its tests through a fresh fork each, and killed before the next submission;
- gives each test a seed (recorded) and a ``student`` proxy on a fresh fork of that sandbox's
  zygote, which imports the student's files for that test alone;
- records the grader's view of each test (submission, activity, outcome, message, seed, output)
  and saves each submission's records when its last test ends (engine/records.py), which is
  what scoring reads.
"""

import json
import time
from pathlib import Path

import pytest

from grader.lab.answers import AnswersError, load_answers
from grader.engine.outcomes import classify, student_location
from grader.engine.plan import GradingPlan
from grader.engine.items import (
    RUN,
    SEED,
    activity_id_of,
    activity_of,
    display_name,
    number_runs,
    seed_of,
    selected,
    submission_of,
    tag,
)
from grader.engine.records import write_records
from grader.engine.seeds import test_seed
from grader.idiom import PYTHON, Idiom, begin, end
from grader.idiom.java import JavaIdiom, spellings_in
from grader.java.session import JvmSession, end_submission_jvm
from grader.java.testers import JavaOwnTests
from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader.lab.rubric import load_rubric
from grader.sandbox import Limits, SandboxSession, Student, StudentLoadError
from grader.sandbox.launcher import Launcher

STATE = pytest.StashKey["GradingState"]()
_RUNNING: list["GradingState"] = []  # for the one hook that is not given the config


class GradingState:
    def __init__(self, plan: GradingPlan) -> None:
        self.plan = plan
        self.rubric = load_rubric(plan.rubric_path)
        self.limits = Limits(**plan.limits)
        self.submissions = {s.id: s for s in plan.submissions}
        self.order = {s.id: i for i, s in enumerate(plan.submissions)}
        self.current: tuple[str, str] | None = None
        self.session: SandboxSession | None = None
        self.started: dict[str, float] = {}
        self.last_item_of: dict[str, str] = {}
        # (submission, activity) whose gate test failed: their other tests cannot score, so they
        # are skipped rather than run (a tester that hangs would otherwise time out on each).
        self.closed_gates: set[tuple[str, str]] = set()
        self.records: dict[str, list[dict]] = {}
        self.suite_activity: dict[str, object] = {}

    def session_for(self, submission_id: str, activity_id: str) -> SandboxSession:
        key = (submission_id, activity_id)
        if key != self.current:
            self.close()
            activity = self.submissions[submission_id].activities[activity_id]
            files = {name: Path(path) for name, path in activity.files.items()}
            if activity.language == "java":  # the submission's own JVM, shared by its activities only
                home = self.rubric.home
                self.session = JvmSession(files, activity.modules, self.limits, tuple(activity.disable),
                                          own=tuple(activity.own), submission=submission_id,
                                          extras={name: Path(path) for name, path in activity.extras.items()},
                                          theirs={name: Path(path) for name, path in activity.theirs.items()},
                                          programs=home.java_programs if home is not None else ())
                self.session.spellings = self.java_spellings()
            else:
                self.session = SandboxSession(files, activity.modules, self.limits, tuple(activity.disable),
                                              own=tuple(activity.own), aliases=activity.aliases)
            self.current = key
        return self.session

    def java_spellings(self) -> frozenset[str]:
        """How the lab's own Java classes spell their methods (grader/idiom/java.py)."""
        folders = [self.rubric.stand_in_folder / "java"]
        if self.rubric.harness_folder:
            folders.append(self.rubric.harness_folder / "java")
        return spellings_in(tuple(str(folder) for folder in folders))

    def idiom_for(self, submission_id: str, activity_id: str) -> Idiom:
        """The words of this test's messages: the submission's language (grader/idiom/). A Java
        activity's session knows the student's own spellings; a tester or answers activity of a
        Java submission speaks Java with the lab's."""
        if self.submissions[submission_id].language != "java":
            return PYTHON
        if isinstance(self.session, JvmSession) and self.current == (submission_id, activity_id):
            return self.session.idiom
        return JavaIdiom(spellings=self.java_spellings())

    def close(self) -> None:
        """End the activity's sandboxes: its session, and the warm sandbox of a tester activity
        (the engine runs one activity's tests together, so a new key means this one is done)."""
        if self.session is not None:
            self.session.close()
        close_warm_sandboxes()
        self.session = self.current = None

    def tester_activity(self, submission_id: str, activity_id: str) -> None:
        """A tester activity's test is next: the sandboxes of the activity before it end now."""
        key = (submission_id, activity_id)
        if key != self.current:
            self.close()
            self.current = key


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--grader-plan", help="the grading plan JSON written by `grader grade`")


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--grader-plan")
    if path:
        plan = GradingPlan.from_json(Path(path).read_text(encoding="utf-8"))
        Launcher.run_level = plan.isolation
        Launcher.run_filter = bytes.fromhex(plan.seccomp_filter) if plan.seccomp_filter else None
        config.stash[STATE] = GradingState(plan)
        _RUNNING.append(config.stash[STATE])


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A suite that cannot be collected: said in the grading process's log (its terminal report
    is off, engine/shard.py), which the command quotes when that process fails."""
    if report.failed:
        print(f"collecting {report.nodeid or 'the suites'} failed:\n{report.longreprtext}", flush=True)


def pytest_keyboard_interrupt(excinfo) -> None:
    """Ctrl-C, or the command stopping this shard: end every sandbox now, before pytest tears
    down the running test's fixtures, which would otherwise wait for a busy worker to finish."""
    for state in list(_RUNNING):
        state.close()
    end_submission_jvm()


def pytest_unconfigure(config: pytest.Config) -> None:
    state = config.stash.get(STATE, None)
    if state is not None:
        state.close()
    end_submission_jvm()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    state = metafunc.config.stash.get(STATE, None)
    if state is None or not {"student", "answers", "own_tests"} & set(metafunc.fixturenames):
        return
    activity = activity_of(state, metafunc.module.__file__)
    ids = [] if activity is None else [s.id for s in state.plan.submissions if activity.id in s.activities]
    # A submission's place in the plan names it in pytest's ids, never its id: pytest writes a
    # non-ASCII id escaped (zoë as zo\xeb), which no report name or --test could match.
    metafunc.parametrize("submission_id", ids, ids=[tag(state, i) for i in ids])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    state = config.stash.get(STATE, None)
    if state is None:
        return
    number_runs(state, items)
    keep, drop = [], []
    for item in items:
        (keep if selected(state, item) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
    activity_rank = {a.id: i for i, a in enumerate(state.rubric.activities)}
    keep.sort(key=lambda it: (state.order[submission_of(it)], activity_rank[activity_id_of(state, it)]))
    items[:] = keep
    for item in keep:
        state.last_item_of[submission_of(item)] = item.nodeid
    # A submission none of whose tests were selected (a filter left it nothing) is finished now.
    for sub in state.plan.submissions:
        if sub.id not in state.last_item_of:
            _submission_done(state, sub.id)


def _check_budget(state: GradingState, item: pytest.Item, submission_id: str) -> None:
    """Fail the test unrun once this submission has used up its wall-clock budget."""
    started = state.started.setdefault(submission_id, time.monotonic())
    if time.monotonic() - started > state.plan.submission_seconds:
        item.stash[BUDGET_SPENT] = True
        pytest.fail(f"grading this submission took over {state.plan.submission_seconds:g} s in all, so its remaining tests were not run")


@pytest.fixture
def student(request: pytest.FixtureRequest, submission_id: str):
    """A ``Student`` proxy on a fresh sandbox worker for this test and this submission."""
    state: GradingState = request.config.stash[STATE]
    item = request.node
    activity_id = activity_id_of(state, item)
    seed = seed_of(state, item, activity_id)
    _check_budget(state, item, submission_id)
    session = state.session_for(submission_id, activity_id)
    link = session.worker(seed)  # starts and loads the sandbox on its first test
    offset = session.output_end()
    try:
        yield Student(link, list(session.modules))
    finally:
        link.finish()
        text, _ = session.output_since(offset)
        item.stash[OUTPUT] = text
        # How the activity was graded (a given class of the student's, a program run through its
        # main) and what the grader read for this test: for the record (grader/java/).
        item.stash[HOW] = {"given_own": list(getattr(session, "given_own", [])),
                           "activity_note": session.activity_note() if hasattr(session, "activity_note") else "",
                           "read": link.message_notes() if hasattr(link, "message_notes") else ""}


@pytest.fixture
def answers(request: pytest.FixtureRequest, submission_id: str) -> dict:
    """The student's written answers for this activity (its .yaml file), read as data (never
    run; see grader/lab/answers.py)."""
    state: GradingState = request.config.stash[STATE]
    activity = state.submissions[submission_id].activities[activity_id_of(state, request.node)]
    try:
        return load_answers(next(path for name, path in activity.files.items() if name.endswith(".yaml")))
    except (AnswersError, OSError) as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture
def own_tests(request: pytest.FixtureRequest, submission_id: str) -> OwnTests:
    """The student's own tester files for this activity (Activity 5), to run against any class."""
    state: GradingState = request.config.stash[STATE]
    item = request.node
    activity_id = activity_id_of(state, item)
    if (submission_id, activity_id) in state.closed_gates:
        pytest.skip("not run: your tester rejected a correct class, so this activity scores 0")
    _check_budget(state, item, submission_id)
    state.tester_activity(submission_id, activity_id)
    activity = state.submissions[submission_id].activities[activity_id]
    # One seed for every run of the tester in this activity: a seed that depended on the class
    # under test (the test's parameter) would let a tester tell the classes apart by drawing a
    # random number first.
    seed = test_seed(state.plan.base_seed, activity_id, "every tester run")
    item.stash[SEED] = seed
    files = {name: Path(path) for name, path in activity.files.items()}
    if activity.language == "java":
        return JavaOwnTests(files, seed, state.limits, submission=submission_id)
    tests = OwnTests(files, seed, state.limits)
    tests.yours = {name: Path(path) for name, path in activity.yours.items()}  # a student kit's own files
    tests.aliases = dict(activity.aliases)  # `from Widget import Widget` in a tester, when widget.py was handed in as Widget.py
    return tests


def _submission_done(state: "GradingState", submission_id: str) -> None:
    """End the submission's JVM (none serves two submissions), save its records for good (for
    --resume), then report it finished."""
    end_submission_jvm()
    unit = state.submissions[submission_id]
    key = unit.key
    if state.plan.records_dir:
        write_records(Path(state.plan.records_dir), key, state.records.pop(submission_id, []), unit.digest)
    if state.plan.progress_file:
        with open(state.plan.progress_file, "a", encoding="utf-8") as progress:
            progress.write(json.dumps(key) + "\n")  # one line whatever the key holds (batch.py reads it)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Run the test speaking its submission's language: every message it writes (values, calls,
    hints given as a Twin) is in the student's words."""
    state = item.config.stash.get(STATE, None)
    submission = item.callspec.params.get("submission_id") if hasattr(item, "callspec") else None
    if state is None or submission not in state.submissions:
        yield
        return
    token = begin(state.idiom_for(submission, activity_id_of(state, item)))
    try:
        yield
    finally:
        end(token)


OUTPUT = pytest.StashKey[str]()
BUDGET_SPENT = pytest.StashKey[bool]()
RESULT = pytest.StashKey[dict]()
HOW = pytest.StashKey[dict]()


def _commit(state: GradingState, item: pytest.Item) -> None:
    """Save the test's record with its submission's (the gate it closes, if it is one), and
    finish the submission after its last test."""
    result = item.stash.get(RESULT, None)
    if result is None:
        return
    entry = state.rubric.activity(result["activity"]).points_for(item.originalname)
    if entry is not None and entry.gate and result["outcome"] not in ("passed", "skipped"):
        state.closed_gates.add((result["submission"], result["activity"]))
    state.records.setdefault(result["submission"], []).append(dict(result))
    if item.nodeid == state.last_item_of.get(result["submission"]):
        _submission_done(state, result["submission"])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Record the grader's view of each phase of each test (set-up, call, tear-down); the
    record is complete after tear-down, and saved then (``_commit``)."""
    yield
    result = item.stash.get(RESULT, None)
    if result is None:
        state = item.config.stash.get(STATE, None)
        if state is None or not hasattr(item, "callspec"):
            return
        run, runs = item.stash.get(RUN, (0, 1))
        result = item.stash[RESULT] = {
            "submission": submission_of(item), "activity": activity_id_of(state, item), "test": item.originalname,
            "name": display_name(state, item), "outcome": "passed", "message": "", "run": run, "runs": runs, "duration": 0.0,
        }
    result["duration"] = round(result["duration"] + call.duration, 6)
    if call.excinfo is not None and result["outcome"] == "passed":
        result["outcome"], result["message"] = classify(call.excinfo.value, budget=item.stash.get(BUDGET_SPENT, False))
        result.update(student_location(call.excinfo.value))
        result["load_error"] = isinstance(call.excinfo.value, StudentLoadError)
    result["seed"] = item.stash.get(SEED, None)
    if call.when == "teardown":
        result["output"] = item.stash.get(OUTPUT, "")
        how = item.stash.get(HOW, {})
        if how.get("read") and result["outcome"] not in ("passed", "skipped"):
            result["message"] = f"{result['message']}\n{how['read']}"
        if how.get("given_own"):
            result["given_own"] = how["given_own"]
        if how.get("activity_note") and result["outcome"] not in ("passed", "skipped"):
            result["activity_note"] = how["activity_note"]  # explains a failure; a pass needs no word
        _commit(item.config.stash[STATE], item)
