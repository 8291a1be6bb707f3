"""Values crossing between a student's tester and the process hosting the class under test.

The class a tester is run against lives in another process (host.py), so nothing in the
tester's process holds its code, its source or its objects. The two processes talk over a
socketpair, each as a ``Peer``: a request is answered by a reply, and while a peer waits for its
reply it serves the other side's requests (a hosted method may call back into the tester: a
player object, a ``random.Random``, a function given as an argument).

What crosses is plain data, never pickles (the host must never run anything the tester sends):

- None, bool, int, float, str, bytes: as they are;
- tuples, sets and frozensets: copied;
- lists, dicts and instances of the lab's stand-in classes (a ``Gadget`` beside a Widget under test):
  copied with an identity number, so the same object crossing again is the same object on the
  other side (updated in place), and an argument the callee changed (a list shuffled in place, a
  stand-in object the callee changed) is copied back to the caller when the call returns;
- anything else stays where it is and crosses as a handle: the other side gets a proxy that
  forwards what it may do with it (for a hosted object: only the lab's interface, see
  host.py; the same hosted object always gives the same proxy).

An exception crosses as its type's name and its message only, never its frames.
"""

import builtins
import importlib
import json
import math
import os
import random
import struct
import sys

from sandbox_runtime.wire.framing import parse_json
from sandbox_runtime.hosting.snapshots import SCALARS, flat_state, object_state, restore_state, slot_names, snapshot

MAX_MESSAGE = 16 << 20
MAX_DEPTH = 64
CONSTANTS = {"NotImplemented": NotImplemented, "Ellipsis": Ellipsis}
# Made once (``json.dumps`` builds an encoder per call): NaN and infinities never reach it as
# floats (``encode`` sends them as text), but a tester's own message may hold them.
encode_json = json.JSONEncoder(separators=(",", ":"), allow_nan=True).encode
_HEADER = struct.Struct("<I")


class MethodName(str):
    """An attribute that is a method of its object's class, by name: the host calls it directly
    from then on instead of asking for it each time (a call back costs a round trip)."""


class CrossingError(TypeError):
    """A value that cannot cross (too deep, or a message that is not one)."""


class PeerGone(ConnectionError):
    """The other process ended: the hosted class is no longer there."""


