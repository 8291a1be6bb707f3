"""A lab from another distribution: built as a wheel here, installed with pip, and then listed
and graded by the grader with no change to the grader's own files."""

import base64
import hashlib
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from tests.classroom import write_class

FILES = {
    "hello_lab/__init__.py": '''"""A one-activity lab, to show that labs are plug-ins."""
from pathlib import Path

from grader.lab.registry import Lab

HERE = Path(__file__).resolve().parent
LAB = Lab(id="hello", title="Hello lab", suites=HERE / "suites", rubric=HERE / "rubric.yaml", reference=HERE / "reference")
''',
    "hello_lab/suites/test_a1_greeting.py": '''from grader.checks.assertions import expect


def test_greets_by_name(student):
    expect(student.greeting.greet("Ada"), "Hello, Ada!", "greet('Ada')", "Put the name between 'Hello, ' and '!'.")


def test_greets_nobody(student):
    expect(student.greeting.greet(""), "Hello!", "greet('')")
''',
    "hello_lab/rubric.yaml": '''lab: hello
title: Hello lab
activities:
  - id: A1
    title: Greeting
    suite: test_a1_greeting.py
    files: [greeting.py]
    tests:
      - {test: test_greets_by_name, points: 3}
      - {test: test_greets_nobody, points: 1}
''',
    "hello_lab/reference/greeting.py": '''def greet(name):
    return f"Hello, {name}!" if name else "Hello!"
''',
}
DIST = "hello_lab-1.0.dist-info"
META = {
    f"{DIST}/METADATA": "Metadata-Version: 2.1\nName: hello-lab\nVersion: 1.0\n",
    f"{DIST}/WHEEL": "Wheel-Version: 1.0\nGenerator: a test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    f"{DIST}/entry_points.txt": "[grader.labs]\nhello = hello_lab:LAB\n",
    f"{DIST}/top_level.txt": "hello_lab\n",
}


def build_wheel(folder: Path) -> Path:
    wheel = folder / "hello_lab-1.0-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in {**FILES, **META}.items():
            data = text.encode()
            archive.writestr(name, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
        archive.writestr(f"{DIST}/RECORD", "\n".join([*record, f"{DIST}/RECORD,,"]) + "\n")
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("hello")
    target = folder / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                           "--disable-pip-version-check", "--target", str(target), str(build_wheel(folder))],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return {**os.environ, "PYTHONPATH": str(target)}


def grader(*args: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=300)


def test_an_installed_lab_is_listed_beside_the_bundled_ones(installed, tmp_path):
    done = grader("labs", env=installed, cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    assert "hello: Hello lab" in done.stdout and "A1          Greeting: greeting.py" in done.stdout
    assert "elevens:" in done.stdout


def test_an_installed_lab_grades_a_class_found_by_its_files(installed, tmp_path):
    write_class(tmp_path / "class", {"ada": {"greeting.py": FILES["hello_lab/reference/greeting.py"]},
                                     "bo": {"greeting.py": "def greet(name):\n    return 'Hi ' + name\n"}})
    done = grader("grade", "class", "--out", "out", env=installed, cwd=tmp_path)  # no --lab: greeting.py says which
    assert done.returncode == ExitCode.OK, done.stdout + done.stderr
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    totals = {s["id"]: (s["total"], s["max"]) for s in results["submissions"]}
    assert results["lab"] == "hello" and totals == {"ada": (4.0, 4.0), "bo": (0.0, 4.0)}
    check = grader("check", "class/bo", "--lab", "hello", env=installed, cwd=tmp_path)
    assert check.returncode == ExitCode.TESTS_FAILED and "expected: 'Hello, Ada!'" in check.stdout


def test_a_folder_that_fits_no_lab_is_an_error_naming_the_candidates(installed, tmp_path):
    write_class(tmp_path / "class", {"cy": {"notes.txt": "nothing"}})
    done = grader("grade", "class", "--out", "out", env=installed, cwd=tmp_path)
    assert done.returncode == ExitCode.USAGE and "--lab" in done.stderr and "hello" in done.stderr
