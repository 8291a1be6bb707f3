"""Code that runs *inside* the sandbox, in the same process as student code.

Nothing here is trusted: a student's file can rewrite any of it at run time. Its only job is
to carry requests from the grader to student objects and plain-data answers back. It uses the
standard library alone (plus pytest, which the launcher preloads read-only for students'
pytest-style testers and which only tester runs touch) and never imports ``grader``. The grader
runs none of it: it imports the package only to find its files, which it copies into each
sandbox (grader/sandbox/staging.py).

Its parts, each a subpackage that imports only those listed before it (and sources.py):

- ``confinement``: the jail a new zygote enters, its resource limits, dying with the parent;
- ``wire``: what crosses the channel to the grader: the framing, values and exceptions as plain data;
- ``hosting``: the tester host, the class a tester runs against held in a process of its own;
- ``testers``: running a student's own tester in its style (script, unittest, pytest);
- ``workers``: the launcher, the zygote and the worker it forks afresh for each test.

``sources.py`` (modules whose source is held in memory) serves hosting, testers and workers alike,
so it stays at the top.

Must not import: grader.
"""
