"""Fixtures of the student kit's tests: the full grader installed from its wheel, and each lab's
kit built by it and installed alone (installed_kits.py)."""

import os

import pytest

from tests.integrations.installed import InstalledGrader, shared_installed_grader
from tests.kit.installed_kits import shared_kit

# The builds are shared by every pytest-xdist worker under file locks (tests/conftest.py).
SHARED_ACROSS_WORKERS = True
LABS = ("elevens", "up-down-stay", "six-takes")


def _base(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def installed_grader(tmp_path_factory) -> InstalledGrader:
    """The teacher's grader, as in tests/integrations (the same build, shared)."""
    return shared_installed_grader(_base(tmp_path_factory) / "installed-grader")


@pytest.fixture(scope="session")
def kits(tmp_path_factory, installed_grader):
    """``kits(lab)``: that lab's kit, installed alone in a venv of its own."""
    return lambda lab: shared_kit(_base(tmp_path_factory) / "kits", installed_grader, lab)
