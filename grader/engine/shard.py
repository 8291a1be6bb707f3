"""One trusted grading process: ``python -m grader.engine.shard PLAN.json REPORT.json``.

Runs pytest on the activity suites with only the plugins it needs. Nothing from a student's
folder or the teacher's pytest configuration is read: plugin autoloading is off, the ini file
is ours, no conftest is collected, and the process starts in an empty folder.
"""

import sys
from pathlib import Path

import pytest

SUITES = Path(__file__).resolve().parent.parent / "suites"
INI = Path(__file__).resolve().parent / "suites.ini"


def pytest_arguments(plan_path: str, report_path: str) -> list[str]:
    return [
        str(SUITES),
        "-c", str(INI),
        "--rootdir", str(SUITES),
        "--noconftest",
        "-p", "no:cacheprovider",
        "-p", "pytest_jsonreport.plugin",
        "-p", "grader.engine.plugin",
        "--grader-plan", plan_path,
        "--json-report",
        "--json-report-file", report_path,
        "--json-report-omit", "collectors", "keywords", "log", "streams", "traceback", "warnings",
        "-q", "--no-header", "--no-summary", "-p", "no:stepwise",
        "--tb=no",
    ]


def main(argv: list[str]) -> int:
    plan_path, report_path = argv
    return int(pytest.main(pytest_arguments(plan_path, report_path)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
