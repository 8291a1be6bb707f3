"""The "Likely causes" section of index.html: what a lab's diagnosis names across the class.

Where a lab can name the cause behind a failure (grader/engine/causes.py: a
diagnosis of one class), each submission's ``causes`` are grouped here, the cause most students share first:
"3 students: deal(): the count is lowered before the empty check, ...", each student a link to
their report. Without named causes the section is left out.
"""

from grader.reporters.html.markup import Markup, el, join
from grader.reporters.html.parts import report_href
from grader.reporters.wording import plural
from grader.results.model import ClassResults


def grouped_causes(results: ClassResults) -> list[tuple[str, list[str]]]:
    """(cause, ids of the students it was named for), the most shared first, then in class order."""
    groups: dict[str, list[str]] = {}
    for sub in results.submissions:
        for cause in dict.fromkeys(sub.causes):
            groups.setdefault(cause, []).append(sub.id)
    order = list(groups)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), order.index(item[0])))


def causes_section(results: ClassResults) -> Markup:
    found = grouped_causes(results)
    if not found:
        return Markup("")
    items = []
    for cause, students in found:
        links = join([join(", " if i else "", el("a", sub_id, href=report_href(sub_id))) for i, sub_id in enumerate(students)])
        items.append(el("li", el("strong", f"{plural(len(students), 'student')}:"), " ", cause,
                        el("span", links, class_="who-list"), data_cause=cause, data_students=len(students)))
    return join(el("h2", "Likely causes", id="causes"),
                el("p", "What the lab's diagnosis found behind the failures, across the class: the cause most students "
                        "share first. Each name opens that student's report.", class_="muted"),
                el("ul", items, class_="causes"))
