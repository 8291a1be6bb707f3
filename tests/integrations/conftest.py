"""Fixtures shared by the integration tests: the grader built and installed as it is deployed."""

import os

import pytest

from tests.integrations.installed import InstalledGrader, shared_installed_grader

# The build is shared by every pytest-xdist worker under a file lock, so this folder's files
# need not run on one worker (tests/conftest.py).
SHARED_ACROSS_WORKERS = True


@pytest.fixture(scope="session")
def installed_grader(tmp_path_factory) -> InstalledGrader:
    """The wheel of this checkout, installed in a fresh virtual environment: built once per test
    session, and shared by pytest-xdist's workers (their temporary folders have one parent)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return shared_installed_grader(base / "installed-grader")
