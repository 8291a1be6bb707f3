"""The first process in a sandbox: imports the student's files once, then forks one fresh
worker per test so no state leaks from one test to the next.

Started by the grader as ``python -S -s -B -c`` with a scrubbed environment and its channel on
two inherited pipe descriptors. The zygote itself only answers "load" and "fork"; a forked
worker answers everything else until it is told to exit, and the zygote then reports how the
worker ended ("ended", with its exit status), which is how the grader learns of a crash.
"""

import importlib
import os
import random
import signal
import sys

from sandbox_runtime import failures, names, wire
from sandbox_runtime.lifetime import die_with_parent
from sandbox_runtime.limits import apply_limits
from sandbox_runtime.failures import describe
from sandbox_runtime.operations import Worker


def main(cmd_fd: int, reply_fd: int, staging_dir: str, limits: dict) -> None:
    apply_limits(limits)
    sys.path.append(staging_dir)  # after the standard library, so no student file shadows it
    sys.stdin = None
    reader = wire.LineReader(cmd_fd)
    while True:
        try:
            request = reader.read_message()
        except EOFError:
            os._exit(0)
        op = request.get("op")
        if op == "load":
            failures.set_own(request.get("own"))  # before any import: its errors are described too
            reply = load(request["modules"], staging_dir)
            if "ok" in reply:
                reply = disable(request.get("disable", []), staging_dir) or reply
            wire.write_message(reply_fd, {"id": request["id"], **reply})
        elif op == "fork":
            fork_worker(request, reader, reply_fd, staging_dir)
        else:
            wire.write_message(reply_fd, {"id": request["id"], "error": {"type": "ProtocolError", "message": f"zygote cannot {op!r}", "frames": []}})


def load(modules: list[str], staging_dir: str) -> dict:
    for module in modules:
        try:
            importlib.import_module(module)
        except BaseException as exc:  # noqa: BLE001 - SystemExit at import is the student's bug
            return {"error": {**describe(exc, staging_dir), "module": module}}
    return {"ok": modules}


def disable(paths: list[str], staging_dir: str) -> dict | None:
    """Make methods named ``module.Class.method`` do nothing, so an activity can judge a file
    without the parts another activity owns (A2 judges Deck with ``shuffle`` switched off)."""
    for path in paths:
        module_name, class_name, method = path.split(".")
        try:
            cls = names.resolve(sys.modules[module_name], class_name)
            setattr(cls, names.resolve_name(cls, method), lambda self, *args, **kwargs: None)
        except BaseException as exc:  # noqa: BLE001
            return {"error": {**describe(exc, staging_dir), "module": module_name}}
    return None


def fork_worker(request: dict, reader: wire.LineReader, reply_fd: int, staging_dir: str) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    zygote = os.getpid()
    pid = os.fork()
    if pid == 0:
        die_with_parent(zygote)  # a worker stuck in a loop still dies with its zygote
        os.setpgid(0, 0)  # its own process group: the grader kills it and all it started
        random.seed(request["seed"])
        serve(reader, reply_fd, staging_dir)
        return
    wire.write_message(reply_fd, {"id": request["id"], "ok": {"pid": pid}})
    _, status = os.waitpid(pid, 0)
    try:
        os.killpg(pid, signal.SIGKILL)  # anything the worker left running
    except OSError:
        pass
    # A leading newline ends any line a dying worker left half-written.
    os.write(reply_fd, b"\n")
    wire.write_message(reply_fd, {"event": "ended", "pid": pid, **exit_status(status)})


def serve(reader: wire.LineReader, reply_fd: int, staging_dir: str) -> None:
    worker = Worker(staging_dir)
    while True:
        try:
            request = reader.read_message()
        except EOFError:
            break
        if request.get("op") == "exit":
            break
        wire.write_message(reply_fd, {"id": request["id"], **worker.answer(request)})
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(0)


def exit_status(status: int) -> dict:
    if os.WIFSIGNALED(status):
        return {"signal": os.WTERMSIG(status)}
    return {"exit_code": os.WEXITSTATUS(status)}
