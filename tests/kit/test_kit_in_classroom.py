"""GitHub Classroom with the student kit, as deployed: the installed (full) grader's
`grader classroom init` builds the kit into a template repository made by `grader handout`, and
the workflow's own steps run as a runner would: its install step in a fresh virtual environment
(which then holds the kit alone), each grading step with that environment's `grader`, and the
reporter's logic on their outputs.

Classroom's total is the kit's total, activity by activity (issue 38, item 2): each step
(`grader check --activity ID --github`) checks its activity with the ones it waits for, and must
report what the kit's own `grader check` of the whole folder gives that activity; by
tests/kit/test_kit_agrees_with_grader.py, that is the teacher's public points. Four folders,
one for each way a step's activity can depend on another: the whole lab (every step graded, the
longest chains of waiting: A11b waits for A1, A2, A4, A8, A9 and A11), a Card bug (A2 and A4
checked on the failing card.py), a deal() bug (the deck tester waits as a whole), and a card.py
that does not load (A2 and A4 wait). The whole lab runs all twelve steps; the three demo folders hold
only card.py, deck.py and a deck tester, so their workflow has the steps of A1, A2, A4 and A5
(`classroom init --activity`), since the other steps would only find their files missing.
Every folder of the corpora would cost twelve steps each (about 15 minutes).

Cost, measured in one process on 2 shared cores: 67 s wall in all at load 1.5 (17 s for the whole
lab, 7 to 8 s for each demo folder, 27 s to build the template and the runner), 134 s at load 5;
the file's one test before (four steps on the whole lab) took 31 s at load 1.5.
"""

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from tests.classroom import reference_submission
from tests.integrations.classroom_reporter import decode_runners, js_number, report
from tests.integrations.installed import InstalledGrader, run_checked
from tests.integrations.test_classroom_deployed import JOB, run_workflow
from tests.lab_loader import ROOT

DEMO = ROOT / "examples" / "elevens"
# Each folder, and the activities its workflow has steps for (none: every activity's).
FOLDERS = {"reference": (), "dev_bugs": ("A1", "A2", "A4", "A5"), "eli_deal_bug": ("A1", "A2", "A4", "A5"),
           "fay_zipped": ("A1", "A2", "A4", "A5")}


@pytest.fixture(scope="module")
def classroom(installed_grader, tmp_path_factory) -> tuple[dict[tuple, Path], InstalledGrader]:
    """The template repositories (activities -> repository: every activity's steps, and those of
    A1, A2, A4 and A5) and the runner (a fresh venv where the workflow's install step ran, from
    the repository's top)."""
    base = tmp_path_factory.mktemp("classroom")
    repo = base / "repo"
    assert installed_grader.grader("handout", "--lab", "elevens", str(repo)).returncode == 0
    init = installed_grader.grader("classroom", "init", "--lab", "elevens", cwd=repo)
    assert init.returncode == 0, init.stdout + init.stderr
    assert "student kit" in init.stdout and "warning" not in init.stderr
    workflow = yaml.safe_load((repo / ".github" / "workflows" / "classroom.yml").read_text(encoding="utf-8"))
    [wheel] = (repo / ".github" / "grader").glob("grader_kit_elevens-*.whl")
    install = next(s["run"] for s in workflow["jobs"][JOB]["steps"] if s.get("name") == "Install the grader")
    assert install == f"python -m pip install --quiet ./.github/grader/{wheel.name}"
    venv = base / "runner"
    run_checked([sys.executable, "-m", "venv", str(venv)])
    runner = InstalledGrader(venv, wheel, base)
    done = subprocess.run(["bash", "-e", "-c", install], cwd=repo, capture_output=True, text=True, timeout=600, env=runner.env())
    assert done.returncode == 0, done.stderr
    # The demo folders' workflow: the same kit, built again by init; the runner already holds it.
    short = base / "short"
    shutil.copytree(repo, short)
    chosen = FOLDERS["dev_bugs"]
    again = installed_grader.grader("classroom", "init", "--lab", "elevens", "--force",
                                    *[word for activity in chosen for word in ("--activity", activity)], cwd=short)
    assert again.returncode == 0, again.stdout + again.stderr
    return {(): repo, chosen: short}, runner


def test_classroom_installs_the_kit(classroom):
    _, runner = classroom
    assert runner.grader("kit", "--help").returncode == 2  # what got installed is the kit, not the full grader


def hand_in(repo: Path, folder: str) -> Path:
    """The student's repository: ``folder``'s files (a zip's, unpacked) in place of the starter's."""
    starter = repo / "starter"
    shutil.rmtree(starter)
    starter.mkdir()
    if folder == "reference":
        for name, text in reference_submission().items():
            (starter / name).write_text(text, encoding="utf-8")
    elif (DEMO / folder).is_dir():
        shutil.copytree(DEMO / folder, starter, dirs_exist_ok=True)
    else:
        with zipfile.ZipFile(DEMO / f"{folder}.zip") as archive:
            archive.extractall(starter)
    return starter


@pytest.mark.parametrize("folder", FOLDERS)
def test_classroom_records_the_kits_points_activity_by_activity(classroom, tmp_path, folder):
    templates, runner = classroom
    repo = tmp_path / "repo"
    shutil.copytree(templates[FOLDERS[folder]], repo)
    starter = hand_in(repo, folder)
    done = runner.grader("check", str(starter), "--out", str(tmp_path / "kit"))  # the kit's own check of the folder
    assert (tmp_path / "kit" / "results.json").is_file(), done.stdout + done.stderr
    [kit] = json.loads((tmp_path / "kit" / "results.json").read_text(encoding="utf-8"))["submissions"]

    (tmp_path / "steps").mkdir()
    env, inputs, annotations = run_workflow(runner, repo, tmp_path / "steps")
    outcome = report(inputs["runners"], env)
    workflow = yaml.safe_load((repo / ".github" / "workflows" / "classroom.yml").read_text(encoding="utf-8"))
    step_activity = {s["id"]: s["run"].split("--activity ")[1].split()[0] for s in workflow["jobs"][JOB]["steps"]
                     if "--activity " in s.get("run", "")}
    recorded = {step_activity[runner_id.strip()]: (round(sum(t["score"] for t in result["tests"]), 2), result["max_score"])
                for runner_id, result in decode_runners(inputs["runners"], env)}
    stepped = FOLDERS[folder] or [a["id"] for a in kit["activities"] if not a["bonus"]]  # Classroom has no bonus step
    given = {a["id"]: (a["score"], a["max"]) for a in kit["activities"] if a["id"] in stepped}
    assert recorded == given, "\n".join(f"{a}: Classroom {recorded.get(a)}, kit {given.get(a)}"
                                        for a in sorted(given.keys() | recorded.keys()) if recorded.get(a) != given.get(a))
    total, maximum = (round(sum(points[i] for points in given.values()), 2) for i in (0, 1))
    assert outcome.notices[0] == f"Points {js_number(total)}/{js_number(maximum)}", (outcome, total, maximum)
    if folder == "reference":  # the teacher's solution: every public point, no red cross, no annotation
        assert (total, maximum) == (kit["total"], kit["max"]) and total == maximum > 0, (total, maximum, kit["total"])
        assert not outcome.failed and not annotations, (outcome, annotations)
