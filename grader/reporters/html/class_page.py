"""index.html: the whole class on one page, for a teacher who would rather look than read.

From the top: how many students and how the totals spread (a histogram), one row per student
with every activity as a heat-map cell (sortable by any column; each row links to the student's
report.html), then the likely causes a lab's diagnosis names across the class (causes.py), then
the tests the class failed, the most students first, with the failure most students got and
what was expected and what came back: what to teach again.

Each row carries ``data-student``, ``data-total``, ``data-max`` and ``data-status`` straight
from results.json, and each cell a ``data-sort`` key, so the sorting script and the tests read
numbers, never the text on the screen. The script only moves rows: it never writes HTML.
"""

from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.handed_in import handed_in_lines, late_tag
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.html.causes import causes_section
from grader.reporters.html.difficulty import difficulty_section
from grader.reporters.html.histogram import histogram
from grader.reporters.html.markup import Markup, el, join, page
from grader.reporters.html.parts import (
    activity_cell,
    heading,
    legend,
    percent,
    report_href,
)
from grader.reporters.wording import plural, points, score_of
from grader.results.model import ActivityResult, ClassResults, SubmissionResult

# Sorts the students table when a column's button is clicked: by the cells' data-sort keys,
# numbers as numbers, ascending then descending; rows without a key (no score) always go last.
SORT_SCRIPT = """
(function () {
  "use strict";
  var table = document.getElementById("students");
  if (!table) { return; }
  var body = table.tBodies[0];
  function key(row, column) {
    var cell = row.querySelector('[data-column="' + column + '"]');
    return cell ? cell.getAttribute("data-sort") || "" : "";
  }
  Array.prototype.forEach.call(table.querySelectorAll("thead button"), function (button) {
    button.addEventListener("click", function () {
      var header = button.parentNode;
      var column = header.getAttribute("data-column");
      var numeric = header.getAttribute("data-type") === "number";
      var ascending = header.getAttribute("aria-sort") !== "ascending";
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = key(a, column), y = key(b, column);
        if (x === "" || y === "") { return (x === "" ? 1 : 0) - (y === "" ? 1 : 0); }
        var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
      Array.prototype.forEach.call(table.querySelectorAll("thead th"), function (th) {
        th.removeAttribute("aria-sort");
      });
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    });
  });
})();
"""


def activity_columns(results: ClassResults) -> list[tuple[str, str, bool]]:
    """(id, title, bonus) of every activity, in the order submissions list them; bonus ones last."""
    seen: dict[str, tuple[str, str, bool]] = {}
    for sub in results.submissions:
        for activity in sub.activities:
            seen.setdefault(activity.id, (activity.id, activity.title, activity.bonus))
    columns = list(seen.values())
    return [c for c in columns if not c[2]] + [c for c in columns if c[2]]


def class_page(results: ClassResults) -> str:
    """The whole index.html."""
    count = len(results.submissions)
    body = [
        heading(f"{results.heading} · {plural(count, 'submission')}", "Class results"),
        _problems(results),
        histogram(results),
        el("h2", "Students", id="students-heading"),
        el("p", "Click a column's name to sort by it; click a student to open their report.", class_="muted"),
        legend(a for sub in results.submissions for a in sub.activities),
        _students_table(results),
        causes_section(results),
        difficulty_section(results),
        el("footer", f"Grader {results.grader_version or '(unknown version)'} · base seed {results.base_seed}"
                     f" · sandbox: {results.sandbox}. The same submissions and seed always give the same grades."),
    ]
    return page(f"{results.heading}: class results", body, script=SORT_SCRIPT)


def _problems(results: ClassResults) -> Markup:
    """Submissions that need the teacher before anything else, said in words."""
    lines = []
    misnamed = [sub for sub in results.submissions if any(a.renamed for a in sub.activities)]
    if misnamed:
        names = [join(", " if i else "", el("a", sub.id, href=report_href(sub.id)), " (",
                      ", ".join(f"{given} for {name}" for a in sub.activities for name, given in a.renamed.items()), ")")
                 for i, sub in enumerate(misnamed)]
        lines.append(el("p", el("span", "misnamed files", class_="tag"), " ",
                        f"{plural(len(misnamed), 'submission')} named a file otherwise; graded under the lab's name "
                        "(marked *): ", names, class_="misnamed"))
    if results.unusable:
        lines.append(el("p", el("span", "could not be graded", class_="tag bad"), " ",
                        f"{plural(len(results.unusable), 'submission')}: nothing in them was graded; ask for them again."))
    if results.grader_failed:
        lines.append(el("p", el("span", "grader failed", class_="tag grader"), " ",
                        f"{plural(len(results.grader_failed), 'submission')}: the grader failed part of the way, so the "
                        "total is incomplete (marked !). Not the students' fault: grade them again."))
    return join(lines)


