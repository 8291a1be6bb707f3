"""The Java idiom: messages for a Java student in Java's words.

- Calls in Java syntax: ``new Widget("red", 3).paintCount()``, static methods on their
  class (``Mixer.mixUp(new int[] {1, 2, 3})``), each method spelled as the student's
  class declares it (read from the compiled classes: grader/java/members.py), else as the lab's
  own Java classes spell it, else in camelCase. An argument is written for the parameter's type
  when the declaration is known: ``new int[] {1, 2}`` for an array, ``List.of(0, 1)`` for a
  ``List``; otherwise as Java prints a list, ``[0, 1]``.
- Values as Java shows them: ``null``, ``true``/``false``, ``"text"`` in double quotes, doubles as
  ``Double.toString`` writes them (``1.0E-5``), lists as ``[1, 2]`` (``List.toString`` and
  ``Arrays.toString`` both print that).
- Errors: "threw", a frame's file as it sits in the submission (``src/shop/Widget.java``), a
  constructor as "the constructor", and the grader's own refusals (no such method, a call that
  does not fit) in words, not as Python's NameNotFound/TypeError.
"""

import re
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from grader.idiom.base import Idiom, Raw, _article, _label_of, _remote_type
from grader.java.members import ClassMembers

LISTS = {"Ljava/util/List;", "Ljava/util/Collection;", "Ljava/lang/Iterable;", "Ljava/util/AbstractList;"}
ARRAY_LISTS = {"Ljava/util/ArrayList;", "Ljava/util/LinkedList;"}
PRIMITIVES = {"I": "int", "J": "long", "D": "double", "F": "float", "Z": "boolean", "C": "char", "S": "short",
              "B": "byte", "V": "void"}
IDENTIFIER = re.compile(r"\b([A-Za-z_$][\w$]*)\s*\(")
JVM_MADE = ("NameNotFound", "TypeError", "SystemExit", "ValueTooLarge")  # the worker's own refusals


def squash(name: str) -> str:
    """The naming rule of the sandboxes: underscores dropped, case ignored."""
    return name.replace("_", "").lower()


def camel(name: str) -> str:
    """``point_value`` -> ``pointValue``; a name with no underscore stays as it is."""
    parts = [p for p in name.split("_") if p]
    if len(parts) <= 1:
        return name
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def class_of_module(module: str) -> str:
    """``widget_box`` -> ``WidgetBox`` (grader/java/sources.py's rule)."""
    return "".join(p[:1].upper() + p[1:] for p in module.split("_") if p)


def java_type(descriptor: str) -> str:
    """``[I`` -> ``int[]``, ``Ljava/lang/String;`` -> ``String``."""
    depth = len(descriptor) - len(descriptor.lstrip("["))
    base = descriptor[depth:]
    name = PRIMITIVES.get(base) or base[1:-1].rsplit("/", 1)[-1].split("$")[-1]
    return name + "[]" * depth


