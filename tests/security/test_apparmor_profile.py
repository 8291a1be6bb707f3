"""Ubuntu's AppArmor rule for user namespaces: what the grader says, and what it installs.

Where ``kernel.apparmor_restrict_unprivileged_userns`` is 1 (Ubuntu 24.04 and later), an
ordinary teacher's grader cannot build its jail. These tests check, on any Linux machine:

- that the run's summary then says plainly that student code ran as the teacher at the process
  level, that AppArmor's rule is why, and the fix (``grader sandbox-profile``);
- that the profile ``grader sandbox-profile --print`` writes is compiled by an AppArmor 4
  parser as an unconfined-mode profile with the ``userns`` rule (skipped where no such parser
  is found: point GRADER_APPARMOR_PARSER at one, and GRADER_APPARMOR_BASE at its apparmor.d);
- that the grader starts its launcher through the profiled copy of unshare when it is
  installed, and the jail is whole through it, as root and as an ordinary user.

What AppArmor itself then does (no capability is taken away inside the namespace) needs a kernel
with AppArmor, which the project's machines lack: docs/security.md says what was read, not run.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grader.commands.sandbox_profile import PROFILE_NAME, profile_text, sandbox_profile_command
from grader.sandbox import confinement, isolation, launcher
from tests.security import as_user

ON_LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="AppArmor and namespaces are Linux's")


@pytest.fixture
def restricted(tmp_path, monkeypatch):
    """This process as an ordinary user on a machine where AppArmor's rule is on, whose jail probe ran and failed."""
    sysctl = tmp_path / "apparmor_restrict_unprivileged_userns"
    sysctl.write_text("1\n")
    monkeypatch.setattr(isolation, "RESTRICTION_SYSCTL", str(sysctl))
    monkeypatch.setattr(isolation, "PROFILED_UNSHARE", str(tmp_path / "absent" / "unshare"))
    monkeypatch.setattr(isolation, "_PROBE", {"ran": True, "error": "the sandbox could not be set up: mount: Operation not permitted"})
    monkeypatch.setattr(isolation.os, "geteuid", lambda: 1000)
    return sysctl


def process_level_warnings() -> list[str]:
    """What the summary warns of when the jail could not be built and student code ran as this user."""
    found = confinement.Confinement(level="process", uid=os.getuid(), gid=os.getgid(), seccomp_filter=True)
    return confinement._warnings(found)


def test_the_summary_names_apparmor_and_the_fix(restricted):
    [warning] = process_level_warnings()
    assert f"as you (uid {os.getuid()}) at the process level" in warning, warning
    assert "not a security boundary" in warning
    assert "AppArmor" in warning and "apparmor_restrict_unprivileged_userns = 1" in warning
    assert "`grader sandbox-profile`" in warning


def test_with_the_copy_installed_the_summary_says_the_profile_is_not_loaded(restricted, tmp_path, monkeypatch):
    copy = tmp_path / "libexec" / "unshare"
    copy.parent.mkdir()
    shutil.copy2(shutil.which("unshare") or "/bin/true", copy)
    monkeypatch.setattr(isolation, "PROFILED_UNSHARE", str(copy))
    if os.geteuid() != 0 and not isolation.profiled_unshare_ready():
        pytest.skip("the copy must be root's to count as installed")
    [warning] = process_level_warnings()
    assert "apparmor_parser -r /etc/apparmor.d/elevens-grader" in warning, warning


def test_without_apparmor_the_summary_gives_the_probe_error(restricted):
    restricted.write_text("0\n")
    [warning] = process_level_warnings()
    assert "AppArmor" not in warning and "Operation not permitted" in warning, warning
    assert f"as you (uid {os.getuid()})" in warning


def test_the_command_prints_the_profile_and_the_install_command():
    printed = CliRunner().invoke(sandbox_profile_command, ["--print", "--group", "teachers"])
    assert printed.exit_code == 0
    assert printed.output == profile_text("teachers")
    assert re.search(rf"^profile {PROFILE_NAME} {re.escape(isolation.PROFILED_UNSHARE)} flags=\(unconfined\) {{$",
                     printed.output, re.M)
    assert re.search(r"^  userns,$", printed.output, re.M)
    told = CliRunner().invoke(sandbox_profile_command, ["--group", "teachers"])
    assert told.exit_code == 0
    assert f"-g teachers -m 0750 " in told.output and f"sudo apparmor_parser -r {isolation.PROFILE_FILE}" in told.output
    assert "grader sandbox-profile --print --group teachers | sudo tee /etc/apparmor.d/elevens-grader" in told.output


def test_a_copy_others_could_replace_is_never_run(tmp_path, monkeypatch):
    """The grader runs the copy as the teacher: one that someone else could have written is ignored."""
    if os.geteuid() != 0:
        pytest.skip("the copy must be root's to count as installed")
    copy = tmp_path / "libexec" / "unshare"
    copy.parent.mkdir()
    shutil.copy2(shutil.which("unshare") or "/bin/true", copy)
    monkeypatch.setattr(isolation, "PROFILED_UNSHARE", str(copy))
    assert isolation.unshare_program() == str(copy)
    copy.chmod(0o775)  # group-writable
    assert isolation.unshare_program() == shutil.which("unshare")
    copy.chmod(0o755)
    copy.parent.chmod(0o777)  # its folder writable by anyone: the copy could be swapped
    assert isolation.unshare_program() == shutil.which("unshare")


