"""junit.xml against the schema CI tools read it with (junit-10.xsd, from the Jenkins xUnit
plugin; see schemas/README.md), with ids and output that try to break XML, and end to end
through `grader check --junit-xml` and `grader export junit`."""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import xmlschema

from grader.commands.exitcodes import ExitCode
from grader.reporters import output_formats
from grader.reporters.junit_xml import junit_text, write_junit, xml_text
from grader.reporters.results_json import write_results_json
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult
from tests.classroom import card_with, write_class
from tests.reporters.samples import EVIL, sample_results

SCHEMA_TEXT = (Path(__file__).parent / "schemas" / "junit-10.xsd").read_text(encoding="utf-8")
SCHEMA = xmlschema.XMLSchema(SCHEMA_TEXT)
# junit-10.xsd with exactly the two attributes the default file adds to <testcase>, declared as
# the consumers that read them expect (a path, a whole number); junit-strict must not need them.
CLASSNAME = '<xs:attribute name="classname" type="xs:string"/>'
WITH_PLACES = xmlschema.XMLSchema(SCHEMA_TEXT.replace(CLASSNAME, CLASSNAME + '<xs:attribute name="file" type="xs:string"/>'
                                                      '<xs:attribute name="line" type="xs:positiveInteger"/>'))
XSS = "<img src=x onerror=alert(1)>"
NASTY_OUTPUT = "bell\x07 escape\x1b[31m nul\x00 form\x0c lone\ud800 nonchar\ufffe cr\r tab\t end & </system-out>]]>"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def valid_tree(text: str) -> ET.Element:
    """The tree of a default junit.xml, after checking it against junit-10.xsd plus file and line,
    and checking that without those two attributes (junit-strict) it is valid junit-10.xsd."""
    WITH_PLACES.validate(text)  # raises with the line and the rule broken
    tree = ET.fromstring(text.encode("utf-8"))
    for case in tree.iter("testcase"):
        case.attrib.pop("file", None)
        case.attrib.pop("line", None)
    SCHEMA.validate(ET.tostring(tree, encoding="unicode"))
    return ET.fromstring(text.encode("utf-8"))


def nasty_class() -> ClassResults:
    tests = [
        TestResult("test_rank[ace-hearts-1]", "passed", 1.0, 1.0, seed=1, duration=0.0123),
        TestResult("test_str[x]", "failed", 0.0, 3.0, f"expected {XSS!r}\x1b[0m", output=NASTY_OUTPUT, duration=1e-7),
        TestResult("test_str[x]", "error", 0.0, 2.0, "ZeroDivisionError: division by zero", file="card.py", line=19,
                   duration=2.5),
        TestResult("test_suit", "timeout", 0.0, 1.0, "did not return within 2 seconds", duration=2.0),
        TestResult("test_hash", "failed", 0.0, 0.0, "hashes differ", advisory=True),
        TestResult("test_hash_graded", "failed", 0.0, 1.0, "hashes differ", advisory=True),
        TestResult("test_lost", "grader_error", 0.0, 1.0, "the sandbox stopped"),
        TestResult("test_not_run", "skipped", 0.0, 1.0, "skipped by the suite"),
    ]
    card = ActivityResult("A1", "Card <b>", "graded", 1.0, 10.0, note="note\x00", tests=tests)
    missing = ActivityResult("bonus-tens", "Tens", "missing", 0.0, 6.0, note="tens_board.py was not found", bonus=True)
    return ClassResults("elevens", [
        SubmissionResult(XSS, "graded", 1.0, 10.0, [], [card, missing], bonus_max=6.0),
        SubmissionResult("zip\x1b]0;pwned\x07", "unusable", 0.0, 10.0, ["not a zip: \x00"], []),
    ], grader_version="test")


def test_the_golden_class_validates_against_junit_10_xsd():
    root = valid_tree(junit_text(sample_results()))
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites][:3] == [f"{EVIL}.A1", f"{EVIL}.A2", f"{EVIL}.A3"]
    assert suites[-1].get("name") == "broken_zip" and suites[-1].find("testcase/error").get("type") == "unusable"
    bob_a2 = next(s for s in suites if s.get("name") == "bob.A2")
    assert bob_a2.find("testcase[@name='test_2_card_deck_counts_down']/error").get("type") == "grader_error"
    assert "not the student's fault" in bob_a2.find("testcase[@name='test_2_card_deck_counts_down']/error").text
    assert len({s.get("id") for s in suites}) == len(suites)


def test_hostile_ids_and_output_stay_text_and_the_file_validates():
    text = junit_text(nasty_class())
    root = valid_tree(text)
    assert "<img" not in text and "\x1b" not in text and "\x00" not in text  # escaped or made visible
    suite = root.find("testsuite")
    assert suite.get("name") == f"{XSS}.A1" and suite.get("package") is None  # Jenkins: no ada.ada.A1
    assert {c.get("classname") for c in suite.iter("testcase")} == {f"{XSS}.A1"}
    out = suite.find("testcase[@name='test_str[x]']/system-out").text
    assert "bell\u2407 escape\u241b[31m nul\u2400 form\u240c lone\ufffd nonchar\ufffd" in out
    assert "end & </system-out>]]>" in out  # read back exactly, never closing the element
    unusable = root.findall("testsuite")[-1]
    assert unusable.get("name") == "zip\u241b]0;pwned\u2407"


