"""What every idiom answers: how a message names a call, a value, a type, a file or an error.

Suites and the proxies never write a call or a value by hand for the student: they ask the
idiom of the test (grader/idiom/__init__.py), so one suite speaks Python to a Python student and
Java to a Java student. Hints that need other words in each language are written as a ``Twin``.
"""

from dataclasses import dataclass
from typing import Any

from grader.idiom.student_values import StudentObject


@dataclass(frozen=True)
class Twin:
    """One message in both languages: what a Python student reads, and what a Java student reads.

    A message that reads the same in both is a plain ``str``. tests/java/test_words_catalogue.py
    checks every Twin in the suites: no Java in the Python side, no Python in the Java side.
    """

    python: str
    java: str

    def __str__(self) -> str:  # a Twin printed without an idiom is a grader bug; say the Python side
        return self.python


class Raw(str):
    """An argument already written out for a message (``<13 ranks>``): shown as it is."""


class Idiom:
    """The Python wording (the reference: every message a Python student reads is made here);
    grader/idiom/java.py overrides what Java says otherwise."""

    language = "python"

    # -- texts -------------------------------------------------------------------------------
    def pick(self, text: "str | Twin") -> str:
        if isinstance(text, Twin):
            return getattr(text, self.language)
        return text

    # -- values ------------------------------------------------------------------------------
    def literal(self, value: Any, param: str | None = None) -> str:
        """``value`` written as code, as a call's argument (a student object: its label)."""
        if isinstance(value, Raw):
            return str(value)
        label = _label_of(value)
        if label is not None:
            return label
        return repr(value)

    def show(self, value: Any) -> str:
        """A value as a student would want to read it in a message."""
        remote = _remote_type(value)
        if remote is not None:
            return f"{_article(remote)} {remote} object"
        if isinstance(value, list):
            return "[" + ", ".join(self.show(item) for item in value) + "]"
        return repr(value)

    def code(self, value: Any) -> str:
        """A value where a message showed it as Python writes it (``repr``)."""
        return repr(value)

    def type_word(self, value: Any) -> str:
        remote = _remote_type(value)
        if remote is not None:
            return remote
        return {bool: "True/False", int: "whole number", float: "decimal number", str: "text string",
                list: "list", type(None): "None"}.get(type(value), type(value).__name__)

    def kind(self, value: Any) -> str:
        """``a whole number``: what sort of value this is, with its article."""
        return f"a {self.type_word(value)}"

    # -- calls -------------------------------------------------------------------------------
    def args(self, args: tuple, params: tuple[str, ...] | None = None) -> str:
        return ", ".join(self.literal(a) for a in args)

    def method(self, name: str, owner_type: str | None = None) -> str:
        """A method's name as the student's class spells it."""
        return name

    def module_call(self, module: str, name: str, args: tuple) -> str:
        """A call of a module's function or class: ``Widget('red', ...)``, ``mix_up([1])``."""
        return f"{name}({self.args(args)})"

    def method_call(self, owner: str, owner_type: str | None, name: str, args: tuple) -> str:
        """``Widget('red', ...).colour()``."""
        return f"{owner}.{name}({self.args(args)})"

    def bare_call(self, name: str, args: tuple) -> str:
        """A method called without its object (the object is named before it): ``is_legal([0, 1])``."""
        return f"{name}({self.args(args)})"

    def new(self, class_name: str, args: tuple) -> str:
        """An object made from a class: ``Box(<13 colours>, ...)``."""
        return f"{class_name}({self.args(args)})"

    def attribute(self, owner: str, name: str) -> str:
        return f"{owner}.{name}"

    def text_of(self, owner: str) -> str:
        """The text of an object (``__str__`` / ``toString``)."""
        return f"str({owner})"

    def size_of(self, owner: str, name: str, owner_type: str | None = None) -> str:
        """How many items a list attribute holds: ``len(box.widgets)``."""
        return f"len({owner}.{name})"

    def field_type(self, owner_type: str | None, name: str) -> str | None:
        """The declared type of a field, where the language declares one (Java: a descriptor)."""
        return None

    def item(self, owner: str, index: int, container: str | None = None) -> str:
        """One item of a list a call or an attribute gave: ``box.widgets[3]``."""
        return f"{owner}[{index}]"

    def source_file(self, lab_file: str) -> str:
        """The file a student hands in for one of the lab's files (``widget_box.py``)."""
        return lab_file

    # -- errors ------------------------------------------------------------------------------
    def student_error(self, call: str, details: dict):
        """The exception a suite sees when the student's code raised during ``call``."""
        from grader.sandbox.errors import StudentError

        return StudentError(call, details)

    def load_error(self, details: dict):
        from grader.sandbox.errors import StudentLoadError

        return StudentLoadError(details)


def _remote_type(value: Any) -> str | None:
    """The class name of a student object (the sandbox's proxy of one), else None."""
    return value.type_name if isinstance(value, StudentObject) else None


def _label_of(value: Any) -> str | None:
    return value.label if isinstance(value, StudentObject) else None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
