"""One trusted grading process: ``python -m grader.engine.shard PLAN.json``.

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


# pytest's own plugins that grading does not use. Each one costs time on every test (the
# capture plugin swaps file descriptors around each test; the warnings plugin records warnings
# around each), and grading runs some 200 tests per submission. The suites print nothing and
# student code prints into its sandbox, never here.
UNUSED_PLUGINS = ("cacheprovider", "capture", "logging", "warnings", "faulthandler", "doctest", "junitxml",
                  "pastebin", "stepwise", "unittest", "legacypath", "tmpdir", "monkeypatch", "recwarn",
                  "setuponly", "setupplan")


def pytest_arguments(plan_path: str) -> list[str]:
    disabled = [arg for name in UNUSED_PLUGINS for arg in ("-p", f"no:{name}")]
    return [
        str(SUITES),
        "-c", str(INI),
        "--rootdir", str(SUITES),
        "--noconftest",
        *disabled,
        "-p", "grader.engine.plugin",
        "--grader-plan", plan_path,
        "-q", "--no-header", "--no-summary",
        "--tb=no",
        # The suites check with grader.assertions, never with a bare assert, so pytest need not
        # rewrite (and recompile) their modules in every grading process.
        "--assert=plain",
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
    (plan_path,) = argv
    return int(pytest.main(pytest_arguments(plan_path)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
