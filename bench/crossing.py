"""Benchmark: what one crossing costs, path by path, beside a bare socketpair round trip.

    python bench/crossing.py [--calls N] [--rounds R] [--java] [--json FILE]

A *crossing* is one round trip between a process that must not hold student code and one that
does. Each round measures, in one run and interleaved so that load hits all alike:

- ``bare socketpair``: two Python processes, one ``os.write`` and one ``os.read`` each way over a
  socketpair, with the bytes of a real request and reply (the floor: the kernel and a wake-up);
- ``bare pipes``: the same over two pipes with ``select`` before each read, as the suite's
  channel does (grader/sandbox/channel.py);
- ``suite -> worker``: ``widget.colour()`` through a suite's proxy (grader/sandbox/proxy.py) into a
  real sandbox's worker (the jail this machine allows), and the same request sent by
  ``WorkerLink.request`` without the proxy;
- ``tester -> host``: ``widget.colour()`` in a student's tester, timed by the tester itself,
  into the host that holds the version under test (sandbox_runtime/hosting/guest.py, host.py);
- ``suite -> JVM`` with ``--java``: the same call into a Java sandbox's JVM.

Then it splits a round trip into its parts by timing each part alone in this process on the
same messages (``timeit``): encoding, decoding, the proxy's bookkeeping (labels, handles,
``to_wire``/``from_wire``), the worker's or host's own work (looking the method up, the host's
signed record and argument snapshots), and the system calls; what is left of the round trip is
the wake-up of the other process. A script that prints numbers: nothing here can fail a build.
"""

import argparse
import json
import os
import platform
import select
import socket
import statistics
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grader.lab.registry  # noqa: E402,F401 - makes the lab packages importable (grader_labs.*)
from grader.sandbox import SandboxSession, Student  # noqa: E402
from grader.sandbox.bounded_json import parse_line  # noqa: E402
from grader.sandbox.launcher import Launcher  # noqa: E402

WIDGET = '''
class Widget:
    def __init__(self, colour):
        self.colour_name = colour

    def colour(self):
        return self.colour_name
'''
WIDGET_JAVA = '''
public class Widget {
    private String colourName;
    public Widget(String colour) { colourName = colour; }
    public String colour() { return colourName; }
}
'''
TESTER = '''
import time
from widget import Widget


def test_crossing():
    widget = Widget("red")
    for _ in range(200):
        widget.colour()
    times = []
    for _ in range({rounds}):
        start = time.perf_counter()
        for _ in range({calls}):
            widget.colour()
        times.append((time.perf_counter() - start) / {calls})
    print("PER_CALL", " ".join(repr(t) for t in times))
'''
REQUEST = {"handle": 1, "op": "call", "name": "colour", "args": [], "id": 1234567890123456789}
REPLY = {"id": 1234567890123456789, "ok": "red"}


try:  # the product's own encoders, where this checkout has them (the bench also runs on older ones)
    from sandbox_runtime.wire.framing import compact_json as _compact
except ImportError:
    def _compact(message) -> str:
        return json.dumps(message, separators=(",", ":"), allow_nan=False)
try:
    from sandbox_runtime.hosting.crossing import encode_json as _crossing_json
except ImportError:
    def _crossing_json(message) -> str:
        return json.dumps(message, separators=(",", ":"), allow_nan=True)
try:
    from sandbox_runtime.wire.framing import parse_json as _parse
except ImportError:
    _parse = json.loads


def line(message) -> bytes:
    return _compact(message).encode() + b"\n"


# -- bare round trips ----------------------------------------------------------------------------

def bare_socketpair(calls: int) -> float:
    """Seconds per round trip: write the request's bytes, the other process reads them and writes
    the reply's bytes back."""
    ours, theirs = socket.socketpair()
    request, reply = line(REQUEST), line(REPLY)
    pid = os.fork()
    if pid == 0:
        ours.close()
        fd = theirs.fileno()
        try:
            while os.read(fd, 65536):
                os.write(fd, reply)
        finally:
            os._exit(0)
    theirs.close()
    fd = ours.fileno()
    for _ in range(200):
        os.write(fd, request)
        os.read(fd, 65536)
    start = time.perf_counter()
    for _ in range(calls):
        os.write(fd, request)
        os.read(fd, 65536)
    elapsed = time.perf_counter() - start
    ours.close()
    os.waitpid(pid, 0)
    return elapsed / calls


