"""Gradescope: the autograder zip (bundle.py) and what it runs for each submission (run.py).

``grader gradescope build`` writes a zip holding ``setup.sh``, ``run_autograder``, this grader as
a wheel (wheel.py) and the teacher's rubric and choices (settings.py). Gradescope runs
``setup.sh`` once to build its image and ``run_autograder`` once per submission; that calls
``python -m grader.integrations.gradescope.run``, which always writes results.json
(grader/reporters/gradescope_json.py), whatever goes wrong. docs/integrations.md, "Gradescope",
is the teacher's side of it.

Must not import: grader.terminal, grader.integrations.github.
"""
