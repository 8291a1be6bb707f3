"""The process that holds the class a student's tester is run against (the *host*).

Within one CPython process nothing can be hidden from code that runs in it (``gc``, frames,
``__code__``, ``inspect`` all reach a class), so the version under test never enters the
tester's process. At the start of each run the tester's worker forks a host before any code of
the tester runs; the host, not the worker, reads the run's first request from the grader (the
version's source text), answers it and closes its ends of the grader's channel, and from then on
serves the tester over a socketpair (crossing.py). The tester gets a stand-in module (guest.py)
that forwards to it. The host:

- makes itself non-dumpable first, so /proc/<pid>/mem, maps, environ and fd are closed to the
  tester although it runs as the same user (ptrace and process_vm_readv are refused by the
  jail's filter anyway);
- imports the version from the source it was sent, when the tester first imports it (so an error
  at import, or a print, happens where it always did); no file holds that source;
- answers only what the lab's interface names (grader/testers/interface.py: the reference's
  public functions, classes, their methods and public attributes): a tester cannot ask for
  ``__code__``, ``__dict__``, a private attribute or a helper only one version has;
- is seeded with the run's seed, the same for every version; it dies with its worker;
- records every exchange it answers (``Record``): what it was asked and what it said, as digests,
  under a MAC keyed with a secret of this run that came in the "host" request, which only this
  process read. The tester's process relays it to the grader at the end of the run, which counts
  a failure on a wrong version only if the class answered something differently
  (grader/testers/transcripts.py).
"""

import base64
import hashlib
import hmac
import itertools
import json
import operator
import os
import random
import re
import sys

from sandbox_runtime.wire import framing
from sandbox_runtime.confinement import lifetime
from sandbox_runtime.hosting.crossing import MethodName, Peer, PeerGone, encode_json

PR_SET_DUMPABLE = 4

# What a forwarded special method does, on either side: the operation, not the bare method
# (``operator.eq`` tries the reflected side too, ``bool`` works without ``__bool__``).
DUNDERS = {
    "__str__": str, "__repr__": repr, "__hash__": hash, "__len__": len, "__iter__": iter, "__next__": next,
    "__bool__": bool, "__eq__": operator.eq, "__ne__": operator.ne, "__lt__": operator.lt, "__le__": operator.le,
    "__gt__": operator.gt, "__ge__": operator.ge, "__contains__": lambda a, b: operator.contains(a, b),
    "__getitem__": operator.getitem, "__setitem__": operator.setitem, "__call__": lambda f, *a, **k: f(*a, **k),
    "__add__": operator.add, "__sub__": operator.sub, "__mul__": operator.mul,
}
OPAQUE = ("__call__", "__iter__", "__next__", "__str__", "__bool__")  # what an object outside the interface allows

# The record's format (grader/testers/transcripts.py, shared with the JVM's host): per step, 16 bytes of the
# SHA-256 of what the tester said and 8 bytes of the SHA-256 of what the class said back.
CALL_BYTES, ANSWER_BYTES, MAX_STEPS = 16, 8, 250_000
# An address in a default repr (``<widget.Widget object at 0x7f...>``): where the allocator put the
# object, which differs from run to run whatever the class does.
ADDRESS = re.compile(rb" at 0x[0-9a-fA-F]+")


def start(reader: framing.LineReader, reply_fd: int, cmd_fd: int, zygote_sock: int) -> int | None:
    """In a tester's worker, before any of its test runs: fork the host and wait until it has
    read the grader's "host" request and let go of the channel. The worker's end of the socket."""
    from _socket import socketpair  # without socket.py's wrappers (the zygote forks with it too)

    ours, theirs = socketpair()
    worker = os.getpid()
    pid = os.fork()
    if pid == 0:
        try:
            ours.close()
            os.close(zygote_sock)  # only the worker says "done" to the zygote
            _host_main(theirs.detach(), worker, reader, reply_fd, cmd_fd)
        finally:
            os._exit(0)
    theirs.close()
    fd = ours.detach()
    try:
        ready = os.read(fd, 1)
    except OSError:
        ready = b""
    return fd if ready == b"R" else None


def _host_main(fd: int, worker: int, reader: framing.LineReader, reply_fd: int, cmd_fd: int) -> None:
    _not_dumpable()
    lifetime.die_with_parent(worker)
    request = reader.read_request()
    if request.get("op") != "host":
        framing.write_message(reply_fd, {"id": request.get("id"), "error": {
            "type": "ProtocolError", "message": "a tester's run starts with its class", "frames": []}})
        return
    host = Host(fd, request)
    framing.write_message(reply_fd, {"id": request.get("id"), "ok": True})
    os.close(cmd_fd)
    os.close(reply_fd)
    reader.buffer = b""
    del request
    random.seed(host.seed)
    seed_unseeded_randoms()
    os.write(fd, b"R")
    host.serve()


