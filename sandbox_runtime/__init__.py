"""Code that runs *inside* the sandbox, in the same process as student code.

Nothing here is trusted: a student's file can rewrite any of it at run time. Its only job is
to carry requests from the grader to student objects and plain-data answers back. It uses the
standard library alone (plus pytest, which the launcher preloads read-only for students'
pytest-style testers and which only tester runs touch) and never imports ``grader``; the grader
never imports it either, but copies these files into each sandbox (see grader/sandbox/staging.py).

Must not import: grader.
"""