# -- the profile, compiled by AppArmor's own parser ----------------------------------------------
def _parser() -> tuple[list[str], Path] | None:
    command = shlex.split(os.environ.get("GRADER_APPARMOR_PARSER", "")) or ([shutil.which("apparmor_parser")]
                                                                           if shutil.which("apparmor_parser") else [])
    base = Path(os.environ.get("GRADER_APPARMOR_BASE", "/etc/apparmor.d"))
    return (command, base) if command else None


def _compile(command: list[str], base: Path, profile: Path) -> subprocess.CompletedProcess:
    """Compile ``profile`` without loading it (-Q: this kernel may have no AppArmor) nor caching
    it (-K), and print what was built (-d)."""
    options = ["--base", str(base), "-I", str(base), "-Q", "-K", "-d"]
    config = base.parent / "apparmor" / "parser.conf"
    if config.is_file():
        options = ["--config-file", str(config), *options]
    return subprocess.run([*command, *options, str(profile)], capture_output=True, text=True, timeout=60)


def test_apparmor_parser_compiles_the_profile(tmp_path):
    found = _parser()
    if found is None:
        pytest.skip("no apparmor_parser here (Debian and Ubuntu: apt-get install apparmor)")
    command, base = found
    version = subprocess.run([*command, "--version"], capture_output=True, text=True).stdout
    major = re.search(r"version (\d+)\.", version)
    if not major or int(major.group(1)) < 4:
        pytest.skip(f"{version.splitlines()[0] if version else 'apparmor_parser'}: older than AppArmor 4.0 (Ubuntu "
                    "24.04's), it knows no `userns` rule; set GRADER_APPARMOR_PARSER to a 4.x parser")
    profile = tmp_path / PROFILE_NAME
    profile.write_text(profile_text("teachers"))
    done = _compile(command, base, profile)
    assert done.returncode == 0, done.stderr
    built = done.stdout + done.stderr  # the parser prints the profile's mode on standard error
    assert re.search(r"Name:\s+elevens-grader", built) and "Mode: unconfined" in built, built
    assert re.search(r"^userns,$", built, re.M), built
    broken = tmp_path / "broken"
    broken.write_text(profile_text("teachers").replace("  userns,", "  usernss,"))
    assert _compile(command, base, broken).returncode != 0  # the parser does check what it is given


# -- the launcher goes through the profiled copy when it is installed -----------------------------
def _installed_copy(folder: Path, marker: Path) -> Path:
    """A stand-in for the copy ``grader sandbox-profile`` installs: root's, in a folder of root's,
    that notes it was used and runs the system's unshare (the copy is that program)."""
    copy = folder / "elevens-grader" / "unshare"
    copy.parent.mkdir(parents=True)
    copy.write_text(f"#!/bin/sh\necho used > {shlex.quote(str(marker))}\nexec {shlex.quote(shutil.which('unshare'))} \"$@\"\n")
    copy.chmod(0o755)
    for path in (copy.parent, copy.parent.parent):
        path.chmod(0o755)
    return copy


@ON_LINUX
def test_as_root_the_jail_is_built_through_the_profiled_copy(tmp_path, monkeypatch):
    if os.geteuid() != 0 or not launcher.namespaces_work():
        pytest.skip("needs root where the jail works (the ordinary-user case below covers the rest)")
    marker = tmp_path / "used"
    copy = _installed_copy(tmp_path / "libexec", marker)
    monkeypatch.setattr(isolation, "PROFILED_UNSHARE", str(copy))
    assert isolation.namespace_prefix()[0] == str(copy)
    launcher._jail_report.cache_clear()  # a sandbox of its own, started through the copy
    found = confinement._measure.__wrapped__("namespaces", "")
    assert marker.is_file() and found.private_root and found.seccomp_filter and found.uid != 0, found


MEASURE = """
import json, sys
from grader.sandbox import confinement, isolation
isolation.PROFILED_UNSHARE = sys.argv[1]
found = confinement.measure("namespaces")
print(json.dumps({"prefix": isolation.namespace_prefix()[0], "private_root": found.private_root,
                  "user_namespace": found.user_namespace, "uid": found.uid, "filter": found.seccomp_filter}))
"""


@ON_LINUX
def test_as_an_ordinary_user_the_jail_is_built_through_the_profiled_copy(tmp_path, ordinary_site):
    if not launcher.namespaces_work():
        pytest.skip("no namespaces here")
    work = tmp_path / "run"
    work.mkdir()
    marker = work / "used"
    copy = _installed_copy(tmp_path / "libexec", marker)
    as_user.let_in(copy.parent)
    as_user.let_in(work)
    os.chown(work, as_user.ORDINARY_ID, as_user.ORDINARY_ID)  # its temporary folder, and the copy's note
    command = ["setpriv", f"--reuid={as_user.ORDINARY_ID}", f"--regid={as_user.ORDINARY_ID}", "--clear-groups",
               ordinary_site.python, "-c", MEASURE, str(copy)]
    done = subprocess.run(command, cwd=work, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(work), "TMPDIR": str(work),
                               "PYTHONPATH": str(ordinary_site.site), "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stdout + done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {"prefix": str(copy), "private_root": True, "user_namespace": True, "uid": 1000, "filter": True}
    assert marker.is_file()
