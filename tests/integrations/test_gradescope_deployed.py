"""Gradescope as deployed: the installed wheel (no checkout) builds the zip, the zip's own
setup.sh installs the grader it carries into a new virtual environment, and its run_autograder
grades correct, buggy, broken, empty and Java submissions with exactly the points `grader
grade` gives the same files.

setup.sh runs as written except for one variable, ELEVENS_VENV, that moves its environment
out of /opt. The JDK part of it is run too; on a machine that has a JDK 17 it installs nothing
(the same check decides on Gradescope, where the Ubuntu image has none and apt-get installs it).
"""

import json
import os
import shutil
import subprocess
import uuid
import zipfile
from pathlib import Path

import pytest

from tests.integrations.gradescope_helpers import submission_files, write_files, write_small_rubric
from tests.lab_loader import ROOT

JAVA_REFERENCE = ROOT / "reference" / "elevens" / "java"
JAVA_BUGGY = ROOT / "examples" / "elevens-java" / "eli_deal_bug"  # deal lowers size before its empty check
KINDS = ("correct", "buggy", "broken", "empty", "java_correct", "java_buggy")


def java_files(folder: Path) -> dict[str, str]:
    return {name: (folder / name).read_text(encoding="utf-8") for name in ("Card.java", "Deck.java")}


def files_of(kind: str) -> dict[str, str]:
    if kind == "java_correct":
        return java_files(JAVA_REFERENCE)
    if kind == "java_buggy":
        return java_files(JAVA_BUGGY)
    return submission_files(kind)


@pytest.fixture(scope="module")
def deployed(installed_grader, tmp_path_factory) -> dict:
    """The zip built by the installed grader, set up by its setup.sh, and each kind of
    submission graded by its run_autograder and by the installed `grader grade`."""
    work = tmp_path_factory.mktemp("gradescope-deployed")
    rubric = write_small_rubric(work / "my-rubric.yaml")
    built = installed_grader.grader("gradescope", "build", "--rubric", str(rubric), "-o", str(work / "autograder.zip"),
                                    "--sandbox-user", "nobody")
    assert built.returncode == 0, built.stdout + built.stderr
    source = work / "source"
    with zipfile.ZipFile(work / "autograder.zip") as archive:
        for info in archive.infolist():
            archive.extract(info, source)
            os.chmod(source / info.filename, (info.external_attr >> 16) & 0o777)
    venv = work / "gradescope-venv"
    setup = subprocess.run(["bash", str(source / "setup.sh")], capture_output=True, text=True, cwd=source,
                           env=installed_grader.env(ELEVENS_VENV=str(venv)), timeout=600)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    documents = {}
    for kind in KINDS:
        root = work / kind
        shutil.copytree(source, root / "source", symlinks=True)
        write_files(root / "submission", files_of(kind))
        done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, cwd=root,
                              env=installed_grader.env(AUTOGRADER_ROOT=str(root), ELEVENS_PYTHON=str(venv / "bin" / "python")),
                              timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        documents[kind] = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
        documents[kind]["_log"] = done.stdout
        write_files(work / "class" / kind, files_of(kind))
    graded = installed_grader.grader("grade", str(work / "class"), "--rubric", str(rubric), "--out", str(work / "out"))
    assert graded.returncode in (0, 1, 3), graded.stdout + graded.stderr
    results = json.loads((work / "out" / "results.json").read_text(encoding="utf-8"))
    return {"setup": setup, "documents": documents, "grade": {s["id"]: s for s in results["submissions"]},
            "source": source, "venv": venv, "env": installed_grader.env}


def gradescope_total(document: dict) -> float:
    """What Gradescope records: the top-level score if there is one, else the tests' sum."""
    return document["score"] if "score" in document else sum(t["score"] for t in document["tests"])


def test_setup_sh_installs_the_wheel_and_a_jdk_for_a_lab_that_grades_java(deployed):
    setup = deployed["source"] / "setup.sh"
    text = setup.read_text(encoding="utf-8")
    assert "openjdk-17-jdk-headless" in text and "jdk_problem" in text
    assert "the Elevens grader is installed" in deployed["setup"].stdout
    assert "a JDK for Java submissions is installed" in deployed["setup"].stdout


@pytest.mark.parametrize("kind", KINDS)
def test_run_autograder_gives_what_grader_grade_gives(deployed, kind):
    document, graded = deployed["documents"][kind], deployed["grade"][kind]
    assert "The autograder failed" not in document["output"], document["_log"]
    assert gradescope_total(document) == pytest.approx(graded["total"] + graded["bonus"], abs=1e-9)
    assert graded["status"] in ("graded", "unusable"), graded
    expected = {"correct": 35.0, "java_correct": 35.0, "empty": 0.0, "broken": 0.0}
    if kind in expected:
        assert graded["total"] == expected[kind]
    if kind in ("buggy", "java_buggy"):
        assert 0 < graded["total"] < 35


def test_a_java_submission_is_graded_from_its_java_classes(deployed):
    document = deployed["documents"]["java_buggy"]
    failed = [t for t in document["tests"] if t["status"] == "failed"]
    assert failed and all(t["name"].startswith("A2 ") for t in failed), [t["name"] for t in failed]


def test_numbers_sort_the_same_as_text_and_as_numbers(deployed):
    tests = deployed["documents"]["correct"]["tests"]
    numbers = [t["number"] for t in tests]
    assert numbers == sorted(numbers) == sorted(numbers, key=lambda n: [int(p) for p in n.split(".")])
    assert numbers == sorted(numbers, key=float)


def test_a_zip_that_names_paths_outside_writes_nothing_there(deployed, tmp_path):
    """The attack that once forged a Gradescope result: a student's upload is a zip whose entries
    name paths outside (``\\tmp\\x`` read as ``/tmp/x``, ``..\\..\\x.pth``); one such ``.pth``
    in the autograder's site-packages rewrote results.json. Through the bundle as deployed:
    nothing is written outside, no ``.pth`` appears in its environment, and the upload is
    refused with a message that names the entry."""
    marker = f"grader-zip-attack-{uuid.uuid4().hex}"
    root = tmp_path / "run"
    shutil.copytree(deployed["source"], root / "source", symlinks=True)
    (root / "submission").mkdir(parents=True)
    with zipfile.ZipFile(root / "submission" / "lab.zip", "w") as archive:
        archive.writestr("card.py", files_of("correct")["card.py"])
        archive.writestr(f"\\tmp\\{marker}.pth", "import os; os.system('echo forged')\n")
        archive.writestr(f"..\\..\\{marker}.pth", "import os\n")
    site = sorted(deployed["venv"].glob("lib/python3*/site-packages"))
    before = {p.name for folder in site for p in folder.glob("*.pth")}
    done = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True, text=True, cwd=root,
                          env=deployed["env"](AUTOGRADER_ROOT=str(root), ELEVENS_PYTHON=str(deployed["venv"] / "bin" / "python")),
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (Path("/tmp") / f"{marker}.pth").exists()
    assert not list(tmp_path.rglob(f"{marker}*")) and not list(Path("/tmp").glob(f"*{marker}*"))
    assert {p.name for folder in site for p in folder.glob("*.pth")} == before
    document = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    assert gradescope_total(document) == 0
    assert "points outside the zip" in json.dumps(document)