class Peer:
    """One end of the conversation. ``sign`` is +1 or -1: the identity numbers this side hands
    out, so the two sides never pick the same number."""

    def __init__(self, fd: int, sign: int, stand_ins: frozenset) -> None:
        self.fd = fd
        self.sign = sign
        self.stand_ins = stand_ins
        self.shared: dict[int, object] = {}  # identity number -> list, dict or stand-in object
        self.numbers: dict[int, int] = {}  # id(object) -> identity number
        self.exports: dict[int, object] = {}  # handle -> object of this side
        self.export_numbers: dict[int, int] = {}
        self.proxies: dict[int, object] = {}  # the other side's handle -> its proxy here
        self.buffer = b""
        self.received = b""  # the last message read, as its bytes
        self.decoded: list | None = None  # the shared objects decoded for a call's arguments
        self.synced: dict[int, tuple] = {}  # identity number -> how both sides last agreed it was
        self.classes_seen: dict[tuple, type] = {}
        # The argument objects of the calls this side is serving, with how each was last sent:
        # a call back made in the middle of one first sends what changed (see call_remote).
        self.in_flight: list[list] = []

    # -- framing -----------------------------------------------------------------------------
    def send(self, message) -> None:
        self.send_data(encode_json(message).encode("utf-8", "surrogatepass"))

    def send_data(self, data: bytes) -> None:
        """Send one message already encoded as JSON."""
        data = _HEADER.pack(len(data)) + data
        while data:
            data = data[os.write(self.fd, data):]

    def receive(self):
        buffer = self.buffer
        while True:
            if len(buffer) >= 4:
                size = _HEADER.unpack_from(buffer)[0]
                if size > MAX_MESSAGE:
                    raise PeerGone("a message too large to read")
                if len(buffer) >= 4 + size:
                    break
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                raise PeerGone("the class under test is no longer there (its process ended)")
            buffer += chunk
        data, self.buffer = buffer[4:4 + size], buffer[4 + size:]
        self.received = data  # as it came: the host records it (host.py, ``Record``)
        return parse_json(data)

    # -- a request, and serving the other side's while waiting ---------------------------------
    def request(self, message: list, changed: list | None = None):
        """Send a request (with the ``changed`` objects the other side must see first); serve
        the other side's requests until its reply comes; its value."""
        self.send({"q": message, "back": changed} if changed else {"q": message})
        while True:
            reply = self.receive()
            if not isinstance(reply, dict):
                raise PeerGone("the other side sent something that is not a message")
            if "q" in reply:
                for value in reply.get("back", ()):
                    self.decode(value)
                self.serve_one(reply["q"])
                continue
            for value in reply.get("back", ()):
                self.decode(value)
            if "e" in reply:
                raise rebuild_exception(*reply["e"][:2])
            return self.decode(reply.get("r"))

    def serve_one(self, request) -> None:
        """Answer one request of the other side: its value, or the exception it raised."""
        depth = len(self.in_flight)
        try:
            value, back = self.perform(request)
            reply = {"r": self.encode(value)}
            # The argument objects the callee changed (a list shuffled in place, a stand-in
            # dealt from), copied back: the caller's own objects are updated in place.
            changed = [self.encode(obj) for obj, before in back or () if snapshot(obj) != before]
            if changed:
                reply["back"] = changed
        except BaseException as exc:  # noqa: BLE001 - an exception is an answer too
            reply = {"e": [type(exc).__name__, _message(exc)]}
        finally:
            del self.in_flight[depth:]
        self.send(reply)

    def perform(self, request) -> tuple:
        """What the request asks: (its value, the arguments to copy back). Each side says."""
        raise NotImplementedError

    def arguments(self, args, kwargs) -> tuple[list, dict, list]:
        """Decoded arguments, and every list, dict, stand-in object or ``random.Random`` among
        them with how it was before the call (to copy back what the call changes)."""
        if not args and not kwargs:  # most calls (``size()``, ``shuffle()``): nothing to decode or watch
            self.in_flight.append([])
            return [], {}, []
        outer, self.decoded = self.decoded, []
        try:
            decoded = [self.decode(item) for item in (args if type(args) is list else ())]
            named = {str(k): self.decode(v) for k, v in (kwargs.items() if type(kwargs) is dict else ())}
            back = [(obj, snapshot(obj)) for obj in {id(o): o for o in self.decoded}.values()]
        finally:
            self.decoded = outer
        self.in_flight.append(back)
        return decoded, named, back

    def call_remote(self, kind: str, target, name: str, args: tuple = (), kwargs: dict | None = None):
        """Ask the other side to do something with one of its objects (``target``: its handle,
        or None for its module) and return the answer."""
        return self.request([kind, target, name, [self.encode(a) for a in args],
                             {str(k): self.encode(v) for k, v in (kwargs or {}).items()}], self._changed_so_far())

    def _changed_so_far(self) -> list:
        """The argument objects of the calls being served that changed since last sent (a
        hosted method that changed a passed list, before it calls the tester back): the other
        side's own objects are updated before it runs the call back, as they would be if the
        callee ran in its process. Each is then remembered as sent."""
        changed = []
        for back in self.in_flight:
            for index, (obj, before) in enumerate(back):
                now = snapshot(obj)
                if now != before:
                    changed.append(self.encode(obj))
                    back[index] = (obj, now)
        return changed

    # -- values --------------------------------------------------------------------------------
    def export(self, obj) -> int:
        number = self.export_numbers.get(id(obj))
        if number is None:
            number = len(self.exports) + 1
            self.exports[number] = obj
            self.export_numbers[id(obj)] = number
        return number

    def identity(self, obj) -> tuple[int, bool]:
        number = self.numbers.get(id(obj))
        if number is not None:
            return number, False
        number = self.sign * (len(self.shared) + 1)
        while number in self.shared:
            number += self.sign
        self.shared[number] = obj
        self.numbers[id(obj)] = number
        return number, True

    def is_stand_in(self, obj) -> bool:
        kind = type(obj)
        module = kind.__module__
        if module not in self.stand_ins:
            return False
        owner = sys.modules.get(module)
        return owner is not None and getattr(owner, kind.__qualname__, None) is kind \
            and (hasattr(obj, "__dict__") or bool(slot_names(kind)))

    def encode(self, value, depth: int = 0, seen: set | None = None):
        kind = type(value)
        if kind in SCALARS:
            return value if kind is not float or math.isfinite(value) else {"f": repr(value)}
        if depth > MAX_DEPTH:
            raise CrossingError("a value nested too deeply to pass between the class under test and the tester")
        seen = set() if seen is None else seen
        if kind is bytes:
            return {"b": value.decode("latin-1")}
        if kind is tuple:
            return {"t": [self.encode(item, depth + 1, seen) for item in value]}
        if kind is set or kind is frozenset:
            return {"s" if kind is set else "z": [self.encode(item, depth + 1, seen) for item in value]}
        if kind is MethodName:
            return {"n": str(value)}
        if value is NotImplemented or value is Ellipsis:
            return {"k": "NotImplemented" if value is NotImplemented else "Ellipsis"}
        if kind is random.Random:  # by state, so a hosted shuffle draws without a call back per number
            number, _ = self.identity(value)
            version, internal, gauss = value.getstate()
            return {"g": number, "v": [version, list(internal), gauss]}
        if kind is list or kind is dict or self.is_stand_in(value):
            number, _ = self.identity(value)
            if number in seen:
                return {"x": number}
            seen.add(number)
            if kind is list:
                return {"l": number, "v": [self.encode(item, depth + 1, seen) for item in value]}
            if kind is dict:
                return {"d": number, "v": [[self.encode(k, depth + 1, seen), self.encode(v, depth + 1, seen)]
                                           for k, v in value.items()]}
            state = object_state(value) or {}
            flat = flat_state(state)
            if flat is not None and self.synced.get(number) == flat:
                return {"x": number}  # both sides hold it as it is (a lab object returned before, passed again)
            encoded = {"o": number, "m": kind.__module__, "c": kind.__qualname__,
                       "v": [[name, self.encode(item, depth + 1, seen)] for name, item in state.items()
                             if type(name) is str]}
            if flat is not None:
                self.synced[number] = flat
            return encoded
        owned = self.owned_proxy_handle(value)
        if owned is not None:
            return {"y": owned}  # the other side's own object, going home
        return self.export_value(value)

    def export_value(self, value) -> dict:
        """How an object that cannot be copied crosses: a handle (each side may add a class name)."""
        return {"h": self.export(value)}

    def owned_proxy_handle(self, value) -> int | None:
        """The other side's handle, when ``value`` is this side's proxy of an object of theirs."""
        return None

    def decode(self, data, depth: int = 0):
        if type(data) in SCALARS:
            return data
        if depth > MAX_DEPTH:
            raise CrossingError("a value nested too deeply")
        if type(data) is not dict:
            raise CrossingError("not a value")
        if "f" in data:
            return float(data["f"])
        if "b" in data:
            return str(data["b"]).encode("latin-1")
        if "t" in data:
            return tuple(self.decode(item, depth + 1) for item in data["t"])
        if "s" in data:
            return {self.decode(item, depth + 1) for item in data["s"]}
        if "z" in data:
            return frozenset(self.decode(item, depth + 1) for item in data["z"])
        if "k" in data:
            return CONSTANTS[data["k"]]
        if "x" in data:
            obj = self.shared[_number(data["x"])]
            if self.decoded is not None:
                self.decoded.append(obj)
            return obj
        if "l" in data:
            return self._shared(data, list, depth)
        if "d" in data:
            return self._shared(data, dict, depth)
        if "o" in data:
            return self._shared(data, None, depth)
        if "g" in data:
            return self._random(data)
        if "n" in data:
            return MethodName(data["n"])
        if "y" in data:
            return self.exports[_number(data["y"])]
        if "h" in data:
            number = _number(data["h"])
            proxy = self.proxies.get(number)
            if proxy is None:
                proxy = self.proxies[number] = self.make_proxy(number, data)
            return proxy
        raise CrossingError("not a value")

    def _shared(self, data: dict, kind, depth: int):
        """A list, dict or stand-in object: the one with this identity number, updated in place,
        or a new one. Registered before its items are decoded (it may hold itself)."""
        number = _number(data.get("l", data.get("d", data.get("o"))))
        obj = self.shared.get(number)
        if kind is None:
            cls = self.stand_in_class(str(data.get("m")), str(data.get("c")))
            if obj is None or type(obj) is not cls:
                obj = cls.__new__(cls)
        elif obj is None or type(obj) is not kind:
            obj = kind()
        self.shared[number] = obj
        self.numbers[id(obj)] = number
        if self.decoded is not None:
            self.decoded.append(obj)
        items = data.get("v") or []
        if kind is list:
            obj[:] = [self.decode(item, depth + 1) for item in items]
        elif kind is dict:
            pairs = [(self.decode(k, depth + 1), self.decode(v, depth + 1)) for k, v in items]
            obj.clear()
            obj.update(pairs)
        else:
            state = {str(name): self.decode(item, depth + 1) for name, item in items}
            restore_state(obj, state)
            flat = flat_state(state)
            if flat is not None:
                self.synced[number] = flat
        return obj

    def _random(self, data: dict) -> random.Random:
        """A ``random.Random``: the one with this identity number, set to the state sent."""
        number = _number(data["g"])
        obj = self.shared.get(number)
        if type(obj) is not random.Random:
            obj = random.Random()
        version, internal, gauss = data["v"]
        obj.setstate((int(version), tuple(int(i) for i in internal), None if gauss is None else float(gauss)))
        self.shared[number] = obj
        self.numbers[id(obj)] = number
        if self.decoded is not None:
            self.decoded.append(obj)
        return obj

    def stand_in_class(self, module: str, qualname: str) -> type:
        cached = self.classes_seen.get((module, qualname))
        if cached is not None:
            return cached
        if module not in self.stand_ins or not qualname.isidentifier():
            raise CrossingError(f"{module}.{qualname} is not one of the lab's classes")
        cls = getattr(importlib.import_module(module), qualname, None)
        if not isinstance(cls, type) or cls.__module__ != module:
            raise CrossingError(f"{module}.{qualname} is not one of the lab's classes")
        self.classes_seen[(module, qualname)] = cls
        return cls

    def make_proxy(self, number: int, data: dict):
        raise NotImplementedError


def _number(value) -> int:
    if type(value) is not int:
        raise CrossingError("not a number")
    return value


def _message(exc: BaseException) -> str:
    try:
        return str(exc)[:2000]
    except BaseException:  # noqa: BLE001 - an exception may break its own __str__
        return "(the error's message could not be shown)"


_MADE: dict[str, type] = {}


def rebuild_exception(name, message) -> BaseException:
    """An exception of the type named (a built-in one, or a new class of that name), with the
    message: no frames, no attributes of the original cross."""
    name = str(name) if str(name).isidentifier() else "Exception"
    kind = getattr(builtins, name, None)
    if not (isinstance(kind, type) and issubclass(kind, BaseException)):
        kind = _MADE.get(name)
        if kind is None:
            kind = _MADE[name] = type(name, (Exception,), {"__module__": "builtins"})
    try:
        return kind(str(message))
    except BaseException:  # noqa: BLE001 - a built-in exception that wants other arguments
        return Exception(f"{name}: {message}")
