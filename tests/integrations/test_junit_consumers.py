"""junit.xml read the way EnricoMi/publish-unit-test-result-action reads it: through junitparser
(the library that action parses with), then the attributes its ``python/publish/junit.py``
(read at commit 04dd01d) takes from each ``<testcase>``: ``file`` and ``line`` straight from the
element, the result's ``message`` and text, the case's ``classname`` and ``name``. What a teacher
then sees in the action's check run must point at the student's line and say expected and got."""

from pathlib import Path

import pytest

from tests.classroom import card_with, write_class
from tests.integrations.test_junit_xml import run

junitparser = pytest.importorskip("junitparser", reason="junitparser is a dev dependency (pip install -e '.[dev]')")


def read_like_the_action(path: Path) -> list[dict]:
    """One dict per test case, holding what the action keeps of it."""
    xml = junitparser.JUnitXml.fromfile(str(path))
    suites = xml if xml._tag == "testsuites" else [xml]
    cases = []
    for suite in suites:
        for case in suite:
            results = list(case.result)
            line = case._elem.get("line")
            cases.append({"suite": suite.name, "class": case.classname, "name": case.name,
                          "file": case._elem.get("file"), "line": int(line) if line else None,
                          "kind": type(results[0]).__name__ if results else "passed",
                          "message": results[0].message if results else None})
    return cases


def test_the_action_points_at_the_students_line_and_says_expected_and_got(tmp_path):
    buggy = card_with({"        return self._suit\n": "        return self._rank\n",
                       "        return self._point_value\n": "        return self._point_value // 0\n"})
    write_class(tmp_path / "class", {"ada": {"card.py": buggy}})
    done = run("check", "class/ada", "--activity", "A1", "--junit-xml", "junit.xml", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    cases = read_like_the_action(tmp_path / "junit.xml")
    assert {case["suite"] for case in cases} == {"ada.A1"}
    failed = [c for c in cases if c["kind"] == "Failure" and c["name"].startswith("test_suit")]
    assert failed and all("expected: '" in c["message"] and "got: " in c["message"] for c in failed)
    errors = [c for c in cases if c["kind"] == "Error"]
    assert errors and all(c["file"] == "card.py" and c["line"] and c["line"] > 0 for c in errors)
    assert all(c["message"] and "\n" not in c["message"] for c in cases if c["kind"] != "passed")