def java_double(value: float) -> str:
    """``value`` as Java's ``Double.toString`` writes it: ``0.5``, ``1.0E7``, ``1.0E-5``, ``NaN``."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if str(value).startswith("-") else "0.0"
    if 1e-3 <= abs(value) < 1e7:
        text = repr(value)
        return text if ("." in text or "e" in text) else text + ".0"
    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    shown = "".join(map(str, digits))
    power = exponent + len(shown) - 1
    mantissa = shown[0] + "." + (shown[1:] or "0")
    return f"{'-' if sign else ''}{mantissa}E{power}"


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def java_string(text: str, quote: str = '"') -> str:
    out = []
    for char in text:
        if char in _ESCAPES and (char != '"' or quote == '"'):
            out.append(_ESCAPES[char])
        elif char == "'" and quote == "'":
            out.append("\\'")
        elif ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return quote + "".join(out) + quote


@lru_cache(maxsize=8)
def spellings_in(folders: tuple[str, ...]) -> frozenset[str]:
    """Every name used before ``(`` in the Java files of these folders (the lab's reference and
    harness classes): how the lab spells a method a student's class does not declare
    (``findJQK``, which camelCase alone would write ``findJqk``)."""
    found: set[str] = set()
    for folder in folders:
        for path in sorted(Path(folder).glob("*.java")) if Path(folder).is_dir() else []:
            try:
                found.update(IDENTIFIER.findall(path.read_text(encoding="utf-8", errors="replace")))
            except OSError:
                continue
    return frozenset(found)


class JavaIdiom(Idiom):
    language = "java"

    def __init__(self, classes: dict[str, ClassMembers] | None = None, spellings: frozenset[str] = frozenset(),
                 files: dict[str, str] | None = None, student: set[str] | None = None) -> None:
        """``classes``: what the activity's compiled classes declare; ``spellings``: the lab's
        own Java names; ``files``: each of the student's classes -> its file in the submission;
        ``student``: the student's class names (their spelling of a name wins)."""
        self.classes = classes or {}
        self.spellings = spellings
        self.files = files or {}
        self.student = student if student is not None else set(self.files)
        self._names: dict[tuple, str] = {}  # (name, owner type) -> spelling: a suite names the same methods often
        self._shapes: dict[tuple, tuple[str, ...] | None] = {}

    # -- names -------------------------------------------------------------------------------
    def _chain(self, owner_type: str | None) -> list[ClassMembers]:
        """The class and its superclasses, as far as they were compiled here."""
        chain, seen = [], set()
        name = owner_type
        while name and name in self.classes and name not in seen:
            seen.add(name)
            chain.append(self.classes[name])
            name = (self.classes[name].superclass or "").rsplit("/", 1)[-1]
        return chain

    def _candidates(self, owner_type: str | None) -> list[list[ClassMembers]]:
        """Where to look for a name, in order: the object's own classes, the student's, all."""
        mine = [c for n, c in self.classes.items() if n in self.student]
        return [self._chain(owner_type), mine, list(self.classes.values())]

    def method(self, name: str, owner_type: str | None = None) -> str:
        if (name, owner_type) not in self._names:
            self._names[(name, owner_type)] = self._spell(name, owner_type)
        return self._names[(name, owner_type)]

    def _spell(self, name: str, owner_type: str | None) -> str:
        if name == "__str__":
            return "toString"
        key = squash(name)
        for group in self._candidates(owner_type):
            declared = {m.name for c in group for m in c.methods if not m.name.startswith("<")}
            if name in declared:
                return name
            matches = sorted(d for d in declared if squash(d) == key)
            if matches:
                return matches[0]
        matches = sorted(s for s in self.spellings if squash(s) == key)
        return matches[0] if matches else camel(name)

    def class_name(self, module: str) -> str:
        key = squash(module)
        found = sorted(n for n in self.classes if "$" not in n and squash(n) == key)
        return found[0] if found else class_of_module(module)

    def _params(self, owner_type: str | None, java_name: str, count: int) -> tuple[str, ...] | None:
        """The parameter types of the one method (or constructor, ``<init>``) that fits, if only one does."""
        key = (owner_type, java_name, count)
        if key not in self._shapes:
            self._shapes[key] = self._shape(owner_type, java_name, count)
        return self._shapes[key]

    def _shape(self, owner_type: str | None, java_name: str, count: int) -> tuple[str, ...] | None:
        for group in self._candidates(owner_type) if owner_type else [list(self.classes.values())]:
            shapes = {m.params for c in group for m in c.methods if m.name == java_name and len(m.params) == count}
            if len(shapes) == 1:
                return next(iter(shapes))
            if shapes:
                return None
        return None

    # -- values ------------------------------------------------------------------------------
    def literal(self, value: Any, param: str | None = None) -> str:
        if isinstance(value, Raw):
            return str(value)
        label = _label_of(value)
        if label is not None:
            return label
        if value is None:
            return "null"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, float):
            return java_double(value)
        if isinstance(value, int):
            return f"{value}.0" if param in ("D", "F") else str(value)
        if isinstance(value, str):
            return java_string(value, "'") if param == "C" and len(value) == 1 else java_string(value)
        if isinstance(value, (list, tuple)):
            if param and param.startswith("["):
                items = ", ".join(self.literal(v, param[1:]) for v in value)
                return f"new {java_type(param)} {{{items}}}"
            items = ", ".join(self.literal(v) for v in value)
            if param in LISTS:
                return f"List.of({items})"
            if param in ARRAY_LISTS:
                return f"new {java_type(param)}<>(List.of({items}))"
            return f"[{items}]"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}={self.literal(v)}" for k, v in value.items()) + "}"
        return str(value)

    def show(self, value: Any) -> str:
        remote = _remote_type(value)
        if remote is not None:
            return f"{_article(remote)} {remote} object"
        if isinstance(value, list):
            return "[" + ", ".join(self.show(item) for item in value) + "]"
        if isinstance(value, tuple):
            return "(" + ", ".join(self.show(item) for item in value) + ")"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}={self.show(v)}" for k, v in value.items()) + "}"
        return self.literal(value)

    def code(self, value: Any) -> str:
        return self.show(value)

    def type_word(self, value: Any) -> str:
        remote = _remote_type(value)
        if remote is not None:
            return remote
        return {bool: "boolean", int: "int", float: "double", str: "String", list: "list", tuple: "list",
                dict: "Map", type(None): "null"}.get(type(value), type(value).__name__)

    def kind(self, value: Any) -> str:
        word = self.type_word(value)
        return word if value is None else f"{_article(word)} {word}"

    # -- calls -------------------------------------------------------------------------------
    def args(self, args: tuple, params: tuple[str, ...] | None = None) -> str:
        if params is None or len(params) != len(args):
            return ", ".join(self.literal(a) for a in args)
        return ", ".join(self.literal(a, p) for a, p in zip(args, params))

    def module_call(self, module: str, name: str, args: tuple) -> str:
        owner = self.class_name(module)
        if squash(name) == squash(owner) and name[:1].isupper():
            return self.new(owner, args)
        java_name = self.method(name, owner)
        return f"{owner}.{java_name}({self.args(args, self._params(owner, java_name, len(args)))})"

    def method_call(self, owner: str, owner_type: str | None, name: str, args: tuple) -> str:
        java_name = self.method(name, owner_type)
        return f"{owner}.{java_name}({self.args(args, self._params(owner_type, java_name, len(args)))})"

    def bare_call(self, name: str, args: tuple) -> str:
        java_name = self.method(name)
        return f"{java_name}({self.args(args, self._params(None, java_name, len(args)))})"

    def new(self, class_name: str, args: tuple) -> str:
        return f"new {class_name}({self.args(args, self._params(class_name, '<init>', len(args)))})"

    def text_of(self, owner: str) -> str:
        return f"{owner}.toString()"

    def _field(self, owner_type: str | None, name: str) -> str | None:
        for members in self._chain(owner_type):
            if name in members.fields:
                return members.fields[name]
        return None

    def size_of(self, owner: str, name: str, owner_type: str | None = None) -> str:
        descriptor = self._field(owner_type, name)
        if descriptor is not None and descriptor.startswith("["):
            return f"{owner}.{name}.length"
        return f"{owner}.{name}.size()"

    def field_type(self, owner_type: str | None, name: str) -> str | None:
        return self._field(owner_type, name)

    def item(self, owner: str, index: int, container: str | None = None) -> str:
        if container is not None and not container.startswith("["):
            return f"{owner}.get({index})"
        return f"{owner}[{index}]"

    def source_file(self, lab_file: str) -> str:
        if lab_file.endswith(".py"):
            return class_of_module(lab_file[:-3]) + ".java"
        return lab_file

    # -- errors ------------------------------------------------------------------------------
    def in_submission(self, details: dict) -> dict:
        """``details`` with each frame's file named as it sits in the submission (the JVM
        knows only ``Widget.java``; the student handed in ``src/shop/Widget.java``)."""
        frames = details.get("frames")
        if not isinstance(frames, list) or not self.files:
            return details
        named = []
        for frame in frames:
            if isinstance(frame, dict) and isinstance(frame.get("file"), str):
                shown = self.files.get(Path(frame["file"]).stem)
                if shown is not None and Path(shown).name == frame["file"]:
                    frame = {**frame, "file": shown}
            named.append(frame)
        return {**details, "frames": named}

    def student_error(self, call: str, details: dict):
        from grader.sandbox.errors import StudentError

        details = self.in_submission(details)
        return StudentError(call, details, message=self.error_text(call, details))

    def error_text(self, call: str, details: dict) -> str:
        kind = str(details.get("type", "an exception"))
        message = str(details.get("message", ""))
        if kind == "NameNotFound" and details.get("name"):
            owner = str(details.get("owner") or "the class")
            owner = owner[len("module "):] if owner.startswith("module ") else owner  # a class's static methods
            name = self.method(str(details["name"]), owner)
            several = details.get("several")
            if isinstance(several, list) and several:
                return (f"{call} could not be called: {owner} has several methods that could be {name}: "
                        f"{', '.join(map(str, several))} (the grader ignores capitals and underscores in names: "
                        "keep only one of them)")
            return (f"{call} could not be called: {owner} has no method or field named {name} (the grader finds "
                    "it by its name, ignoring capitals and underscores: check its spelling and that it is in this class)")
        if kind in JVM_MADE and kind != "SystemExit":  # the worker's own words; a class's statics are "module X" there
            return f"{call} could not be called: {message.removeprefix('module ')}"
        if kind == "SystemExit":
            head = (f"{call} called System.exit({details.get('exit_code', 0)}): a program ends there, so nothing "
                    "after it can be checked")
        else:
            head = f"{call} threw {kind}" + (f": {message}" if message else "")
        from grader.sandbox.errors import inside_note

        return head + self.where(details) + inside_note(details)

    def where(self, details: dict) -> str:
        frames = details.get("frames") or []
        if not frames:
            return ""
        last = frames[-1]
        where = f" at {last['file']} line {last['line']}, in {self.function(str(last.get('function', '')))}"
        if last.get("code"):
            where += f":\n    {last['code']}"
        return where

    @staticmethod
    def function(name: str) -> str:
        if name == "<init>":
            return "the constructor"
        if name == "<clinit>":
            return "a static initializer"
        return f"{name}()" if name else "?"

    def load_error(self, details: dict):
        from grader.sandbox.errors import StudentLoadError

        details = self.in_submission(details)
        files = ", ".join(self.files.get(name, f"{name}.java") for name in sorted(self.student)) or \
            f"{details.get('module', '?')}.java"
        kind, message = details.get("type", "an error"), details.get("message", "")
        text = (f"{files} could not be loaded: {kind}" + (f": {message}" if message else "") + self.where(details) +
                "\nEvery test of this activity needs your classes to load: compile and run them yourself "
                "(javac, then java) and fix the first error you see.")
        return StudentLoadError(details, message=text)
