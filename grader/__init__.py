"""The trusted side of the Elevens grader: suites, scoring, reports and the command line.

Nothing in this package imports student code. Student files run in a sandboxed child process
(see ``grader.sandbox``) and only plain data comes back.
"""

__version__ = "0.1.0"