def seed_unseeded_randoms() -> None:
    """From now on in this process, ``random.Random()`` and ``random.seed()`` with no seed take one
    made from the state ``random`` has now (the run's seed, the same for every version), the n-th
    such call the n-th seed, instead of one from the operating system.

    A tester that builds ``random.Random()`` players (a lab's own tester may) then asks the
    class exactly the same things in every run: what it asks can differ only where an answer did.
    Without this the record of a run on a wrong version would part from a correct run's at a
    different call, and its failure could not count (grader/testers/transcripts.py)."""
    original = random.Random.seed
    if getattr(original, "seeds_unseeded", False):
        return
    base = hashlib.sha256(repr(random.getstate()).encode()).hexdigest()
    drawn = itertools.count()

    def seed(self, a=None, version=2):
        if a is None:
            a = f"{base}/{next(drawn)}"
        return original(self, a, version)

    seed.seeds_unseeded = True
    random.Random.seed = seed


class Record:
    """What the host was told and what it said, step by step (append only).

    The two sides take turns: the host reads one message (a call, or the tester's answer to a
    call back), then writes one (its answer, or a call back into the tester: a player object's
    method). Each step pairs what the host read since its last message with what it then wrote,
    so a class that calls back where a correct one answers, or calls back with other values,
    differs in the *answer* of a step, as a different return value does.
    """

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.steps = bytearray()
        self.count = 0
        self.heard_since: "hashlib._Hash | None" = None

    def heard(self, message, data: bytes) -> None:
        """A message of the tester's (``data``: its bytes as they came)."""
        data = canonical(message, data)
        if self.heard_since is None:
            self.heard_since = hashlib.sha256(data)
        else:  # two messages before an answer (one that was not a request): both are the call
            self.heard_since.update(b"\n" + data)

    def said(self, message, data: bytes) -> None:
        """A message of the host's (``data``: its bytes as sent)."""
        heard, self.heard_since = self.heard_since or hashlib.sha256(b""), None
        if self.count < MAX_STEPS:
            self.steps += heard.digest()[:CALL_BYTES] + hashlib.sha256(canonical(message, data)).digest()[:ANSWER_BYTES]
            self.count += 1

    def sealed(self) -> dict | None:
        """The record so far, for the grader; None without a valid key (nothing to sign with)."""
        if len(self.key) != 32:
            return None
        steps = bytes(self.steps)
        tag = hmac.new(self.key, self.count.to_bytes(8, "big") + steps, hashlib.sha256).hexdigest()
        return {"steps": base64.b64encode(steps).decode("ascii"), "count": self.count, "mac": tag}


def canonical(message, data: bytes) -> bytes:
    """A message (and ``data``, its JSON as it crossed) as the same bytes whenever it means the
    same: the items of a set in a fixed order (a set of objects iterates in an order that depends
    on addresses), and no addresses in text. Keys keep their order: both sides encode with the same
    code (crossing.py), so the same message always comes out in the same order, and a tester that
    writes its own messages only changes what it asks."""
    # Each check first: most messages hold no set and no address, and every call pays for this.
    if b'"s":[' in data or b'"z":[' in data:  # a key, never text: quotes inside a string are escaped
        data = json.dumps(_sets_sorted(message, 0), separators=(",", ":"), allow_nan=True).encode("ascii")
    return ADDRESS.sub(b" at 0x", data) if b" at 0x" in data else data


def _sets_sorted(value, depth: int):
    if depth > 200:
        return value
    if type(value) is list:
        return [_sets_sorted(item, depth + 1) for item in value]
    if type(value) is dict:
        out = {key: _sets_sorted(item, depth + 1) for key, item in value.items()}
        for key in ("s", "z"):  # an encoded set or frozenset (crossing.py)
            if type(out.get(key)) is list:
                out[key] = sorted(out[key], key=lambda item: json.dumps(item, sort_keys=True, allow_nan=True))
        return out
    return value


def _key(text) -> bytes:
    try:
        return bytes.fromhex(str(text))
    except ValueError:
        return b""


def _not_dumpable() -> None:
    """Close this process's /proc files to its own user. Linux only: elsewhere (macOS, the
    process level) the portable core is all there is (docs/security.md)."""
    if lifetime._prctl is not None and lifetime._prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0:
        os._exit(72)  # never hold the class where the tester could read this process's memory


