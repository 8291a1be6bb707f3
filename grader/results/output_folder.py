"""The names `grader grade` reserves at the top of its output folder, beside the reports.

Three modules need them and none of them owns the others: the engine keeps a run's state under
STATE, the class folder's reader skips any folder holding OUTPUT_MARKER (so a class/results
folder is never graded as a student), and the reporters list both among the names no
submission id may take. Naming them here is what keeps those three out of a circle.
"""

# Written into every output folder of `grader grade`, so that a later run never mistakes one
# (say class/results) for a student's folder.
OUTPUT_MARKER = ".grader-output"
# The run's records, options and scratch (grader/engine/run_state.py), kept for --resume.
STATE = ".grader-state"
