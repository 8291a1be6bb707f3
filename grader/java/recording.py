"""The lab's own Java classes, as a student's tester runs against them: every call the tester
makes into them goes through a recorder (sandbox_jvm/src/sandbox_jvm/Recorder.java).

A failure of a tester on a wrong version counts only if, before it, the class answered some call
differently from every correct version (grader/testers/transcripts.py). The JVM side records the calls;
this module prepares the classes to be recorded. It rewrites the **source** of the lab's trusted
versions (the reference, the second correct versions, the Buggy classes, the mutants and the
stand-ins), before the grader compiles them, never a student's file:

- each method with a body becomes a wrapper with the same declaration that hands the recorder
  the call (``"Widget.turn()"`` and the arguments), calls the original body (moved, unchanged, to a
  private method ``lab$turn`` with the same parameters) and hands the recorder the answer or the
  exception; each constructor gets the same around its body (after an explicit ``super(...)``),
  in place, since a constructor's body cannot move (it assigns ``final`` fields);
- the class gets two private static fields the worker sets at every load: ``lab$rec`` (the
  recorder, typed as a JDK interface, since a lab class cannot name the worker's classes) and
  ``lab$rnd`` (the lab's own random numbers);
- ``Math.random()``, ``Collections.shuffle(list)`` and ``new Random()`` in the class draw from
  ``lab$rnd``, not from the JVM's shared generators: a tester that drew one extra
  ``Math.random()`` before building the lab's object would otherwise shift every later shuffle, and the
  same call would get a different answer for a reason that is the tester's, not the class's.
  Sources the tester can shift and the class cannot be given its own of (``ThreadLocalRandom``,
  ``SecureRandom``, the clock, identity hashes) are refused: the lab's classes must not use them.

**Why source, not bytecode.** javac then makes the stack maps, the exception tables and the
constructor's definite-assignment checks; a bytecode patcher would have to move every offset
of a constructor to put a handler around its body. The lab's files are few, trusted and
compiled once per version (grader/java/testers.py keeps them in a cache). Private members are
out of the tester's reach (the worker's guard refuses ``setAccessible`` and private lookups), and
every version gets the same added members, so reflection still tells the versions apart by
nothing but what it did before.

Not recorded: methods of nested classes, and a constructor that starts with ``this(...)`` (the
one it calls is recorded instead).
"""

import re

from grader.java.splicing import TYPE_WORDS, Token, _class_body, _matching, _without_annotations, members, tokens

PREFIX = "lab$"
MODIFIERS = {"public", "protected", "private", "static", "final", "synchronized", "abstract", "native", "strictfp",
             "default", "transient", "volatile"}
# What a tester could shift or read and the class cannot be given a copy of: refused in the lab's classes.
REFUSED = {"ThreadLocalRandom", "SecureRandom", "SplittableRandom", "nanoTime", "currentTimeMillis",
           "identityHashCode", "Instant", "LocalDateTime", "LocalDate", "LocalTime"}
RECORDER_TYPE = "java.util.function.BiFunction<Object, Object, Object>"


class RecordingError(ValueError):
    """A lab class that cannot be recorded soundly (the lab's problem, never the student's)."""


def instrument(source: str, class_name: str) -> str:
    """``source`` (the lab's class ``class_name``) with every call into it recorded (module docstring)."""
    items = tokens(source)
    refused = sorted({t.text for t in items if t.text in REFUSED})
    if refused:
        raise RecordingError(f"the lab's {class_name}.java uses {', '.join(refused)}: a student's tester could change "
                             "what it answers without calling it, so its calls cannot be recorded; use Math.random()")
    if any(t.text.startswith(PREFIX) for t in items):
        raise RecordingError(f"the lab's {class_name}.java already has names starting with {PREFIX}")
    source = _own_randomness(source)
    opening = _class_body(tokens(source), class_name)
    if opening is None:
        raise RecordingError(f"the lab's {class_name}.java declares no class {class_name}")
    items = tokens(source)
    kind = next(items[k].text for k in range(opening, -1, -1) if items[k].text in TYPE_WORDS)
    if kind != "class":
        return source  # an interface or enum of the lab: nothing of its own to record
    edits: list[tuple[int, int, str]] = []
    constructors = 0
    for member in members(source, class_name):
        text = source[member.start:member.end]
        label = f"{class_name}.{'<init>' if member.name == class_name else member.name}({','.join(member.types)})"
        wrapped = _wrap(text, member.name == class_name, member.name, label)
        constructors += member.name == class_name
        if wrapped is not None:
            edits.append((member.start, member.end, wrapped))
    at = items[opening].end
    header = _class_header(items, opening)
    added = (f" private static {RECORDER_TYPE} {PREFIX}rec; private static java.util.Random {PREFIX}rnd;"
             f" private static double {PREFIX}random() {{ return {PREFIX}rnd.nextDouble(); }}")
    if constructors == 0 and "abstract" not in header:  # the implicit constructor, made explicit to be recorded
        access = "public " if "public" in header else "protected " if "protected" in header else ""
        added += " " + _wrap(f"{access}{class_name}() {{ }}", True, class_name, f"{class_name}.<init>()")
    edits.append((at, at, added))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source


def _class_header(items: list[Token], opening: int) -> set[str]:
    """The words declaring the class (its modifiers among them)."""
    k = opening
    while k > 0 and items[k - 1].text not in (";", "}", "{"):
        k -= 1
    return {t.text for t in items[k:opening]}


