"""How a sandbox's load runs no code of the student's in its zygote (zygote.py).

The zygote outlives every test of its sandbox: code of the student's that ran there (a file's
import, and whatever that import installed: a fork hook, a wrapped ``os.fork``, a replaced
function of this runtime) could count the tests and hand each worker the count. So the zygote
only reads and compiles every ``.py`` file of the sandbox folder and offers it from memory
(``offer_folder``); the load's imports run in a *loader*, a child forked for that alone, which
reports how they went and exits (``load_in_child``); the modules of the standard library those
imports needed are then imported by the zygote itself, with the sandbox's files out of reach
(``import_standard_library``), so each worker imports only the student's own files, from code
compiled once (spare.py).
"""

import importlib
import json
import os
import select
import signal
import sys

import _signal

from sandbox_runtime import sources
from sandbox_runtime.workers.children import exit_status, open_pidfd
from sandbox_runtime.confinement.lifetime import die_with_parent
from sandbox_runtime.workers.load_steps import disable, load




def load_in_child(modules: list, switched_off: list, staging_dir: str) -> dict:
    """Import ``modules`` (and switch the methods off) in a child forked for that alone, so
    the zygote runs none of it: its reply says how the imports went, as ``load`` would, and
    (``stdlib``) which modules of the standard library they imported. What it prints goes
    where the load's output always went (no test's: each test's output starts empty). It stays
    in the zygote's process group, so a load that hangs is killed with the sandbox."""
    read_end, write_end = os.pipe()
    zygote = os.getpid()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            die_with_parent(zygote)
            before = set(sys.modules)
            reply = load(modules, staging_dir)
            if "ok" in reply:
                reply = disable(switched_off, staging_dir) or reply
                reply["stdlib"] = sorted(name for name in set(sys.modules) - before if _standard(name))
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except BaseException:  # noqa: BLE001 - a stream the student's files broke
                pass
            data = json.dumps(reply).encode()
            while data:
                data = data[os.write(write_end, data):]
        finally:
            os._exit(0)
    os.close(write_end)
    chunks = _read_until_exit(read_end, pid)
    os.close(read_end)
    try:  # it has exited; what its imports started is in the zygote's process group, as when the
        # zygote imported the files itself: the namespace's sweep ends it, or the sandbox's end
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        status = 0
    reply = _loader_reply(b"".join(chunks))
    if reply is None:  # its imports ended it: the zygote ends the same way, as it did when it imported them
        _end_as(exit_status(status))
    return reply


def offer_folder(staging_dir: str) -> list[str]:
    """Offer every ``.py`` file of the sandbox folder to the import system from memory, each
    compiled here, once (as the import system compiles a source file), so a worker's imports
    cost no compilation, and read nothing a test could have written into the folder. Returns
    the names offered."""
    offered = []
    for entry in sorted(os.listdir(staging_dir)):
        name, dot, extension = entry.rpartition(".")
        path = os.path.join(staging_dir, entry)
        if not (dot and extension == "py" and name.isidentifier() and os.path.isfile(path)):
            continue
        if name in sys.modules or name in getattr(sys, "stdlib_module_names", ()):
            continue  # the folder comes after the standard library on sys.path: never offered before it
        try:
            with open(path, "rb") as file:
                source = file.read()
        except OSError:
            continue  # left to the import system, which says why
        try:
            code = compile(source, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            code = None  # compiled again at import, which raises the error as an import does
        sources.offer(name, path, source, code)
        offered.append(name)
    return offered


STANDARD_LIBRARY = frozenset(getattr(sys, "stdlib_module_names", ()))
MAX_STANDARD_IMPORTS = 500


def _standard(name: str) -> bool:
    return name.partition(".")[0] in STANDARD_LIBRARY


def import_standard_library(names, offered: list[str], staging_dir: str) -> None:
    """Import here the modules of the standard library the student's files imported in the
    loader (``import typing`` costs milliseconds: once per sandbox, not once per test). Only the
    standard library's code runs: the sandbox folder's files are hidden meanwhile (off
    ``sys.path`` and out of the in-memory finder), so a module that tries an optional import
    cannot find a student's file of that name. The list comes from the loader, which ran the
    student's code: anything in it that is not a name of the standard library is ignored."""
    if type(names) is not list:
        return
    hidden = {name: sources.FINDER.loaders.pop(name) for name in offered if name in sources.FINDER.loaders}
    on_path = staging_dir in sys.path
    if on_path:
        sys.path.remove(staging_dir)
    try:
        for name in names[:MAX_STANDARD_IMPORTS]:
            if type(name) is str and _standard(name) and name not in sys.modules:
                try:
                    importlib.import_module(name)
                except BaseException:  # noqa: BLE001 - then each worker imports it, as its files ask
                    pass
    finally:
        if on_path:
            sys.path.append(staging_dir)
        sources.FINDER.loaders.update(hidden)


def _read_until_exit(fd: int, pid: int) -> list[bytes]:
    """What the loader wrote on ``fd``, read until it exits (a process its imports started may
    hold the pipe open for ever: the loader's exit, seen through its pidfd, ends the reading)."""
    pidfd = open_pidfd(pid)
    chunks, watched = [], [fd] + ([pidfd] if pidfd is not None else [])
    try:
        while True:
            readable, _, _ = select.select(watched, [], [])
            if fd in readable:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return chunks
                chunks.append(chunk)
            elif pidfd in readable:  # it has exited: what it wrote is all in the pipe
                os.set_blocking(fd, False)
                try:
                    while chunk := os.read(fd, 1 << 16):
                        chunks.append(chunk)
                except BlockingIOError:
                    pass
                return chunks
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _loader_reply(data: bytes) -> dict | None:
    """The loader's reply; None if it said nothing whole (its imports ended the process)."""
    try:
        reply = json.loads(data) if data else None
    except ValueError:
        return None
    if isinstance(reply, dict) and ("ok" in reply or "error" in reply):
        return reply
    return None


def _end_as(status: dict) -> None:
    """End this process as the loader ended: with its exit code, or by its signal."""
    if "signal" in status:
        try:
            _signal.pthread_sigmask(_signal.SIG_UNBLOCK, [status["signal"]])
            signal.signal(status["signal"], signal.SIG_DFL)
            os.kill(os.getpid(), status["signal"])
        except (OSError, ValueError):
            pass
    os._exit(status.get("exit_code", 70))
