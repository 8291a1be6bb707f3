"""Running a student's own tester inside the sandbox, and saying how it ended.

A script tester (``deck_tester.py``) passes only when it runs to its last line: an
AssertionError, any other exception or ``sys.exit`` (even ``sys.exit(0)``) part-way means it did
not. A pytest-style file (``test_deck.py``) passes when every ``test*`` function in it returns
without raising; it is run without pytest (the sandbox has only the standard library), so
fixtures are not available, which the lab's testers never need.
"""

import os
import runpy

from sandbox_runtime.failures import describe


def run_tester(path: str, staging_dir: str) -> dict:
    full = os.path.join(staging_dir, path)
    try:
        if os.path.basename(path).startswith("test"):
            return _run_test_functions(full, staging_dir)
        runpy.run_path(full, run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) or exc.code is None else 1
        return {"passed": False, "how": "exit", "exit_code": code or 0, "error": describe(exc, staging_dir)}
    except BaseException as exc:  # noqa: BLE001 - the tester failing is the point
        return {"passed": False, "how": "raised", "error": describe(exc, staging_dir)}
    return {"passed": True, "how": "ran to the end"}


def _run_test_functions(full: str, staging_dir: str) -> dict:
    namespace = runpy.run_path(full, run_name="student_tests")
    tests = [(name, value) for name, value in namespace.items() if name.startswith("test") and callable(value)]
    for name, test in tests:
        try:
            test()
        except BaseException as exc:  # noqa: BLE001
            return {"passed": False, "how": "raised", "test": name, "error": describe(exc, staging_dir)}
    return {"passed": True, "how": "ran to the end", "tests": len(tests)}
