"""Fixtures of the attack tests."""

import os

import pytest

from tests.integrations.installed import shared_installed_grader
from tests.security import as_user

# The build below is shared by every pytest-xdist worker under a file lock, so this folder's
# files need not run on one worker (tests/conftest.py).
SHARED_ACROSS_WORKERS = True


@pytest.fixture(scope="session")
def ordinary_site(tmp_path_factory):
    """The grader's wheel installed for an ordinary user to run (as_user.py)."""
    reason = as_user.why_not()
    if reason:
        pytest.skip(reason)
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    installed = shared_installed_grader(base / "installed-grader")
    python = as_user.ordinary_python(installed)
    if python is None:
        pytest.skip("no Python of the grader's venv's version that an ordinary user may run: the system's is "
                    "another version, and this one could not be copied where that user may run it")
    return as_user.OrdinaryUserGrader(as_user.site_for_ordinary_user(installed), python)
