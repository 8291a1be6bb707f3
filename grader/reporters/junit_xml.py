"""junit.xml: the results as JUnit XML, the test report format nearly every CI system reads.

Written by ``grader export junit RESULTS.json`` and by ``--junit-xml PATH`` on ``grade`` and
``check``; not written by ``grade`` on its own (a gradebook does not need it). The file is the
Jenkins xUnit plugin's ``junit-10.xsd`` (tests/integrations/schemas/) plus two attributes that
schema lacks, ``file`` and ``line`` on a test case that broke in the student's code: the
attributes pytest (``xunit1``), PHPUnit and others write, and that GitLab, EnricoMi's and
mikepenz's GitHub actions and dorny's ``phpunit-junit`` reporter read to point at the line.
``junit-strict`` (``grader export junit-strict``) leaves them out, for the xUnit plugin, which
refuses anything its schema does not declare. The mapping:

- ``<testsuites>``: the run (its ``name`` is the lab);
- one ``<testsuite name="STUDENT.ACTIVITY">`` per student and activity (no ``package``: Jenkins
  would show it before the name again, ``ada.ada.A1``), with the counts, the
  time, and ``<properties>`` for the student, the activity, its status and its points (the
  schema allows properties on a suite, not on a test case);
- one ``<testcase classname="STUDENT.ACTIVITY" name="TEST">`` per test run (names made unique
  within the suite), ``time`` in seconds. A wrong answer is a ``<failure>``; an exception, a
  timeout or a grader failure an ``<error>`` (its ``type`` says which, so a grader failure is never
  read as the student's); a skipped test ``<skipped>``. The test's points, seed, the file and line
  of the student's code where it broke (junit-10.xsd has no ``file`` or ``line`` attribute on a
  test case) and the replay command, then what the student's code printed, are its
  ``<system-out>``;
- an advisory ("going further") check worth 0 points that did not pass is ``<skipped
  type="advisory">``: it is reported but, as in ``grader check``'s exit code, does not turn a
  CI run red. One that passed is a passed test case; one the rubric gives points to counts as any
  other test;
- an activity with no test run (file not handed in, or the grader failed before any test) gets
  one test case of its own, so the CI shows why, and an unusable submission one for the student.

The tree is built with ``xml.etree``, which escapes every ``<``, ``&`` and quote, and every
string first loses the characters XML 1.0 forbids (student output can hold any byte): control
characters become their visible symbols (U+2400 block), anything else impossible becomes U+FFFD.
Nothing in the file depends on the clock or the machine, so the same results give the same file.
"""

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from grader.reporters.atomic import write_atomically
from grader.reporters.hookspecs import OutputFormat, hookimpl
from grader.reporters.wording import ACTIVITY_WORDS, in_students_words, outcome_words, points, score_of
from grader.results.model import ActivityResult, ClassResults, SubmissionResult, TestResult

