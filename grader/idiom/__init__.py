"""Messages in the student's language: one suite speaks Python to a Python student and Java to a
Java student.

Every test has an idiom, chosen by the submission's language (``SubmissionPlan.language``): the
engine sets it while the test runs (grader/engine/plugin.py), and a student object's link carries
the same one (the proxies write each call's label with it). A suite writes what a student reads
through the helpers below, never by hand:

    expect(widget.colour(), "red", call(widget, "paint_count"), HINT)
        # Python: Widget('red', 3).paint_count()        Java: new Widget("red", 3).paintCount()
    call(student.mixer, "mix_up", [1, 2, 3])
        # Python: mix_up([1, 2, 3])                     Java: Mixer.mixUp(new int[] {1, 2, 3})
    show(None)   # None / null          text_of(widget)   # str(widget) / widget.toString()
    Twin("take() returns None when ...", "take() returns null when ...")  # a hint in both languages

``show``, ``expect`` and ``fail`` (grader/checks/assertions.py) pick a Twin's side and write values in the
test's idiom. grader/idiom/base.py is the Python wording, grader/idiom/java.py the Java one.

Must not import: grader.engine, grader.sandbox.proxy, grader.reporters, grader.commands.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Any

from grader.idiom.base import Idiom, Raw, Twin
from grader.idiom.student_values import StudentModule, StudentObject

PYTHON = Idiom()
_CURRENT: ContextVar[Idiom] = ContextVar("grader_idiom", default=PYTHON)

__all__ = ["Idiom", "PYTHON", "Raw", "Twin", "begin", "call", "code", "current", "end", "idiom_of", "kind",
           "method", "new", "say", "show", "size_of", "source_file", "speaking", "text_of"]


def current() -> Idiom:
    """The idiom of the test running now (Python outside a test)."""
    return _CURRENT.get()


def begin(idiom: Idiom) -> Token:
    return _CURRENT.set(idiom)


def end(token: Token) -> None:
    _CURRENT.reset(token)


@contextmanager
def speaking(idiom: Idiom) -> Iterator[Idiom]:
    token = begin(idiom)
    try:
        yield idiom
    finally:
        end(token)


def idiom_of(link: Any) -> Idiom:
    """The idiom a link to the student's code speaks: its own, else Python."""
    found = getattr(type(link), "idiom", None) and getattr(link, "idiom", None)
    return found if isinstance(found, Idiom) else PYTHON


def _of(target: Any) -> Idiom:
    link = getattr(target, "__dict__", {}).get("link")
    return idiom_of(link) if link is not None else current()


# -- helpers for suites: each speaks the idiom of the student object it names, else the test's --
def say(text: "str | Twin") -> str:
    return current().pick(text)


def show(value: Any) -> str:
    return current().show(value)


def code(value: Any) -> str:
    """A value where a message used to write ``{value!r}``: Python's repr, Java's literal."""
    return current().code(value)


def kind(value: Any) -> str:
    return current().kind(value)


def method(name: str) -> str:
    """A method's name alone (``point_value`` / ``pointValue``)."""
    return current().method(name)


def call(target: Any, name: str, *args: Any) -> str:
    """A call as the student would write it. ``target``: a student object (its label), a module
    of the student's (``student.shuffler``: its function, or its class for a constructor), an
    expression already written (a ``str``), or None for the method alone (``is_legal([0, 1])``)."""
    if isinstance(target, StudentObject):
        return _of(target).method_call(target.label, target.type_name, name, args)
    if isinstance(target, StudentModule):
        return _of(target).module_call(target.name, name, args)
    if isinstance(target, str):
        return current().method_call(target, None, name, args)
    return current().bare_call(name, args)


def new(class_name: str, *args: Any) -> str:
    """An object made from a class (``Box(<13 colours>, ...)`` / ``new Box(<13 colours>, ...)``);
    write an argument as ``Raw("<13 colours>")`` to show it as it is."""
    return current().new(class_name, args)


def text_of(target: Any) -> str:
    """``str(x)`` / ``x.toString()``; ``target`` a student object or an expression."""
    if isinstance(target, StudentObject):
        return _of(target).text_of(target.label)
    return current().text_of(str(target))


def size_of(target: Any, name: str) -> str:
    """``len(box.widgets)`` / ``box.widgets.size()`` (``.length`` for an array field)."""
    if isinstance(target, StudentObject):
        return _of(target).size_of(target.label, name, target.type_name)
    return current().size_of(str(target), name)


def source_file(lab_file: str) -> str:
    """The file a student of this language hands in for ``lab_file`` (``widget_box.py`` / ``WidgetBox.java``)."""
    return current().source_file(lab_file)
