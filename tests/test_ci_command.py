"""CI runs the README's test command (.ci/run): the two must not drift apart."""

import re

from tests.lab_loader import ROOT


def test_ci_runs_the_readmes_test_command_on_two_workers():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    one_liner = next(line for line in readme.splitlines() if 'pip install -e ".[dev]" && python -m pytest' in line)
    command = one_liner.split(" && ")[-1]
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
                if line.startswith("python -m pytest")]
    assert ci_lines == [command]
    # both cores, and whole files per worker (tests/conftest.py widens that to shared folders)
    assert re.search(r"(^| )-n (2|auto)( |$)", command) and "--dist loadfile" in command, command
