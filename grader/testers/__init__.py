"""A student's own tester, run against the lab's correct and wrong versions of a class:
running it in its sandbox with the class in a host of its own (own_tests.py), what of the class
it may see (interface.py), the host's signed record of each run (transcripts.py), the versions it
is run against (wrong_versions.py), and what its runs earn (verdicts.py). The tester's code runs
in the sandbox (sandbox_runtime's testers and hosting packages), never here.

Must not import: grader.engine, grader.terminal, grader.reporters, grader.commands.
"""
