"""The zygote's side of warm workers (warm.py): which worker a test gets, and what ends one.

A "fork" in the warm mode hands the test to the *idle* worker, the one that served the test
before and came back clean, unless there is none or the grader asks for a fresh one (``fresh``:
a test that failed in a warm worker is run again in a fresh fork, and a test that often fails
and takes long starts in one, grader/engine/verdicts.py); then the spare, or a new fork, takes
it as in the fresh mode, and the idle worker waits for the test after. The reply says which
(``"reused"``) and, when a worker was retired since the last fork, why (``"why"``, for the
grader's statistics and the audit's tests).

While the test runs the zygote reads the worker's socket: a byte from a watcher or the audit
hook marks the worker as tainted; "done <nonce>" ends the test, which is reported to the grader
at once (its output is complete; "done <nonce> dirty": a thread or a child of the test still
runs, so the worker's process group is killed first, as in the fresh mode, and nothing the test
started can write into the next one's output); then "idle <nonce>" within ``VERDICT_SECONDS`` makes the worker
the next test's, and anything else (a taint, a line without the nonce, "retire", silence, death)
ends it: its process group is killed, the sandbox's writable places are emptied, and a spare is
forked for the next test while the grader is busy with its own work between tests.
"""

import _signal
import os
import select
import time

from sandbox_runtime.audit import AUDITED
from sandbox_runtime.children import exit_status
from sandbox_runtime.watching import CHANGED
from sandbox_runtime.wiping import wipe

VERDICT_SECONDS = 3.0  # for the student's files to be executed again and the audit to run
KILL = 9
TAINTS = ((AUDITED, "an audited event happened"), (CHANGED, "a watched dict changed"))


def run_warm_worker(zygote, request: dict) -> None:
    """One test of a warm sandbox (see the module docstring)."""
    zygote.reap()
    seed = int(request.get("seed", 0))
    nonce = int.from_bytes(os.urandom(7), "big")
    child, reused = None, False
    if zygote.idle is not None and not request.get("fresh"):  # (a fresh fork asked for: the idle one waits)
        idle, zygote.idle = zygote.idle, None
        if _give(idle, b"%d %d\n" % (seed, nonce)):
            child, reused = idle, True
        else:
            zygote._discard(idle)
            zygote.retired = zygote.retired or "it died while idle"
    if child is None:
        child = zygote.hand_over(seed, nonce)
    zygote.current = child
    request_id, token = request.get("id"), request.get("token")
    if type(request_id) is not int or type(token) is not str or not token.isalnum():
        request_id, token = 0, ""
    why = b""
    if not reused and zygote.retired:
        why = b',"why":"%s"' % plain(zygote.retired)
    zygote.retired = ""
    os.write(zygote.reply_fd, b'{"id":%d,"ok":{"pid":%d,"reused":%s%s}}\n'
             % (request_id, child.pid, b"true" if reused else b"false", why))
    state = {"tainted": "", "status": None, "buffer": b"", "dirty": False}
    ended, status = _await_done(child, nonce, state)
    zygote.current = None
    if ended and state["dirty"]:  # a thread or a child still runs: it must end before the test does
        zygote.retired = "a thread or child process was still running at the end of its test"
        _end(zygote, child)
        zygote.sweep()
        wipe(zygote.wiped)
        _report(zygote, child, token, b'"exit_code":0')
    elif ended:  # "done": the test's output is complete and its end is reported now
        _report(zygote, child, token, b'"exit_code":0')
        verdict = _await_verdict(child, nonce, state)
        if verdict == "idle" and zygote.idle is None:
            zygote.idle = child
        elif verdict == "idle":  # a fresh fork's test, while the warm worker waited: one is enough
            _end(zygote, child)
        else:
            zygote.retired = verdict
            if verdict == "slow":
                zygote.warm = None  # renewing costs more than forking: fresh forks from now on
            _end(zygote, child)
        zygote.sweep()
        wipe(zygote.wiped)
    else:  # died during its test: as in the fresh mode
        zygote.retired = "it ended during its test"
        _end(zygote, child, status)
        zygote.sweep(ended=child.pid)
        wipe(zygote.wiped)
        how = b'"exit_code":%d' % status["exit_code"] if "exit_code" in status else b'"signal":%d' % status["signal"]
        _report(zygote, child, token, how)
    if zygote.idle is None and zygote.spare is None:
        zygote.spare = zygote.fork_spare()


