"""index.html says why, in a real browser (headless Chromium, as tests/reporters/test_html_browser.py).

A class graded by `grader grade` on A1 and A2, from another working folder:

- ``eli_1``..``eli_3``: the lab's Buggy4 Deck (deal() lowers the count before the empty check);
- ``dev``: a Deck whose is_empty() tests ``< 0``;
- ``lou_loop``: a Card whose ``__str__`` never returns;
- ``sam_starter``: the untouched starter;
- ``kim_caps``: a correct Card named ``Card.py``.

The page must show, for each "what to teach again" row, what was expected and what came back;
the named causes across the class ("3 students: deal(): ...") linking each student's report;
the timeout and the not-started work as such; the misnamed file.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.classroom import reference_text, write_class
from tests.lab_loader import ROOT
from tests.reporters.test_html_browser import browser, visit  # noqa: F401 (fixtures)

EXAMPLES = ROOT / "examples" / "elevens"
DEAL_CAUSE = "deal(): the count is lowered before the empty check"


def starter() -> dict[str, str]:
    folder = ROOT / "starter" / "elevens"
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.is_file() and p.name != "__init__.py"}


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("why")
    card = reference_text("card.py")
    buggy4 = (EXAMPLES / "eli_deal_bug" / "deck.py").read_text(encoding="utf-8")
    looping = card.replace('        return f"{self._rank} of {self._suit} (point value = {self._point_value})"\n',
                           "        while True:\n            pass\n")
    assert looping != card
    students = {f"eli_{n}": {"card.py": card, "deck.py": buggy4} for n in (1, 2, 3)}
    students.update({
        "dev": {"card.py": card, "deck.py": (EXAMPLES / "dev_bugs" / "deck.py").read_text(encoding="utf-8")},
        "lou_loop": {"card.py": looping},
        "sam_starter": starter(),
        "kim_caps": {"Card.py": card},
    })
    write_class(root / "class", students)
    (root / "elsewhere").mkdir()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(root / "class"), "--jobs", "1", "--out", str(root / "out"),
                           "--activity", "A1", "--activity", "A2"], capture_output=True, text=True, timeout=900,
                          cwd=root / "elsewhere")
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "out", json.loads((root / "out" / "results.json").read_text(encoding="utf-8"))


def test_results_json_keeps_each_students_named_causes(graded):
    _, results = graded
    causes = {sub["id"]: sub["causes"] for sub in results["submissions"]}
    assert all(any(c.startswith(DEAL_CAUSE) for c in causes[f"eli_{n}"]) for n in (1, 2, 3))
    assert any(c.startswith("is_empty()") for c in causes["dev"])
    assert causes["sam_starter"] == [] and causes["kim_caps"] == [] and causes["lou_loop"] == []


def test_the_named_causes_are_grouped_across_the_class_and_link_each_student(graded, visit):
    out, _ = graded
    page = visit(out / "index.html")
    items = page.page.eval_on_selector_all("ul.causes li", """items => items.map(li => ({
        cause: li.dataset.cause, students: Number(li.dataset.students), text: li.innerText,
        links: Array.from(li.querySelectorAll("a")).map(a => [a.innerText, a.href])}))""")
    assert items[0]["students"] == 3 and items[0]["cause"].startswith(DEAL_CAUSE)
    assert items[0]["text"].startswith("3 students: " + DEAL_CAUSE)
    assert [name for name, _ in items[0]["links"]] == ["eli_1", "eli_2", "eli_3"]
    for name, href in items[0]["links"]:
        assert href == (out / name / "report.html").resolve().as_uri()
        assert (out / name / "report.html").is_file()
    assert any(item["cause"].startswith("is_empty()") and item["students"] == 1 for item in items[1:])
    page.page.click("ul.causes li >> text=eli_2")
    page.page.wait_for_load_state("load")
    assert page.page.url.endswith("/eli_2/report.html")


def test_each_row_to_teach_again_shows_expected_and_got(graded, visit):
    out, _ = graded
    page = visit(out / "index.html")
    rows = page.page.eval_on_selector_all("table.tests tbody tr", """rows => rows.map(r => ({
        test: r.dataset.test, failed: Number(r.dataset.failed), text: r.innerText,
        said: Array.from(r.querySelectorAll("dl.said dd")).map(d => d.innerText)}))""")
    by_test = {row["test"]: row for row in rows}
    deal = by_test["test_empty_deck_deals_none_again_and_again"]
    assert deal["failed"] == 4 and deal["said"] == ["None", "a Card object"]  # the Buggy4 Decks and dev's
    assert "expected" in deal["text"] and "got" in deal["text"]
    # ranked by students: the tests most students failed come before any one student's test
    assert rows[0]["failed"] == 4
    assert [row["failed"] for row in rows] == sorted((row["failed"] for row in rows), reverse=True)
    page.check_quiet()


def test_a_timeout_and_not_started_work_are_marked_as_such(graded, visit):
    out, results = graded
    page = visit(out / "index.html")
    looped = page.page.inner_text("table.tests tr[data-test='test_str']")
    assert "timed out: 1 student" in looped
    assert "A1 by 1 student" in page.page.inner_text("p.not-started")
    cells = page.page.eval_on_selector_all("tr[data-student] td.cell", """cells => cells.map(c => ({
        student: c.closest("tr").dataset.student, label: c.dataset.label, text: c.innerText, title: c.title}))""")
    cell = {(c["student"], c["label"]): c for c in cells}
    assert cell[("lou_loop", "A1")]["text"].endswith("↻") and "took too long" in cell[("lou_loop", "A1")]["title"]
    assert cell[("sam_starter", "A1")]["text"] == "○" and "not started" in cell[("sam_starter", "A1")]["title"]
    assert cell[("kim_caps", "A1")]["text"] == "15*" and "file named Card.py" in cell[("kim_caps", "A1")]["title"]
    legend = page.page.inner_text("ul.legend")
    assert "ran out of time" in legend and "only the starter code" in legend and "only by letter case" in legend
    assert "Card.py for card.py" in page.page.inner_text("p.misnamed")
    page.check_quiet()