def _header_cell(column: str, label: str, *, kind: str, title: str = "", extra: str = "") -> Markup:
    return el("th", el("button", label, type="button", title=title or None), scope="col", data_column=column,
              data_type=kind, class_=extra or None)


def _students_table(results: ClassResults) -> Markup:
    columns = activity_columns(results)
    regular = [c for c in columns if not c[2]]
    headers = [_header_cell("student", "Student", kind="text")]
    headers += [_header_cell(f"a{i}", aid, kind="number", title=title) for i, (aid, title, bonus) in enumerate(columns)
                if not bonus]
    headers.append(_header_cell("total", "Total", kind="number", extra="num"))
    headers += [_header_cell(f"a{i}", aid, kind="number", title=f"{title} (bonus)", extra="bonus")
                for i, (aid, title, bonus) in enumerate(columns) if bonus]
    rows = [_student_row(sub, columns, len(regular)) for sub in results.submissions]
    table = el("table", el("thead", el("tr", headers)), el("tbody", rows), id="students", class_="students")
    return el("div", table, class_="scroll")  # a very wide rubric scrolls inside its box, never the page


def _student_row(sub: SubmissionResult, columns: list[tuple[str, str, bool]], regular: int) -> Markup:
    tag = {"unusable": el("span", "could not be graded", class_="tag bad"),
           "grader_error": el("span", "grader failed", class_="tag grader")}.get(sub.status)
    late = late_tag(sub)
    if late and late != "on time":  # lateness is shown, never hidden in a penalty (grader/intake/late.py)
        tag = join(tag, " ", el("span", late, class_="tag late", title=" ".join(handed_in_lines(sub)))) if tag else \
            el("span", late, class_="tag late", title=" ".join(handed_in_lines(sub)))
    who = el("td", el("a", sub.id, href=report_href(sub.id)), [" ", tag] if tag else [],
             class_="who", data_column="student", data_sort=sub.id.casefold())
    by_id = {activity.id: activity for activity in sub.activities}
    cells = [who]
    if sub.status == "unusable":
        reason = sub.messages[0] if sub.messages else "nothing could be graded"
        cells.append(el("td", reason, colspan=regular or None, class_="unusable"))
        cells.append(el("td", "–", class_="num total", data_column="total", data_sort=""))
        cells += [el("td", "", class_="bonus") for c in columns if c[2]]
    else:
        for index, (activity_id, _title, bonus) in enumerate(columns):
            if bonus:
                continue
            cells.append(_cell(by_id.get(activity_id), index, activity_id))
        total = el("td", score_of(sub.total, sub.max), el("span", percent(sub.total, sub.max), class_="pct"),
                   class_="num total", data_column="total",
                   data_sort=points(sub.total) if sub.status == "graded" else "", data_label="total")
        cells.append(total)
        cells += [_cell(by_id.get(aid), index, aid, bonus=True) for index, (aid, _t, bonus) in enumerate(columns) if bonus]
    return el("tr", cells, data_student=sub.id, data_total=points(sub.total), data_max=points(sub.max),
              data_status=sub.status, class_="incomplete" if sub.status == "grader_error" else None)


def _cell(activity: ActivityResult | None, index: int, activity_id: str, *, bonus: bool = False) -> Markup:
    """A heat-map cell, or an empty one when this submission was not graded on that activity."""
    if activity is None:
        return el("td", "", class_="cell bonus" if bonus else "cell", data_column=f"a{index}", data_sort="")
    return activity_cell(activity, bonus_column=bonus, label=activity_id, data_column=f"a{index}")


def write_class_page(results: ClassResults, path: Path) -> list[Path]:
    return [write_atomically(path, class_page(results))]


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("html", "index.html: the class on one page (histogram, heat-map, hardest tests); "
                                 "opens from disk", "index.html", write_class_page)]
