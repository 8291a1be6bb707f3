"""Student code that writes deep or endless JSON to the reply pipe, and answers.yaml files built
to overflow the loader: a whole class is graded with them, and the run ends normally.

Once, ``[[[[...`` on descriptor 4 (the reply pipe, which the student's code can write to) or
in answers.yaml raised RecursionError in the trusted process and the run exited 70.
"""

import pytest

from tests.security.hostile_class import EXAMPLES, HONEST, copy_example, grade, honest_alone

ACTIVITIES = ("A1", "A6")
CARD = (EXAMPLES / "ada_complete" / "card.py").read_text(encoding="utf-8")
# Written at the top of the student's card.py: runs when the sandbox loads it.
AT_LOAD = {
    "deep_at_load": 'import os\nos.write(4, b"[" * 300_000 + b"\\n")\n',
    "endless_line": 'import os\nfor _ in range(40):\n    os.write(4, b"{" * (1 << 20))\nos.write(4, b"\\n")\n',
    "deep_then_fake": 'import os\nos.write(4, b\'{"id": 1, "ok": \' + b"[" * 250 + b"]" * 250 + b"}\\n")\n',
}
# Written into Card.__init__: runs in every test's worker, between the grader's requests.
IN_EVERY_TEST = '        __import__("os").write(4, b"[" * 100_000 + b"\\n")\n'
ANSWERS = {
    "deep_answers": "deck_size: " + "[" * 9_000 + "]" * 9_000 + "\n",
    "deep_block_answers": "deck_size:\n  " + "- " * 8_000 + "6\n",  # a list in a list in ... in block style
    "huge_number_answers": "deck_size: " + "9" * 5_000 + "\n",
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    for name in HONEST:
        copy_example(name, root)
    for name, header in AT_LOAD.items():
        (copy_example("ada_complete", root, as_name=name) / "card.py").write_text(header + CARD, encoding="utf-8")
    init = "    def __init__(self, rank: str, suit: str, point_value: int) -> None:\n"
    assert init in CARD
    (copy_example("ada_complete", root, as_name="deep_in_every_test") / "card.py").write_text(
        CARD.replace(init, init + IN_EVERY_TEST), encoding="utf-8")
    for name, text in ANSWERS.items():
        (copy_example("ada_complete", root, as_name=name) / "answers.yaml").write_text(text, encoding="utf-8")
    alone = honest_alone(tmp_path_factory.mktemp("alone"), *ACTIVITIES)
    return grade(root, tmp_path_factory.mktemp("out"), *ACTIVITIES), alone, alone["ada_complete"]


def _activity(sub: dict, activity_id: str) -> dict:
    return next(a for a in sub["activities"] if a["id"] == activity_id)


def test_the_run_ends_normally_with_a_row_for_everyone(graded):
    run, _, _ = graded
    assert run.done.returncode == 0, run.done.stdout + run.done.stderr
    expected = {*HONEST, *AT_LOAD, "deep_in_every_test", *ANSWERS}
    assert set(run.by_id) == expected and len(run.rows) == len(expected)
    assert all(s["status"] == "graded" for s in run.results["submissions"])


def test_honest_students_get_the_grade_they_get_alone(graded):
    run, alone, _ = graded
    for name in HONEST:
        assert run.by_id[name]["total"] == alone[name]["total"], name


@pytest.mark.parametrize("name", [*AT_LOAD, "deep_in_every_test"])
def test_junk_on_the_reply_pipe_is_ignored_and_the_work_is_graded(graded, name):
    # A line the grader cannot safely parse is skipped like any line that is no reply: the
    # grade is what the code earns, and no test ends in the grader's error.
    run, _, ada = graded
    sub = run.by_id[name]
    assert sub["total"] == ada["total"] > 0
    assert not any(t["outcome"] == "grader_error" for a in sub["activities"] for t in a["tests"])


@pytest.mark.parametrize("name", ANSWERS)
def test_a_hostile_answers_file_scores_0_on_its_activity_with_a_message(graded, name):
    run, _, ada = graded
    sub = run.by_id[name]
    assert _activity(sub, "A1")["score"] == _activity(ada, "A1")["score"] > 0
    answers = _activity(sub, "A6")
    assert answers["status"] == "graded" and answers["score"] == 0
    messages = " ".join(t["message"] for t in answers["tests"])
    assert "the answers file" in messages and "RecursionError" not in messages
    report = (run.out / name / "report.md").read_text(encoding="utf-8")
    assert ("more than 20 deep" in report) or ("a number thousands of digits long" in report)
