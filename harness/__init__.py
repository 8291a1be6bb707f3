"""Files the grader puts into a sandbox that are not part of the lab.

Listed under ``harness:`` in the rubric and imported after the student's files, because they
use them: ``probe_board.py`` is the smallest concrete Board, so Activity 8 can test the
student's abstract Board without any game's rules.
"""
