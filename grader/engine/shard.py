"""One trusted grading process: ``python -m grader.engine.shard PLAN.json REPORT.json``.

Runs pytest on the activity suites with only the plugins it needs. Nothing from a student's
folder or the teacher's pytest configuration is read: plugin autoloading is off, the ini file
is ours, no conftest is collected, and the process starts in an empty folder.
"""

import signal
import sys
from pathlib import Path

import pytest

from grader.engine.lifeline import die_with_parent, watch_parent

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


def _interrupted(signum, frame) -> None:
    """Ctrl-C (SIGINT from the terminal) or the command's SIGTERM: stop, once. pytest then closes
    every sandbox and the launcher removes its folder; a second signal during that clean-up
    (the terminal's and the command's arrive together) must not cut it short."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    die_with_parent()
    watch_parent()
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    plan_path, report_path = argv
    return int(pytest.main(pytest_arguments(plan_path, report_path)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
