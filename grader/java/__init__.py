"""Java submissions: the same suites drive a student's Java classes through a warm JVM.

A submission is Java when it holds the lab's classes as ``.java`` files and none of its Python
files (``sources.py``). Each activity compiles the student's classes under test beside the
reference Java classes standing in for their dependencies (``compiling.py``), and a ``JvmSession``
(``session.py``) gives the engine the same interface as the Python ``SandboxSession``: a load per
test with the test's seed, calls through the same ``Student`` proxies, and the same errors.
The JVM side is ``sandbox_jvm/`` (its README is the protocol); ``worker.py`` builds it once and
starts it under the sandbox's limits. Nothing here knows a lab: Python file names map to Java
class names by a rule (``widget_box.py`` -> ``WidgetBox``).

Must not import: grader.commands, grader.terminal, grader.reporters, grader.integrations, grader.cli.
"""
