"""Every maximum the docs state for the Elevens lab is one the rubric gives (issue 38, item 6).

A teacher reads three audiences' maxima: their own grading (`grader grade`, Gradescope: hidden
tests included, the bonus apart), the student kit's and Classroom's (public tests in the kit, less
the questions the kit leaves to the teacher), and the bonus. Each is computed here from
rubrics/elevens.yaml and the lab's answer key, and every sentence of README.md and docs/*.md
that states one of them (the patterns below) must give exactly that number: a changed rubric,
or a doc written from memory ("set Gradescope's points to 160"), fails this test.
"""

import re
from pathlib import Path

import pytest
import yaml

from grader.lab.answer_key import AnswerKey
from grader.lab.registry import get_lab
from grader.lab.rubric import load_rubric
from tests.lab_loader import ROOT

NUMBER = r"(\d+(?:\.\d+)?)"


def elevens_maxima() -> dict[str, float]:
    lab = get_lab("elevens")
    rubric = load_rubric(lab=lab)
    counted = [(a, t) for a in rubric.activities if not a.is_bonus for t in a.tests if rubric.counts(t)]
    key = AnswerKey.parse(yaml.safe_load((lab.suites / "answer_key.yaml").read_text(encoding="utf-8")))
    teacher_tests = set(key.teacher_tests())
    kit_public = sum(t.points for a, t in counted if t.visibility != "hidden" and t.in_kit)
    teacher_checks = sum(t.points for a, t in counted if t.visibility != "hidden" and t.in_kit
                         and any(t.matches(name) for name in a.test_names() if name in teacher_tests))
    return {"teacher": rubric.total_max, "kit_public": kit_public, "teacher_checks": teacher_checks,
            "kit": kit_public - teacher_checks,
            "bonus": sum(rubric.max_points(a) for a in rubric.activities if a.is_bonus)}


# pattern -> what each of its numbers must be: a set of the maxima's names, or "<=" (a score at
# most the next number).
STATEMENTS = {
    rf"out of (?:the [\w' ]+ )?{NUMBER}\b": [{"teacher", "kit"}],
    rf"maximum[^.\n]{{0,60}}?\({NUMBER}\b": [{"teacher", "kit"}],
    rf"maximum[^.\n]{{0,60}}? is {NUMBER}\b": [{"teacher", "kit"}],
    rf"{NUMBER} points plus the bonus": [{"teacher"}],
    rf"points to {NUMBER}\b": [{"teacher", "kit"}],
    rf"Total Pts: {NUMBER}\b": [{"teacher"}],
    rf"Total: {NUMBER} / {NUMBER}": ["<=", {"teacher", "kit"}],
    rf"Bonus: {NUMBER} / {NUMBER}": ["<=", {"bonus"}],
    rf"Elevens: {NUMBER} - {NUMBER}": [{"kit_public"}, {"teacher_checks"}],
    rf"Elevens: {NUMBER}\b(?! -)": [{"teacher", "kit"}],
    rf"the {NUMBER} points of the kit's public tests less those {NUMBER}": [{"kit_public"}, {"teacher_checks"}],
    rf"\(\+{NUMBER} your teacher checks\)": [{"teacher_checks"}],
    rf"those {NUMBER} points are yours to give": [{"teacher_checks"}],
    rf"\({NUMBER} points, not in this total\)": [{"teacher_checks"}],
    rf"Yours to give: {NUMBER} points": [{"teacher_checks"}],
}


def stated_maxima(text: str) -> list[tuple[str, list[str], list]]:
    """Every (sentence, numbers, roles) a doc's text states, whitespace folded."""
    flat = re.sub(r"\s+", " ", text)
    return [(flat[max(0, m.start() - 40):m.end() + 10], list(m.groups()), roles)
            for pattern, roles in STATEMENTS.items() for m in re.finditer(pattern, flat)]


def wrong_statements(text: str, maxima: dict[str, float]) -> list[str]:
    wrong = []
    for where, numbers, roles in stated_maxima(text):
        values = [float(n) for n in numbers]
        for i, (value, role) in enumerate(zip(values, roles)):
            ok = value <= values[i + 1] if role == "<=" else any(value == maxima[name] for name in role)
            if not ok:
                allowed = "at most the maximum" if role == "<=" else " or ".join(f"{maxima[n]:g} ({n})" for n in sorted(role))
                wrong.append(f"{numbers[i]} in '…{where}…' should be {allowed}")
    return wrong


DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_maxima_are_what_the_rubric_gives():
    # Today's numbers, so that a change of the rubric shows up here first, with the docs to update.
    assert elevens_maxima() == {"teacher": 166, "kit_public": 143, "teacher_checks": 6, "kit": 137, "bonus": 8}


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_maximum_a_doc_states_is_the_rubrics(doc: Path):
    assert wrong_statements(doc.read_text(encoding="utf-8"), elevens_maxima()) == []


def test_the_docs_state_each_audiences_maximum():
    """The kit's public maximum beside the teacher's, where each audience reads it."""
    found = {str(doc.relative_to(ROOT)): stated_maxima(doc.read_text(encoding="utf-8")) for doc in DOCS}
    assert len(found["docs/kit.md"]) >= 4 and len(found["docs/integrations.md"]) >= 3
    text = re.sub(r"\s+", " ", (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8"))
    assert "maximum for the whole of Elevens is 137" in text and "out of 166" in text and "(166 for the lab's rubric" in text


def test_a_wrong_maximum_is_caught():
    maxima = elevens_maxima()
    assert wrong_statements("Set the assignment's points to your rubric's maximum (160 for the lab's rubric).", maxima)
    assert wrong_statements("the kit's maximum (Elevens: 137, where the teacher's grading is out of 160)", maxima)
    assert wrong_statements("Total: 137 / 143", maxima) and wrong_statements("(Elevens: 143 - 5)", maxima)
    assert not wrong_statements("the kit's maximum (Elevens: 137, where the teacher's grading is out of 166)", maxima)


@pytest.mark.parametrize("lab_id", ["up-down-stay", "six-takes"])
def test_each_lab_page_states_its_rubrics_total(lab_id: str):
    page = (ROOT / "docs" / "labs" / f"{lab_id}.md").read_text(encoding="utf-8")
    stated = [float(n) for n in re.findall(r"Activities and points \((\d+(?:\.\d+)?) in all\)", page)]
    assert stated == [load_rubric(lab=get_lab(lab_id)).total_max]