def bare_pipes(calls: int) -> float:
    """The same over two pipes, with ``select`` before each read as the suite's channel does."""
    from_parent, to_child = os.pipe()  # (read end, write end)
    to_parent, from_child = os.pipe()
    request, reply = line(REQUEST), line(REPLY)
    pid = os.fork()
    if pid == 0:
        os.close(to_child)
        os.close(to_parent)
        try:
            while os.read(from_parent, 65536):
                os.write(from_child, reply)
        finally:
            os._exit(0)
    os.close(from_parent)
    os.close(from_child)
    for n in range(calls + 200):
        if n == 200:
            start = time.perf_counter()
        os.write(to_child, request)
        select.select([to_parent], [], [], 5)
        os.read(to_parent, 1 << 20)
    elapsed = time.perf_counter() - start
    os.close(to_child)
    os.close(to_parent)
    os.waitpid(pid, 0)
    return elapsed / calls


# -- through the grader's machinery --------------------------------------------------------------

def timed_colour(link, calls: int):
    """A Widget made through the suite's proxy on ``link``, and the seconds per ``widget.colour()``
    after 200 calls to warm up."""
    widget = Student(link, ["widget"]).widget.Widget("red")
    for _ in range(200):
        widget.colour()
    start = time.perf_counter()
    for _ in range(calls):
        widget.colour()
    return widget, (time.perf_counter() - start) / calls


def suite_to_worker(folder: Path, calls: int) -> tuple[float, float]:
    """Seconds per ``widget.colour()`` through the proxy, and per bare ``link.request`` of the
    same request (no proxy), in one sandboxed worker."""
    path = folder / "widget.py"
    path.write_text(WIDGET, encoding="utf-8")
    session = SandboxSession({"widget.py": path}, ["widget"], launcher=Launcher.shared())
    try:
        link = session.worker(1)
        widget, proxied = timed_colour(link, calls)
        spec = {"op": "call", "handle": widget.handle, "name": "colour", "args": []}
        start = time.perf_counter()
        for _ in range(calls):
            link.request(spec, "widget.colour()")
        plain = (time.perf_counter() - start) / calls
        link.finish()
        return proxied, plain
    finally:
        session.close()


def tester_to_host(folder: Path, calls: int) -> float:
    """Seconds per ``widget.colour()`` in a student's tester, timed by the tester, into its host."""
    from grader.testers.own_tests import OwnTests, close_warm_sandboxes
    from grader.sandbox import Limits

    widget = folder / "widget.py"
    widget.write_text(WIDGET, encoding="utf-8")
    tester = folder / "widget_test.py"
    tester.write_text(TESTER.format(rounds=1, calls=calls), encoding="utf-8")
    own = OwnTests({tester.name: tester}, 1, Limits())
    try:
        run = own.run(("widget.py", widget), {}, widget)
    finally:
        close_warm_sandboxes()
    for text in run.output.splitlines():
        if text.startswith("PER_CALL"):
            return float(text.split()[1])
    raise RuntimeError(f"the tester did not report its time ({run.outcome}: {run.message}\n{run.output})")


def suite_to_jvm(folder: Path, calls: int) -> float:
    from grader.java.session import JvmSession

    path = folder / "Widget.java"
    path.write_text(WIDGET_JAVA, encoding="utf-8")
    session = JvmSession({"Widget.java": path}, ["widget"])
    try:
        session.start()
        session.load()
        link = session.worker(1)
        _, elapsed = timed_colour(link, calls)
        link.finish()
        return elapsed
    finally:
        session.close()


# -- the parts, each timed alone -----------------------------------------------------------------

def per_call(statement, number: int = 20000) -> float:
    """Seconds per run of ``statement`` (a callable), best of five."""
    return min(timeit.repeat(statement, number=number, repeat=5)) / number


def suite_parts() -> dict[str, float]:
    """The suite -> worker round trip's parts, both processes' CPU, timed in this process."""
    from grader.sandbox.proxy import from_wire
    from sandbox_runtime.workers.operations import Worker

    class FakeLink:  # what the proxy reads of a link: its language, and a request that answers at once
        language = "python"

        def request(self, message, call, timeout=None):
            return "red"

    link = FakeLink()
    widget = from_wire({"$handle": 1, "type": "Widget"}, link, "Widget('red')")
    request_line, reply_line = line(REQUEST), line(REPLY)
    worker = Worker(tempfile.gettempdir())
    number = worker.handles.add(type("Widget", (), {"colour": lambda self: "red"})())
    request = {**REQUEST, "handle": number}
    r, w = os.pipe()

    def syscalls():  # one write and one read of a line already waiting: what each side does per message
        os.write(w, request_line)
        os.read(r, 65536)

    parts = {
        "proxy bookkeeping (attribute, label, to_wire/from_wire)": per_call(lambda: widget.colour()),
        "request id and checks (WorkerLink, SandboxSession)": per_call(lambda: {**REQUEST, "id": 1} and REPLY.get("id") == 1 and "error" in REPLY),
        "encode (grader's request, worker's reply)": per_call(lambda: (line(REQUEST), line(REPLY))),
        "decode (worker's json.loads, grader's bounded parse)": per_call(lambda: (_parse(request_line[:-1]), parse_line(reply_line[:-1]))),
        "worker: look up and call the method": per_call(lambda: worker.answer(request)),
        "system calls (a write and a read, each side)": 2 * per_call(syscalls),
    }
    os.close(r)
    os.close(w)
    return parts


