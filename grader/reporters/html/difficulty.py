"""Which tests the class failed, hardest first: what to teach again.

A parametrized test is one question asked several ways, so its runs are grouped by the test
function's name within its activity (``test_rank[ace-hearts-1]`` and ``test_rank[king-...]``
are ``A1 test_rank``), and a student counts once: as failing it when any run went wrong.

Only the student's own answers count. Activities whose file was missing, not started (only the
starter code) or did not load are left out (the heat-map shows those, and counting every one of
their tests as failed would bury the real lessons), and so are runs the grader failed on or
skipped; the section says how many students had not started each activity. The most common
failure message is counted by students too, on its first line, which names what was called,
and shown with what was expected and what came back. Rows are ranked by how many students failed
the test, then by the share of those who tried, so a test only one student reached never tops
the list. A test some students failed by running out of time says so. Messages are written to
the student ("your tester"); the table words them for the teacher ("the student's tester").
"""

import re
from collections import Counter
from dataclasses import dataclass

from grader.reporters.html.markup import Markup, el, join
from grader.reporters.wording import OUTCOME_WORDS, base_name, plural
from grader.results.model import ClassResults, TestResult

COUNTED = ("passed", "failed", "error", "timeout")
SHOWN_CHARS = 220  # of a message's first line; the whole line is in the cell's tooltip
_SAID = re.compile(r"^\s*(expected|got):\s?(.*)$")
_YOUR = re.compile(r"\b([Yy])our\b")


@dataclass
class Difficulty:
    """How one test (all of its runs) went across the class."""

    activity: str
    name: str
    failed: int  # students with at least one run that went wrong
    attempted: int  # students with at least one run that counted
    message: str  # the most common first line of a failure message
    message_students: int  # how many failing students got that message
    hidden: bool
    advisory: bool
    expected: str = ""  # with that first line, the most common "expected:" and "got:" lines
    got: str = ""
    timed_out: int = 0  # failing students with a run that ran out of time

    @property
    def rate(self) -> float:
        return self.failed / self.attempted if self.attempted else 0.0


def first_line(test: TestResult) -> str:
    """The first non-blank line of a test's message, or what its outcome means."""
    line = next((part.strip() for part in test.message.splitlines() if part.strip()), "")
    return line or OUTCOME_WORDS.get(test.outcome, test.outcome)


def expected_and_got(test: TestResult) -> tuple[str, str]:
    """The ``expected:`` and ``got:`` lines of a message (grader.checks.assertions.expect), or ""."""
    said = {}
    for line in test.message.splitlines():
        match = _SAID.match(line)
        if match:
            said.setdefault(match.group(1), match.group(2).strip())
    return said.get("expected", ""), said.get("got", "")


def for_teacher(text: str) -> str:
    """A message written to the student, worded for the teacher: "your tester" -> "the student's tester"."""
    return _YOUR.sub(lambda m: ("T" if m.group(1) == "Y" else "t") + "he student's", text)


def difficulties(results: ClassResults) -> list[Difficulty]:
    """Every test at least one student failed, hardest (highest share failing) first."""
    order: dict[tuple[str, str], int] = {}
    attempted: Counter = Counter()
    failed: Counter = Counter()
    messages: dict[tuple[str, str], Counter] = {}
    said: dict[tuple[str, str, str], Counter] = {}
    slow: Counter = Counter()
    flags: dict[tuple[str, str], tuple[bool, bool]] = {}
    for sub in results.submissions:
        for activity in sub.activities:
            if activity.status not in ("graded", "grader_error"):
                continue
            runs: dict[str, list[TestResult]] = {}
            for test in activity.tests:
                runs.setdefault(base_name(test.name), []).append(test)
            for name, tests in runs.items():
                key = (activity.id, name)
                order.setdefault(key, len(order))
                hidden, advisory = flags.get(key, (False, False))
                flags[key] = (hidden or any(t.visibility == "hidden" for t in tests),
                              advisory or any(t.advisory for t in tests))
                counted = [t for t in tests if t.outcome in COUNTED]
                if not counted:
                    continue
                attempted[key] += 1
                wrong = [t for t in counted if t.outcome != "passed"]
                if wrong:
                    failed[key] += 1
                    slow[key] += any(t.outcome == "timeout" for t in wrong)
                    messages.setdefault(key, Counter()).update({first_line(t) for t in wrong})
                    for line in {first_line(t) for t in wrong}:
                        pairs = {expected_and_got(t) for t in wrong if first_line(t) == line} - {("", "")}
                        said.setdefault((*key, line), Counter()).update(pairs)
    found = []
    for key in failed:
        message, students = min(messages[key].items(), key=lambda item: (-item[1], item[0]))
        pairs = said.get((*key, message), Counter())
        expected, got = min(pairs.items(), key=lambda item: (-item[1], item[0]))[0] if pairs else ("", "")
        found.append(Difficulty(key[0], key[1], failed[key], attempted[key], message, students, *flags[key],
                                expected=expected, got=got, timed_out=slow[key]))
    return sorted(found, key=lambda d: (-d.failed, -d.rate, order[(d.activity, d.name)]))


