"""The assertion suites, one file per activity, run by pytest in a trusted process.

A suite's tests take the ``student`` fixture (grader.engine.plugin), a ``Student`` proxy whose
modules are the activity's files in a fresh sandbox worker. Suites never import student code.
Points and visibility come from the rubric, keyed by test function name.
"""
