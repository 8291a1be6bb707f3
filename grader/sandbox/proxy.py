"""What a suite sees of the student's code: modules, classes and objects behind the boundary.

    widget = student.widget.Widget("red", 3)      # runs Widget(...) in the sandbox
    widget.colour()                               # -> "red", plain data
    box.get("widgets")                            # an attribute: a list of Remote widgets

Every call crosses to the sandbox and comes back as plain data, or as a ``Remote`` standing for
an object that stays there. A ``Remote`` is equal only to itself, so no student object can pass
for an expected value. Each Remote keeps a readable ``label`` (the expression that made it) for
failure messages, written in the student's language by the link's idiom (grader/idiom/):
``Box(['red']).take() raised IndexError`` for Python, ``new Box(new String[] {"red"}).take()
threw IndexOutOfBoundsException`` for Java.
"""

from typing import Any, Callable, Iterator

from grader.idiom import idiom_of
from grader.idiom.student_values import StudentModule, StudentObject
from grader.sandbox.errors import MANGLED, error_details, well_formed_batch
from grader.sandbox.session import WorkerLink


def describe_args(args: tuple, link: Any = None) -> str:
    return idiom_of(link).args(args)


PLAIN = (int, str, float, bool, type(None))


def to_wire(value: Any) -> Any:
    if type(value) in PLAIN:  # most values are: checked first, as every argument of every call goes through here
        return value
    if isinstance(value, Remote):
        return {"$handle": value.handle}
    if isinstance(value, (list, tuple)):
        return [to_wire(item) for item in value]
    if isinstance(value, dict):
        return {"$dict": {key: to_wire(item) for key, item in value.items()}}
    return value


def from_wire(data: Any, link: WorkerLink, label: str, container: str | None = None) -> Any:
    """``container``: the declared type of the list ``data`` came from, when known (an item of a
    Java ``List`` is named ``x.get(3)``, of an array ``x[3]``)."""
    if type(data) is list:
        # Plain items come back as they are; a label is only worth building for a handle.
        idiom = idiom_of(link)
        return [item if type(item) in PLAIN else from_wire(item, link, idiom.item(label, i, container))
                for i, item in enumerate(data)]
    if isinstance(data, dict):
        if "$handle" in data:
            return Remote(link, data["$handle"], data.get("type", "object"), label)
        if "$dict" in data:
            return {key: from_wire(item, link, f"{label}[{key!r}]") for key, item in data["$dict"].items()}
        if "$float" in data:
            return float(data["$float"])
    return data


class PendingCall:
    """One call not sent yet, for ``Student.batch``: the request and how to name it in errors.

    The name is written only when something asks for it (an error, or an object the call
    returned): a batch of a thousand calls that answer plain values, as most do, never needs
    one, and writing each in the student's language cost more than sending them."""

    __slots__ = ("spec", "_label", "_describe", "container")

    def __init__(self, spec: dict, label: "str | Callable[[], str]", container: str | None = None) -> None:
        """``container``: the declared type of the list the call returns, when known (a field's)."""
        self.spec = spec
        self._label, self._describe = (label, None) if isinstance(label, str) else (None, label)
        self.container = container

    @property
    def label(self) -> str:
        if self._label is None:
            self._label = self._describe()
        return self._label


