"""The HTML reports (index.html and <id>/report.html), read as HTML without a browser.

What a browser does with them is tests/reporters/test_html_browser.py's job; here: student
text never becomes markup (parsed with html.parser, the way a browser tokenizes), the pages
need nothing from outside, their numbers are results.json's, the statistics are right, and the
pages match the golden files (refreshed as test_golden.py says).
"""

import base64
import hashlib
import re
from html.parser import HTMLParser
from urllib.parse import unquote

import pytest

from grader.reporters import output_formats, write_run_outputs
from grader.reporters.html.class_page import SORT_SCRIPT, class_page
from grader.reporters.html.difficulty import difficulties
from grader.reporters.html.histogram import histogram_bins
from grader.reporters.html.markup import Markup, el
from grader.reporters.html.parts import heat_step, percent
from grader.reporters.html.student_page import student_page
from grader.reporters.html.style import CSS
from grader.reporters.wording import GRADER_ERROR_HEADLINE, UNUSABLE_HEADLINE
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult
from tests.reporters.samples import EVIL, sample_results, wide_class

HOSTILE = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(2)</script>"
# Every element the pages are meant to hold; anything else came from a student.
ELEMENTS = {"html", "head", "meta", "title", "style", "body", "script", "p", "h1", "h2", "h3", "div", "span", "strong",
            "a", "code", "pre", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "button", "meter", "section",
            "figure", "figcaption", "footer", "svg", "rect", "line", "text", "dl", "dt", "dd"}


