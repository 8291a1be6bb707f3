"""Whether a Java student has started an activity: the rule behind ``not_started`` in Java.

In one sentence: **a Java activity is not started when its files are the starter's files
unchanged (comments and layout aside), or, for an activity that adds methods to a file an
earlier activity already grades, when none of those methods is written (each is either not
declared, or still has the starter's placeholder body)**. Such an activity is not run: 0
points and one line in the report, as in Python (grader/engine/starter_copy.py), instead of a
test failing for each method that is not there.

Which methods such an activity adds is the lab's word (``Lab.java_methods``: ``Widget.spin``,
with ``|`` between names that stand for the same work). A file's first activity is judged by
the file alone: a class with none of its methods yet but a constructor that does not compile is
someone's work, and the compiler's message is what helps them. Nothing here runs the student's
code: the source is only read (java_text.py).
"""

from pathlib import Path

from grader.java.java_text import declared_methods, same_tokens

MAX_BYTES = 1 << 20


def read_source(path: Path) -> str | None:
    """A Java file's text, or None when it is too big for a student's class or cannot be read."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        return path.read_bytes().decode("utf-8-sig", errors="replace")
    except OSError:
        return None


def starter_copies(own: dict[str, Path], starter: Path | None) -> bool:
    """Whether every one of the student's files (class name -> file) is the starter's file of
    that class, token for token."""
    if starter is None or not own:
        return False
    for name, path in own.items():
        theirs, ours = read_source(path), read_source(starter / f"{name}.java")
        if theirs is None or ours is None or not same_tokens(theirs, ours):
            return False
    return True


def unwritten_methods(own: dict[str, Path], methods: tuple[str, ...], starter: Path | None) -> list[str] | None:
    """The methods of ``methods`` (``Widget.spin|turn``) in the student's classes, as
    ``Widget.spin()``, when none of them is written; None when one is (or none applies: the
    activity's classes are not among ``own``)."""
    listed: list[str] = []
    texts: dict[str, str | None] = {}
    for entry in methods:
        names = entry.split("|")
        owner = names[0].split(".", 1)[0]
        if owner not in own:
            continue
        if owner not in texts:
            texts[owner] = read_source(own[owner])
        text = texts[owner]
        if text is None:
            return None  # unreadable or too big: someone's work, let the tests judge it
        declared = declared_methods(text)
        placeholders = declared_methods(read_source(starter / f"{owner}.java") or "") if starter is not None else {}
        for name in names:
            method = name.split(".", 1)[1]
            bodies = {m.body for m in declared.get(method, [])}
            if bodies - {m.body for m in placeholders.get(method, [])}:
                return None  # written
        listed.append(f"{names[0]}()")
    return listed or None


def not_started_note(files: list[str], unwritten: list[str] | None) -> str:
    """The report's line for an activity not started because its methods are not written."""
    if not unwritten:
        listed = " and ".join(files)
        return (f"not started: {listed} {'is' if len(files) == 1 else 'are'} still the starter "
                f"file{'' if len(files) == 1 else 's'}, unchanged, so there is nothing of yours to grade yet (0 points).")
    return (f"not started: none of the methods this activity grades is written in {' and '.join(files)} yet "
            f"({', '.join(unwritten)}: each is missing, or still the starter's placeholder), so there is nothing "
            "of yours to grade yet (0 points).")
