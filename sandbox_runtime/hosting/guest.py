"""The class under test as a student's tester sees it: a module that forwards to the host.

``import widget`` in a tester run gives a module built here from the lab's interface (the
reference's public functions, classes with their methods and public attributes, constants and
imported names: grader/testers/interface.py), never from the version's code, which stays in the
host process (host.py). So everything a tester can inspect in its own process (the module's
``__file__``, its spec, ``dir`` and ``__dict__`` of a class, its methods' code and docstrings,
``inspect.getsource``, the frames and line numbers of a traceback) is the same for every
version; only what the version *does* differs.

- a class is a local class of the same name; constructing it constructs the hosted object, and
  its methods, special methods and public attributes forward to it; the same hosted object is
  always the same local object (``is`` and identity-based ``==`` keep working); a tester may
  subclass it;
- a function forwards its call; a constant is a copy of the version's value;
- objects of the lab's other classes (a ``Gadget`` a method returns) are rebuilt here as the lab's class the
  tester imports itself (crossing.py);
- an exception raised by the version is raised again here with its type's name and message,
  from a frame of the module's file (so a report says it was raised inside ``widget.py``, with no
  line of the version quoted).
"""

import importlib
import importlib.abc
import importlib.util
import sys

from sandbox_runtime import sources
from sandbox_runtime.hosting.crossing import MethodName, Peer
from sandbox_runtime.hosting.host import DUNDERS

GUEST: "Guest | None" = None  # this run's connection to its host


class Hosted:
    """The base of every local class standing for a hosted one."""

    __slots__ = ("_hosted", "__dict__", "__weakref__")

    def __new__(cls, *args, **kwargs):
        made = GUEST.forward(["new", None, cls._hosted_name, [GUEST.encode(a) for a in args],
                              {str(k): GUEST.encode(v) for k, v in kwargs.items()}])
        if type(made) is cls or not isinstance(made, Hosted):
            return made
        own = object.__new__(cls)  # a tester's subclass: its own object, the same hosted one
        own._hosted = made._hosted
        GUEST.proxies[made._hosted] = own
        return own

    def __init__(self, *args, **kwargs) -> None:
        """Nothing to do here: the hosted object was built by ``__new__``."""

    def __getattr__(self, name: str):
        if name in type(self)._hosted_attributes:
            return GUEST.forward(["get", self._hosted, name, [], {}])
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name: str, value) -> None:
        if name in type(self)._hosted_attributes:
            GUEST.forward(["set", self._hosted, name, [GUEST.encode(value)], {}])
        else:
            object.__setattr__(self, name, value)


class Opaque(Hosted):
    """A hosted object outside the lab's interface (an iterator, a function): it can only be
    called, iterated and printed."""

    _hosted_name = ""
    _hosted_attributes = frozenset()


def _method(name: str):
    def method(self, *args, **kwargs):
        return GUEST.call_remote("call", self._hosted, name, args, kwargs)
    method.__name__ = method.__qualname__ = name
    return method


for _name in ("__call__", "__iter__", "__next__", "__str__"):
    setattr(Opaque, _name, _method(_name))


def _function(module: str, name: str):
    def function(*args, **kwargs):
        return GUEST.call_remote("call", None, name, args, kwargs)
    function.__name__ = function.__qualname__ = name
    function.__module__ = module
    return function


def make_class(module: str, name: str, spec: dict) -> type:
    """The local class for the interface's class ``name``: its methods and special methods, all
    forwarding, in the interface's order."""
    namespace = {"__module__": module, "__qualname__": name, "__doc__": None, "__slots__": (),
                 "_hosted_name": name, "_hosted_attributes": frozenset(spec.get("attributes", ()))}
    for method in spec.get("methods", ()):
        if method in DUNDERS or not method.startswith("__"):
            namespace[method] = _method(method)
    if "__eq__" in namespace and "__hash__" not in namespace:
        namespace["__hash__"] = None  # as Python makes a class that defines __eq__ alone
    return type(name, (Hosted,), namespace)


