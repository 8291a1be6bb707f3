"""Reading a class as an LMS or GitHub Classroom hands it over (issue 26).

``layouts.detect`` tells a download's layout from what it holds; each layout module reads one
LMS's download into ``IntakeStudent``s (model.py), with the identity the LMS gave each student,
so that results.json and every export can name students the way the LMS does.

Must not import: grader.engine, grader.sandbox, grader.commands, grader.terminal.
"""
