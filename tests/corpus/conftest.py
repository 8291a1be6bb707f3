"""Fixtures of the corpus tests: the student kit's (tests/kit/conftest.py), reused as they are.

The full grader's wheel and each lab's kit are built once per session under file locks in the
same folders as tests/kit's, so the corpus tests share those builds whichever runs first, in one
process or across pytest-xdist workers.
"""

from tests.kit.conftest import installed_grader, kits  # noqa: F401 (pytest finds fixtures by name)

# The fixtures above build once for all workers (tests/conftest.py: no need to keep this folder
# on one worker).
SHARED_ACROSS_WORKERS = True
