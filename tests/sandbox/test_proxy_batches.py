"""Calls sent together (``Student.batch``, ``Student.in_turn``) against a scripted link.

A suite sends many independent calls in one round trip, because a round trip costs far more
than a call; these tests pin down what that must not change: which call a failure is reported
under, that a wrong answer before an exception is still the wrong answer, and that the names
of calls are written only when a message needs them.
"""

import pytest

from grader.checks.assertions import expect
from grader.sandbox.errors import StudentError
from grader.sandbox.proxy import Remote, Student


class ScriptedLink:
    """Answers each batch with the replies it was given; counts round trips."""

    def __init__(self, replies: list[dict]) -> None:
        self.replies = replies
        self.requests: list[dict] = []

    def request(self, message: dict, call: str, timeout: float | None = None):
        self.requests.append(message)
        assert message["op"] == "batch"
        return self.replies[:len(message["calls"])]


def student_with(replies: list[dict]) -> tuple[Student, ScriptedLink]:
    link = ScriptedLink(replies)
    return Student(link, ["card"]), link


def test_in_turn_sends_one_request_and_answers_in_order():
    student, link = student_with([{"ok": "ace"}, {"ok": "two"}, {"ok": "three"}])
    made = [student.card.Card.later(rank) for rank in ("ace", "two", "three")]
    assert list(student.in_turn(*made)) == ["ace", "two", "three"]
    assert len(link.requests) == 1 and len(link.requests[0]["calls"]) == 3


def test_a_wrong_answer_before_an_exception_is_reported_as_the_wrong_answer():
    student, _ = student_with([{"ok": "ace"}, {"ok": "queen"}, {"error": {"type": "ValueError", "message": "no"}}])
    answers = student.in_turn(*[student.card.rank.later(k) for k in range(3)])
    expect(next(answers), "ace", "rank(0)")
    with pytest.raises(AssertionError, match="rank\\(1\\)"):
        expect(next(answers), "two", "rank(1)")


def test_an_exception_is_raised_at_its_turn_under_its_own_name():
    student, _ = student_with([{"ok": "ace"}, {"error": {"type": "ValueError", "message": "no"}}, {"ok": "three"}])
    answers = student.in_turn(*[student.card.rank.later(k) for k in range(3)])
    assert next(answers) == "ace"
    with pytest.raises(StudentError) as raised:
        next(answers)
    assert "rank(1)" in str(raised.value)
    # batch raises the same error at once, before any value is looked at
    with pytest.raises(StudentError, match="rank\\(1\\)"):
        student.batch(*[student.card.rank.later(k) for k in range(3)])


def counted(calls: list, named: list) -> list:
    """The pending calls, each noting in ``named`` when its name is written."""
    for pending in calls:
        describe = pending._describe
        pending._describe = lambda describe=describe, pending=pending: named.append(pending) or describe()
    return calls


def test_a_call_is_named_only_when_something_needs_the_name():
    student, _ = student_with([{"ok": True}, {"ok": False}, {"ok": {"$handle": 4, "type": "Card"}}])
    named = []
    plain = counted([student.card.matches.later(k) for k in range(2)], named)
    assert student.batch(*plain) == [True, False]
    assert named == [plain[0]]  # only the batch's own name (its first call's, for a timeout)
    named.clear()
    made = counted([student.card.matches.later(0), student.card.matches.later(1), student.card.Card.later("two")], named)
    *_, card = student.batch(*made)
    assert named == [made[0], made[2]]  # and the object's, which keeps its name for later messages
    assert isinstance(card, Remote) and card.label == "Card('two')"


def test_expect_writes_a_lazy_name_only_on_failure():
    asked = []

    def name() -> str:
        asked.append(1)
        return "board.is_legal([0, 1])"

    expect(True, True, name)
    assert asked == []
    with pytest.raises(AssertionError, match="board.is_legal\\(\\[0, 1\\]\\)"):
        expect(False, True, name)
    assert asked == [1]


def test_fields_and_text_go_in_a_batch_under_their_own_names():
    student, link = student_with([{"ok": None}, {"ok": [{"$handle": 8, "type": "Card"}]}, {"error": {"type": "X", "message": "no"}}])
    box = Remote(link, 3, "Box", "box")
    calls = [box.set_later("widgets", []), box.get_later("widgets"), box.text_later()]
    assert [c.spec["op"] for c in calls] == ["setattr", "getattr", "str"]
    box.relabel("the box, renamed")  # a name is the one the object had when the call was made
    answers = student.in_turn(*calls)
    assert next(answers) is None
    (widget,) = next(answers)
    assert isinstance(widget, Remote) and widget.label == "box.widgets[0]"
    with pytest.raises(StudentError, match="str\\(box\\)"):
        next(answers)


def test_a_batch_that_hangs_is_named_by_its_first_call_and_how_many_went_with_it():
    from grader.sandbox.errors import SandboxTimeout

    class Hanging(ScriptedLink):
        def request(self, message, call, timeout=None):
            raise SandboxTimeout(call, 5)

    student = Student(Hanging([]), ["shuffler"])
    with pytest.raises(SandboxTimeout, match=r"perfect_shuffle\(\[\]\) \(sent together with 2 other calls\)"):
        student.batch(*[student.shuffler.perfect_shuffle.later(list(range(n))) for n in range(3)])
    with pytest.raises(SandboxTimeout, match=r"perfect_shuffle\(\[\]\) did not"):
        student.batch(student.shuffler.perfect_shuffle.later([]))


def test_a_sample_sent_later_is_the_same_request_as_one_sent_now():
    sent = []

    class Recording(ScriptedLink):
        def request(self, message, call, timeout=None):
            sent.append((message, call))
            return [{"ok": [["x"]]}] if message["op"] == "batch" else [["x"]]

    link = Recording([])
    box = Remote(link, 3, "Box", "box")
    assert box.mix.sample(1, [1, 2], observe=[["self"]]) == [["x"]]
    assert Student(link, []).batch(box.mix.sample_later(1, [1, 2], observe=[["self"]])) == [[["x"]]]
    (now, now_name), (later, later_name) = sent
    assert later["calls"] == [now] and later_name == now_name == "box.mix([1, 2])"
