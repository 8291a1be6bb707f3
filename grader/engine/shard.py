"""One trusted grading process: ``python -m grader.engine.shard PLAN.json``.

Runs pytest on the activity suites with only the plugins it needs. Nothing from a student's
folder or the teacher's pytest configuration is read: plugin autoloading is off, the ini file
is ours, no conftest is collected, and the process starts in an empty folder.
"""

import json
import signal
import sys
from pathlib import Path

import pytest

from grader.engine.lifeline import die_with_parent, watch_parent
from grader.lab.registry import get_lab
from grader.lab.yaml_files import load_yaml

INI = Path(__file__).resolve().parent / "suites.ini"


# pytest's own plugins that grading does not use. Each one costs time on every test (the
# capture plugin swaps file descriptors around each test; the warnings plugin records warnings
# around each; the thread and unraisable exception plugins look for exceptions around each, and
# collect the garbage twice at the end), and grading runs some 200 tests per submission. The
# suites print nothing, start no thread, and student code prints into its sandbox, never here.
UNUSED_PLUGINS = ("cacheprovider", "capture", "logging", "warnings", "faulthandler", "doctest", "junitxml",
                  "pastebin", "stepwise", "unittest", "legacypath", "tmpdir", "monkeypatch", "recwarn",
                  "setuponly", "setupplan", "threadexception", "unraisableexception",
                  # Its report of each test costs a third of pytest's own time per test; nobody reads
                  # it (the records are the results). What goes wrong in pytest itself still reaches
                  # the log: collection errors through grader.engine.plugin, internal errors on stderr.
                  "terminal")


def planned_suites(plan_path: str) -> tuple[Path, list[str]]:
    """The lab's suites folder, and the suite files of the activities this shard grades:
    collecting the others would only cost start-up time (each suite module is imported and its
    tests parametrized)."""
    plan = json.loads(Path(plan_path).read_text(encoding="utf-8"))
    wanted = {activity for sub in plan["submissions"] for activity in sub["activities"]}
    rubric = load_yaml(Path(plan["rubric_path"]).read_text(encoding="utf-8"))
    suites = get_lab(str(rubric["lab"])).suites
    files = sorted({str(suites / a["suite"]) for a in rubric["activities"] if a["id"] in wanted})
    return suites, files or [str(suites)]


def pytest_arguments(plan_path: str) -> list[str]:
    disabled = [arg for name in UNUSED_PLUGINS for arg in ("-p", f"no:{name}")]
    suites, files = planned_suites(plan_path)
    return [
        *files,
        "-c", str(INI),
        "--rootdir", str(suites),
        "--noconftest",
        *disabled,
        "-p", "grader.engine.plugin",
        "--grader-plan", plan_path,
        # The suites check with grader.checks.assertions, never with a bare assert, so pytest need not
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
