"""``grader sandbox-profile``: what lets an ordinary teacher's grader build its jail on Ubuntu 24.04.

Ubuntu (23.10 and later; on by default since 24.04, GitHub's ubuntu-latest runners included)
restricts unprivileged user namespaces through AppArmor: a program with no profile of its own
that creates one is moved to the ``unprivileged_userns`` profile, which denies every capability
inside it. The grader's jail needs those capabilities (its mounts, pivot_root), so an ordinary
teacher there gets the process level, which is not a security boundary.

Ubuntu's own answer for programs that need user namespaces (chrome, podman, lxc-unshare... in
/etc/apparmor.d) is a profile in unconfined mode that names the program's path and grants
``userns,``: a process under a named profile is not moved to ``unprivileged_userns``, keeps its
capabilities inside the namespace, and its children keep the profile across exec unless they have
one of their own. The grader's user namespace is made by ``unshare`` (grader/sandbox/isolation.py),
and everything after it (the launcher, each jail, student code) runs in that namespace, so the
profile names a copy of ``unshare`` at a path of its own (``PROFILED_UNSHARE``), never
/usr/bin/unshare or a Python interpreter, which every program of every user runs. The copy is
root's and runnable by the teacher's group only, because whoever can run it can create user
namespaces with capabilities: the profile lifts Ubuntu's restriction for exactly that group.
Student code gains nothing from it: it runs with no capability and under the grader's seccomp
filter, which refuses unshare, setns and clone with a namespace flag.

This command prints the profile (``--print``) and the one command that installs both (sudo).
"""

import grp
import os
import shlex
import shutil

import click

from grader.sandbox.isolation import (
    PROFILE_FILE,
    PROFILED_UNSHARE,
    RESTRICTION_SYSCTL,
    apparmor_restricts_userns,
    profiled_unshare_ready,
)

PROFILE_NAME = "elevens-grader"

# The syntax of Ubuntu 24.04's own unconfined-mode profiles (AppArmor 4.0, abi 4.0); checked
# with Debian's apparmor_parser 4.1 by tests/security/test_apparmor_profile.py where one is found.
PROFILE = """\
# AppArmor profile of the elevens-grader jail, written by `grader sandbox-profile --print`.
#
# Ubuntu restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1):
# an unconfined program that creates one loses every capability inside it, and the grader cannot
# build its jail. This profile names one program, a copy of util-linux's unshare that only
# {group_text} may run, and lets it create user namespaces. It restricts nothing else
# (unconfined mode, like Ubuntu's own profiles for chrome and podman). The grader's launcher and
# every sandbox run under it; student code holds no capability and runs under the grader's
# seccomp filter, which refuses unshare, setns and clone with a namespace flag.
abi <abi/4.0>,
include <tunables/global>

profile {name} {path} flags=(unconfined) {{
  userns,

  # Site-specific additions and overrides. See local/README for details.
  include if exists <local/{name}>
}}
"""


def profile_text(group: str) -> str:
    """The AppArmor profile for ``PROFILED_UNSHARE``, whose copy ``group`` may run."""
    return PROFILE.format(name=PROFILE_NAME, path=PROFILED_UNSHARE, group_text=f"the group {group}")


def install_command(group: str, source: str) -> str:
    """The one shell command (with sudo) that installs the copy of ``source`` and the profile."""
    folder = os.path.dirname(PROFILED_UNSHARE)
    return " && \\\n  ".join([
        f"sudo install -d -o root -g root -m 0755 {folder}",
        f"sudo install -o root -g {shlex.quote(group)} -m 0750 {shlex.quote(source)} {PROFILED_UNSHARE}",
        f"grader sandbox-profile --print --group {shlex.quote(group)} | sudo tee {PROFILE_FILE} > /dev/null",
        f"sudo apparmor_parser -r {PROFILE_FILE}",
    ])


def remove_command() -> str:
    return f"sudo apparmor_parser -R {PROFILE_FILE} && sudo rm {PROFILE_FILE} {PROFILED_UNSHARE}"


def _own_group() -> str:
    try:
        return grp.getgrgid(os.getgid()).gr_name
    except KeyError:  # a gid with no name (a container): install accepts the number
        return str(os.getgid())


@click.command("sandbox-profile")
@click.option("--print", "print_profile", is_flag=True, help="Print only the AppArmor profile (for `sudo tee`).")
@click.option("--group", default=None, metavar="GROUP",
              help="The group that may run the profiled copy of unshare (default: your own primary group).")
def sandbox_profile_command(print_profile: bool, group: str | None) -> None:
    """Let the grader build its jail where Ubuntu's AppArmor restricts user namespaces (Ubuntu
    24.04 and later, GitHub's ubuntu-latest runners): prints the one command that installs an
    AppArmor profile for a copy of unshare that only your group may run."""
    group = group or _own_group()
    if print_profile:
        click.echo(profile_text(group), nl=False)
        return
    source = os.path.realpath(shutil.which("unshare") or "/usr/bin/unshare")
    click.echo(_state())
    click.echo("\nTo let the grader build its jail as an ordinary user where that restriction is on, run this once "
               f"(it needs sudo; the last step loads the profile into the kernel):\n\n  {install_command(group, source)}\n")
    click.echo(f"It copies {source} to {PROFILED_UNSHARE} (root's, runnable by the group {group} only) and installs "
               f"the AppArmor profile {PROFILE_FILE}, which lets that copy, and only it, create user namespaces; the "
               "grader uses the copy whenever it is there. Whoever can run the copy can create user namespaces: "
               "Ubuntu's restriction is lifted for that group, and only for it. Student code gains nothing (no "
               "capability, and the grader's system-call filter refuses namespaces).")
    click.echo("Then `grader grade` says under its summary what student code ran with: \"a file system and process "
               "table of its own\" when the jail held.")
    click.echo(f"\nTo undo it: {remove_command()}")


def _state() -> str:
    """What this machine does today, in one or two sentences."""
    try:
        with open(RESTRICTION_SYSCTL) as file:
            value = file.read().strip()
    except OSError:
        value = None
    if value is None:
        said = ("This machine has no AppArmor restriction on user namespaces "
                f"({RESTRICTION_SYSCTL} is absent): the grader needs no profile here.")
    elif not apparmor_restricts_userns():
        said = (f"AppArmor's restriction on user namespaces is {'off' if value == '0' else 'on'} here "
                f"(kernel.apparmor_restrict_unprivileged_userns = {value})"
                + (": it spares root, so the grader needs no profile when it runs as root." if value != "0" else
                   ": the grader needs no profile here unless it is turned on."))
    else:
        said = ("Ubuntu's AppArmor restricts user namespaces here (kernel.apparmor_restrict_unprivileged_userns = 1): "
                "without the profile below, student code runs as you at the process level, which is not a "
                "security boundary.")
    if profiled_unshare_ready():
        said += f" The profiled copy {PROFILED_UNSHARE} is installed and the grader uses it."
    return said
