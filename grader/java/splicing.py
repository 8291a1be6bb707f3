"""Source surgery on Java for diagnosis: a student's class with one method replaced by the lab's.

The Java twin of grader/diagnosis/splicing.py. If putting the reference's version of one method (or
constructor) in place of the student's makes every test of the activity pass, that method is
where the bug is. The student's file is changed as text: the method's declaration, from its first
annotation or modifier to its closing brace, is replaced by the reference's declaration of the
method with the same signature (its name and parameter types, generics and parameter names
aside; failing that, the only method of that name in both). The student's comments, fields and
other methods stay exactly as written. The reference's imports the student's file lacks are added
after its ``package`` line, and the reference's methods the student's class lacks (helpers the
swapped method may call) are added at the end of the class.

A small scanner does the reading (comments, strings, text blocks and character literals are
skipped; braces and parentheses are counted); it needs no Java parser, and only ever reads: the
hybrid is compiled and graded in the sandbox like any submission. Only the members of the
top-level class named after the file are spliced (nested classes, initialisers and fields are
left alone).
"""

import re
from dataclasses import dataclass

TOKEN = re.compile(r'''
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<text>"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])+')
  | (?P<word>[A-Za-z_$][\w$]*)
  | (?P<number>\d[\w.]*)
  | (?P<symbol>\.\.\.|.)
''', re.DOTALL | re.VERBOSE)
TYPE_WORDS = {"class", "interface", "enum", "record"}


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Member:
    """A method or constructor of the class: ``name(types)`` and where its declaration lies."""

    name: str
    types: tuple[str, ...]
    start: int  # the first annotation or modifier
    end: int  # after the closing brace

    @property
    def label(self) -> str:
        return f"{self.name}({', '.join(self.types)})"


def tokens(source: str) -> list[Token]:
    """The significant tokens of ``source`` (no spaces, no comments), with their offsets."""
    return [Token(m.group(), m.start(), m.end()) for m in TOKEN.finditer(source)
            if m.lastgroup not in ("space", "comment")]


def _matching(items: list[Token], index: int, opening: str, closing: str) -> int:
    """The index of the token closing the one at ``index`` (its last token if unbalanced)."""
    depth = 0
    for k in range(index, len(items)):
        if items[k].text == opening:
            depth += 1
        elif items[k].text == closing:
            depth -= 1
            if depth == 0:
                return k
    return len(items) - 1


def _class_body(items: list[Token], class_name: str) -> int | None:
    """The index of the ``{`` opening the top-level type ``class_name``."""
    depth = 0
    for k, token in enumerate(items):
        if token.text == "{":
            depth += 1
        elif token.text == "}":
            depth -= 1
        elif depth == 0 and token.text in TYPE_WORDS and k + 1 < len(items) and items[k + 1].text == class_name:
            for j in range(k + 2, len(items)):
                if items[j].text == "{":
                    return j
            return None
    return None


def _without_annotations(header: list[Token]) -> list[Token]:
    """``header`` without its annotations (``@Override``, ``@SuppressWarnings("x")``)."""
    kept, k = [], 0
    while k < len(header):
        if header[k].text == "@" and k + 1 < len(header) and header[k + 1].text != "interface":
            k += 2
            while k + 1 < len(header) and header[k].text == "." and re.match(r"\w", header[k + 1].text):
                k += 2
            if k < len(header) and header[k].text == "(":
                k = _matching(header, k, "(", ")") + 1
            continue
        kept.append(header[k])
        k += 1
    return kept


def _parameter_types(params: list[Token]) -> tuple[str, ...]:
    """Each parameter's type, as written but without generics, annotations, ``final`` or its name."""
    types, current, depth = [], [], 0
    for token in [*params, Token(",", -1, -1)]:
        if token.text in "<(":
            depth += 1
        elif token.text in ">)":
            depth -= 1
        if token.text == "," and depth == 0:
            words = [t.text for t in _without_annotations(current) if t.text != "final"]
            array = 0
            while len(words) > 2 and words[-2:] == ["[", "]"]:  # int counts[]: the brackets after the name
                words, array = words[:-2], array + 1
            if words:
                kept, generic = [], 0
                for word in words[:-1]:  # the last word is the parameter's name
                    if word == "<":
                        generic += 1
                    elif word == ">":
                        generic -= 1
                    elif generic == 0:
                        kept.append("[]" if word == "..." else word)
                types.append("".join(kept) + "[]" * array)
            current = []
            continue
        current.append(token)
    return tuple(types)


