"""A test's worker, from the moment the zygote forks it as a *spare* (before its test exists)
to its exit: how it waits for its test without running anything of it, takes its seed, answers
the grader's requests and says "done". The zygote's side of this is in zygote.py.
"""

import _signal  # the signal module's C functions: its wrappers make enums, which touch many pages
import io
import os
import random
import sys

from sandbox_runtime import wire
from sandbox_runtime.lifetime import die_with_parent
from sandbox_runtime.operations import Worker
from sandbox_runtime.audit import running_descendants
from sandbox_runtime.warm import Ward, send

BLOCKABLE = {int(number) for number in _signal.valid_signals()} - {int(_signal.SIGKILL), int(_signal.SIGSTOP)}


def spare_main(sock: int, zygote: int, cmd_fd: int, reply_fd: int, staging_dir: str,
               output: int | None = None, mask: set | None = None, host: bool = False,
               warm: tuple | None = None) -> None:
    """A spare worker: ready for a test before there is one, then that test's worker (and, in
    the warm mode, ``warm`` given, the worker of the tests after it: ``warm_main``)."""
    die_with_parent(zygote)  # a worker stuck in a loop still dies with its zygote
    worker = Worker(staging_dir)
    worker.warm_up()
    if warm is not None and output is not None:
        warm_main(sock, cmd_fd, reply_fd, staging_dir, output, mask, warm, worker)
    if output is not None and type(sys.stdout) is type(sys.stderr) is io.TextIOWrapper:
        restore_output(output)  # Python's own streams: flushing them runs nothing of the student's
        output = None
    reader = wire.LineReader(cmd_fd)
    line = read_line(sock)
    os.write(sock, READY)
    try:
        os.setpgid(0, 0)  # its own process group (the zygote did it too): the grader kills it and all it started
    except OSError:
        pass
    if output is not None:  # streams the student's files replaced: flushed now that this is the test's process
        restore_output(output)
    random.seed(int(line))  # before any code of the student's can run in this test
    if mask is not None:
        forget_pending_signals()
        _signal.pthread_sigmask(_signal.SIG_SETMASK, mask)
    if host:  # a tester's run: its class lives in another process, forked before the tester runs
        from sandbox_runtime import hosting

        worker.host_fd = hosting.start(reader, reply_fd, cmd_fd, sock)
    serve(reader, reply_fd, worker, sock)


def restore_output(output: int) -> None:
    """Point stdout and stderr at the output file again. What a fork hook printed before and left
    buffered is flushed first, to where it was printed: nowhere."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - a student's own stream may fail; the test will see
        pass
    os.dup2(output, 1)
    os.dup2(output, 2)
    os.close(output)


def forget_pending_signals() -> None:
    """Discard the signals that came while this process waited for its test: a signal that is
    pending when its action becomes "ignore" is dropped. The student's handlers stay."""
    for number in _signal.sigpending():
        try:
            handler = _signal.getsignal(number)
            if handler is None:
                continue  # set outside Python: left alone
            _signal.signal(number, _signal.SIG_IGN)
            _signal.signal(number, handler)
        except (OSError, ValueError):
            pass


def serve(reader: wire.LineReader, reply_fd: int, worker: Worker, sock: int) -> None:
    answer_requests(reader, reply_fd, worker)
    try:
        end_output(sock, b"done\n")
    finally:
        os._exit(0)


def answer_requests(reader: wire.LineReader, reply_fd: int, worker: Worker) -> None:
    """Answer the test's requests until it says "exit" (or the grader is gone)."""
    while True:
        try:
            request = reader.read_request()
        except EOFError:
            break
        if request.get("op") == "exit":
            break
        wire.write_message(reply_fd, {"id": request.get("id"), **worker.answer(request)})


def end_output(sock: int, done: bytes, null: int | None = None) -> None:
    """The test's output ends here: flushed, then stdout and stderr point at /dev/null (whatever
    still runs until the process is gone, a thread, prints nowhere), then ``done`` tells the
    zygote, which reports the test's end. ``null``: a descriptor of /dev/null to use (a warm
    worker keeps one), else one is opened."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        opened = os.open(os.devnull, os.O_WRONLY) if null is None else null
        os.dup2(opened, 1)
        os.dup2(opened, 2)
        if null is None:
            os.close(opened)
        os.write(sock, done)


# What a spare answers to its seed, before anything of the test runs. Only that answer proves the
# spare alive: one killed a moment ago (an earlier test's code can, at the process level) may not
# have died yet when the zygote looks, and the test handed to it would die with it.
READY = b"go\n"


def read_line(sock: int) -> bytes:
    """One line from the zygote; exits if the zygote is gone without sending one."""
    line = b""
    while not line.endswith(b"\n"):
        try:
            chunk = os.read(sock, 64)
        except OSError:
            chunk = b""
        if not chunk:
            os._exit(0)  # the zygote is gone without handing this one over
        line += chunk
    return line


def warm_main(sock: int, cmd_fd: int, reply_fd: int, staging_dir: str, output: int, mask: set | None,
              warm: tuple, worker: Worker) -> None:
    """A warm worker (warm.py): test after test, each begun like a spare's first, each followed by
    fresh student state and the audit. Never returns."""
    null = os.open(os.devnull, os.O_WRONLY)  # for every test's end, opened once
    ward = Ward(sock, *warm)  # before any test: this process is still exactly a fresh fork
    reader = wire.LineReader(cmd_fd)
    first = True
    while True:
        seed, nonce = (int(part) for part in read_line(sock).split()[:2])
        if first:
            os.write(sock, READY)  # only a spare's first seed is handed over by Zygote.hand_over
            try:
                os.setpgid(0, 0)  # its own process group (the zygote did it too)
            except OSError:
                pass
            first = False
        try:
            sys.stdout.flush()  # what a stream of the student's holds goes where it was written: nowhere
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os.dup2(output, 1)
        os.dup2(output, 2)
        random.seed(seed)  # before any code of the student's can run in this test
        if mask is not None:
            forget_pending_signals()
            _signal.pthread_sigmask(_signal.SIG_SETMASK, mask)
        answer_requests(reader, reply_fd, worker)
        end_output(sock, b"done %d%s\n" % (nonce, b" dirty" if running_descendants() else b""), null)
        left = _signal.pthread_sigmask(_signal.SIG_BLOCK, BLOCKABLE)  # as a spare waits: no handler runs
        reader.buffer = b""
        problem = "the signal mask changed" if mask is not None and left != mask else ward.between_tests(worker)
        worker = None
        if problem is not None:
            send(sock, b"retire %d %s\n" % (nonce, problem.encode("ascii", "replace")[:120].replace(b"\n", b" ")))
            os._exit(0)
        worker = Worker(staging_dir)
        send(sock, b"idle %d\n" % nonce)
