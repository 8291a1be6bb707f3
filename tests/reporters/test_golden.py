"""Every report format, compared with golden files in tests/reporters/golden/.

The golden class (tests/reporters/samples.py) has a submission of every status and ids that try
to break the formats. The golden files are what a teacher would see: results.json,
gradebook.csv, each report.md (``report_<name>.md``), and the terminal's class summary and a
student's check at 80 columns (``summary_80.txt``, ``check_80.txt``).

To refresh them after an intended change of format, run

    ELEVENS_UPDATE_GOLDEN=1 python -m pytest tests/reporters

then read the diff (``git diff tests/reporters/golden``) as a teacher would before committing:
the tests pass while the variable is set, whatever the reporters write.
"""

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from grader.terminal.console import print_check, print_run_problems, print_summary
from grader.reporters import write_run_outputs
from tests.reporters.samples import ACCENTED, EVIL, sample_results

GOLDEN = Path(__file__).parent / "golden"
# Golden file name -> the file the reporters write, relative to the output folder.
WRITTEN = {
    "results.json": "results.json",
    "gradebook.csv": "gradebook.csv",
    "report_evil.md": f"{EVIL}/report.md",
    "report_accented.md": f"{ACCENTED}/report.md",
    "report_grader_error.md": "bob/report.md",
    "report_unusable.md": "broken_zip/report.md",
    "index.html": "index.html",
    "report_evil.html": f"{EVIL}/report.html",
    "report_accented.html": f"{ACCENTED}/report.html",
    "report_grader_error.html": "bob/report.html",
    "report_unusable.html": "broken_zip/report.html",
}


def check_golden(name: str, produced: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("ELEVENS_UPDATE_GOLDEN"):
        golden.write_bytes(produced.encode("utf-8"))
    assert produced == golden.read_bytes().decode("utf-8")


def narrow_console() -> Console:
    return Console(file=io.StringIO(), width=80, color_system=None, highlight=False, force_terminal=False)


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("reports")
    write_run_outputs(sample_results(), out)
    return out


@pytest.mark.parametrize("golden", sorted(WRITTEN))
def test_report_matches_golden(written, golden):
    check_golden(golden, (written / WRITTEN[golden]).read_bytes().decode("utf-8"))


def test_class_summary_matches_golden():
    out = narrow_console()
    print_summary(sample_results(), out=out)
    print_run_problems(sample_results(), out=out)
    check_golden("summary_80.txt", out.file.getvalue())


def test_check_matches_golden():
    out = narrow_console()
    print_check(sample_results().submission(EVIL), 0, out=out)
    check_golden("check_80.txt", out.file.getvalue())


def test_every_written_file_has_a_golden_file(written):
    files = {str(p.relative_to(written)) for p in written.rglob("*") if p.is_file()}
    assert files == set(WRITTEN.values())
