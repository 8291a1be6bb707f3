"""The 6 Takes! lab's suites, one file per activity, run by pytest in the trusted process.

Their tests take the ``student`` fixture (or ``own_tests`` for the tester activity) and reach
the student's code and the grader's harness (takes_probes) only through it. Points and
visibility come from rubrics/six-takes.yaml, by test function name.
"""
