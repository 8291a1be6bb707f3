"""Which function is wrong: a student's file graded again with one function at a time replaced by
the reference's (splicing.py cuts the text, swapping.py grades the hybrids and names the culprit).

Trusted side only: the hybrids are graded through grader.engine like any submission. Nothing here
may be imported by the sandbox's runtime, the suites, or the reporters.
"""
