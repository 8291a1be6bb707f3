"""A warm, clean process that forks a new zygote for each sandbox, instead of starting Python.

Why: starting an interpreter and importing this runtime costs about 20 ms of CPU; forking a
process that has already done so costs about 1 ms. With eleven activities per submission that
is the difference between a quarter of a second and a hundredth per student.

The launcher never imports or runs student code: every zygote is forked from the state it had
right after start-up, so nothing one student does can reach another. It talks to the grader on
one Unix socket (``SOCK_SEQPACKET``, one JSON request per packet). A "spawn" request carries
three descriptors (the zygote's command pipe, its reply pipe and its output file); the reply is
the new zygote's pid. The grader ends a sandbox with an "end" request: the launcher kills the
process groups named and then reaps the zygote, so a pid it signals can never have been reused.

Three kinds, so that each fork copies no more than its sandbox needs (every page a process has
makes its forks dearer): a *plain* launcher imports the core of the runtime (json, re,
traceback, ctypes for prctl); a *testers* one also the runner of students' testers (unittest,
ast, inspect, runpy: Activity 5 only); a *pytest* one also pytest (testers/pytest_preload.py), for
testers that use it. Every file of the runtime is read into memory before the first request and
whatever is imported later comes from there (sources.py), so nothing is read from the
launcher's folder afterwards (a student could have written to it). Then every object made so
far is frozen out of the garbage collector's sight: a collection in a zygote or worker would
otherwise touch, and so copy, every page of them.

Lifetime: the launcher, each zygote and each worker ask the kernel to kill them when their
parent dies (confinement/lifetime.py), so killing the grading process ends them all.

Orphans: a zygote that is killed leaves its last workers (its spare, one just ended) without a
parent. The launcher takes them in (it is a child subreaper, and in a PID namespace it is init
anyway) and collects them after each request, so they never pile up as zombies. Zygotes are not
collected that way: only when the grader asks, after it has killed their process group, so a
pid it signals cannot have been reused.
"""

import gc
import json
import os
import signal
import socket
import sys

from sandbox_runtime import sources
from sandbox_runtime.confinement import jail
from sandbox_runtime.confinement.lifetime import become_subreaper, die_with_parent
from sandbox_runtime.testers import pytest_preload
from sandbox_runtime.workers import zygote

# Numbers the zygote's channel gets in the new process, after everything else is closed.
CMD_FD, REPLY_FD = 3, 4


def main(socket_fd: int, parent: int | None = None, preload: dict | None = None, testers: bool = False,
         jail_spec: dict | None = None) -> None:
    """Serve spawn and end requests on ``socket_fd`` until the grader closes it.

    ``parent`` is the grading process's pid when the launcher is its direct child (None in a
    PID namespace, where the parent cannot be seen); ``preload`` says where pytest is;
    ``testers``: import the runner of students' testers now (it is, with pytest, in any case);
    ``jail_spec``: how each zygote jails itself (confinement/jail.py): ``namespaces``,
    ``root``, ``read_only``, ``uid``, ``gid``, and ``seccomp`` (the filter, in hex).
    """
    die_with_parent(parent)
    keep_runtime_in_memory()
    jail_spec = dict(jail_spec or {})
    seccomp = bytes.fromhex(jail_spec.pop("seccomp", "") or "")
    # Our own PID namespace, to come back to after each zygote is forked into a new one.
    own_pids = os.open("/proc/self/ns/pid", os.O_RDONLY) if jail_spec.get("namespaces") else None
    if testers or preload:
        from sandbox_runtime.testers import running as _runner  # noqa: F401 - imported for every zygote to come
        from sandbox_runtime.hosting import guest as _guest  # noqa: F401 - and the host of each run's class (hosting/)
    pytest_preload.preload(preload)
    gc.freeze()
    become_subreaper()
    channel = socket.socket(fileno=socket_fd)
    launcher = os.getpid()
    zygotes: set[int] = set()  # spawned, not yet collected at the grader's request
    while True:
        try:
            data, fds, _, _ = socket.recv_fds(channel, 1 << 16, 3)
        except OSError:
            os._exit(0)
        if not data:
            os._exit(0)  # the grader closed its end
        request = json.loads(data)
        if request.get("op") == "spawn" and len(fds) == 3:
            reply = spawn(request, fds, {**jail_spec, "work": request["work"], "home": request["home"]},
                          seccomp, own_pids, launcher)
            if "pid" in reply:
                zygotes.add(reply["pid"])
        elif request.get("op") == "end":
            kill = request.get("kill", [])
            if own_pids is not None and request.get("within") is not None:
                kill = outer_pids(int(request["within"]), kill)
            if request.get("reap") is not None:
                kill = [*kill, int(request["reap"])]  # the zygote to collect is ended last
            reply = end(kill, request.get("reap"), wait=own_pids is None)
            zygotes.discard(request.get("reap"))
        else:
            reply = {"error": f"unknown request {request.get('op')!r}"}
        for fd in fds:
            os.close(fd)
        channel.send(json.dumps(reply).encode())
        collect_orphans(launcher, zygotes)


