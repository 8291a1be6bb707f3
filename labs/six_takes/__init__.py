"""The 6 Takes! lab (school version): cards and penalties, the rows, a turn, a whole game, the
student's own tester, and a simulation. docs/labs/six-takes.md is its handout and contract.

Its files are the bundled lab folders (``reference/six-takes/``, ...); its suites are in
``suites/``; its trusted helpers beside them: the statistical checks and their rates
(stats.py), the wrong versions a tester must catch (variants.py) and how tools/make_mutants.py
makes the curated mutants of the Table and the turn (mutation.py). The grader's own code that
must run inside the sandbox (row choosers, the on_place recorder, spy players, loops of games)
is ``harness/six-takes/takes_probes.py``.
"""

from grader.lab.assets import bundled_lab

LAB = bundled_lab(
    "six-takes",
    "6 Takes! (card game lab)",
    __file__,
    spec="labs/six-takes.md",
    mutation="grader_labs.six_takes.mutation",
)
