"""A harness class put between one of the lab's classes and its superclass, for one activity.

Most harness classes sit beside the classes under test (a probe the suite builds itself). Some
have to sit *inside* the lab's class hierarchy: one that changes how the objects the student's
code builds with ``new`` behave (a lab may need to deal the student's games itself). In Python a
harness swaps the module's attribute for the run; in Java ``new WidgetBox()`` always names the
class of that name, and the lab's superclass may keep its state private, so nothing beside the
class can reach it.

Such a harness class says where it goes in its class comment, ``@insertedAbove WidgetBox``, and
extends that class's superclass (``public abstract class KnownBox extends Box``). When an
activity compiles it (it is one of the activity's stand-ins), the named class's declaration
``class WidgetBox extends Box`` is compiled as ``class WidgetBox extends KnownBox``: that one
word changes, every line stays where it was. Only the activity whose stand-ins hold the harness
class is affected, and the class it names is a stand-in there (the lab's, or in the student kit
the student's own); a student's own version of it graded instead (theirs.py) is changed the same
way, so the activity's checks run on it too. Only stand-ins can carry the tag, and the tag only
changes a class of the name it gives, whose superclass is the one the harness class extends.
"""

import re
from pathlib import Path

TAG = re.compile(r"@insertedAbove\s+([A-Za-z_$][\w$]*)")
EXTENDS = re.compile(r"\bclass\s+([A-Za-z_$][\w$]*)\s*(?:<[^{}]*?>)?\s*extends\s+([A-Za-z_$][\w$]*)")


def insertions(stand_ins: dict[str, Path]) -> dict[str, tuple[str, str]]:
    """Class name -> (its superclass, the harness class to extend instead), for every stand-in
    (class name -> file) whose source carries ``@insertedAbove``. Its own ``class K extends S``
    says which superclass it replaces."""
    found: dict[str, tuple[str, str]] = {}
    for name, path in stand_ins.items():
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        tag = TAG.search(text)
        if tag is None:
            continue
        own = next((m for m in EXTENDS.finditer(text) if m.group(1) == name), None)
        if own is not None:
            found[tag.group(1)] = (own.group(2), name)
    return found


def inserted(name: str, text: str, found: dict[str, tuple[str, str]]) -> str:
    """``text`` (the source of class ``name``) with its superclass replaced as ``found`` says,
    wherever it reads ``class name extends`` that superclass (a comment that says so too: a
    comment above the declaration must not be the only one changed); otherwise unchanged."""
    if name not in found:
        return text
    parent, harness = found[name]

    def replace(match: re.Match) -> str:
        if match.group(1) != name or match.group(2) != parent:
            return match.group(0)
        start, end = match.span(2)
        return match.group(0)[:start - match.start()] + harness + match.group(0)[end - match.start():]

    return EXTENDS.sub(replace, text)
