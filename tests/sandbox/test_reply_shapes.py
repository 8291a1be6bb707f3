"""A reply of the wrong shape is the student's doing, never a grader error.

A daemon the student's code forks inherits its worker's channel, can read a request's id and
answer it; that answer is the student's word for their own call, like a return value. Once, an
answer ``{"id": <the id>, "ok": "forged"}`` to a batch made the grader index a string and fail
with TypeError, reported as "the grader itself failed" with exit 70 for the whole run
(tests/security/test_hostile_class.py, the lingering daemon, after each test began importing
the student's files in its own worker).
"""

import pytest

from grader.sandbox.errors import MANGLED, StudentError, error_details, well_formed_batch
from grader.sandbox.proxy import _checked


@pytest.mark.parametrize("replies", ["forged", None, 3, [], [{"ok": 1}], [{"ok": 1}, "x"], [{"ok": 1}, {"nothing": 2}],
                                     {"ok": 1}])
def test_a_batch_answer_of_another_shape_is_an_error_for_every_call(replies):
    calls = ("first", "second")
    assert not well_formed_batch(replies, len(calls))
    assert _checked(replies, calls) == [{"error": MANGLED}, {"error": MANGLED}]


def test_a_well_formed_batch_answer_is_kept():
    replies = [{"ok": 1}, {"error": {"type": "ValueError", "message": "no", "frames": []}}]
    assert _checked(replies, ("a", "b")) is replies


@pytest.mark.parametrize("error", ["x", None, 1, {"type": 1, "message": "m"}, {"type": "T"}, {"type": "T", "message": "m", "frames": "f"},
                                   {"type": "T", "message": "m", "frames": ["f"]}])
def test_an_error_of_another_shape_reads_as_the_student_writing_to_the_channel(error):
    details = error_details(error)
    assert details == MANGLED
    assert "wrote to the grader's channel" in str(StudentError("card.rank()", details))
