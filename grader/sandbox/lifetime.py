"""The launcher dies with the grading process that started it, however that one ends (Linux).

Whichever process is the grading process's direct child asks the kernel for SIGKILL when its
parent dies (``prctl(PR_SET_PDEATHSIG)``, kept across the exec of a program that is not
set-user-ID):

- at the process level that child is the launcher itself, which asks first thing and then
  checks that its parent is still the grading process, whose pid it is given
  (sandbox_runtime/confinement/lifetime.py): the parent may have died before the request;
- at the namespaces level it is ``unshare``, which cannot ask for itself, so it is started
  through ``setpriv --pdeathsig KILL`` when that works here; ``unshare --kill-child`` then kills
  the namespace's first process (the launcher), and the kernel every other process in it.

Not through Popen's ``preexec_fn``: that is unsafe in a parent that runs threads, and a shard
does (grader/engine/lifeline.py). The moment between the fork and setpriv's request, and a
machine without setpriv, are covered by the launcher itself: it exits when the grading
process's end of its socket closes, and as the namespace's first process takes the namespace
with it. Zygotes and workers do the same for themselves (sandbox_runtime/confinement/lifetime.py).

The kernel ties the signal to the *thread* that started the child: the launcher must be
started from a thread that lives as long as the grading process (the main one, as the engine does).
"""

import shutil
import subprocess
import sys
from functools import lru_cache


@lru_cache(maxsize=1)
def die_with_parent_prefix() -> list[str]:
    """``setpriv --pdeathsig KILL``, to put before a command, if it works here; else nothing."""
    setpriv = shutil.which("setpriv")
    if not setpriv or not sys.platform.startswith("linux"):
        return []
    command = [setpriv, "--pdeathsig", "KILL"]
    try:
        done = subprocess.run([*command, "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return command if done.returncode == 0 else []
