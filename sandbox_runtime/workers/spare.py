"""A test's worker, from the moment the zygote forks it as a *spare* (before its test exists)
to its exit: how it waits for its test without running anything of it, takes its seed, imports
the student's files, answers the grader's requests and says "done". The zygote's side of this is
in zygote.py, and the handover of the test, both ends, in handover.py.

The student's files are imported here, after the test is handed over, never in the zygote: this
process is the only one their code ever runs in, and it ends with its test. By then the test
before has ended, and every process it left has been killed (the zygote's sweep), so nothing of
it can reach this import. The imports come from the code the zygote compiled at load
(loading.offer_folder), with stdout and stderr still at /dev/null, as the zygote's own imports
once were: what a file prints at import is in no test's output.
"""

import _signal  # the signal module's C functions: its wrappers make enums, which touch many pages
import io
import os
import random
import sys
from typing import TYPE_CHECKING

from sandbox_runtime.wire import framing
from sandbox_runtime.workers.handover import READY, read_line
from sandbox_runtime.confinement.lifetime import die_with_parent
from sandbox_runtime.workers.load_steps import disable, load
from sandbox_runtime.workers.operations import Worker

if TYPE_CHECKING:
    from collections.abc import Callable

def spare_main(sock: int, zygote: int, cmd_fd: int, reply_fd: int, staging_dir: str,
               output: int | None = None, mask: set | None = None, host: bool = False,
               imports: tuple[list, list] | None = None) -> None:
    """A spare worker: ready for a test before there is one, then that test's worker.
    ``imports``: the student's modules to import once the test is handed over, and the methods
    to switch off (load_steps.disable); None when the zygote imported the lab's files itself."""
    die_with_parent(zygote)  # a worker stuck in a loop still dies with its zygote
    worker = Worker(staging_dir)
    worker.warm_up()
    if imports is None and output is not None and type(sys.stdout) is type(sys.stderr) is io.TextIOWrapper:
        restore_output(output)  # Python's own streams: flushing them runs nothing of the student's
        output = None
    reader = framing.LineReader(cmd_fd)
    line = read_line(sock)
    if mask is not None:
        forget_pending_signals()
        _signal.pthread_sigmask(_signal.SIG_SETMASK, mask)
    # The imports come before READY: the zygote's reply to "fork" waits for them, and the grader
    # starts the clock of the test's first call only once that reply is in (the imports have the
    # load's time limit, the call its own, as when the zygote imported the files once).
    failed = import_students_files(*imports, staging_dir) if imports is not None else None
    os.write(sock, READY)
    try:
        os.setpgid(0, 0)  # its own process group (the zygote did it too): the grader kills it and all it started
    except OSError:
        pass
    if output is not None:  # after the imports: what they printed goes where it was printed, nowhere
        restore_output(output)
    random.seed(int(line))  # before any code of this test runs, whatever the imports drew or seeded
    if failed is not None:
        refuse_requests(reader, reply_fd, failed, sock)
    if host:  # a tester's run: its class lives in another process, forked before the tester runs
        from sandbox_runtime.hosting.host import start as start_host

        worker.host_fd = start_host(reader, reply_fd, cmd_fd, sock)
    serve(reader, reply_fd, worker, sock)


def import_students_files(modules: list, switched_off: list, staging_dir: str) -> dict | None:
    """Import the sandbox's modules as the load did (the loader's imports succeeded), and switch
    the activity's methods off; None, or the error to answer with (an import that fails only
    now: it depends on the clock, say)."""
    reply = load(modules, staging_dir)
    if "ok" in reply:
        reply = disable(switched_off, staging_dir) or reply
    return reply.get("error")


def refuse_requests(reader: framing.LineReader, reply_fd: int, error: dict, sock: int) -> None:
    """The student's files did not import in this test: every request gets that error."""
    answer_requests(reader, reply_fd, lambda request: {"error": error})
    try:
        end_output(sock, b"done\n")
    finally:
        os._exit(0)


def restore_output(output: int) -> None:
    """Point stdout and stderr at the output file again. What the imports (or a fork hook)
    printed and left buffered is flushed first, to where it was printed: nowhere."""
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


def serve(reader: framing.LineReader, reply_fd: int, worker: Worker, sock: int) -> None:
    answer_requests(reader, reply_fd, worker.answer)
    try:
        end_output(sock, b"done\n")
    finally:
        os._exit(0)


def answer_requests(reader: framing.LineReader, reply_fd: int, answer: "Callable[[dict], dict]") -> None:
    """Answer the test's requests with ``answer`` until it says "exit" (or the grader is gone)."""
    while True:
        try:
            request = reader.read_request()
        except EOFError:
            break
        if request.get("op") == "exit":
            break
        framing.write_message(reply_fd, {"id": request.get("id"), **answer(request)})


def end_output(sock: int, done: bytes) -> None:
    """The test's output ends here: flushed, then stdout and stderr point at /dev/null (whatever
    still runs until the process is gone, a thread, prints nowhere), then ``done`` tells the
    zygote, which reports the test's end."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        opened = os.open(os.devnull, os.O_WRONLY)
        os.dup2(opened, 1)
        os.dup2(opened, 2)
        os.close(opened)
        os.write(sock, done)

