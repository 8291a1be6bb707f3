"""Fixtures shared by the integration tests: the grader built and installed as it is deployed."""

import os

import pytest

from tests.integrations.installed import InstalledGrader, shared_installed_grader


@pytest.fixture(scope="session")
def installed_grader(tmp_path_factory) -> InstalledGrader:
    """The wheel of this checkout, installed in a fresh virtual environment: built once per test
    session, and shared by pytest-xdist's workers (their temporary folders have one parent)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return shared_installed_grader(base / "installed-grader")
