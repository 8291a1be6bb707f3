"""`grader export FORMAT RESULTS.json -o PATH` from another working folder: a one-file format
writes the file named (or its own name inside a folder named); a format that writes one report
per student takes a folder and refuses a file name, saying why and what to give instead."""

import subprocess
import sys
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from grader.reporters import output_formats
from grader.reporters.results_json import write_results_json
from tests.reporters.samples import sample_results

ONE_FILE = sorted(name for name, output in output_formats().items() if not output.folder)
SEVERAL = sorted(name for name, output in output_formats().items() if output.folder)


@pytest.fixture
def here(tmp_path: Path) -> Path:
    """A working folder beside the one holding results.json."""
    write_results_json(sample_results(), tmp_path / "run" / "results.json")
    (tmp_path / "here").mkdir()
    return tmp_path / "here"


def export(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", "export", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_both_kinds_of_format_are_there():
    assert {"json", "csv", "html", "junit"} <= set(ONE_FILE) and {"markdown", "html-reports"} <= set(SEVERAL)


@pytest.mark.parametrize("name", ONE_FILE)
def test_a_one_file_format_writes_the_file_named_or_its_own_name_in_a_folder(here, name):
    student = ["--student", "bob"] if name in ("gradescope", "prairielearn") else []
    done = export(name, "../run/results.json", "-o", "export.out", *student, cwd=here)
    assert done.returncode == ExitCode.OK, done.stderr
    assert (here / "export.out").is_file()
    if name in ("gradescope", "prairielearn"):
        return  # their own commands, which take a file only (click refuses a folder)
    (here / "folder").mkdir()
    inside = export(name, "../run/results.json", "-o", "folder", cwd=here)
    assert inside.returncode == ExitCode.OK, inside.stderr
    assert (here / "folder" / output_formats()[name].default_name).is_file()
    new = export(name, "../run/results.json", "-o", "new/", cwd=here)
    assert new.returncode == ExitCode.OK, new.stderr
    assert (here / "new" / output_formats()[name].default_name).is_file()


@pytest.mark.parametrize("name", SEVERAL)
def test_a_format_of_several_files_takes_a_folder_and_refuses_a_file_name(here, name):
    done = export(name, "../run/results.json", "-o", "reports", cwd=here)
    assert done.returncode == ExitCode.OK, done.stderr
    assert len([p for p in (here / "reports").rglob("*") if p.is_file()]) >= 2
    for wrong in ("export.md", "export.html"):
        refused = export(name, "../run/results.json", "-o", wrong, cwd=here)
        assert refused.returncode == ExitCode.USAGE
        assert f"-o {wrong}: {name} writes several files" in refused.stderr and "Give a folder, e.g. -o reports" in refused.stderr
        assert not (here / wrong).exists()
    (here / "v1.2").mkdir()  # a folder whose name has a dot, made first, is a folder
    assert export(name, "../run/results.json", "-o", "v1.2", cwd=here).returncode == ExitCode.OK
