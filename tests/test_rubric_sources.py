"""Every point a shipped rubric gives rests on a named source, and each lab's page shows them.

A rubric entry's ``source:`` says where its requirement comes from (grader/lab/rubric.py,
``SOURCE_KINDS``): the guide the lab is built from, the handout's given code, or the lab's own
handout page (``spec``), which pins what the guide leaves open. For Elevens the contract is the
AP guide and the given code: a counted Elevens check must cite one of them, and a check that
rests on docs/lab.md alone is advisory. The card-game labs' handout pages are their assignment's
contract (signatures and the readings they pin), so a ``spec`` source is enough there.

Each lab's page carries a generated table of the sources (a "For teachers" block, between
``<!-- sources -->`` and ``<!-- /sources -->``); the last test checks it matches the rubric.
Rewrite the tables after changing a rubric with:

    python -m tests.test_rubric_sources --write
"""

import re
import sys

import pytest

from grader.lab.registry import installed_labs
from grader.lab.rubric import SOURCE_KINDS, Rubric, TestPoints, load_rubric

LABS = sorted(installed_labs())
# Labs whose contract is a guide outside the handout page: a counted check there must cite it,
# or the given code.
GUIDE_LABS = {"elevens": ("guide", "given code")}
KIND = re.compile(r"^(" + "|".join(re.escape(kind) for kind in SOURCE_KINDS) + r")\b")
TABLE = re.compile(r"^<!-- sources -->\n.*?^<!-- /sources -->\n", re.MULTILINE | re.DOTALL)


def rubric_of(lab_id: str) -> Rubric:
    return load_rubric(lab=installed_labs()[lab_id])


def entries(rubric: Rubric) -> list[tuple[str, TestPoints]]:
    return [(activity.id, entry) for activity in rubric.activities for entry in activity.tests]


def counted(entry: TestPoints) -> bool:
    """Whether an entry's points count in a default grading (not advisory, worth something)."""
    return not entry.advisory and entry.points > 0


@pytest.mark.parametrize("lab", LABS)
def test_every_counted_test_names_its_source(lab):
    missing = [f"{activity} {entry.test}" for activity, entry in entries(rubric_of(lab)) if counted(entry) and not entry.source]
    assert not missing, (f"rubrics/{lab}.yaml: these tests cost points but say nothing of where their requirement comes "
                         f"from; add `source: \"guide A2: ...\"` (or given code, spec) to each:\n  " + "\n  ".join(missing))


@pytest.mark.parametrize("lab", LABS)
def test_every_source_starts_with_its_kind(lab):
    wrong = [f"{activity} {entry.test}: {entry.source!r}" for activity, entry in entries(rubric_of(lab))
             if entry.source and not KIND.match(entry.source)]
    assert not wrong, f"rubrics/{lab}.yaml: a source starts with one of {SOURCE_KINDS}:\n  " + "\n  ".join(wrong)


@pytest.mark.parametrize("lab", sorted(GUIDE_LABS))
def test_a_counted_check_rests_on_the_guide_or_the_given_code(lab):
    kinds = GUIDE_LABS[lab]
    alone = [f"{activity} {entry.test}: {entry.source!r}" for activity, entry in entries(rubric_of(lab))
             if counted(entry) and not any(re.search(rf"(^|; ){re.escape(kind)}\b", entry.source) for kind in kinds)]
    assert not alone, (f"rubrics/{lab}.yaml: these checks cost points but cite neither {' nor '.join(kinds)}; "
                       "a requirement the guide leaves open is advisory:\n  " + "\n  ".join(alone))


def points_text(entry: TestPoints) -> str:
    flags = [flag for flag, on in (("gate", entry.gate), ("advisory", entry.advisory), ("hidden", entry.visibility == "hidden"),
                                   ("teacher's grader only", not entry.in_kit)) if on]
    return f"{entry.points:g}" + (f" ({', '.join(flags)})" if flags else "")


def sources_table(rubric: Rubric) -> str:
    """The generated block of a lab's page: every rubric entry, its points and its source."""
    lines = ["<!-- sources -->",
             f"| activity | test | points | source (from `rubrics/{rubric.lab}.yaml`) |",
             "|---|---|---|---|"]
    for activity, entry in entries(rubric):
        lines.append(f"| {activity} | `{entry.test}` | {points_text(entry)} | {entry.source.replace('|', '/') or '(none)'} |")
    return "\n".join(lines) + "\n<!-- /sources -->\n"


@pytest.mark.parametrize("lab", LABS)
def test_the_labs_page_lists_the_rubrics_sources(lab):
    page = installed_labs()[lab].spec
    found = TABLE.findall(page.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{page.name} needs one sources table (between <!-- sources --> and <!-- /sources -->)"
    assert found[0] == sources_table(rubric_of(lab)), (
        f"{page.name}'s sources table differs from rubrics/{lab}.yaml: run `python -m tests.test_rubric_sources --write`")


def write_tables() -> None:
    """Rewrite every lab's sources table from its rubric."""
    for lab in LABS:
        page = installed_labs()[lab].spec
        text = page.read_text(encoding="utf-8")
        if len(TABLE.findall(text)) != 1:
            sys.exit(f"{page}: add one '<!-- sources -->' / '<!-- /sources -->' pair (inside a teachers block) first")
        table = sources_table(rubric_of(lab))
        page.write_text(TABLE.sub(lambda _: table, text), encoding="utf-8")
        print(f"wrote the sources table of {page}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_rubric_sources --write")
    write_tables()
