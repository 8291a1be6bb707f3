"""The HTML reports in a real browser: Debian's headless Chromium, driven by Playwright.

A small class (a correct submission, one that only has its Card, one whose folder name and
printed output are HTML, and a broken zip) is graded with the real command line, restricted to
A1 and A2 to stay fast. Its index.html and report.html pages are opened from disk (file://), as
a teacher would, and checked against results.json: the numbers shown, sorting by a column,
no horizontal scrollbar 375 px wide, nothing requested from anywhere, no dialog and no element
made from a student's text. Every page opened also must log no error (a Content-Security-Policy
refusal would be one).

Playwright only drives the Chromium of the system (``executable_path``); it never downloads a
browser. Without /usr/bin/chromium (or $ELEVENS_CHROMIUM), or without the playwright package,
the tests are skipped and say why: .ci/run installs both.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.reporters import write_run_outputs
from grader.reporters.wording import score_of
from tests.classroom import card_with, reference_submission, reference_text, write_class
from tests.reporters.samples import wide_class

CHROMIUM = Path(os.environ.get("ELEVENS_CHROMIUM", "/usr/bin/chromium"))
# What headless Chromium needs on a machine with a closed network (no sandbox inside a container,
# no calls home that would be refused at every start).
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
HOSTILE = "<img src=x onerror=alert(1)>"
PRINTED = "<script>alert(2)</script>"

sync_api = pytest.importorskip("playwright.sync_api", reason="the Python package playwright is not installed "
                                                             "(pip install -e '.[dev]' installs it)")
if not CHROMIUM.is_file():
    pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium package (apt-get install chromium; .ci/run "
                "does it when it runs as root) or set ELEVENS_CHROMIUM", allow_module_level=True)


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Path, dict]:
    """A small class graded by `grader grade`: the output folder and its results.json."""
    root = tmp_path_factory.mktemp("class")
    hostile_card = card_with({
        "        return self._suit\n": f"        print({PRINTED!r})\n        return '<script>alert(3)</script>'\n",
        "        return self._point_value\n": "        raise ValueError('<img src=y onerror=alert(4)>')\n",
    })
    write_class(root, {"good": reference_submission(), HOSTILE: {"card.py": hostile_card},
                       "only_card": {"card.py": reference_text("card.py")}})
    (root / "broken.zip").write_text("not a zip", encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", str(root), "--jobs", "1", "--out", str(out),
                           "--activity", "A1", "--activity", "A2"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 3, done.stderr  # the broken zip is unusable; everyone else is graded
    return out, json.loads((out / "results.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A Chromium context with a new, empty profile, that lets no request leave the machine."""
    profile = tmp_path_factory.mktemp("profile")
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=FLAGS, java_script_enabled=True)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
        yield context
        context.close()
    shutil.rmtree(profile, ignore_errors=True)


class Visit:
    """One page opened from disk, with everything it asked for, said and tried."""

    def __init__(self, context, path: Path, width: int = 1100):
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.set_viewport_size({"width": width, "height": 800})
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(self.url)
        self.page.wait_for_load_state("load")

    def check_quiet(self) -> None:
        """Nothing but the page itself was requested, no dialog opened, nothing went wrong."""
        self.page.wait_for_timeout(100)  # a late script or request would show by now
        assert self.requests == [self.url] and self.dialogs == [] and self.errors == []

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def visit(browser):
    opened: list[Visit] = []

    def open_page(path: Path, width: int = 1100) -> Visit:
        opened.append(Visit(browser, path, width))
        return opened[-1]

    yield open_page
    for page in opened:
        page.close()


def rows(page) -> list[dict]:
    return page.eval_on_selector_all("tr[data-student]", """rows => rows.map(r => ({
        student: r.dataset.student, total: r.dataset.total, max: r.dataset.max,
        shown: r.querySelector("td.total").innerText}))""")


def test_the_class_page_shows_the_numbers_of_results_json(graded, visit):
    out, results = graded
    page = visit(out / "index.html")
    shown = rows(page.page)
    assert [row["student"] for row in shown] == [sub["id"] for sub in results["submissions"]]
    for row, sub in zip(shown, results["submissions"]):
        assert (float(row["total"]), float(row["max"])) == (sub["total"], sub["max"])
        if sub["status"] == "graded":
            assert row["shown"].split("\n")[0] == score_of(sub["total"], sub["max"])
    assert page.page.inner_text("figcaption").startswith("Totals of 3 students")
    page.check_quiet()


def test_each_report_shows_the_students_numbers_and_failures(graded, visit):
    out, results = graded
    for sub in results["submissions"]:
        page = visit(out / sub["id"] / "report.html")
        assert page.page.locator("h1").inner_text() == sub["id"]
        if sub["status"] == "graded":
            score = page.page.locator(".big[data-total]")
            assert (score.inner_text(), float(score.get_attribute("data-total"))) == (score_of(sub["total"], sub["max"]), sub["total"])
        else:
            assert "could not be graded" in page.page.locator("[role=alert]").inner_text()
        page.check_quiet()
    hostile = visit(out / HOSTILE / "report.html").page
    text = hostile.inner_text("body")
    assert "Where it broke in the student's code: card.py, line" in text and PRINTED in text
    assert "<img src=y onerror=alert(4)>" in text and " --activity A1 --test" in text


