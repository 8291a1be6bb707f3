"""``.github/workflows/classroom.yml`` for a student repository: one grading step per activity,
then GitHub Classroom's reporter, which adds up the points and hands them to Classroom.

What Classroom and its reporter need, and why each part is there:

- the job id ``run-autograding-tests``: Classroom finds the grading run by that name;
- the triggers of Classroom's own generated workflows, ``push`` and ``repository_dispatch`` (which
  Classroom sends to grade again), and ``workflow_dispatch`` so that a teacher can re-run it by hand;
- ``if: github.actor != 'github-classroom[bot]'``: no grading of the commit Classroom makes
  when it creates the repository;
- ``checks: write``, as in Classroom's own template (earlier versions of the reporter wrote the
  points onto the check run; the current one writes them as notices in the log);
- each grading step has an ``id`` and writes ``result`` to ``$GITHUB_OUTPUT``
  (``grader check --github``); the reporter's ``runners`` input lists those ids, and it reads
  each result from the environment variable ``<ID IN UPPER CASE>_RESULTS``. The reporter upper-
  cases the id and nothing else (src/main.js), so a ``-`` would have to stay a ``-`` in the
  variable's name; our ids are letters and digits only (``a1``, ``a5b``, ``bonustens``), so the
  variable is the id in upper case followed by ``_RESULTS`` whichever way one reads the rule;
- each step after the first reads the previous step's ``total`` output as ``GRADER_TOTAL_BEFORE``,
  so the reporter's floating-point sum ends exactly on the grader's total (exact_total.py), and
  every step gets ``GRADER_MAX_ANNOTATIONS``, its share of GitHub's 50 annotations per job;
- the steps grade the folder that holds the lab's files (lab_folder.py), ``.`` when it is the top.

The text is written by hand rather than dumped, so the teacher gets a readable file with
comments; the tests parse it with ``yaml.safe_load``. Strings are written as JSON strings, which
are valid YAML double-quoted scalars.
"""

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from grader.integrations.github.annotations import CAP_VARIABLE, DEFAULT_CAP
from grader.integrations.github.exact_total import TOTAL_VARIABLE
from grader.lab.rubric import Activity, Rubric

WORKFLOW_PATH = Path(".github/workflows/classroom.yml")
RUBRIC_PATH = Path(".github/grader/rubric.yaml")  # where `init --rubric` copies the teacher's rubric
JOB_ID = "run-autograding-tests"
PYTHON_VERSION = "3.12"
STEP_MINUTES = 10  # per grading step; the whole lab takes seconds
# The whole job, installing included: without it GitHub allows 6 hours, all billed to the
# organisation's Actions minutes, when a runner or an install hangs.
JOB_MINUTES = 30
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
# GitHub keeps 50 annotations per job; the reporter adds two notices (the points) at the end.
JOB_ANNOTATIONS = 40


class WorkflowError(ValueError):
    """What is wrong with what ``grader classroom init`` was given, with the fix."""


@dataclass(frozen=True)
class GradingStep:
    step_id: str  # letters and digits: a valid step id, and the same in the reporter's variable name
    activity: Activity
    command: str  # the `run:` line

    @property
    def env_name(self) -> str:
        return f"{self.step_id.upper()}_RESULTS"


def step_id(activity_id: str, taken: set[str]) -> str:
    """``A1`` -> ``a1``, ``bonus-tens`` -> ``bonustens``: lower case, letters and digits only,
    starting with a letter, never one already ``taken``."""
    base = re.sub(r"[^a-z0-9]", "", activity_id.lower())
    if not base or not base[0].isalpha():
        base = f"activity{base}"
    found, number = base, 2
    while found in taken:
        found, number = f"{base}{number}", number + 1
    taken.add(found)
    return found


def grading_steps(activities: list[Activity], rubric_in_repo: str = "", lab: str = "", folder: str = ".") -> list[GradingStep]:
    """One step per activity, grading ``folder`` (relative to the repository). Each names its
    rubric (copied into the repository) or its lab, so a runner with several labs installed
    never has to guess from the student's files."""
    taken: set[str] = set()
    steps = []
    for activity in activities:
        parts = ["grader", "check", *([] if folder == "." else [folder]), "--activity", activity.id, "--github"]
        if rubric_in_repo:
            parts += ["--rubric", rubric_in_repo]
        elif lab:
            parts += ["--lab", lab]
        steps.append(GradingStep(step_id(activity.id, taken), activity, " ".join(shlex.quote(p) for p in parts)))
    return steps


def chosen_activities(rubric: Rubric, chosen: list[str]) -> list[Activity]:
    """The activities asked for (rubric order), or every one but the bonus ones: Classroom has no
    bonus, and its reporter would add a bonus activity's points to the maximum."""
    if chosen:
        return [a for a in rubric.activities if a.id in chosen]
    return [a for a in rubric.activities if not a.is_bonus]


def check_install(spec: str) -> str:
    spec = spec.strip()
    if not spec:
        raise WorkflowError("--install is empty. It is the pip requirement that installs this grader on GitHub's "
                            "machine, e.g. --install 'git+https://github.com/YOUR-ORG/elevens-grader@v0.1.0'")
    if "${{" in spec or "\n" in spec:
        raise WorkflowError(f"--install {spec!r} holds a newline or '${{{{', which GitHub would read as part of the "
                            "workflow. Give a plain pip requirement: a package name, a wheel URL or git+https://…@TAG")
    return spec


