"""CI runs the README's test command (.ci/run): the two must not drift apart."""

import re

from tests.lab_loader import ROOT


def test_ci_runs_the_readmes_test_command_on_several_workers():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    one_liner = next(line for line in readme.splitlines() if 'pip install -e ".[dev]" && python -m pytest' in line)
    command = one_liner.split(" && ")[-1]
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
                if line.startswith("python -m pytest")]
    assert ci_lines == [command]
    # at least both cores, and whole files per worker (tests/conftest.py widens that to shared folders)
    workers = re.search(r"(^| )-n (\d+|auto)( |$)", command)
    assert workers and (workers[2] == "auto" or int(workers[2]) >= 2) and "--dist loadfile" in command, command
