"""What crosses the private channel to the grader: the framing, one JSON object per line
(framing.py), student values as plain data and back (values.py), and an exception as plain data
(failures.py).

Standard library only.

Must not import: grader, sandbox_runtime.sources, sandbox_runtime.confinement, sandbox_runtime.hosting, sandbox_runtime.testers, sandbox_runtime.workers.
"""
