"""Running a unittest-style tester: its TestCase classes, through unittest's own loader.

The file has been imported as a module (not as ``__main__``), so its
``if __name__ == "__main__": unittest.main()`` block has not run, and neither has the
``SystemExit`` that ``unittest.main()`` always raises when it is done. The file passes when at
least one test ran and none failed or raised (skips are fine); an expected failure that passes
counts as a failure, as in unittest. It stops at the first failing test (``failfast``); no
report is printed, since its timings would make the output, and so the grade, differ between runs.
"""

import unittest

from sandbox_runtime.wire.failures import tester_failure


class _FirstProblem(unittest.TestResult):
    """Keeps the first failure or error, described while its traceback is still alive."""

    def __init__(self, module_name: str, staging_dir: str) -> None:
        super().__init__()
        self.module_name = module_name
        self.staging_dir = staging_dir
        self.problem: dict | None = None

    def addError(self, test, err) -> None:  # noqa: N802 - unittest's names
        self._note(test, err)

    def addFailure(self, test, err) -> None:  # noqa: N802
        self._note(test, err)

    def addSubTest(self, test, subtest, err) -> None:  # noqa: N802
        if err is not None:
            self._note(subtest, err)

    def addUnexpectedSuccess(self, test) -> None:  # noqa: N802
        if self.problem is None:
            self.problem = {"passed": False, "how": "unexpected success", **self._name(test)}
        self.stop()

    def _note(self, test, err) -> None:
        if self.problem is None:
            exc = err[1]
            reply = tester_failure(exc, self.staging_dir)
            # (setUpClass errors come with a stand-in "test" whose failureException is None)
            failure_exception = getattr(test, "failureException", None) or AssertionError
            reply["error"]["assertion"] = reply["error"]["assertion"] or isinstance(exc, failure_exception)
            self.problem = {**reply, **self._name(test)}
        self.stop()

    def startTest(self, test) -> None:
        self.started = getattr(self, "started", set())
        self.started.add(id(test))
        super().startTest(test)

    def _name(self, test) -> dict:
        """``{"test": "TestDeck.test_deal"}`` (the id without the module's name), and for a
        ``subTest`` its parameters as ``"case"``."""
        named = {}
        inner = getattr(test, "test_case", None)
        if isinstance(inner, unittest.TestCase):  # a subTest: name the test it belongs to
            params = getattr(test, "params", None) or {}
            named["case"] = ", ".join(f"{key}={value!r}" for key, value in params.items())
            test = inner
        named["test"] = test.id().replace(f"{self.module_name}.", "", 1)
        return named


def run(module, staging_dir: str) -> dict:
    """Run every TestCase of an imported module; the reply for the whole file."""
    suite = unittest.TestLoader().loadTestsFromModule(module)
    result = _FirstProblem(module.__name__, staging_dir)
    suite.run(result)
    # Python 3.12 stopped counting a test skipped by a decorator as run (it never starts): it is
    # counted here as every Python before did, so a report says the same on every version.
    started = getattr(result, "started", set())
    ran = result.testsRun + sum(1 for test, _ in result.skipped if id(test) not in started)
    counts = {"tests": ran, "skipped": len(result.skipped)}
    if result.problem is not None:
        return {**result.problem, **counts}
    if ran == 0:
        return {"passed": False, "how": "no tests", **counts}
    return {"passed": True, "how": "ran to the end", **counts}
