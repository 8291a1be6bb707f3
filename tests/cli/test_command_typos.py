"""A mistyped command name gets the nearest real one, the commands loaded on demand included
(``sandbox-profile``, ``classroom``...: click's own hint only knew the commands already loaded)."""

import pytest
from click.testing import CliRunner

from grader.cli import main


@pytest.mark.parametrize("typed, meant", [("chek", "check"), ("sandbox-profil", "sandbox-profile"), ("clasroom", "classroom")])
def test_a_typo_names_the_command_meant(typed, meant):
    result = CliRunner().invoke(main, [typed])
    assert result.exit_code == 2 and f"Did you mean {meant!r}?" in result.output, result.output


def test_a_name_near_nothing_is_only_refused():
    result = CliRunner().invoke(main, ["zzzz"])
    assert result.exit_code == 2 and "No such command 'zzzz'." in result.output and "Did you mean" not in result.output