class RemoteCallable:
    """A function, class or bound method in the sandbox, not yet called."""

    def __init__(self, link: WorkerLink, target: dict, name: str, owner: "Remote | None" = None,
                 module: str | None = None) -> None:
        """``owner``: the object whose method this is; ``module``: else, the module it is in."""
        self.link = link
        self.target = target
        self.name = name
        self.owner = owner
        self.module = module

    def spec(self, *args) -> dict:
        return {**self.target, "op": "call", "name": self.name, "args": to_wire(args)}

    def describe(self, args: tuple, owner_label: str | None = None) -> str:
        """This call with these arguments, as the student would write it (``owner_label``: the
        owner's name as it was when the call was made, if not now)."""
        idiom = idiom_of(self.link)
        if self.owner is not None:
            label = self.owner.label if owner_label is None else owner_label
            return idiom.method_call(label, self.owner.type_name, self.name, args)
        return idiom.module_call(self.module or "", self.name, args)

    def later(self, *args) -> PendingCall:
        """This call, to be sent with others in one round trip by ``Student.batch``."""
        return self._pending(self.spec(*args), args)

    def _pending(self, spec: dict, args: tuple) -> PendingCall:
        """``spec`` not sent yet, named (when asked) as this call with ``args``, under the name its
        owner has now: a relabel later changes nothing."""
        owner_label = self.owner.label if self.owner is not None else None
        return PendingCall(spec, lambda: self.describe(args, owner_label))

    def __call__(self, *args, timeout: float | None = None):
        call = self.describe(args)
        return from_wire(self.link.request(self.spec(*args), call, timeout), self.link, call)

    def repeat(self, times: int, *args, timeout: float | None = None) -> list:
        """Call ``times`` times in one round trip; the first student error is raised."""
        call = self.describe(args)
        replies = self.link.request({"op": "repeat", "times": times, "call": self.spec(*args)}, call, timeout)
        return [_unwrap(reply, self.link, call) for reply in replies]

    def sample(self, times: int, *args, observe: list, timeout: float | None = None) -> list:
        """Call ``times`` times in one round trip, each time with fresh copies of ``args``, and
        return what ``observe`` saw after each call (see ``Worker.sample`` in the runtime):

            mixer.mix.sample(1000, [0, 1, 2, 3], observe=[["arg", 0]])
            box.mix.sample(1000, observe=[["self"], ["attr", "widgets"], ["each", "colour"]])
        """
        call = self.describe(args)
        return from_wire(self.link.request(self._sample_spec(times, args, observe), call, timeout), self.link, call)

    def sample_later(self, times: int, *args, observe: list) -> PendingCall:
        """``sample``, to be sent with other calls in one round trip (Student.batch, in_turn)."""
        return self._pending(self._sample_spec(times, args, observe), args)

    def _sample_spec(self, times: int, args: tuple, observe: list) -> dict:
        return {**self.target, "op": "sample", "times": times, "observe": observe,
                "call": {"name": self.name, "args": to_wire(args)}}


class Remote(StudentObject):
    """An object that lives in the sandbox. Attribute access gives its methods."""

    def __init__(self, link: WorkerLink, handle: int, type_name: str, label: str) -> None:
        self.link = link
        self.handle = handle
        self.type_name = type_name
        self.label = label

    def __getattr__(self, name: str) -> RemoteCallable:
        if name.startswith("__"):
            raise AttributeError(name)
        return RemoteCallable(self.link, {"handle": self.handle}, name, owner=self)

    def get(self, name: str, timeout: float | None = None):
        """The value of a data attribute, e.g. ``box.get("widgets")``."""
        idiom = idiom_of(self.link)
        call = idiom.attribute(self.label, name)
        reply = self.link.request({"op": "getattr", "handle": self.handle, "name": name}, call, timeout)
        return from_wire(reply, self.link, call, idiom.field_type(self.type_name, name))

    def set(self, name: str, value) -> None:
        call = f"setting {idiom_of(self.link).attribute(self.label, name)}"
        self.link.request({"op": "setattr", "handle": self.handle, "name": name, "value": to_wire(value)}, call)

    def text(self) -> Any:
        """``str(obj)`` in the sandbox (``__str__``, or a Java-style ``toString``)."""
        call = idiom_of(self.link).text_of(self.label)
        return from_wire(self.link.request({"op": "str", "handle": self.handle}, call), self.link, call)

    # The same three, to be sent with other calls in one round trip (Student.batch, in_turn).
    def get_later(self, name: str) -> "PendingCall":
        idiom, label = idiom_of(self.link), self.label
        return PendingCall({"op": "getattr", "handle": self.handle, "name": name},
                           lambda: idiom.attribute(label, name), idiom.field_type(self.type_name, name))

    def set_later(self, name: str, value) -> "PendingCall":
        idiom, label = idiom_of(self.link), self.label
        return PendingCall({"op": "setattr", "handle": self.handle, "name": name, "value": to_wire(value)},
                           lambda: f"setting {idiom.attribute(label, name)}")

    def text_later(self) -> "PendingCall":
        idiom, label = idiom_of(self.link), self.label
        return PendingCall({"op": "str", "handle": self.handle}, lambda: idiom.text_of(label))

    def relabel(self, label: str) -> "Remote":
        self.label = label
        return self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Remote) and (other.link, other.handle) == (self.link, self.handle)

    def __hash__(self) -> int:
        return hash((id(self.link), self.handle))

    def __repr__(self) -> str:
        return f"<{self.type_name} object>"


