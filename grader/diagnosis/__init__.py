"""Which function is wrong: a student's file graded again with one function at a time replaced by
the reference's (splicing.py cuts the text, swapping.py grades the hybrids and names the culprit).
The hybrids are graded through grader.engine like any submission.

Must not import: grader.commands, grader.terminal, grader.reporters, grader.integrations, grader.cli.
"""