def spawn(request: dict, fds: list[int], spec: dict, seccomp: bytes, own_pids: int | None, launcher: int) -> dict:
    """Fork a zygote into a PID namespace of its own (at the namespaces level) and jail it.

    The new zygote is that namespace's first process: when it dies, the kernel kills every
    process in it, so nothing a sandbox started outlives it, and no sandbox can see another's
    processes. It reports on a pipe what its jail set up, or why the jail failed, before it
    reads its first request; the reply to the grader carries that record.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    report_read, report_write = os.pipe()
    if own_pids is not None:
        jail.unshare(jail.CLONE_NEWPID)  # for the next child only: this process stays where it is
    pid = os.fork()
    if pid != 0 and own_pids is not None:
        jail.setns(own_pids, jail.CLONE_NEWPID)  # back: the next fork starts a namespace anew
    if pid == 0:
        try:
            os.close(report_read)
            # Outside the namespace, the parent reads as pid 0: nothing to compare with.
            die_with_parent(None if own_pids is not None else launcher)
            try:
                record = jail.enter(spec, seccomp)
                record["capabilities"] = jail.capabilities()
            except BaseException as exc:  # noqa: BLE001 - any failure: say it, run nothing
                os.write(report_write, json.dumps({"error": f"{type(exc).__name__}: {exc}"}).encode())
                os._exit(jail.EXIT_JAIL_FAILED)
            os.write(report_write, json.dumps(record).encode())
            os.close(report_write)
            become_zygote(request, fds)
        finally:
            os._exit(70)
    os.close(report_write)
    try:
        record = json.loads(_read_all(report_read) or b"{}")
    except ValueError:
        record = {"error": "the zygote said nothing about its jail"}
    finally:
        os.close(report_read)
    if "error" in record:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (OSError, ChildProcessError):
            pass
        return {"error": f"the sandbox could not be set up: {record['error']}"}
    return {"pid": pid, "jail": record}


def outer_pids(zygote: int, inner: list) -> list[int]:
    """Our numbers for the workers a jailed zygote knows as ``inner``: it is the first process of
    a PID namespace of its own, where pids mean something else. Its workers are its children,
    and each one's NSpid line gives its number here first and in the zygote's namespace last."""
    wanted = {int(pid) for pid in inner}
    try:
        with open(f"/proc/{zygote}/task/{zygote}/children", "rb") as file:
            children = [int(pid) for pid in file.read().split()]
    except (OSError, ValueError):
        return []
    found = []
    for child in children:
        try:
            with open(f"/proc/{child}/status", "rb") as file:
                for line in file:
                    if line.startswith(b"NSpid:"):
                        if int(line.split()[-1]) in wanted:
                            found.append(child)
                        break
        except (OSError, ValueError):
            continue
    return found


def _read_all(fd: int) -> bytes:
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def collect_orphans(launcher: int, zygotes: set) -> None:
    """Reap the children that are not live zygotes: workers left by a zygote that was killed, and
    jailed zygotes ended without waiting (``end``)."""
    try:
        with open(f"/proc/{launcher}/task/{launcher}/children", "rb") as file:
            children = [int(pid) for pid in file.read().split()]
    except (OSError, ValueError):
        return  # no /proc (macOS): orphans go to init there
    for pid in children:
        if pid not in zygotes:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass


def keep_runtime_in_memory() -> None:
    """Read every module of this runtime not imported yet, so a later import never reads the disk:
    those of its subpackages too, and each subpackage's ``__init__.py`` under the package's name."""
    root = os.path.dirname(os.path.abspath(sys.modules["sandbox_runtime"].__file__))
    for folder, subfolders, entries in os.walk(root):
        subfolders[:] = sorted(sub for sub in subfolders if os.path.isfile(os.path.join(folder, sub, "__init__.py")))
        relative = os.path.relpath(folder, root)
        package = "sandbox_runtime" if relative == os.curdir else "sandbox_runtime." + relative.replace(os.sep, ".")
        for entry in sorted(entries):
            name = package if entry == "__init__.py" else f"{package}.{entry[:-3]}"
            if entry.endswith(".py") and name not in sys.modules:
                path = os.path.join(folder, entry)
                with open(path, "rb") as file:
                    sources.offer(name, path, file.read())


def end(groups: list, reap, wait: bool = True) -> dict:
    """Kill these process groups (a zygote's, its workers'), then collect the zygote if asked.

    Done here rather than by the grader because the launcher may run in its own PID namespace,
    where these numbers mean something and the grader's would not. A jailed zygote takes its
    namespaces with it, which the kernel tears down for several milliseconds (an RCU grace
    period for its mounts): with ``wait`` off it is not waited for here but collected with the
    orphans after a later request. Its zombie keeps its pid meanwhile, so no pid is reused.
    """
    for group in groups:
        try:
            os.killpg(int(group), signal.SIGKILL)
        except OSError:
            pass
    if reap is None:
        return {"ended": True}
    try:
        done, _ = os.waitpid(int(reap), 0 if wait else os.WNOHANG)
        return {"ended": True, "reaped": bool(done)}
    except ChildProcessError:
        return {"ended": True, "reaped": False}


def become_zygote(request: dict, fds: list[int]) -> None:
    """In the forked child: take on the new sandbox's descriptors, folder and environment."""
    cmd_fd, reply_fd, output_fd = fds
    os.setsid()  # its own session and process group: the grader kills the group
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(output_fd, 1)
    os.dup2(output_fd, 2)
    os.dup2(cmd_fd, CMD_FD)
    os.dup2(reply_fd, REPLY_FD)
    os.closerange(REPLY_FD + 1, 1 << 16)  # the launcher's socket and the descriptors passed in
    os.chdir(request["home"])
    os.environ.clear()
    os.environ.update(request["env"])
    zygote.main(CMD_FD, REPLY_FD, request["work"], request["limits"])