class Host(Peer):
    """The host's end: the version's module, and only the interface's names of it."""

    def __init__(self, fd: int, request: dict) -> None:
        interface = request.get("interface") or {}
        super().__init__(fd, 1, frozenset(interface.get("stand_ins", ())))
        self.name = str(request["module"])
        self.path = str(request["path"])
        self.source = str(request["source"]).encode("utf-8", "surrogateescape")
        self.seed = int(request.get("seed", 0))
        self.functions = frozenset(interface.get("functions", ()))
        self.constants = frozenset(interface.get("constants", ()))
        self.classes = {name: (frozenset(spec.get("methods", ())), frozenset(spec.get("attributes", ())))
                        for name, spec in (interface.get("classes") or {}).items()}
        self.module = None
        self.kinds: dict[int, str | None] = {}  # handle -> interface class name (None: outside it)
        self.record = Record(_key(request.get("key", "")))
        self.hashes: dict[int, int] = {}  # id(object) -> its stable hash, for identity-hashed objects

    # -- the record: every message in and out passes here ---------------------------------------
    def receive(self):
        """The next message of the tester's; a request for the record (``{"t": 1}``) is answered
        here, outside the record, and never reaches the class."""
        while True:
            message = super().receive()
            if type(message) is dict and len(message) == 1 and "t" in message:
                Peer.send(self, {"transcript": self.record.sealed()})
                continue
            self.record.heard(message, self.received)
            return message

    def send(self, message) -> None:
        data = encode_json(message).encode("utf-8", "surrogatepass")
        self.record.said(message, data)
        self.send_data(data)

    def serve(self) -> None:
        while True:
            try:
                message = self.receive()
            except (PeerGone, ValueError):
                return
            if isinstance(message, dict) and "q" in message:
                self.serve_one(message["q"])

    # -- the module ----------------------------------------------------------------------------
    def load(self) -> dict:
        """Import the version from its source, once; the interface's constants, by name."""
        if self.module is None:
            import importlib.util

            spec = importlib.util.spec_from_loader(self.name, loader=None, origin=self.path)
            module = importlib.util.module_from_spec(spec)
            module.__file__ = self.path
            sys.modules[self.name] = module
            source, self.source = self.source, b""
            try:
                exec(compile(source, self.path, "exec", dont_inherit=True), module.__dict__)
            except BaseException:
                sys.modules.pop(self.name, None)
                raise
            self.module = module
        return {name: getattr(self.module, name) for name in sorted(self.constants) if hasattr(self.module, name)}

    # -- requests ------------------------------------------------------------------------------
    def perform(self, request) -> tuple:
        if type(request) is not list or len(request) != 5:
            raise TypeError("not a request")
        kind, target, name, args, kwargs = request
        name = str(name)
        if kind == "import":
            return self.load(), None
        if self.module is None:
            raise ImportError(f"{self.name} is not imported")
        if target is None:
            if kind == "new" and name in self.classes:
                call = getattr(self.module, name)
            elif kind == "call" and name in self.functions:
                call = getattr(self.module, name)
            elif kind == "get" and (name in self.constants or name in self.functions):
                return getattr(self.module, name), None
            else:
                raise AttributeError(f"module '{self.name}' has no attribute '{name}'")
            args, kwargs, back = self.arguments(args, kwargs)
            return call(*args, **kwargs), back
        obj = self.exports[int(target)]
        methods, attributes = self.classes.get(self.kinds.get(int(target)) or "", (frozenset(), frozenset()))
        if self.kinds.get(int(target)) is None:
            methods = frozenset(OPAQUE)
        if kind == "get" and name in attributes:
            return getattr(obj, name), None
        if kind == "set" and name in attributes:
            args, _, back = self.arguments(args, {})
            setattr(obj, name, args[0])
            return None, back
        if kind == "call" and name in methods:
            args, kwargs, back = self.arguments(args, kwargs)
            if name == "__hash__" and type(obj).__hash__ is object.__hash__:
                # Identity-based: from the object's address, different in every run. A number
                # given in the order objects are first hashed is the same for the same behaviour.
                return self.hashes.setdefault(id(obj), len(self.hashes) + 1), back
            if name in DUNDERS:
                return DUNDERS[name](obj, *args, **kwargs), back
            return getattr(obj, name)(*args, **kwargs), back
        raise AttributeError(f"'{self.kinds.get(int(target)) or 'object'}' object has no attribute '{name}'")

    # -- values --------------------------------------------------------------------------------
    def export_value(self, value) -> dict:
        number = self.export(value)
        kind = type(value)
        known = kind.__qualname__ if kind.__module__ == self.name and kind.__qualname__ in self.classes \
            and getattr(self.module, kind.__qualname__, None) is kind else None
        self.kinds[number] = known
        return {"h": number, "c": known} if known else {"h": number}

    def owned_proxy_handle(self, value) -> int | None:
        return value._number if type(value) is TesterObject and value._peer is self else None

    def make_proxy(self, number: int, data: dict):
        return TesterObject(self, number)


class TesterObject:
    """In the host, an object of the tester's (a player, a function, a ``random.Random``): every
    use is a request to the tester's process."""

    __slots__ = ("_peer", "_number", "_methods")

    def __init__(self, peer: Host, number: int) -> None:
        object.__setattr__(self, "_peer", peer)
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_methods", {})

    def __getattr__(self, name: str):
        method = self._methods.get(name)
        if method is not None:
            return method
        value = self._peer.call_remote("get", self._number, name)
        if type(value) is MethodName:  # a method of the object's class: called directly from now on
            method = self._methods[name] = _bound(self, name)
            return method
        return value


def _bound(obj: TesterObject, name: str):
    def method(*args, **kwargs):
        return obj._peer.call_remote("call", obj._number, name, args, kwargs)
    return method


def _forwarding(name: str):
    def forward(self, *args, **kwargs):
        return self._peer.call_remote("call", self._number, name, args, kwargs)
    forward.__name__ = name
    return forward


for _name in DUNDERS:
    setattr(TesterObject, _name, _forwarding(_name))
