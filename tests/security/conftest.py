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
    if not as_user.same_version(installed):
        pytest.skip("the system's Python is not the version the grader's venv was built for")
    return as_user.site_for_ordinary_user(installed)
