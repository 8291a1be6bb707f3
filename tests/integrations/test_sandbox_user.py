"""Student code as an unprivileged user (GRADER_SANDBOX_USER), at both isolation levels, and
unchanged when the variable is not set; with clear errors when it cannot be honoured."""

import os
import subprocess
from pathlib import Path

import pytest

from grader.integrations.gradescope.sandbox_user import (
    SandboxUserError,
    ensure_user,
    hide_from_others,
    use_sandbox_user,
)
from grader.sandbox.confinement import UnsafeSandbox
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.jail_spec import DEDICATED_ID
from grader.sandbox.staging import SANDBOX_USER_VARIABLE, StagedFolder
from grader.sandbox.staging import SandboxUserError as StagingUserError
from tests.classroom import grade_class, write_class
from tests.integrations.gradescope_helpers import CARD_SAYING_WHO

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="only root can run student code as another user")
LEVELS = ["process", pytest.param("namespaces", marks=pytest.mark.skipif(not namespaces_work(), reason="no namespaces here"))]


def uids_seen(tmp_path: Path, isolation: str, **options) -> tuple[set[str], float]:
    """The uids the student's card printed during A1, and A1's score."""
    root = write_class(tmp_path / "class", {"ada": {"card.py": CARD_SAYING_WHO}})
    results = grade_class(root, tmp_path / "scratch", only_activities=["A1"], isolation=isolation, **options)
    activity = results.submissions[0].activities[0]
    seen = {line.split()[1] for t in activity.tests for line in t.output.splitlines() if line.startswith("uid ")}
    return seen, activity.score


@root_only
@pytest.mark.parametrize("isolation", LEVELS)
def test_with_the_variable_student_code_runs_as_that_user(monkeypatch, tmp_path, isolation):
    monkeypatch.setenv(SANDBOX_USER_VARIABLE, "nobody")
    seen, score = uids_seen(tmp_path, isolation)
    assert seen == {"65534"} and score == 15.0


@root_only
def test_without_it_the_process_level_runs_as_root_only_when_the_teacher_allows_it(monkeypatch, tmp_path):
    monkeypatch.delenv(SANDBOX_USER_VARIABLE, raising=False)
    with pytest.raises(UnsafeSandbox, match="would run as root.*--allow-unconfined-root"):
        uids_seen(tmp_path / "refused", "process")
    seen, score = uids_seen(tmp_path, "process", allow_unconfined_root=True)
    assert seen == {"0"} and score == 15.0


@root_only
@pytest.mark.skipif(not namespaces_work(), reason="no namespaces here")
def test_without_it_the_namespaces_level_runs_as_the_dedicated_id(monkeypatch, tmp_path):
    monkeypatch.delenv(SANDBOX_USER_VARIABLE, raising=False)
    seen, score = uids_seen(tmp_path, "namespaces")
    assert seen == {str(DEDICATED_ID)} and score == 15.0


@root_only
def test_the_sandbox_folders_belong_to_the_user_and_the_top_stays_roots(monkeypatch, tmp_path):
    monkeypatch.setenv(SANDBOX_USER_VARIABLE, "nobody")
    source = tmp_path / "card.py"
    source.write_text("x = 1\n")
    folder = StagedFolder({"card.py": source, "tests/test_card.py": source})
    try:
        assert folder.root.stat().st_uid == 0 and oct(folder.root.stat().st_mode & 0o777) == "0o711"
        for path in (folder.work, folder.home, folder.work / "card.py", folder.work / "tests" / "test_card.py"):
            assert path.stat().st_uid == 65534, path
    finally:
        folder.remove()
    assert not folder.root.exists()


def test_an_unknown_user_is_an_error_that_says_what_to_do(monkeypatch, tmp_path):
    monkeypatch.setenv(SANDBOX_USER_VARIABLE, "no-such-user-here")
    source = tmp_path / "card.py"
    source.write_text("x = 1\n")
    with pytest.raises(StagingUserError, match="names no user on this machine.*useradd"):
        StagedFolder({"card.py": source})


@root_only
def test_a_folder_the_user_cannot_enter_is_an_error(monkeypatch, tmp_path):
    monkeypatch.setenv(SANDBOX_USER_VARIABLE, "nobody")
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    source = tmp_path / "card.py"
    source.write_text("x = 1\n")
    with pytest.raises(StagingUserError, match="cannot enter .*TMPDIR"):
        StagedFolder({"card.py": source}, parent=closed)
    assert list(closed.iterdir()) == []  # nothing left behind


def test_creating_the_user_asks_useradd_for_a_system_user_and_reports_a_failure():
    calls = []

    def refusing(command, **kwargs):
        calls.append(command)
        return subprocess.CompletedProcess(command, 1, "", "useradd: Permission denied.")

    with pytest.raises(SandboxUserError, match="Permission denied"):
        ensure_user("no-such-user-here", run=refusing)
    assert calls == [["useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "no-such-user-here"]]


def test_an_existing_user_is_not_created_again():
    assert ensure_user("nobody", run=lambda *a, **k: pytest.fail("useradd was called")) == (65534, 65534)


def test_root_as_the_sandbox_user_means_no_switch(monkeypatch):
    monkeypatch.delenv(SANDBOX_USER_VARIABLE, raising=False)
    said = []
    assert use_sandbox_user("root", [], log=said.append) is False
    assert SANDBOX_USER_VARIABLE not in os.environ and "runs as root" in said[0]


@root_only
def test_a_user_that_cannot_run_python_is_not_used(monkeypatch, tmp_path):
    monkeypatch.delenv(SANDBOX_USER_VARIABLE, raising=False)
    private = tmp_path / "source"
    private.mkdir(mode=0o755)
    said = []
    assert use_sandbox_user("nobody", [private], log=said.append, probe=lambda uid, gid: "no Python for you") is False
    assert SANDBOX_USER_VARIABLE not in os.environ and "WARNING" in said[0] and "no Python for you" in said[0]
    assert private.stat().st_mode & 0o077 == 0o055  # left as it was


def test_hiding_takes_only_group_and_others_permissions_away(tmp_path):
    folder, file = tmp_path / "source", tmp_path / "metadata.json"
    folder.mkdir(mode=0o755)
    file.write_text("{}")
    os.chmod(file, 0o644)
    assert hide_from_others([folder, file, tmp_path / "absent"]) == [folder, file]
    assert folder.stat().st_mode & 0o777 == 0o700 and file.stat().st_mode & 0o777 == 0o600