class Guest(Peer):
    """The tester's end: forwards to the host, and answers the host's calls on the tester's objects."""

    def __init__(self, fd: int, stand_ins: frozenset, forward) -> None:
        super().__init__(fd, -1, stand_ins)
        self.classes: dict[str, type] = {}
        self.forward_in_file = forward

    def forward(self, request: list):
        return self.forward_in_file(self.request, request)

    def call_remote(self, kind: str, target, name: str, args: tuple = (), kwargs: dict | None = None):
        return self.forward([kind, target, name, [self.encode(a) for a in args],
                             {str(k): self.encode(v) for k, v in (kwargs or {}).items()}])

    def perform(self, request) -> tuple:
        kind, target, name, args, kwargs = request
        obj = self.exports[int(target)]
        if kind == "get":
            name = str(name)
            if name not in getattr(obj, "__dict__", {}) and callable(getattr(type(obj), name, None)) \
                    and not isinstance(obj, type):
                return MethodName(name), None
            return getattr(obj, name), None
        args, kwargs, back = self.arguments(args, kwargs)
        if name in DUNDERS:
            return DUNDERS[name](obj, *args, **kwargs), back
        return getattr(obj, str(name))(*args, **kwargs), back

    def transcript(self):
        """The host's record of this run so far, signed by the host (host.py, ``Record``), to
        relay to the grader; None if the host does not answer with one. Asked outside the
        conversation with the class: it changes nothing the tester could see."""
        try:
            self.send({"t": 1})
            reply = self.receive()
        except Exception:  # noqa: BLE001 - the host is gone, or the tester broke the connection
            return None
        return reply.get("transcript") if isinstance(reply, dict) else None

    def owned_proxy_handle(self, value) -> int | None:
        if isinstance(value, Hosted):
            return object.__getattribute__(value, "_hosted")
        return None

    def make_proxy(self, number: int, data: dict):
        cls = self.classes.get(data.get("c") or "", Opaque)
        obj = object.__new__(cls)
        object.__setattr__(obj, "_hosted", number)
        return obj


class GuestLoader(importlib.abc.Loader):
    """Makes the module of the class under test from the interface, and imports it in the host."""

    def __init__(self, interface: dict) -> None:
        self.interface = interface

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        name, interface = module.__name__, self.interface
        for class_name, spec in (interface.get("classes") or {}).items():
            GUEST.classes[class_name] = make_class(name, class_name, spec)
        for imported, (source, attribute) in (interface.get("imports") or {}).items():
            try:
                owner = importlib.import_module(source)
                setattr(module, imported, owner if attribute is None else getattr(owner, attribute))
            except Exception:  # noqa: BLE001 - a name the lab's file imports that this sandbox lacks
                pass
        for function in interface.get("functions", ()):
            setattr(module, function, _function(name, function))
        for class_name, cls in GUEST.classes.items():
            setattr(module, class_name, cls)
        constants = GUEST.forward(["import", None, "", [], {}])
        for constant, value in constants.items():
            setattr(module, constant, value)


def install(fd: int, host: dict, staging_dir: str) -> None:
    """Make ``import <module>`` in this run give the forwarding module (see the module docstring)."""
    global GUEST
    name, interface = str(host["module"]), host.get("interface") or {}
    path = f"{staging_dir}/{name}.py"
    # The frame every forwarded call passes through is one of this module's file, at line 1:
    # the same frame for every version, and a report names the file the error came from.
    namespace: dict = {}
    exec(compile("def forward(request, message): return request(message)\n", path, "exec"), namespace)
    GUEST = Guest(fd, frozenset(interface.get("stand_ins", ())), namespace["forward"])
    sys.modules.pop(name, None)
    sources.FINDER.install().loaders.pop(name, None)
    FINDER.modules[name] = (path, GuestLoader(interface))
    if FINDER not in sys.meta_path:
        sys.meta_path.insert(0, FINDER)


class GuestFinder:
    """Offers the forwarding module under the name of the class under test."""

    def __init__(self) -> None:
        self.modules: dict[str, tuple] = {}

    def find_spec(self, name, path=None, target=None):
        found = self.modules.get(name)
        if found is None:
            return None
        return importlib.util.spec_from_file_location(name, found[0], loader=found[1])


FINDER = GuestFinder()
