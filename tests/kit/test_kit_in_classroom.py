"""GitHub Classroom with the student kit, as deployed: the installed (full) grader's
`grader classroom init` builds the kit into a template repository made by `grader handout`, and
the workflow's own steps run as a runner would: its install step in a fresh virtual environment
(which then holds the kit alone), each grading step with that environment's `grader`, and the
reporter's logic on their outputs. The teacher's solution gets every public point of the chosen
activities, and no more: A5 waits for A2 and A4, whose points its step does not report again.
"""

import subprocess
import sys

import yaml

from tests.integrations.classroom_reporter import js_number, report
from tests.integrations.installed import InstalledGrader, run_checked
from tests.integrations.test_classroom_deployed import JOB, run_workflow
from tests.classroom import reference_submission

ACTIVITIES = ("A1", "A2", "A4", "A5")


def test_classroom_installs_the_kit_and_records_the_public_points(installed_grader, tmp_path):
    repo = tmp_path / "repo"
    assert installed_grader.grader("handout", "--lab", "elevens", str(repo)).returncode == 0
    chosen = [word for activity in ACTIVITIES for word in ("--activity", activity)]
    init = installed_grader.grader("classroom", "init", "--lab", "elevens", *chosen, cwd=repo)
    assert init.returncode == 0, init.stdout + init.stderr
    assert "student kit" in init.stdout and "warning" not in init.stderr
    [wheel] = (repo / ".github" / "grader").glob("grader_kit_elevens-*.whl")
    workflow = yaml.safe_load((repo / ".github" / "workflows" / "classroom.yml").read_text(encoding="utf-8"))
    install = next(s["run"] for s in workflow["jobs"][JOB]["steps"] if s.get("name") == "Install the grader")
    assert install == f"python -m pip install --quiet ./.github/grader/{wheel.name}"
    for name, text in reference_submission().items():
        (repo / "starter" / name).write_text(text, encoding="utf-8")

    # The runner: a fresh Python, then the install step as written, from the repository's top.
    venv = tmp_path / "runner"
    run_checked([sys.executable, "-m", "venv", str(venv)])
    runner = InstalledGrader(venv, wheel, tmp_path)
    done = subprocess.run(["bash", "-e", "-c", install], cwd=repo, capture_output=True, text=True, timeout=600, env=runner.env())
    assert done.returncode == 0, done.stderr
    assert runner.grader("kit", "--help").returncode == 2  # what got installed is the kit

    env, inputs, annotations = run_workflow(runner, repo, tmp_path)
    outcome = report(inputs["runners"], env)
    kit_rubric = yaml.safe_load(subprocess.run(
        [str(runner.python), "-c", "import grader_assets.rubrics as r, pathlib; print((pathlib.Path(r.__path__[0]) / 'elevens.yaml').read_text())"],
        capture_output=True, text=True, check=True).stdout)
    public = sum(t["points"] for a in kit_rubric["activities"] if a["id"] in ACTIVITIES for t in a["tests"])
    assert outcome.notices[0] == f"Points {js_number(public)}/{js_number(public)}", (outcome, annotations)
    assert not outcome.failed and not annotations
