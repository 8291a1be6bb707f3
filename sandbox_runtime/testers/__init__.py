"""Running a student's own tester in the sandbox (running.py), in the style it is written in
(styles.py): a script run as ``__main__``, a unittest file (unittest_style.py), or a pytest file
(pytest_style.py, with its marks and fixtures, and pytest itself preloaded: pytest_preload.py).

Imports only the tester host (hosting), the wire and sources.py.

Must not import: grader, sandbox_runtime.workers.
"""