def render_workflow(steps: list[GradingStep], install: str, rubric_label: str, kit: bool = False) -> str:
    """The workflow's text. ``rubric_label`` is only shown in a comment; ``kit``: ``install`` is the
    student kit (public tests only), not the full grader."""
    q = json.dumps
    what = (["# The grader installed is the student kit (.github/grader/): it holds the public tests only and",
             "# no answer, so every point here comes from a public test (docs/kit.md). A question with few",
             "# possible answers is checked for its format only and is worth 0 here: its points are yours to",
             "# give, with `grader grade` on the clones."] if kit else
            ["# The grader installed is the FULL grader: its hidden tests count, and students can read them."])
    lines = [
        "# GitHub Classroom autograding, written by `grader classroom init`.",
        f"# Rubric: {rubric_label}. Activities: {', '.join(s.activity.id for s in steps)}.",
        *what,
        "# Each grading step runs `grader check --activity ID --github`, which hands its points to the",
        "# reporter (the last step) through the step's `result` output; the reporter adds them up and",
        "# Classroom records the total.",
        "# Do not add autograding tests in the assignment's settings: Classroom would replace this file.",
        "name: Autograding Tests",
        '"on":',
        "  push:",
        "  repository_dispatch:",
        "  workflow_dispatch:",
        "permissions:",
        "  checks: write",
        "  actions: read",
        "  contents: read",
        "jobs:",
        f"  {JOB_ID}:",
        "    runs-on: ubuntu-latest",
        f"    timeout-minutes: {JOB_MINUTES}",
        "    if: github.actor != 'github-classroom[bot]'",
        "    steps:",
        "      - name: Check out the student's code",
        "        uses: actions/checkout@v4",
        "      - name: Set up Python",
        "        uses: actions/setup-python@v5",
        "        with:",
        f"          python-version: {q(PYTHON_VERSION)}",
        "      - name: Install the grader",
        f"        run: {q('python -m pip install --quiet ' + shlex.quote(install))}",
    ]
    cap = annotation_share(len(steps))
    for number, step in enumerate(steps):
        lines += [
            f"      - name: {q(f'{step.activity.id} {step.activity.title}')}",
            f"        id: {step.step_id}",
            f"        timeout-minutes: {STEP_MINUTES}",
            f"        run: {q(step.command)}",
            "        env:",
            f"          {CAP_VARIABLE}: {q(str(cap))}",
        ]
        if number:
            lines.append(f"          {TOTAL_VARIABLE}: {q('${{steps.' + steps[number - 1].step_id + '.outputs.total}}')}")
    lines += [
        "      - name: Autograding Reporter",
        f"        uses: {REPORTER}",
        "        env:",
        *(f"          {s.env_name}: {q('${{steps.' + s.step_id + '.outputs.result}}')}" for s in steps),
        "        with:",
        f"          runners: {q(','.join(s.step_id for s in steps))}",
    ]
    return "\n".join(lines) + "\n"


def annotation_share(steps: int) -> int:
    """Error notes per step: all steps together stay within ``JOB_ANNOTATIONS``, 3 at most each."""
    return max(1, min(DEFAULT_CAP, JOB_ANNOTATIONS // max(1, steps)))


def write_workflow(folder: Path, rubric: Rubric, chosen: list[str], install: str, rubric_file: Path | None,
                   force: bool, lab_folder: str = ".", kit: bool = False) -> tuple[list[Path], list[GradingStep]]:
    """Write the workflow (and the teacher's rubric, when given) into the repository ``folder``.

    Returns the files written and the grading steps. Refuses to replace an existing file unless
    ``force``: the teacher may have edited it.
    """
    if not folder.is_dir():
        raise WorkflowError(f"{folder} is not a folder. Give the folder of your template repository "
                            "(the one that holds .git), or create it first")
    install = check_install(install)
    activities = chosen_activities(rubric, chosen)
    if not activities:
        raise WorkflowError("the rubric has no activity to grade. Name some with --activity, e.g. --activity A1")
    workflow = folder / WORKFLOW_PATH
    targets = [workflow] + ([folder / RUBRIC_PATH] if rubric_file else [])
    existing = [t for t in targets if t.exists()]
    if existing and not force:
        raise WorkflowError(f"{existing[0]} already exists, and init never replaces a file you may have edited. "
                            "Move it away, or run again with --force to replace it")
    rubric_text = rubric_file.read_bytes() if rubric_file else None
    steps = grading_steps(activities, RUBRIC_PATH.as_posix() if rubric_file else "", rubric.lab, lab_folder)
    label = RUBRIC_PATH.as_posix() if rubric_file else "the one built into the student kit" if kit else "the one bundled with the grader"
    workflow.parent.mkdir(parents=True, exist_ok=True)
    written = []
    if rubric_text is not None:
        (folder / RUBRIC_PATH).parent.mkdir(parents=True, exist_ok=True)
        (folder / RUBRIC_PATH).write_bytes(rubric_text)
        written.append(folder / RUBRIC_PATH)
    workflow.write_text(render_workflow(steps, install, label, kit), encoding="utf-8")
    written.insert(0, workflow)
    return written, steps