def test_each_outcome_has_its_element_and_the_counts_add_up():
    root = valid_tree(junit_text(nasty_class()))
    cases = {c.get("name"): c for c in root.find("testsuite").iter("testcase")}
    assert list(cases) == ["test_rank[ace-hearts-1]", "test_str[x]", "test_str[x] (run 2)", "test_suit", "test_hash",
                           "test_hash_graded", "test_lost", "test_not_run"]  # unique within the suite
    assert len(cases["test_rank[ace-hearts-1]"]) == 1  # only its system-out: passed
    assert cases["test_str[x]"].find("failure").get("type") == "wrong_answer"
    assert cases["test_str[x] (run 2)"].find("error").get("type") == "error"
    assert cases["test_suit"].find("error").get("type") == "timeout"
    assert cases["test_hash"].find("skipped").get("type") == "advisory"  # worth 0: never red
    assert cases["test_hash_graded"].find("failure") is not None  # the rubric gives it points
    assert cases["test_lost"].find("error").get("type") == "grader_error"
    assert cases["test_not_run"].find("skipped") is not None
    error = cases["test_str[x] (run 2)"]
    assert (error.get("file"), error.get("line")) == ("card.py", "19")  # for the CI to point at the line
    assert cases["test_suit"].get("file") is None  # no place in the student's code: no attribute
    assert "points: 0 / 2" in error.find("system-out").text and "where: card.py, line 19" in error.find("system-out").text
    suite = root.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("8", "2", "3", "2")
    assert suite.get("time") == "4.512"  # 0.012 + 0.000 + 2.500 + 2.000
    assert cases["test_rank[ace-hearts-1]"].get("time") == "0.012" and cases["test_str[x]"].get("time") == "0.000"
    bonus = root.findall("testsuite")[1]
    assert bonus.find("testcase/skipped").get("type") == "missing"  # optional and not handed in
    assert root.get("tests") == str(sum(int(s.get("tests")) for s in root.findall("testsuite")))
    assert root.get("skipped") is None  # junit-10.xsd has no such attribute on <testsuites>


def test_the_format_is_registered_under_its_name_and_not_written_by_grade():
    junit = output_formats()["junit"]
    assert (junit.default_name, junit.in_grade, junit.folder) == ("junit.xml", False, False)


def test_the_same_results_give_the_same_bytes(tmp_path):
    write_junit(nasty_class(), tmp_path / "a.xml")
    write_junit(nasty_class(), tmp_path / "b.xml")
    assert (tmp_path / "a.xml").read_bytes() == (tmp_path / "b.xml").read_bytes()


def test_xml_text_keeps_what_xml_allows():
    assert xml_text("é ☃ 𝄞 \t\n") == "é ☃ 𝄞 \t\n"
    assert xml_text("\x08\x7f") == "\u2408\x7f"  # DEL is allowed in XML 1.0


def test_export_junit_writes_a_valid_file_from_results_json(tmp_path):
    results = nasty_class()
    results.submissions[0].activities[0].tests[1].output = NASTY_OUTPUT.replace("\ud800", "")  # JSON has no lone surrogates
    write_results_json(results, tmp_path / "results.json")
    done = run("export", "junit", "results.json", "-o", "out/junit.xml", cwd=tmp_path)
    assert done.returncode == ExitCode.OK, done.stderr
    valid_tree((tmp_path / "out" / "junit.xml").read_text(encoding="utf-8"))


def test_check_junit_xml_from_another_folder_reports_the_buggy_card(tmp_path):
    buggy = card_with({"        return self._suit\n": "        return self._rank\n",
                       "        return self._point_value\n": "        return self._point_value // 0\n"})
    write_class(tmp_path / "class", {"ada": {"card.py": buggy}})
    elsewhere = tmp_path / "ci"
    elsewhere.mkdir()
    done = run("check", "../class/ada", "--activity", "A1", "--junit-xml", "reports/junit.xml", cwd=elsewhere)
    assert done.returncode == ExitCode.TESTS_FAILED, done.stdout + done.stderr
    root = valid_tree((elsewhere / "reports" / "junit.xml").read_text(encoding="utf-8"))
    assert [s.get("name") for s in root.findall("testsuite")] == ["ada.A1"]
    failures = [c for c in root.iter("testcase") if c.find("failure") is not None]
    assert any(c.get("name").startswith("test_suit") for c in failures)
    assert "expected: 'spades'" in "".join(c.find("failure").text for c in failures)
    errors = [c for c in root.iter("testcase") if c.find("error") is not None]
    assert errors and all(re.search(r"where: card\.py, line \d+", c.find("system-out").text) for c in errors)
    assert all(c.get("file") == "card.py" and int(c.get("line")) > 0 for c in errors)
    message = next(c for c in failures if c.get("name").startswith("test_suit")).find("failure").get("message")
    assert "\n" not in message and "expected: 'spades'" in message  # call, expected and got, in one line
    assert all(float(c.get("time")) >= 0 and "," not in c.get("time") for c in root.iter("testcase"))


def test_junit_strict_is_junit_10_xsd_as_it_is(tmp_path):
    from grader.reporters.junit_xml import junit_text as text_of

    strict = text_of(nasty_class(), places=False)
    SCHEMA.validate(strict)
    assert 'file="card.py"' not in strict and 'file="card.py"' in text_of(nasty_class())
    assert not SCHEMA.is_valid(text_of(nasty_class()))  # the reason junit-strict exists
    assert output_formats()["junit-strict"].default_name == "junit.xml"