def difficulty_table(found: list[Difficulty]) -> Markup:
    """One row per test: who failed it (a bar and the numbers) and the most common message."""
    head = el("thead", el("tr", el("th", "Test"), el("th", "Failed by", class_="num"),
                             el("th", "Most common failure: what was called, expected and got")))
    rows = []
    for item in found:
        tags = [" ", el("span", "hidden test", class_="tag")] if item.hidden else []
        if item.timed_out:
            tags += [" ", el("span", f"timed out: {plural(item.timed_out, 'student')}", class_="tag timeout",
                             title="a run ran out of time: an endless loop, most often")]
        share = f"{item.failed} of {item.attempted}"
        rows.append(el(
            "tr",
            el("td", item.activity, " ", el("code", item.name), tags, data_label="Test"),
            el("td", share, el("meter", min=0, max=item.attempted, value=item.failed, low=round(item.attempted / 3, 2),
                                            high=round(item.attempted * 2 / 3, 2), optimum=0, title=share),
               class_="num", data_label="Failed by"),
            el("td", _failure(item), el("span", f"{plural(item.message_students, 'student')}", class_="pct"),
               data_label="Most common"),
            data_activity=item.activity, data_test=item.name, data_failed=item.failed, data_attempted=item.attempted,
        ))
    return el("table", head, el("tbody", rows), class_="stack tests")


def _failure(item: Difficulty) -> Markup:
    """The most common failure: its first line (the call, or what went wrong), then expected and got."""
    message = for_teacher(item.message)
    shown = message if len(message) <= SHOWN_CHARS else message[:SHOWN_CHARS - 1] + "…"
    parts = [el("code", shown, title=message if shown != message else None, class_="call")]
    if item.expected or item.got:
        parts.append(el("dl", el("dt", "expected"), el("dd", el("code", item.expected)),
                        el("dt", "got"), el("dd", el("code", item.got)), class_="said"))
    return join(parts)


def not_started(results: ClassResults) -> Markup:
    """Which activities students have not started (only the starter code), counted by student."""
    counts: Counter = Counter(a.id for sub in results.submissions for a in sub.activities if a.status == "not_started")
    if not counts:
        return Markup("")
    order = [a.id for sub in results.submissions for a in sub.activities]
    listed = [f"{activity_id} by {plural(counts[activity_id], 'student')}"
              for activity_id in sorted(counts, key=order.index)]
    return el("p", el("span", "not started", class_="tag"), " Only the starter code, unchanged, so left out below: ",
              "; ".join(listed), ".", class_="not-started")


def difficulty_section(results: ClassResults) -> Markup:
    """The "What to teach again" section, then the "going further" checks apart."""
    found = difficulties(results)
    required = [d for d in found if not d.advisory]
    advisory = [d for d in found if d.advisory]
    parts = [el("h2", "What to teach again", id="tests"),
             el("p", "Each test the class failed, the one most students failed first: how many failed it (a "
                     "student counts once, however many runs of the test they failed), and the failure most of them "
                     "got, with what was expected and what came back. Files not handed in, not started or that "
                     "did not load are left out: the table above shows those.", class_="muted"),
             not_started(results)]
    parts.append(difficulty_table(required) if required else el("p", "No student failed a graded test."))
    if advisory:
        parts += [el("h3", "Going further"),
                  el("p", "Checks beyond what the lab asks for, worth 0 points unless the rubric grades them.",
                     class_="muted"),
                  difficulty_table(advisory)]
    return join(parts)