def _own_randomness(source: str) -> str:
    """``Math.random()``, ``Collections.shuffle(list)`` and ``new Random()`` drawing from the class's own ``lab$rnd``."""
    items = tokens(source)
    edits = []
    for k, token in enumerate(items):
        words = [t.text for t in items[k:k + 8]]
        if token.text in ("Math", "StrictMath") and words[1:5] == [".", "random", "(", ")"]:
            start = items[k - 4].start if k >= 4 and [t.text for t in items[k - 4:k]] == ["java", ".", "lang", "."] \
                else token.start
            edits.append((start, items[k + 4].end, f"{PREFIX}random()"))
        elif token.text == "Collections" and words[1:4] == [".", "shuffle", "("]:
            close = _matching(items, k + 3, "(", ")")
            depth, commas = 0, 0
            for inner in items[k + 4:close]:
                depth += inner.text in "(<[{"
                depth -= inner.text in ")>]}"
                commas += inner.text == "," and depth == 0
            if commas == 0:
                edits.append((items[close].start, items[close].start, f", {PREFIX}rnd"))
        elif token.text == "new":
            name = words[1:2] if words[1:2] == ["Random"] else words[1:6] if words[1:6] == ["java", ".", "util", ".", "Random"] else None
            if name is not None and words[1 + len(name):3 + len(name)] == ["(", ")"]:
                close = items[k + len(name) + 2]
                edits.append((close.start, close.start, f"{PREFIX}rnd.nextLong()"))
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source


def _wrap(text: str, constructor: bool, name: str, label: str) -> str | None:
    """The member's declaration ``text`` with its calls recorded; None when it has no body to wrap."""
    items = tokens(text)
    shift = -items[0].start if items else 0
    items = [Token(t.text, t.start + shift, t.end + shift) for t in items]
    header_end = next((k for k, t in enumerate(items) if t.text == "("), None)
    if header_end is None:
        return None
    close = _matching(items, header_end, "(", ")")
    body = next((k for k in range(close, len(items)) if items[k].text in ("{", ";")), None)
    if body is None or items[body].text == ";":
        return None
    header = _without_annotations(items[:header_end])
    words = [t.text for t in header]
    static = "static" in words
    names = _parameter_names(items[header_end + 1:close])
    self_ = "null" if static or constructor else "this"
    arguments = ", ".join([self_, *names])
    enter = f"Object {PREFIX}t = {PREFIX}rec.apply(\"{_java_string(label)}\", new Object[] {{{arguments}}});"
    declaration = text[:items[body].start]
    inner = text[items[body].start + 1:items[-1].start]
    if constructor:
        first = [t.text for t in items[body + 1:body + 3]]
        if first == ["this", "("]:
            return None  # the constructor it calls is recorded
        explicit = ""
        if first == ["super", "("]:
            end = _matching(items, body + 2, "(", ")") + 1  # the ";" after super(...)
            explicit = text[items[body + 1].start:items[end].end]
            inner = text[items[end].end:items[-1].start]
        return (f"{declaration}{{{explicit} {enter} Throwable {PREFIX}x = null;"
                f" try {{{inner}}} catch (Throwable {PREFIX}e) {{ {PREFIX}x = {PREFIX}e; throw {PREFIX}e; }}"
                f" finally {{ {PREFIX}rec.apply({PREFIX}t, {PREFIX}x != null ? (Object) {PREFIX}x : new Object[] {{this}}); }} }}")
    kept = [t for t in header if t.text not in MODIFIERS]  # type parameters, the return type, the name
    generics = ""
    if kept and kept[0].text == "<":
        end = _matching(kept, 0, "<", ">")
        generics = text[kept[0].start:kept[end].end] + " "
        kept = kept[end + 1:]
    returns = text[kept[0].start:kept[-1].start].strip()
    throws = text[items[close].end:items[body].start]
    call = f"{PREFIX}{name}({', '.join(names)})"
    catch = f" catch (Throwable {PREFIX}e) {{ {PREFIX}rec.apply({PREFIX}t, {PREFIX}e); throw {PREFIX}e; }}"
    if returns == "void":
        wrapper = (f"{{ {enter} try {{ {call}; }}{catch}"
                   f" {PREFIX}rec.apply({PREFIX}t, new Object[0]); }}")
    else:
        wrapper = (f"{{ {enter} {returns} {PREFIX}v; try {{ {PREFIX}v = {call}; }}{catch}"
                   f" {PREFIX}rec.apply({PREFIX}t, new Object[] {{{PREFIX}v}}); return {PREFIX}v; }}")
    parameters = text[items[header_end].start:items[close].end]
    body_method = (f" private {'static ' if static else ''}{generics}{returns} {PREFIX}{name}{parameters}{throws}"
                   f"{{{inner}}}")
    return f"{declaration}{wrapper}{body_method}"


def _parameter_names(params: list[Token]) -> list[str]:
    """Each parameter's name (``int counts[]`` and varargs included)."""
    names, current, depth = [], [], 0
    for token in [*params, Token(",", -1, -1)]:
        depth += token.text in "<("
        depth -= token.text in ">)"
        if token.text == "," and depth == 0:
            words = [t.text for t in _without_annotations(current) if re.match(r"[A-Za-z_$]", t.text)]
            if words:
                names.append(words[-1])
            current = []
            continue
        current.append(token)
    return names


def _java_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