def test_a_hostile_folder_name_and_output_stay_text(graded, visit):
    out, _ = graded
    for path, scripts in [(out / "index.html", 1), (out / HOSTILE / "report.html", 0)]:
        page = visit(path)
        assert page.page.evaluate("document.querySelectorAll('img, iframe, object, embed').length") == 0
        assert page.page.evaluate("document.scripts.length") == scripts
        text = page.page.inner_text("body")
        assert HOSTILE in text
        page.check_quiet()  # no alert() ran: no dialog
    index = visit(out / "index.html").page
    index.get_by_role("link", name=HOSTILE).click()  # the link reaches the odd folder
    index.wait_for_load_state("load")
    assert index.locator("h1").inner_text() == HOSTILE and index.url.endswith("/report.html")


def test_clicking_a_column_name_sorts_the_rows(graded, visit):
    out, results = graded
    page = visit(out / "index.html")
    graded_subs = sorted((s for s in results["submissions"] if s["status"] == "graded"), key=lambda s: s["total"])
    others = [s["id"] for s in results["submissions"] if s["status"] != "graded"]  # no total: always last
    header = page.page.locator("th[data-column=total]")
    header.locator("button").click()
    assert [row["student"] for row in rows(page.page)] == [s["id"] for s in graded_subs] + others
    assert header.get_attribute("aria-sort") == "ascending"
    header.locator("button").click()
    assert [row["student"] for row in rows(page.page)] == [s["id"] for s in reversed(graded_subs)] + others
    assert header.get_attribute("aria-sort") == "descending"
    page.page.locator("th[data-column=student] button").click()
    assert sorted(row["student"] for row in rows(page.page)) == sorted(s["id"] for s in results["submissions"])
    page.check_quiet()


@pytest.mark.parametrize("which", ["index.html", "hostile report", "wide index.html", "wide report"])
def test_no_horizontal_scrollbar_on_a_phone_375_px_wide(graded, visit, tmp_path, which):
    out, _ = graded
    write_run_outputs(wide_class(), tmp_path)  # 13 activities, 200-character ids
    wide_id = wide_class().submissions[1].id
    path = {"index.html": out / "index.html", "hostile report": out / HOSTILE / "report.html",
            "wide index.html": tmp_path / "index.html", "wide report": tmp_path / wide_id / "report.html"}[which]
    page = visit(path, width=375)
    widths = page.page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1] == 375, widths
    assert page.page.evaluate("getComputedStyle(document.body).maxWidth") == "1152px"  # the inline CSS applied
    page.check_quiet()


def test_pages_print(graded, visit):
    out, _ = graded
    for path in (out / "index.html", out / HOSTILE / "report.html"):
        page = visit(path, width=700)
        page.page.emulate_media(media="print")
        assert page.page.evaluate("document.documentElement.scrollWidth") <= 700
        assert page.page.pdf(format="A4").startswith(b"%PDF")
        page.check_quiet()


@pytest.fixture(scope="module")
def from_an_lms(tmp_path_factory) -> tuple[Path, dict]:
    """A Gradescope export graded with a deadline: one student on time, one late whose name (as
    the LMS gives it) is HTML."""
    from tests.intake.make_gradescope import Submission, build_download

    home = tmp_path_factory.mktemp("lms")
    card = {"card.py": reference_text("card.py")}
    build_download(home, [Submission(1, [("Ada Byron", "s1", "ada@x.edu")], card, created_at="2026-12-01 10:00:00 +0000"),
                          Submission(2, [(HOSTILE, "s2", "h@x.edu")], card, created_at="2026-12-03 10:00:00 +0000")],
                   name="export.zip")
    done = subprocess.run([sys.executable, "-m", "grader.cli", "grade", "export.zip", "--out", "out", "--activity", "A1",
                           "--deadline", "2026-12-01T23:59Z"], capture_output=True, text=True, timeout=300, cwd=home)
    assert done.returncode == 0, done.stderr
    return home / "out", json.loads((home / "out" / "results.json").read_text(encoding="utf-8"))


def test_late_work_is_tagged_and_each_report_says_who_and_when(from_an_lms, visit):
    out, results = from_an_lms
    page = visit(out / "index.html").page
    late = {sub["id"] for sub in results["submissions"] if sub["identity"]["late"]}
    assert len(late) == 1
    tagged = page.eval_on_selector_all("tr[data-student]", "rows => rows.filter(r => r.querySelector('.tag.late'))"
                                                           ".map(r => r.dataset.student)")
    assert set(tagged) == late and page.locator(".tag.late").inner_text() == "late"
    assert page.evaluate("document.querySelectorAll('img, iframe, object, embed').length") == 0
    for sub in results["submissions"]:
        report = visit(out / sub["id"] / "report.html")
        lines = report.page.locator("ul.handed-in li").all_inner_texts()
        assert lines[0].startswith("From Gradescope: ") and any(line.startswith("Handed in 2026-12-0") for line in lines)
        assert any(line.startswith("Late by 1 day 10 hours") for line in lines) == (sub["id"] in late)
        assert report.page.evaluate("document.querySelectorAll('img').length") == 0
        report.check_quiet()
