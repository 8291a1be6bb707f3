"""tools/audit_suites.py: the mutants it makes, and the audit of Activity 1 run end to end.

The audit of a whole lab takes minutes (a tool, not a test); Activity 1's takes seconds, so it
runs here: every mutant of card.py must be killed by the suites or explained in the lab's
triage file, which proves the tool grades mutants as students and keeps A1 free of gaps.
"""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from suite_audit.operators import SpecialCase, mutants  # noqa: E402
from suite_audit.report import load_triage  # noqa: E402

SOURCE = textwrap.dedent('''
    """A module docstring is never mutated."""
    LIMIT = 3


    def small(x: int) -> bool:
        """Nor is a function's."""
        return x < LIMIT and x != 0


    def total(values: list) -> int:
        result = 0
        for k in range(len(values)):
            result += values[k]
        return result


    def label(card) -> str:
        return "card " + card


    alias = small
''')


def changes(found, operator):
    return {(m.before, m.after) for m in found if m.operator == operator}


def test_each_operator_makes_the_changes_a_student_would():
    found = mutants("m.py", SOURCE, skip_lines=("alias = ",))
    assert ("x < LIMIT", "x <= LIMIT") in changes(found, "compare")
    assert ("x < LIMIT", "LIMIT < x") in changes(found, "compare_sides")
    assert ("x != 0", "x == 0") in changes(found, "compare")
    assert ("x < LIMIT and x != 0", "x < LIMIT or x != 0") in changes(found, "boolean")
    assert ("x < LIMIT and x != 0", "x != 0") in changes(found, "condition_dropped")
    assert ("3", "4") in changes(found, "constant") and ("3", "2") in changes(found, "constant")
    assert ("range(len(values))", "range(len(values) - 1)") in changes(found, "loop_bound")
    assert ("values[k]", "values[k + 1]") in changes(found, "index_shifted")
    assert ("'card '", "'CARD '") in changes(found, "text_case")
    assert ("return result", "return None") in changes(found, "return_value")
    assert ("result += values[k]", "pass") in changes(found, "statement_deleted")


def test_docstrings_skipped_lines_and_text_joins_are_left_alone():
    found = mutants("m.py", SOURCE, skip_lines=("alias = ",))
    assert not [m for m in found if "docstring" in m.before or "Nor is" in m.before]
    assert not [m for m in found if m.before.startswith("alias")]
    assert not [m for m in found if m.operator == "arithmetic" and "card" in m.before]  # "a" + b is text


def test_every_mutant_compiles_differs_and_has_a_unique_id():
    found = mutants("m.py", SOURCE)
    assert len({m.id for m in found}) == len(found)
    assert len({m.source for m in found}) == len(found)
    for m in found:
        compile(m.source, "m.py", "exec")


def test_a_special_case_is_wrong_for_that_input_only():
    found = mutants("m.py", SOURCE, special_cases=(SpecialCase("x == 2", ("small",)),))
    [special] = [m for m in found if m.operator == "special_case"]
    space: dict = {}
    exec(compile(special.source, "m.py", "exec"), space)
    assert [space["small"](x) for x in (1, 2, 4)] == [True, False, False]  # only 2 changed


def test_the_triage_files_are_well_formed():
    for folder in (ROOT / "tools" / "suite_audit" / "labs").glob("*/survivors"):
        load_triage(folder)  # raises, naming the entry, when a verdict or reason is missing


def test_activity_1_has_no_unexplained_survivor(tmp_path):
    report = tmp_path / "audit.md"
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "audit_suites.py"), "--lab", "elevens",
                           "--file", "card.py", "--report", str(report)], capture_output=True, text=True, cwd=tmp_path)
    assert report.exists(), done.stderr
    assert done.returncode == 0, report.read_text()
    assert "**0 gaps**" in report.read_text()