def tester_parts() -> dict[str, float]:
    """The tester -> host round trip's parts, both processes' CPU, timed in this process."""
    from sandbox_runtime.hosting.crossing import Peer
    from sandbox_runtime.hosting.host import Record

    peer = Peer(-1, -1, frozenset())
    message = {"q": ["call", 1, "colour", [], {}]}
    answer = {"r": "red"}
    data = json.dumps(message, separators=(",", ":")).encode()
    reply = json.dumps(answer, separators=(",", ":")).encode()
    record = Record(b"k" * 32)
    r, w = os.pipe()

    def syscalls():
        os.write(w, data)
        os.read(r, 65536)

    def record_step():
        record.heard(message, data)
        record.said(answer, reply)
        if record.count > 100000:
            record.steps.clear()
            record.count = 0

    parts = {
        "encode (request, answer: Peer.encode, json.dumps, length prefix)": per_call(
            lambda: (_crossing_json({"q": ["call", 1, "colour", [], {}]}).encode(),
                     peer.encode("red"), _crossing_json(answer).encode())),
        "decode (json.loads both ways, Peer.decode)": per_call(lambda: (_parse(data), _parse(reply), peer.decode("red"))),
        "host: the signed record (two SHA-256 per call)": per_call(record_step),
        "host: arguments and their snapshots": per_call(lambda: peer.arguments([], {}) and peer.in_flight.clear()),
        "system calls (a write and a read, each side)": 2 * per_call(syscalls),
    }
    os.close(r)
    os.close(w)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=5000, help="round trips per measurement")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--java", action="store_true", help="also a Java sandbox's JVM")
    parser.add_argument("--json", type=Path, help="also write the medians here")
    options = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}, {options.calls} calls x {options.rounds} rounds")
    ways = {"bare socketpair": bare_socketpair, "bare pipes": bare_pipes}
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="crossing-") as scratch:
        folder = Path(scratch)
        for r in range(options.rounds):
            measured = {name: way(options.calls) for name, way in ways.items()}
            proxied, plain = suite_to_worker(folder, options.calls)
            measured["suite -> worker (proxy)"] = proxied
            measured["suite -> worker (link.request)"] = plain
            measured["tester -> host"] = tester_to_host(folder, options.calls)
            if options.java:
                measured["suite -> JVM (proxy)"] = suite_to_jvm(folder, options.calls)
            for name, value in measured.items():
                results.setdefault(name, []).append(value)
            print(f"  round {r + 1}: " + ", ".join(f"{n} {v * 1e6:.1f}" for n, v in measured.items()) + " µs", flush=True)
    medians = {name: statistics.median(values) for name, values in results.items()}
    bare = medians["bare socketpair"]
    print("\nround trip, median of the rounds (range), and its ratio to the bare socketpair of the same run:")
    for name, values in results.items():
        print(f"  {name:32s} {medians[name] * 1e6:7.1f} µs ({min(values) * 1e6:.1f}-{max(values) * 1e6:.1f})  "
              f"{medians[name] / bare:5.2f}×")
    for title, parts, total in (("suite -> worker", suite_parts(), medians["suite -> worker (proxy)"]),
                                ("tester -> host", tester_parts(), medians["tester -> host"])):
        print(f"\n{title}: the parts, timed alone (µs per round trip, CPU of both processes)")
        for name, value in parts.items():
            print(f"  {name:62s} {value * 1e6:6.1f}")
        left = total - sum(parts.values())
        print(f"  {'left: the wake-up of the other process, and what is not listed':62s} {left * 1e6:6.1f}")
        print(f"  {'the round trip':62s} {total * 1e6:6.1f}")
    if options.json:
        options.json.write_text(json.dumps({"medians_us": {n: v * 1e6 for n, v in medians.items()}}, indent=1))


if __name__ == "__main__":
    main()