# Everything XML 1.0 does not allow in a document (https://www.w3.org/TR/xml/#charsets).
_NOT_XML = re.compile("[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_MESSAGE_CHARS = 500  # a failure's message attribute: the message on one line, cut; the text has it all
ERROR_OUTCOMES = ("error", "timeout", "grader_error")


def xml_text(text: str) -> str:
    """``text`` with every character XML 1.0 forbids replaced by something a reader can see."""
    def replace(match: re.Match) -> str:
        code = ord(match.group())
        return chr(0x2400 + code) if code < 0x20 else "\ufffd"

    return _NOT_XML.sub(replace, text)


def junit_tree(results: ClassResults, places: bool = True) -> ET.Element:
    """The ``<testsuites>`` element for a whole run; ``places``: ``file`` and ``line`` attributes."""
    root = ET.Element("testsuites", name=xml_text(results.lab))
    suites = [suite for sub in results.submissions for suite in _submission_suites(sub)]
    for number, suite in enumerate(suites):
        suite.set("id", str(number))
        root.append(suite)
    if not places:
        for case in root.iter("testcase"):
            case.attrib.pop("file", None)
            case.attrib.pop("line", None)
    _set_counts(root, suites, with_skipped=False)  # <testsuites> has no `skipped` in junit-10.xsd
    return root


def junit_text(results: ClassResults, places: bool = True) -> str:
    root = junit_tree(results, places)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_junit(results: ClassResults, path: Path) -> list[Path]:
    return [write_atomically(path, junit_text(results))]


def write_strict_junit(results: ClassResults, path: Path) -> list[Path]:
    return [write_atomically(path, junit_text(results, places=False))]


@in_students_words
def _submission_suites(sub: SubmissionResult) -> list[ET.Element]:
    if not sub.activities:  # unusable: nothing was graded, but the CI must show the student
        suite = _suite(sub, sub.id, {"student": sub.id, "status": sub.status})
        case = _case(suite, sub.id, "submission", 0.0)
        _problem(case, "error", sub.status, " ".join(sub.messages) or f"submission status: {sub.status}")
        _finish(suite, sub.messages)
        return [suite]
    suites = []
    for activity in sub.activities:
        suites.append(_activity_suite(sub, activity))
    return suites


def _activity_suite(sub: SubmissionResult, activity: ActivityResult) -> ET.Element:
    name = f"{sub.id}.{activity.id}"
    properties = {
        "student": sub.id,
        "submission_status": sub.status,
        "activity": activity.id,
        "title": activity.title,
        "status": activity.status,
        "score": points(activity.score),
        "max": points(activity.max),
        "bonus": "true" if activity.bonus else "false",
        "hidden_not_run": str(activity.hidden_not_run),
    }
    suite = _suite(sub, name, properties)
    seen: Counter[str] = Counter()
    for test in activity.tests:
        seen[test.name] += 1
        unique = test.name if seen[test.name] == 1 else f"{test.name} (run {seen[test.name]})"
        _test_case(suite, name, unique, test)
    if not activity.tests:
        _activity_case(suite, name, activity)
    _finish(suite, [activity.note] if activity.note else [])
    return suite


def _activity_case(suite: ET.Element, classname: str, activity: ActivityResult) -> None:
    """The one test case of an activity no test ran for, saying why."""
    case = _case(suite, classname, "activity", 0.0)
    why = activity.note or ACTIVITY_WORDS.get(activity.status, activity.status)
    if activity.status == "waiting":  # student kit: it runs once the activity it waits for passes
        _problem(case, "skipped", "waiting", f"not checked yet: {why}")
    elif activity.status == "missing":
        _problem(case, "skipped", "missing", f"{'optional, ' if activity.bonus else ''}not handed in: {why}")
    elif activity.status == "not_started":
        _problem(case, "skipped", "not_started", why)
    elif activity.status == "not_loaded":
        _problem(case, "error", activity.status, why)
    elif activity.status == "grader_error":
        _problem(case, "error", activity.status, f"{ACTIVITY_WORDS['grader_error']}: {why}")
    else:  # graded, yet no test ran here: say so rather than show a pass
        hidden = f" ({activity.hidden_not_run} hidden tests are run only by the teacher)" if activity.hidden_not_run else ""
        _problem(case, "skipped", "no_tests", f"no test of this activity ran{hidden}")
    _system_out(case, f"points: {score_of(activity.score, activity.max)}")


def _test_case(suite: ET.Element, classname: str, name: str, test: TestResult) -> None:
    case = _case(suite, classname, name, test.duration)
    message = test.message or outcome_words(test.outcome)
    if test.outcome == "passed":
        pass
    elif test.advisory and test.max_points == 0:
        _problem(case, "skipped", "advisory",
                 f"going further (advisory, worth 0 points), {outcome_words(test.outcome)}: {message}")
    elif test.outcome == "failed":
        _problem(case, "failure", "wrong_answer", message)
    elif test.outcome == "grader_error":
        _problem(case, "error", test.outcome, f"{outcome_words('grader_error')}: {message}")
    elif test.outcome in ERROR_OUTCOMES:
        _problem(case, "error", test.outcome, message)
    else:  # skipped, or an outcome this version does not know: never counted as passed
        _problem(case, "skipped", test.outcome, message)
    if test.outcome != "passed" and test.file and test.line and not (test.advisory and test.max_points == 0):
        case.set("file", xml_text(test.file))
        case.set("line", str(test.line))
    _system_out(case, _test_details(test))


def _test_details(test: TestResult) -> str:
    lines = [f"points: {score_of(test.points, test.max_points)}", f"outcome: {test.outcome}"]
    if test.advisory:
        lines.append("advisory: a check that goes further than the lab asks")
    if test.visibility != "public":
        lines.append(f"visibility: {test.visibility}")
    if test.seed is not None:
        lines.append(f"seed: {test.seed}")
    if test.file:
        lines.append(f"where: {test.file}" + (f", line {test.line}" if test.line is not None else ""))
    if test.replay:
        lines.append(f"replay: {test.replay}")
    if test.output:
        lines += ["", "what the code printed:", test.output]
    return "\n".join(lines)


def _suite(sub: SubmissionResult, name: str, properties: dict[str, str]) -> ET.Element:
    suite = ET.Element("testsuite", name=xml_text(name))
    listed = ET.SubElement(suite, "properties")
    for key, value in properties.items():
        ET.SubElement(listed, "property", name=key, value=xml_text(value))
    return suite


def _case(suite: ET.Element, classname: str, name: str, seconds: float) -> ET.Element:
    return ET.SubElement(suite, "testcase", classname=xml_text(classname), name=xml_text(name), time=_seconds(seconds))


def _problem(case: ET.Element, tag: str, kind: str, message: str) -> None:
    """The element, its text the whole message, its ``message`` attribute the message on one
    line (what was called, what was expected, what came back), which is what the CI's summary
    and annotations show."""
    first = " | ".join(line.strip() for line in message.strip().splitlines() if line.strip()) or kind
    if len(first) > _MESSAGE_CHARS:
        first = first[:_MESSAGE_CHARS - 1] + "…"
    element = ET.SubElement(case, tag, type=xml_text(kind), message=xml_text(first))
    element.text = xml_text(message)


def _system_out(case: ET.Element, text: str) -> None:
    ET.SubElement(case, "system-out").text = xml_text(text)


def _finish(suite: ET.Element, notes: list[str]) -> None:
    """Counts and time on the suite; notes (why an activity scored as it did) as its system-out."""
    if notes:
        ET.SubElement(suite, "system-out").text = xml_text("\n".join(notes))
    _set_counts(suite, [suite], with_skipped=True)


def _set_counts(element: ET.Element, suites: list[ET.Element], with_skipped: bool) -> None:
    cases = [case for suite in suites for case in suite.iter("testcase")]
    element.set("tests", str(len(cases)))
    element.set("failures", str(sum(case.find("failure") is not None for case in cases)))
    element.set("errors", str(sum(case.find("error") is not None for case in cases)))
    if with_skipped:
        element.set("skipped", str(sum(case.find("skipped") is not None for case in cases)))
    element.set("time", _seconds(sum(float(case.get("time", "0")) for case in cases)))


def _seconds(value: float) -> str:
    """Plain dot-decimal seconds, never an exponent or a locale's comma: 0.012."""
    return f"{value:.3f}" if math.isfinite(value) and value > 0 else "0.000"


@hookimpl
def grader_output_formats() -> list[OutputFormat]:
    return [OutputFormat("junit", "junit.xml: JUnit XML, one test suite per student and activity, for any CI",
                         "junit.xml", write_junit, in_grade=False),
            OutputFormat("junit-strict", "junit.xml without file and line attributes, as junit-10.xsd (Jenkins xUnit) wants",
                         "junit.xml", write_strict_junit, in_grade=False)]
