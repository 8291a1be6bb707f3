"""Which of three styles a student's tester is written in, decided by reading it, never running it.

Students write testers the way they were taught, and the file's name says nothing reliable
(``widget_tester.py`` may hold pytest tests, ``test_widget.py`` a script). The rule, in order:

- **unittest**: the file defines a class deriving from ``unittest.TestCase`` (or a name
  ``TestCase``, however imported);
- **pytest**: the file defines test functions: top-level functions named ``test...``, or methods
  named ``test...`` of classes named ``Test...`` that have no ``__init__``, and no test function
  is called (or named) outside the tests themselves: at module level, in ``main()`` or a helper;
- **script** (the lab's own way): anything else, including a file whose ``main()`` or
  ``if __name__ == "__main__":`` block calls its test functions itself.
"""

import ast

UNITTEST, PYTEST, SCRIPT = "unittest", "pytest", "script"

TESTCASE_NAMES = ("TestCase", "IsolatedAsyncioTestCase")


def style_of(source: bytes) -> str:
    """``"unittest"``, ``"pytest"`` or ``"script"`` for a tester's source (see the module doc).

    A file that does not parse is a script: running it shows the student the SyntaxError.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return SCRIPT
    if any(_is_testcase(node) for node in ast.walk(tree)):
        return UNITTEST
    tests = _test_names(tree)
    if tests and not _called_outside_tests(tree, tests):
        return PYTEST
    return SCRIPT


def _is_testcase(node: ast.AST) -> bool:
    if not isinstance(node, ast.ClassDef):
        return False
    for base in node.bases:
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in TESTCASE_NAMES:
            return True
    return False


def _test_names(tree: ast.Module) -> set[str]:
    """The names of the file's test functions and test methods."""
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            methods = [n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
            if not any(m.name == "__init__" for m in methods):
                names.update(m.name for m in methods if m.name.startswith("test"))
    return names


def _called_outside_tests(tree: ast.Module, tests: set[str]) -> bool:
    """Whether any test function is called, or named (``for t in [test_a, test_b]: t()``),
    other than from inside a test function.

    A test that calls another test as a helper is still a pytest file; a ``main()`` (or module
    level code) that calls them means the file runs its own tests, the lab's way.
    """
    inside_tests = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in tests:
            inside_tests.update(id(inner) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in inside_tests:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in tests:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in tests:
            return True
    return False
