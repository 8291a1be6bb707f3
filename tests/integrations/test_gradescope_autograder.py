"""The Gradescope autograder end to end: `grader gradescope build` writes a zip Gradescope accepts,
and its run_autograder writes a valid results.json for a correct, a buggy, a non-importing and an
empty submission, and also when the grader itself fails or cannot start.

setup.sh is not run (the grader is installed in this virtual environment already):
run_autograder is pointed at this Python with ELEVENS_PYTHON, and at a temporary tree laid out
as Gradescope's /autograder with AUTOGRADER_ROOT. The zip is built with `--sandbox-user nobody`
so that no user is created on this machine.
"""

import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
import yaml

from grader.integrations.gradescope import run as run_module
from grader.integrations.gradescope.run import DETAIL, HEADLINE
from tests.integrations.gradescope_helpers import (
    submission_files,
    write_files,
    write_small_rubric,
)

SCRIPTS = ("setup.sh", "run_autograder")
VISIBILITIES = {"visible", "after_due_date", "after_published", "hidden"}


def grader(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The zip, built once, with the two-activity rubric."""
    folder = tmp_path_factory.mktemp("bundle")
    rubric = write_small_rubric(folder / "my-rubric.yaml")
    done = grader("gradescope", "build", "--rubric", str(rubric), "-o", "autograder.zip", "--sandbox-user", "nobody", cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder / "autograder.zip"


@pytest.fixture(scope="module")
def unpacked(bundle, tmp_path_factory) -> Path:
    """The zip unpacked as Gradescope does, modes kept (by `unzip`, or from the zip's entries)."""
    folder = tmp_path_factory.mktemp("source")
    if shutil.which("unzip"):
        subprocess.run(["unzip", "-q", str(bundle), "-d", str(folder)], check=True)
    else:
        with zipfile.ZipFile(bundle) as archive:
            for info in archive.infolist():
                archive.extract(info, folder)
                os.chmod(folder / info.filename, (info.external_attr >> 16) & 0o777)
    return folder


def autograder_root(tmp_path: Path, unpacked: Path, files: dict[str, str]) -> Path:
    """A tree like Gradescope's /autograder: source/ (the zip), submission/, results/."""
    root = tmp_path / "autograder"
    shutil.copytree(unpacked, root / "source")
    write_files(root / "submission", files)
    return root


def run_autograder(root: Path, python: str = sys.executable) -> tuple[dict, subprocess.CompletedProcess]:
    """Run the zip's own run_autograder; the results.json it wrote, and what it printed."""
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "ELEVENS_PYTHON": python}
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, env=env, cwd=root, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8")), done


def check_shape(document: dict) -> None:
    """What Gradescope's specification asks of results.json, and what we promise on top."""
    assert document["output_format"] == "md" and isinstance(document["output"], str) and document["output"]
    assert "score" in document or document["tests"], "a score is needed when there are no tests"
    numbers = [t["number"] for t in document["tests"]]
    assert len(numbers) == len(set(numbers))
    for test in document["tests"]:
        assert {"name", "number", "score", "max_score", "visibility", "output"} <= set(test)
        assert test["visibility"] in VISIBILITIES
        assert test.get("status", "passed") in ("passed", "failed")
        assert 0 <= test["score"] <= test["max_score"] or test["max_score"] == 0 == test["score"]
        place, n = test["number"].split(".")
        assert len(place) == 2 and len(n) == 3 and place.isdigit() and n.isdigit()
    assert numbers == sorted(numbers) == sorted(numbers, key=float)


def hidden_rubric_entries(rubric: Path) -> set[str]:
    data = yaml.safe_load(rubric.read_text(encoding="utf-8"))
    return {t["test"] for a in data["activities"] for t in a["tests"] if t.get("visibility") == "hidden"}


def by_name(document: dict) -> dict[str, dict]:
    return {t["name"]: t for t in document["tests"]}


# --- the zip -----------------------------------------------------------------------------

def test_setup_and_run_autograder_are_at_the_zip_root_and_executable(bundle, unpacked):
    with zipfile.ZipFile(bundle) as archive:
        names = archive.namelist()
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    assert all("/" not in name for name in names)  # nothing in a folder
    wheel = next(name for name in names if name.endswith("-py3-none-any.whl"))
    assert set(names) == {*SCRIPTS, wheel, "grader-gradescope.json", "rubric.yaml", "constraints.txt"}
    for script in SCRIPTS:
        assert modes[script] & 0o111 and stat.S_ISREG(modes[script])
        assert os.access(unpacked / script, os.X_OK)
        assert (unpacked / script).read_text().startswith("#!")
    assert wheel in (unpacked / "setup.sh").read_text()
    settings = json.loads((unpacked / "grader-gradescope.json").read_text())
    assert settings == {"hidden_visibility": "after_due_date", "bonus": "extra_credit", "sandbox_user": "nobody", "rubric": "rubric.yaml"}


def test_building_twice_gives_the_same_bytes(bundle, tmp_path):
    rubric = write_small_rubric(tmp_path / "my-rubric.yaml")
    done = grader("gradescope", "build", "--rubric", str(rubric), "-o", "again.zip", "--sandbox-user", "nobody", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "again.zip").read_bytes() == bundle.read_bytes()


def test_a_broken_rubric_is_refused_when_building(tmp_path):
    (tmp_path / "bad.yaml").write_text("lab: elevens\nactivities: []\n")
    done = grader("gradescope", "build", "--rubric", "bad.yaml", cwd=tmp_path)
    assert done.returncode == 4 and "rubric error" in done.stderr and "Fix:" in done.stderr
    assert not (tmp_path / "autograder.zip").exists()


# --- run_autograder on submissions ------------------------------------------------------------

def test_a_correct_submission_gets_every_point_and_hidden_tests_wait_for_the_due_date(unpacked, tmp_path):
    document, done = run_autograder(autograder_root(tmp_path, unpacked, submission_files("correct")))
    check_shape(document)
    assert "score" not in document  # Gradescope adds the tests up
    assert sum(t["score"] for t in document["tests"]) == pytest.approx(35.0)
    assert all(t["status"] == "passed" for t in document["tests"])
    hidden_entries = hidden_rubric_entries(unpacked / "rubric.yaml")
    for test in document["tests"]:
        function = test["name"].split(": ", 1)[1].split("[")[0]
        assert test["visibility"] == ("after_due_date" if function in hidden_entries else "visible"), test["name"]
    hidden = [t for t in document["tests"] if t["visibility"] != "visible"]
    assert len(hidden) >= len(hidden_entries) == 3
    assert document["tests"][0]["number"] == "01.001" and document["tests"][0]["name"].startswith("A1 Card: test_")
    assert f"Hidden tests: {len(hidden)};" in document["output"]
    for test in hidden:  # the summary gives no hidden test away
        assert test["name"].split(": ", 1)[1].split("[")[0] not in document["output"]
    assert "Student code runs as root, because" in done.stdout or "WARNING" in done.stdout  # this Python lives in /root


def test_a_buggy_submission_says_what_failed_and_how_to_replay_it(unpacked, tmp_path):
    document, _ = run_autograder(autograder_root(tmp_path, unpacked, submission_files("buggy")))
    check_shape(document)
    failed = [t for t in document["tests"] if t["status"] == "failed"]
    assert failed and all(t["name"].startswith("A1 Card: test_str") for t in failed)
    assert all(t["score"] == 0 for t in failed)
    assert sum(t["score"] for t in document["tests"]) == pytest.approx(35.0 - sum(t["max_score"] for t in failed))
    output = failed[0]["output"]
    assert "expected" in output and "```" in output and "grader check . --activity A1 --test" in output
    assert "--rubric" not in output  # students have the lab's rubric, not the teacher's copy


def test_a_file_that_does_not_import_is_one_failed_entry_with_the_error(unpacked, tmp_path):
    document, _ = run_autograder(autograder_root(tmp_path, unpacked, submission_files("not_importing")))
    check_shape(document)
    card = by_name(document)["A1 Card: the file loads"]
    assert card["status"] == "failed" and card["score"] == 0 and card["max_score"] == 15
    assert card["visibility"] == "visible" and "SyntaxError" in card["output"]
    assert not any(t["name"].startswith("A1 Card: test_") for t in document["tests"])  # no hidden name given away
    assert sum(t["score"] for t in document["tests"]) == pytest.approx(20.0)  # A2 runs beside the lab's card.py
    assert "A1 Card: the file did not load" in document["output"]


def test_an_empty_submission_scores_zero_and_says_what_is_missing(unpacked, tmp_path):
    document, _ = run_autograder(autograder_root(tmp_path, unpacked, {}))
    check_shape(document)
    assert [t["name"] for t in document["tests"]] == ["A1 Card: handed in", "A2 Deck: handed in"]
    assert sum(t["score"] for t in document["tests"]) == 0
    assert "card.py" in by_name(document)["A1 Card: handed in"]["output"]


# --- when grading fails -------------------------------------------------------------------------

def test_a_corrupted_rubric_still_writes_results_json_with_nothing_secret(unpacked, tmp_path):
    root = autograder_root(tmp_path, unpacked, submission_files("correct"))
    (root / "source" / "rubric.yaml").write_text("lab: elevens\nactivities:\n  - id: A1\n    suite: test_a1_card.py\n")
    stale = root / "results" / "results.json"
    write_files(stale.parent, {stale.name: '{"score": 100}'})
    document, done = run_autograder(root)
    assert document["score"] == 0 and document["tests"] == []
    assert HEADLINE in document["output"] and DETAIL in document["output"]
    assert "rubric" not in document["output"].lower() and "Traceback" not in document["output"]
    assert "RubricError" in done.stdout  # the instructor's log has the details


def test_a_crash_inside_grading_still_writes_results_json(monkeypatch, unpacked, tmp_path, capsys):
    root = autograder_root(tmp_path, unpacked, submission_files("correct"))
    monkeypatch.setenv("AUTOGRADER_ROOT", str(root))

    def crash(*args, **kwargs):
        raise RuntimeError("the suite's expected values are 7, 8 and 9")

    monkeypatch.setattr("grader.engine.batch.grade", crash)
    assert run_module.main() == 0
    document = json.loads((root / "results" / "results.json").read_text())
    assert document["score"] == 0 and HEADLINE in document["output"]
    assert "expected values" not in json.dumps(document)
    assert "expected values" in capsys.readouterr().out


def test_run_autograder_writes_a_zero_when_python_cannot_start(unpacked, tmp_path):
    document, done = run_autograder(autograder_root(tmp_path, unpacked, submission_files("correct")), python="/nonexistent/python")
    assert document["score"] == 0 and document["tests"] == [] and "could not start" in document["output"]
    assert "wrote a score of 0" in done.stdout


# --- the unprivileged user ------------------------------------------------------------------------

@pytest.mark.skipif(os.geteuid() != 0, reason="only root can run student code as another user")
def test_as_root_student_code_runs_as_the_sandbox_user_and_cannot_read_the_source(monkeypatch, unpacked, tmp_path):
    from tests.integrations.gradescope_helpers import CARD_SAYING_WHO

    root = autograder_root(tmp_path, unpacked, {"card.py": CARD_SAYING_WHO})
    monkeypatch.setenv("AUTOGRADER_ROOT", str(root))
    monkeypatch.setenv("GRADER_SANDBOX_USER", "")  # "" is "unset"; main() sets it, and monkeypatch unsets it after
    # This machine's Python lives under /root, which no other user may enter; Gradescope's lives
    # in /usr. The card's code is preloaded, so here it runs all the same: say the probe passed.
    monkeypatch.setattr("grader.integrations.gradescope.sandbox_user.can_run_python", lambda uid, gid: "")
    assert run_module.main() == 0
    document = json.loads((root / "results" / "results.json").read_text())
    rank = next(t for t in document["tests"] if t["name"].startswith("A1 Card: test_rank"))
    assert rank["status"] == "passed" and "uid 65534" in rank["output"]  # nobody
    assert sum(t["score"] for t in document["tests"] if t["name"].startswith("A1")) == pytest.approx(15.0)
    assert stat.S_IMODE((root / "source").stat().st_mode) & 0o077 == 0
    assert stat.S_IMODE((root / "results").stat().st_mode) & 0o077 == 0


def test_stopped_with_sigterm_mid_grading_it_still_writes_results_json(unpacked, tmp_path):
    root = autograder_root(tmp_path, unpacked, {"card.py": "while True:\n    pass\n"})  # hangs at import
    env = {**os.environ, "AUTOGRADER_ROOT": str(root)}
    process = subprocess.Popen([sys.executable, "-m", "grader.integrations.gradescope.run"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(3)  # grading has started and is stuck in the student's import
    process.send_signal(signal.SIGTERM)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    document = json.loads((root / "results" / "results.json").read_text())
    assert document["score"] == 0 and HEADLINE in document["output"]
    assert "stopped by signal" in output
