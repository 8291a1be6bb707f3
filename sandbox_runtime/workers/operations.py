"""The requests a worker answers. Each takes the request dict and returns plain data.

Requests name their target either as a module (``{"module": "widget"}``) or as a handle number
(``{"handle": 3}``) and always ask for methods by their snake_case name (see names.py).

``run_tester`` runs a student's own tester file (testers/running.py). Its runner, and what it
needs of the standard library (unittest, ast, inspect, runpy), is imported by the launchers that
serve testers only: a plain launcher does without, so every fork from it copies less. Asked to
run a tester anyway, a plain sandbox imports the runner then, from the copy of this runtime the
launcher holds in memory (sources.py).
"""

import json
import sys

from sandbox_runtime.workers import names
from sandbox_runtime.wire.failures import describe
from sandbox_runtime.wire.values import Handles, decode, encode


class Worker:
    def __init__(self, staging_dir: str) -> None:
        self.handles = Handles()
        self.staging_dir = staging_dir
        self.host_fd: int | None = None  # the socket to the class under test's host, in a tester's run

    def target(self, request):
        if "handle" in request:
            return self.handles.get(request["handle"])
        return sys.modules[request["module"]]

    def answer(self, request):
        """The plain-data reply to one request: {"ok": value} or {"error": {...}}."""
        op = request.get("op")
        if op == "batch":  # each call gets its own reply, already plain data
            return {"ok": [self.answer(call) for call in request["calls"]]}
        if op == "repeat":
            return {"ok": [self.answer(request["call"]) for _ in range(request["times"])]}
        if op == "run_tester":
            from sandbox_runtime.testers.running import run_tester

            return {"ok": run_tester(request["file"], self.staging_dir, request.get("provide"),
                                     request.get("host"), self.host_fd)}
        if op == "sample":
            try:
                return {"ok": self.sample(request)}
            except BaseException as exc:  # noqa: BLE001
                return {"error": describe(exc, self.staging_dir)}
        try:
            return {"ok": encode(self.perform(request), self.handles)}
        except BaseException as exc:  # noqa: BLE001 - SystemExit from student code is data too
            return {"error": describe(exc, self.staging_dir)}

    def perform(self, request):
        op = request["op"]
        target = self.target(request)
        args = decode(request.get("args", []), self.handles)
        if op == "call":
            return names.resolve(target, request["name"])(*args)
        if op == "getattr":
            return names.resolve(target, request["name"])
        if op == "setattr":
            setattr(target, request["name"], decode(request["value"], self.handles))
            return None
        if op == "str":
            text = names.resolve(target, "__str__")()
            return text
        if op == "type":
            return type(target).__name__
        raise ValueError(f"unknown request {op!r}")


    def warm_up(self) -> None:
        """Answer one request of our own (``(12).bit_length()``, on a handle of this worker's),
        before this process has a test: the pages that reading, answering and encoding a request
        touch are copied from the zygote now rather than during the test's first call. The
        handle is forgotten again: the test's first object is handle 1, as it always was."""
        number = self.handles.add(12)
        line = json.dumps({"op": "call", "handle": number, "name": "bit_length", "args": [], "id": 1 << 61},
                          separators=(",", ":")).encode()
        request = json.loads(line)
        json.dumps({"id": request["id"], **self.answer(request)}, separators=(",", ":"), allow_nan=False).encode()
        self.handles = Handles()

    def sample(self, request) -> list:
        """Make the same call ``times`` times, each with fresh arguments, and after each one
        report what ``observe`` points at: the statistics of a shuffle in one round trip.

        ``observe`` is a list of steps. The first picks where to start: ``["arg", i]`` (the
        i-th argument after the call, for in-place functions), ``["result"]`` or ``["self"]``
        (the object called). Then ``["attr", name]`` reads an attribute and
        ``["each", name]`` calls a method on every item of a list.
        """
        target = self.target(request)
        call = request["call"]
        function = names.resolve(target, call["name"])  # once: this loop runs thousands of times
        observed = []
        for _ in range(request["times"]):
            args = decode(call.get("args", []), self.handles)
            result = function(*args)
            value = _start(request["observe"][0], target, args, result)
            for step, name in request["observe"][1:]:
                if step == "attr":
                    value = names.resolve(value, name)
                elif step == "each":
                    value = [names.resolve(item, name)() for item in value]
            observed.append(encode(value, self.handles))
        return observed


def _start(step: list, target, args: list, result):
    if step[0] == "arg":
        return args[step[1]]
    if step[0] == "result":
        return result
    if step[0] == "self":
        return target
    raise ValueError(f"unknown observation {step!r}")
