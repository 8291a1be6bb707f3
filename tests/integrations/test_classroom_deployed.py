"""GitHub Classroom as deployed: the installed wheel writes the workflow into a template made by
`grader handout` (files in starter/), every grading step runs as written (bash, the installed
`grader` on PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY set, each step's `env:` filled in from
the earlier steps' outputs as GitHub would), and the reporter's own logic
(tests/integrations/classroom_reporter.py) turns the outputs into what Classroom records.

That must be exactly `grader grade`'s total, as text, for the teacher's solution, a buggy
submission and the untouched starter; and the error annotations of the whole job must stay well
under GitHub's 50, leaving room for the reporter's two notices.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.classroom import card_with, reference_submission
from tests.integrations.classroom_reporter import js_number, report
from tests.lab_loader import ROOT

JOB = "run-autograding-tests"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"
GITHUB_ANNOTATION_CAP = 50
# A Card whose toString leaves out the point value (some runs of A1 fail) and which raises on a
# rank it does not know (an exception on the student's own line, for an annotation).
BUGGY_CARD = card_with({'        return f"{self._rank} of {self._suit} (point value = {self._point_value})"':
                        '        return f"{self._rank} of {self._suit}"'})


def fill(value: str, outputs: dict[str, dict[str, str]]) -> str:
    """``${{steps.ID.outputs.NAME}}`` as GitHub fills it in ("" for an output never written)."""
    return re.sub(r"\$\{\{\s*steps\.([\w-]+)\.outputs\.(\w+)\s*\}\}", lambda m: outputs.get(m[1], {}).get(m[2], ""), value)


def run_workflow(installed_grader, repo: Path, scratch: Path) -> tuple[dict, dict, list[str]]:
    """Every grading step as a runner would run it; the reporter step's env, its inputs and the
    error annotations the steps printed."""
    workflow = yaml.safe_load((repo / ".github" / "workflows" / "classroom.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"][JOB]["steps"]
    outputs: dict[str, dict[str, str]] = {}
    annotations: list[str] = []
    for step in steps:
        if "run" not in step or not step["run"].startswith("grader check"):
            continue
        output, summary = scratch / f"{step['id']}.out", scratch / f"{step['id']}.md"
        output.write_text("")
        env = {name: fill(str(value), outputs) for name, value in step.get("env", {}).items()}
        done = subprocess.run(["bash", "-e", "-c", step["run"]], capture_output=True, text=True, cwd=repo, timeout=600,
                              env=installed_grader.env(GITHUB_OUTPUT=str(output), GITHUB_STEP_SUMMARY=str(summary),
                                                       GITHUB_WORKSPACE=str(repo), GITHUB_ACTIONS="true", **env))
        assert done.returncode == 0, done.stdout + done.stderr
        outputs[step["id"]] = dict(line.split("=", 1) for line in output.read_text().splitlines())
        annotations += [line for line in done.stdout.splitlines() if line.startswith("::error")]
    reporter = next(s for s in steps if s.get("uses") == REPORTER)
    env = {name: fill(value, outputs) for name, value in reporter["env"].items()}
    return env, reporter["with"], annotations


@pytest.fixture(scope="module")
def template(installed_grader, tmp_path_factory) -> Path:
    """A template repository as `grader handout` writes it, with the workflow of `classroom init`."""
    repo = tmp_path_factory.mktemp("template") / "repo"
    done = installed_grader.grader("handout", "--lab", "elevens", str(repo))
    assert done.returncode == 0, done.stderr
    # The wheel ships docs/: the README carries the lab's specification there too.
    assert "## Activity 1: `card.py`" in (repo / "README.md").read_text(encoding="utf-8")
    init = installed_grader.grader("classroom", "init", "--lab", "elevens", "--install", "elevens-grader", cwd=repo)
    assert init.returncode == 0, init.stdout + init.stderr
    # --install: the full grader, which init warns students can read; no other warning.
    assert "The steps grade starter/" in init.stdout and init.stderr.count("warning") == 1, init.stderr
    assert "installs the full grader" in init.stderr
    return repo


def student_repo(installed_grader, template: Path, target: Path, files: dict[str, str] | None, activities=()) -> Path:
    """A student's repository made from the template; ``files`` replace the starter's, and
    ``activities`` (to keep a test short) rewrite the workflow for those only."""
    shutil.copytree(template, target)
    for name, text in (files or {}).items():
        (target / "starter" / name).write_text(text, encoding="utf-8")
    if activities:
        chosen = [word for activity in activities for word in ("--activity", activity)]
        done = installed_grader.grader("classroom", "init", "--lab", "elevens", "--install", "elevens-grader", "--force",
                                       *chosen, cwd=target)
        assert done.returncode == 0, done.stderr
    return target


def grade_total(installed_grader, folder: Path, activities=()) -> tuple[str, str]:
    """`grader grade`'s total and maximum for the one submission in ``folder``, as JavaScript prints them."""
    classroom = folder.parent / f"{folder.name}-class"
    shutil.copytree(folder, classroom / "student")
    chosen = [word for activity in activities for word in ("--activity", activity)]
    done = installed_grader.grader("grade", str(classroom), "--lab", "elevens", *chosen,
                                   "--out", str(folder.parent / f"{folder.name}-out"))
    assert done.returncode in (0, 1), done.stdout + done.stderr
    import json

    results = json.loads((folder.parent / f"{folder.name}-out" / "results.json").read_text())
    [student] = results["submissions"]
    return js_number(student["total"]), js_number(student["max"])


# The whole lab for the teacher's solution and the untouched starter (12 steps each); the buggy
# Card in A1 and A2 only, to keep the test short.
CASES = {"reference": (lambda: reference_submission(), ()),
         "starter": (lambda: None, ()),
         "buggy": (lambda: {**reference_submission(), "card.py": BUGGY_CARD}, ("A1", "A2"))}


@pytest.mark.parametrize("kind", list(CASES))
def test_classroom_records_exactly_what_grade_gives_with_few_annotations(installed_grader, template, tmp_path, kind):
    files, activities = CASES[kind]
    repo = student_repo(installed_grader, template, tmp_path / "repo", files(), activities)
    env, inputs, annotations = run_workflow(installed_grader, repo, tmp_path)
    outcome = report(inputs["runners"], env)
    total, maximum = grade_total(installed_grader, repo / "starter", activities)
    assert outcome.notices[0] == f"Points {total}/{maximum}", annotations
    assert len(annotations) + len(outcome.notices) < GITHUB_ANNOTATION_CAP
    if kind == "reference":
        assert total == maximum == "166" and not annotations and not outcome.failed
    if kind == "starter":
        assert float(total) < 10 and maximum == "166"
        assert not any("NotImplementedError" in line for line in annotations), annotations  # not started is no error
    if kind == "buggy":
        assert float(total) < float(maximum) == 35 and outcome.failed == "Some tests failed."


def test_init_warns_when_the_repository_holds_none_of_the_labs_files(installed_grader, tmp_path):
    (tmp_path / "empty" / "docs").mkdir(parents=True)
    done = installed_grader.grader("classroom", "init", "--lab", "elevens", "--install", "elevens-grader", cwd=tmp_path / "empty")
    assert done.returncode == 0, done.stderr
    assert "warning: none of the lab's files" in done.stderr and "The steps grade the top of the repository" in done.stdout
