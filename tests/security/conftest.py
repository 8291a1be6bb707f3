"""Fixtures of the attack tests."""

import pytest

from tests.security import as_user


@pytest.fixture(scope="session")
def ordinary_site(tmp_path_factory):
    """The grader installed for an ordinary user (as_user.py); built once per test process."""
    reason = as_user.why_not()
    if reason:
        pytest.skip(reason)
    return as_user.install_for_ordinary_user(tmp_path_factory.mktemp("as-user"))
