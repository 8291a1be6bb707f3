"""What GitHub Classroom's reporter action does with our steps' outputs, re-implemented in Python
so that tests can hand it exactly what a runner would and read what Classroom would record.

Source: classroom-resources/autograding-grading-reporter, commit
43c2d9f524d3c7926caf7cb4fee34200b40b8c26 (the ``v1`` our workflows use), files src/main.js,
src/notify-classroom.js and src/helpers/test-helpers.js. What those files do, in our words:

- main.js splits the ``runners`` input on commas; for each runner it reads the environment
  variable named by the trimmed runner upper-cased plus ``_RESULTS``, decodes it from base64 to
  UTF-8 text and parses it as JSON. After reporting, the job is marked failed when any runner's
  ``status`` is ``"fail"`` ("Some tests failed."), else when any is ``"error"``.
- notify-classroom.js starts two sums at 0. For each runner, in order, whose ``max_score`` is
  truthy, it adds ``max_score`` to the maximum and each test's ``score`` to the total, one
  after the other, as JavaScript numbers. With a maximum of 0 it reports nothing; otherwise it
  writes two notice annotations: ``Points <total>/<max>`` and a JSON object of both. Those
  notices are how the points reach Classroom.

Python floats are the same IEEE doubles as JavaScript numbers and addition rounds the same way;
only the printing differs (``160.0`` in Python is ``160`` in JavaScript), which ``js_number``
handles for the values a grade can take.
"""

import base64
import json
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ReporterOutcome:
    total: float
    maximum: float
    notices: list[str]  # the annotations it adds to the job: the points, then the JSON
    failed: str  # the message it fails the job with, or ""


def decode_runners(runners: str, env: Mapping[str, str]) -> list[tuple[str, dict]]:
    """main.js: each runner's results, from ``<RUNNER>_RESULTS`` in base64 JSON."""
    found = []
    for runner in runners.split(","):
        encoded = env[f"{runner.strip().upper()}_RESULTS"]
        found.append((runner, json.loads(base64.b64decode(encoded).decode("utf-8"))))
    return found


def js_number(value: float) -> str:
    """JavaScript's String(number) for finite values between 1e-6 and 1e21 (all a grade can be)."""
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    return repr(value)


def report(runners: str, env: Mapping[str, str]) -> ReporterOutcome:
    """What the reporter computes and emits for these runners (see the module docstring)."""
    results = decode_runners(runners, env)
    total, maximum = 0, 0
    for _, result in results:
        if not result.get("max_score"):
            continue
        maximum += result["max_score"]
        for test in result["tests"]:
            total += test["score"]
    notices = []
    if maximum:
        notices = [f"Points {js_number(total)}/{js_number(maximum)}",
                   f'{{"totalPoints":{js_number(total)},"maxPoints":{js_number(maximum)}}}']
    failed = ""
    if any(result.get("status") == "fail" for _, result in results):
        failed = "Some tests failed."
    elif any(result.get("status") == "error" for _, result in results):
        failed = "Some tests errored."
    return ReporterOutcome(total, maximum, notices, failed)
