"""Swapping one function of a student's file for the reference's, as text."""

import pytest

from grader.diagnosis.splicing import splice, spliceable

STUDENT = '''from __future__ import annotations

LIMIT = 4


class Table:
    def __init__(self):
        self.rows = []

    @property
    def size(self):
        return len(self.rows) + 1  # the bug


def total(values):
    return sum(values) + helper()


def helper():
    return 0
'''

REFERENCE = '''import math

LIMIT = 5


def _count(rows):
    return len(rows)


class Table:
    def __init__(self):
        self.rows = []

    @property
    def size(self):
        return _count(self.rows)


def total(values):
    return math.fsum(values)
'''


def run(source: str) -> dict:
    namespace: dict = {}
    exec(compile(source, "hybrid.py", "exec"), namespace)  # noqa: S102 - our own test text
    return namespace


def test_the_parts_both_files_define_in_the_students_order():
    assert [p.name for p in spliceable(STUDENT, REFERENCE)] == ["LIMIT", "Table.__init__", "Table.size", "total"]


def test_a_method_is_swapped_with_its_decorator_and_finds_the_helpers_it_needs():
    part = next(p for p in spliceable(STUDENT, REFERENCE) if p.name == "Table.size")
    hybrid = splice(STUDENT, REFERENCE, part)
    assert hybrid.startswith("from __future__ import annotations\n")  # still the first line
    namespace = run(hybrid)
    assert namespace["Table"]().size == 0  # the reference's size, with its helper _count
    assert namespace["LIMIT"] == 4 and namespace["total"]([1.0]) == 1.0  # the rest is the student's


def test_a_function_swap_brings_the_references_imports():
    part = next(p for p in spliceable(STUDENT, REFERENCE) if p.name == "total")
    # fsum keeps the 1.0 that a plain sum loses between the two large numbers
    assert run(splice(STUDENT, REFERENCE, part))["total"]([1e16, 1.0, -1e16]) == 1.0


def test_a_constant_is_a_part_too():
    part = next(p for p in spliceable(STUDENT, REFERENCE) if p.name == "LIMIT")
    assert run(splice(STUDENT, REFERENCE, part))["LIMIT"] == 5


def test_a_file_that_does_not_parse_has_nothing_to_swap():
    with pytest.raises(SyntaxError):
        spliceable("def broken(:\n", REFERENCE)