class Page(HTMLParser):
    """An HTML page as a browser's tokenizer sees it: its elements, scripts and visible text."""

    def __init__(self, source: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.text: list[str] = []
        self._inside = ""
        self.feed(source)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        self._inside = tag

    def handle_endtag(self, tag):
        self._inside = ""

    def handle_data(self, data):
        {"script": self.scripts, "style": self.styles}.get(self._inside, self.text).append(data)

    def all(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.elements if name == tag]

    @property
    def visible_text(self) -> str:
        return "".join(self.text)


def hostile_class() -> ClassResults:
    """A submission whose every student-controlled string tries to become HTML."""
    tests = [
        TestResult("test_str[\"><img src=x onerror=alert(5)>]", "failed", 0.0, 3.0, f"got: {SCRIPT}\n</pre><b>x</b>",
                   seed=3, output=f"</pre>{SCRIPT}<!--", replay="grader check . --test '<svg onload=alert(6)>'",
                   file="<card>.py", line=7),
        TestResult("test_rank", "passed", 2.0, 2.0, seed=4),
    ]
    activity = ActivityResult("A1", "Card", "graded", 2.0, 5.0, note="<i>note</i>", tests=tests)
    loaded = ActivityResult("A2", "Deck", "not_loaded", 0.0, 5.0, note=f"deck.py: {SCRIPT}")
    return ClassResults("elevens", [
        SubmissionResult(HOSTILE, "graded", 2.0, 10.0, [f"note {SCRIPT}"], [activity, loaded]),
        SubmissionResult(f"{HOSTILE}.zip", "unusable", 0.0, 10.0, [f"{SCRIPT} is not a zip"], []),
        SubmissionResult("javascript:alert(7)", "grader_error", 0.0, 10.0, [f"crashed on {SCRIPT}"], [activity]),
    ], grader_version="test")


def every_page(results: ClassResults) -> list[str]:
    return [class_page(results)] + [student_page(sub) for sub in results.submissions]


# --- the formats ----------------------------------------------------------------------------

def test_grade_writes_the_class_page_and_one_report_html_per_student(tmp_path):
    formats = output_formats()
    assert (formats["html"].default_name, formats["html"].folder, formats["html"].in_grade) == ("index.html", False, True)
    reports = formats["html-reports"]
    assert (reports.default_name, reports.folder, reports.in_grade) == ("", True, True)
    written = write_run_outputs(sample_results(), tmp_path)
    expected = {tmp_path / "index.html"} | {tmp_path / sub.id / "report.html" for sub in sample_results().submissions}
    assert expected <= set(written) and all(path.is_file() for path in expected)


# --- escaping -------------------------------------------------------------------------------

@pytest.mark.parametrize("results", [hostile_class(), sample_results(), wide_class()], ids=["hostile", "sample", "wide"])
def test_student_text_never_becomes_an_element_an_attribute_or_a_script(results):
    for source in every_page(results):
        page = Page(source)
        assert {tag for tag, _ in page.elements} <= ELEMENTS
        assert not [name for _, attrs in page.elements for name in attrs if name.startswith("on")]
        assert page.scripts in ([], [SORT_SCRIPT])
        assert page.styles == [CSS]
        assert all(unquote(attrs["href"]).endswith("/report.html") for attrs in page.all("a"))


def test_hostile_text_is_shown_as_text_on_both_pages():
    results = hostile_class()
    index = Page(class_page(results))
    assert [attrs["data-student"] for attrs in index.all("tr") if "data-student" in attrs] == [s.id for s in results.submissions]
    assert HOSTILE in index.visible_text and f"{SCRIPT} is not a zip" in index.visible_text
    report = Page(student_page(results.submissions[0]))
    for shown in (HOSTILE, f"got: {SCRIPT}\n</pre><b>x</b>", f"</pre>{SCRIPT}<!--", "<svg onload=alert(6)>",
                  "<card>.py", "<i>note</i>", f"note {SCRIPT}", '"><img src=x onerror=alert(5)>'):
        assert shown in report.visible_text, shown
    assert "&lt;img src=x onerror=alert(1)&gt;" in student_page(results.submissions[0])


def test_the_builder_escapes_children_and_attributes_and_refuses_event_handlers():
    assert el("td", "<b>&", title='"><x', data_sort=1.5) == '<td title="&quot;&gt;&lt;x" data-sort="1.5">&lt;b&gt;&amp;</td>'
    assert el("p", Markup("<b>ok</b>"), ["<", el("br")]) == "<p><b>ok</b>&lt;<br></p>"
    assert el("p", "a\x1b[2Jb\r\nc") == "<p>a\u241b[2Jb\nc</p>"  # control characters shown, as in report.md
    for bad in ({"onclick": "x"}, {"onLoad": "x"}, {"x y": "1"}):
        with pytest.raises(ValueError):
            el("p", **bad)


# --- self-contained -----------------------------------------------------------------------

def test_pages_load_nothing_from_anywhere():
    for source in every_page(sample_results()):
        page = Page(source)
        assert not [attrs for _, attrs in page.elements if {"src", "srcset", "action", "formaction", "poster"} & set(attrs)]
        assert not page.all("link") and not page.all("img") and not page.all("iframe")
        assert not re.search(r"https?:|//[a-z]", source), "a URL in the page"
        assert "url(" not in CSS and "@import" not in CSS and "@font-face" not in CSS


def test_the_security_policy_allows_exactly_the_pages_own_style_and_script():
    def digest(source: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"

    for source, script in [(class_page(sample_results()), SORT_SCRIPT), (student_page(sample_results().submissions[0]), "")]:
        page = Page(source)
        policy = next(attrs["content"] for attrs in page.all("meta") if attrs.get("http-equiv") == "Content-Security-Policy")
        assert "default-src 'none'" in policy and f"style-src {digest(page.styles[0])}" in policy
        assert (f"script-src {digest(script)}" if script else "script-src 'none'") in policy
        assert any(attrs.get("name") == "viewport" for attrs in page.all("meta"))


# --- the class page -------------------------------------------------------------------------

def test_each_row_carries_the_numbers_of_results_json_and_links_to_the_report(tmp_path):
    results = sample_results()
    write_run_outputs(results, tmp_path)
    page = Page((tmp_path / "index.html").read_text(encoding="utf-8"))
    rows = [attrs for attrs in page.all("tr") if "data-student" in attrs]
    assert [(r["data-student"], float(r["data-total"]), float(r["data-max"]), r["data-status"]) for r in rows] == [
        (s.id, s.total, s.max, s.status) for s in results.submissions]
    links = [attrs["href"] for attrs in page.all("a")]
    assert [(tmp_path / unquote(href)).is_file() for href in links] == [True] * len(results.submissions)
    assert unquote(links[0]) == f"{EVIL}/report.html" and "`" not in links[0] and "<" not in links[0]


def test_heat_map_cells_show_status_marks_and_bonus_apart():
    cells: dict[str, list[dict]] = {}
    for tag, attrs in Page(class_page(sample_results())).elements:
        if tag == "tr" and "data-student" in attrs:
            row = cells.setdefault(attrs["data-student"], [])
        elif tag == "td" and attrs.get("data-column", "").startswith("a"):
            row.append(attrs)
    assert [c["class"] for c in cells[EVIL]] == ["cell h7", "cell st-not_loaded", "cell st-missing", "cell h10 bonus"]
    assert [c["class"] for c in cells["bob"]][1] == "cell st-grader_error" and cells["bob"][1]["data-sort"] == ""
    assert cells["broken_zip"] == []  # one cell says why, across the activities
    assert all(c["data-label"] and c["title"] for row in cells.values() for c in row)  # labels show on phones
    headers = [attrs["data-column"] for attrs in Page(class_page(sample_results())).all("th") if "data-column" in attrs]
    assert headers == ["student", "a0", "a1", "a2", "total", "a3"]  # the bonus comes after the total


@pytest.mark.parametrize("score, maximum, step, shown", [(0, 15, 0, "0%"), (1.49, 15, 0, "9%"), (14.99, 15, 9, "99%"),
                                                         (15, 15, 10, "100%"), (7.5, 15, 5, "50%"), (3, 0, 10, "–")])
def test_heat_steps_and_percentages_round_down(score, maximum, step, shown):
    assert (heat_step(score, maximum), percent(score, maximum)) == (step, shown)


def test_the_histogram_bins_complete_totals_by_tenths():
    def sub(n: int, total: float, status: str = "graded") -> SubmissionResult:
        return SubmissionResult(f"s{n}", status, total, 100.0)

    results = ClassResults("elevens", [sub(0, 0), sub(1, 9.99), sub(2, 10), sub(3, 55), sub(4, 99.99), sub(5, 100),
                                       sub(6, 0, "unusable"), sub(7, 80, "grader_error")])
    assert histogram_bins(results) == [2, 1, 0, 0, 0, 1, 0, 0, 0, 2]
    page = Page(class_page(results))
    assert [int(attrs["data-count"]) for attrs in page.all("rect")] == [2, 1, 0, 0, 0, 1, 0, 0, 0, 2]
    assert "Not counted: 1 could not be graded, 1 incomplete because the grader failed." in page.visible_text


def _student(n: int, tests: list[TestResult], status: str = "graded") -> SubmissionResult:
    return SubmissionResult(f"s{n}", "graded", 0.0, 10.0, [], [ActivityResult("A1", "Card", status, 0.0, 10.0, tests=tests)])


def test_parametrized_runs_count_once_per_student_and_the_test_most_students_failed_comes_first():
    def run(name: str, outcome: str, message: str = "", **extra) -> TestResult:
        return TestResult(name, outcome, 0.0, 1.0, message, **extra)

    results = ClassResults("elevens", [
        _student(0, [run("test_rank[a]", "failed", "rank() gave 'x'\n  expected: 'ace'"), run("test_rank[k]", "failed", "rank() gave 'x'"),
                     run("test_suit", "passed"), run("test_hash", "failed", "hashes differ", advisory=True)]),
        _student(1, [run("test_rank[a]", "passed"), run("test_rank[k]", "error", "IndexError: no"),
                     run("test_suit", "timeout", "", visibility="hidden")]),
        _student(2, [run("test_rank[a]", "failed", "rank() gave 'x'"), run("test_rank[k]", "passed"),
                     run("test_suit", "grader_error", "lost the sandbox")]),
        _student(3, [run("test_rank[a]", "error", "did not load")], status="not_loaded"),
        _student(4, [run("test_rank[a]", "passed"), run("test_rank[k]", "passed"), run("test_suit", "passed")]),
    ])
    found = difficulties(results)
    # Students first, then the share: one student's advisory check (1 of 1) no longer tops the list.
    assert [(d.name, d.failed, d.attempted, d.advisory) for d in found] == [
        ("test_rank", 3, 4, False), ("test_hash", 1, 1, True), ("test_suit", 1, 3, False)]
    rank = found[0]
    assert (rank.message, rank.message_students, rank.expected, rank.timed_out) == ("rank() gave 'x'", 2, "'ace'", 0)
    assert found[2].message == "took too long" and found[2].hidden  # no message: the outcome in words
    assert found[2].timed_out == 1
    page = Page(class_page(results))
    rows = [(attrs["data-test"], attrs["data-failed"]) for attrs in page.all("tr") if "data-test" in attrs]
    assert rows == [("test_rank", "3"), ("test_suit", "1"), ("test_hash", "1")]  # going further comes apart, last


# --- the student page -----------------------------------------------------------------------

def test_a_student_page_puts_failures_first_then_going_further_then_what_passed():
    results = sample_results()
    source = student_page(results.submission(EVIL))
    text = Page(source).visible_text
    order = [text.index(part) for part in ("What went wrong", "test_str[ace of hearts-1]", "wrong answer",
                                           "What the code printed", "<script>alert(1)</script>",
                                           "grader check . --activity A1 --test 'test_str[ace of hearts-1]'",
                                           "Going further", "What passed", "test_suit")]
    assert order == sorted(order)
    assert "11 / 53" in text and "Bonus, apart from the score" in text and "6 / 6" in text
    assert "hidden test" in text and "file did not load: 0 points" in text and "Shuffler.PY" in text


def test_a_student_page_says_where_the_error_was_raised_in_their_code():
    text = Page(student_page(hostile_class().submissions[0])).visible_text
    assert "Where it broke in the student's code: <card>.py, line 7" in text


def test_student_pages_say_in_words_when_a_submission_was_not_graded_to_the_end():
    results = sample_results()
    bob = Page(student_page(results.submission("bob"))).visible_text
    assert GRADER_ERROR_HEADLINE in bob and "Score so far (incomplete)" in bob
    assert "not graded: the grader failed (not the student's fault)" in bob
    broken = Page(student_page(results.submission("broken_zip"))).visible_text
    assert UNUSABLE_HEADLINE in broken and "could not be opened as a zip" in broken and "What passed" not in broken
