"""Which tests the class failed, hardest first: what to teach again.

A parametrized test is one question asked several ways, so its runs are grouped by the test
function's name within its activity (``test_rank[ace-hearts-1]`` and ``test_rank[king-...]``
are ``A1 test_rank``), and a student counts once: as failing it when any run went wrong.

Only the student's own answers count. Activities whose file was missing or did not load are
left out (the heat-map shows those, and counting every one of their tests as failed would bury
the real lessons), and so are runs the grader failed on or skipped. The most common failure
message is counted by students too, on its first line, which names what was called.
"""

from collections import Counter
from dataclasses import dataclass

from grader.reporters.html.markup import Markup, el, join
from grader.reporters.wording import OUTCOME_WORDS, base_name, plural
from grader.results import ClassResults, TestResult

COUNTED = ("passed", "failed", "error", "timeout")


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

    @property
    def rate(self) -> float:
        return self.failed / self.attempted if self.attempted else 0.0


def first_line(test: TestResult) -> str:
    """The first non-blank line of a test's message, or what its outcome means."""
    line = next((part.strip() for part in test.message.splitlines() if part.strip()), "")
    return line or OUTCOME_WORDS.get(test.outcome, test.outcome)


def difficulties(results: ClassResults) -> list[Difficulty]:
    """Every test at least one student failed, hardest (highest share failing) first."""
    order: dict[tuple[str, str], int] = {}
    attempted: Counter = Counter()
    failed: Counter = Counter()
    messages: dict[tuple[str, str], Counter] = {}
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
                    messages.setdefault(key, Counter()).update({first_line(t) for t in wrong})
    found = []
    for key in failed:
        message, students = min(messages[key].items(), key=lambda item: (-item[1], item[0]))
        found.append(Difficulty(key[0], key[1], failed[key], attempted[key], message, students, *flags[key]))
    return sorted(found, key=lambda d: (-d.rate, -d.failed, order[(d.activity, d.name)]))


def difficulty_table(found: list[Difficulty]) -> Markup:
    """One row per test: who failed it (a bar and the numbers) and the most common message."""
    head = el("thead", el("tr", el("th", "Test"), el("th", "Failed by", class_="num"), el("th", "Most common failure")))
    rows = []
    for item in found:
        tags = [" ", el("span", "hidden test", class_="tag")] if item.hidden else []
        share = f"{item.failed} of {item.attempted}"
        rows.append(el(
            "tr",
            el("td", item.activity, " ", el("code", item.name), tags, data_label="Test"),
            el("td", share, el("meter", min=0, max=item.attempted, value=item.failed, low=round(item.attempted / 3, 2),
                                            high=round(item.attempted * 2 / 3, 2), optimum=0, title=share),
               class_="num", data_label="Failed by"),
            el("td", el("code", item.message), el("span", f"{plural(item.message_students, 'student')}", class_="pct"),
               data_label="Most common"),
            data_activity=item.activity, data_test=item.name, data_failed=item.failed, data_attempted=item.attempted,
        ))
    return el("table", head, el("tbody", rows), class_="stack tests")


def difficulty_section(results: ClassResults) -> Markup:
    """The "What to teach again" section, then the "going further" checks apart."""
    found = difficulties(results)
    required = [d for d in found if not d.advisory]
    advisory = [d for d in found if d.advisory]
    parts = [el("h2", "What to teach again", id="tests"),
             el("p", "Each test the class failed, hardest first: how many students failed it (a parametrized test "
                     "counts once per student) and the failure message most of them got. Files not handed in or "
                     "that did not load are left out: the table above shows those.", class_="muted")]
    parts.append(difficulty_table(required) if required else el("p", "No student failed a graded test."))
    if advisory:
        parts += [el("h3", "Going further"),
                  el("p", "Checks beyond what the lab asks for, worth 0 points unless the rubric grades them.",
                     class_="muted"),
                  difficulty_table(advisory)]
    return join(parts)