def members(source: str, class_name: str) -> list[Member]:
    """The methods and constructors of the top-level class ``class_name``, in source order."""
    items = tokens(source)
    opening = _class_body(items, class_name)
    if opening is None:
        return []
    closing = _matching(items, opening, "{", "}")
    found, k = [], opening + 1
    while k < closing:
        start = k
        while k < closing and items[k].text not in ("{", ";", "="):
            k = _matching(items, k, "(", ")") + 1 if items[k].text == "(" else k + 1
        header = _without_annotations(items[start:k])
        if k >= closing:
            break
        if items[k].text == "=":  # a field with a value: skip to its end, braces and all
            while k < closing and items[k].text != ";":
                k = _matching(items, k, "{", "}") + 1 if items[k].text == "{" else k + 1
            k += 1
            continue
        if items[k].text == ";":  # a field, or a method without a body
            k += 1
            continue
        end = _matching(items, k, "{", "}")
        words = [t.text for t in header]
        paren = words.index("(") if "(" in words else -1
        if paren > 0 and not TYPE_WORDS & set(words[:paren]):  # not a nested class, not an initialiser
            params_close = _matching(header, paren, "(", ")")
            found.append(Member(words[paren - 1], _parameter_types(header[paren + 1:params_close]),
                                items[start].start, items[end].end))
        k = end + 1
    return found


@dataclass(frozen=True)
class Swap:
    """One method both classes define: the student's declaration and the reference's."""

    student: Member
    reference: Member

    @property
    def label(self) -> str:
        return self.student.label


def swappable(student_source: str, reference_source: str, class_name: str) -> list[Swap]:
    """The methods both classes define, in the student's order: by signature, else by a name
    that each class uses once."""
    mine = members(student_source, class_name)
    theirs = members(reference_source, class_name)
    by_signature = {(m.name, m.types): m for m in theirs}
    swaps = []
    for member in mine:
        match = by_signature.get((member.name, member.types))
        if match is None:
            same = [m for m in theirs if m.name == member.name]
            if len(same) == 1 and sum(1 for m in mine if m.name == member.name) == 1:
                match = same[0]
        if match is not None:
            swaps.append(Swap(member, match))
    return swaps


IMPORT = re.compile(r"^\s*import\s+(?:static\s+)?[\w.]+(?:\.\*)?\s*;", re.MULTILINE)
PACKAGE = re.compile(r"^\s*package\s+[\w.]+\s*;", re.MULTILINE)


def splice(student_source: str, reference_source: str, class_name: str, swap: Swap) -> str:
    """The student's source with ``swap``'s method replaced by the reference's declaration,
    plus the reference's imports and methods it lacks (see the module docstring)."""
    replacement = reference_source[swap.reference.start:swap.reference.end]
    body = student_source[:swap.student.start] + replacement + student_source[swap.student.end:]
    names = {m.name for m in members(student_source, class_name)}
    helpers = [reference_source[m.start:m.end] for m in members(reference_source, class_name) if m.name not in names]
    if helpers:
        items = tokens(body)
        opening = _class_body(items, class_name)
        if opening is not None:
            at = items[_matching(items, opening, "{", "}")].start
            body = body[:at] + "".join(f"\n    {text}\n" for text in helpers) + body[at:]
    have = {" ".join(m.group().split()) for m in IMPORT.finditer(student_source)}
    imports = [text for m in IMPORT.finditer(reference_source) if (text := " ".join(m.group().split())) not in have]
    if imports:
        package = PACKAGE.search(body)
        at = package.end() if package else 0
        body = body[:at] + ("\n" if package else "") + "\n".join(imports) + "\n" + body[at:]
    return body