class RemoteModule(StudentModule):
    def __init__(self, link: WorkerLink, name: str) -> None:
        self.link = link
        self.name = name

    def __getattr__(self, name: str) -> RemoteCallable:
        if name.startswith("__"):
            raise AttributeError(name)
        return RemoteCallable(self.link, {"module": self.name}, name, module=self.name)


class Student:
    """The student's loaded modules, by name: ``student.box.Box(...)``."""

    def __init__(self, link: WorkerLink, modules: list[str]) -> None:
        self.link = link
        self.modules = modules

    def __getattr__(self, name: str) -> RemoteModule:
        if name.startswith("__") or name not in self.__dict__.get("modules", ()):
            raise AttributeError(f"this activity's sandbox has no module {name!r}")
        return RemoteModule(self.link, name)

    def batch(self, *calls: PendingCall, timeout: float | None = None) -> list:
        """Several calls in one round trip, in order: ``student.batch(widget.colour.later(), ...)``.

        The first call that raises is reported under its own name, as if it had been made alone.
        """
        if not calls:
            return []
        replies = _checked(self.link.request({"op": "batch", "calls": [c.spec for c in calls]}, _together(calls), timeout), calls)
        return [_unwrap(reply, self.link, call) for reply, call in zip(replies, calls)]

    def in_turn(self, *calls: PendingCall, timeout: float | None = None) -> Iterator:
        """The results of several calls sent in one round trip, handed out one at a time, in order.

        A call that raised raises only when its turn comes, so a loop that checks each result
        as it goes stops exactly where the same loop of single calls would: a wrong answer
        before an exception is still reported as the wrong answer. Every call runs (the
        sandbox answers each one), so use it for calls that do not depend on each other.
        A round trip costs about as much as a hundred calls inside one (docs/architecture.md).
        """
        if not calls:
            return iter(())
        replies = _checked(self.link.request({"op": "batch", "calls": [c.spec for c in calls]}, _together(calls), timeout), calls)
        return (_unwrap(reply, self.link, call) for reply, call in zip(replies, calls))


def _together(calls: tuple[PendingCall, ...]) -> str:
    """What a batch is called when it fails as a whole (a timeout, a crash): its first call, and
    how many went with it, since any of them may be the one that hung."""
    others = len(calls) - 1
    if not others:
        return calls[0].label
    return f"{calls[0].label} (sent together with {others} other call{'s' if others > 1 else ''})"


def _checked(replies, calls: tuple) -> list:
    """A batch's replies, one per call; an answer of another shape (written by the student's code
    into its own channel) becomes that error for every call, so it costs the student's test, not
    the grader's run."""
    return replies if well_formed_batch(replies, len(calls)) else [{"error": dict(MANGLED)} for _ in calls]


def _unwrap(reply: dict, link: WorkerLink, call: "str | PendingCall"):
    """One call's reply: its value, or its error raised. ``call`` names the call (a pending
    call's name is only written if the error or a returned object needs it)."""
    if "error" in reply:
        raise idiom_of(link).student_error(call if isinstance(call, str) else call.label, error_details(reply["error"]))
    value = reply["ok"]
    if type(value) in PLAIN:
        return value
    if isinstance(call, str):
        return from_wire(value, link, call)
    return from_wire(value, link, call.label, call.container)