def _give(child, message: bytes) -> bool:
    """Hand a test's seed to an idle worker, if it is still alive."""
    try:
        os.kill(child.pid, int(_signal.SIGCONT))  # a worker someone stopped is woken
        if os.waitpid(child.pid, os.WNOHANG)[0] != 0:
            return False
        os.write(child.sock, message)
        return True
    except (OSError, ChildProcessError):
        return False


def _report(zygote, child, token: str, how: bytes) -> None:
    # The leading newline ends any line a dying worker left half-written.
    os.write(zygote.reply_fd, b'\n{"event":"ended","pid":%d,"token":"%s",%s}\n' % (child.pid, token.encode(), how))


def _end(zygote, child, status: dict | None = None) -> None:
    """Kill a worker's process group (it and anything it started) and let go of it."""
    try:
        os.killpg(child.pid, KILL)
    except OSError:
        pass
    if status is None:
        zygote.unreaped.append(child.pid)  # collected later (reap): a zombie's pid cannot be reused
    child.close()


def _lines(child, deadline: float | None, state: dict):
    """The worker's messages, line by line, until it dies or ``deadline`` passes; taint bytes
    mark ``state["tainted"]``. Yields lines; sets ``state["status"]`` when it dies."""
    watched = [child.sock] + ([child.pidfd] if child.pidfd is not None else [])
    while b"\n" in state["buffer"]:  # what the last phase read beyond its own line
        line, state["buffer"] = state["buffer"].split(b"\n", 1)
        yield line
    while True:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        if left == 0.0:
            return
        readable, _, _ = select.select(watched, [], [], left)
        if not readable:
            return
        if child.pidfd is not None and child.pidfd in readable and child.sock not in readable:
            state["status"] = _status(child)
            return
        try:
            chunk = os.read(child.sock, 4096)
        except OSError:
            chunk = b""
        if not chunk:
            if child.pidfd is None:
                state["status"] = _status(child)
                return
            watched = [child.pidfd]  # it closed its end: only its death can tell now
            continue
        for taint, why in TAINTS:
            if taint in chunk:
                state["tainted"] = state["tainted"] or why
                chunk = chunk.replace(taint, b"")
        state["buffer"] += chunk
        while b"\n" in state["buffer"]:
            line, state["buffer"] = state["buffer"].split(b"\n", 1)
            yield line


def _await_done(child, nonce: int, state: dict) -> tuple[bool, dict | None]:
    """Wait for the test's "done": (ended normally, exit status if it died). ``state`` keeps why
    the worker is tainted ("" if it is not) and what was read beyond the line."""
    expected = b"done %d" % nonce
    for line in _lines(child, None, state):
        if line == expected or line == expected + b" dirty":
            state["dirty"] = line != expected
            return True, None
        state["tainted"] = state["tainted"] or "a line without the nonce"  # the runtime did not write it
    return False, state["status"] or {"exit_code": 0}


def _await_verdict(child, nonce: int, state: dict) -> str:
    """"idle" if the worker came back clean, else why not."""
    for line in _lines(child, time.monotonic() + VERDICT_SECONDS, state):
        words = line.split(b" ", 2)
        if len(words) >= 2 and words[1] == b"%d" % nonce:
            if words[0] == b"idle" and len(words) == 2:
                return state["tainted"] or "idle"
            if words[0] == b"retire":
                reason = words[2].decode("ascii", "replace") if len(words) > 2 else "?"
                return "slow" if reason == "slow" else reason
        state["tainted"] = state["tainted"] or "a line without the nonce"
    if state["status"] is not None:
        return "it ended after its test"
    return "no answer after its test"


def _status(child) -> dict:
    try:
        _, status = os.waitpid(child.pid, 0)
    except ChildProcessError:
        return {"exit_code": 0}
    return exit_status(status)


def plain(text: str) -> bytes:
    """A reason, safe inside a JSON string written by hand."""
    return "".join(c if c.isalnum() or c in " .,:;()'_-[]" else " " for c in text)[:120].encode("ascii", "replace")
