"""Grading: the plan (plan.py, planning.py), the trusted pytest processes that run the suites
(shard.py, plugin.py), each submission's records, scoring, and resuming a run.

Must not import: grader.commands, grader.terminal, grader.reporters, grader.integrations, grader.cli, sandbox_runtime.
"""
