"""The trusted side of the grader: the command line, scoring, reports and integrations; the
labs (grader/lab/registry.py) bring the suites.

Nothing in this package imports student code. Student files run in a sandboxed child process
(see ``grader.sandbox``) and only plain data comes back.
"""

__version__ = "0.1.0"
