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


def spare_main(sock: int, zygote: int, cmd_fd: int, reply_fd: int, staging_dir: str,
               output: int | None = None, mask: set | None = None, host: bool = False) -> None:
    """A spare worker: ready for a test before there is one, then that test's worker."""
    die_with_parent(zygote)  # a worker stuck in a loop still dies with its zygote
    worker = Worker(staging_dir)
    worker.warm_up()
    if output is not None and type(sys.stdout) is type(sys.stderr) is io.TextIOWrapper:
        restore_output(output)  # Python's own streams: flushing them runs nothing of the student's
        output = None
    reader = wire.LineReader(cmd_fd)
    line = b""
    while not line.endswith(b"\n"):
        try:
            chunk = os.read(sock, 64)
        except OSError:
            chunk = b""
        if not chunk:
            os._exit(0)  # the zygote is gone without handing this one over
        line += chunk
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
    while True:
        try:
            request = reader.read_request()
        except EOFError:
            break
        if request.get("op") == "exit":
            break
        wire.write_message(reply_fd, {"id": request.get("id"), **worker.answer(request)})
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        try:
            # Whatever still runs until the process is gone (a thread) prints nowhere: the output
            # of this test ends here, before the zygote reports its end.
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            os.write(sock, b"done\n")
        finally:
            os._exit(0)
