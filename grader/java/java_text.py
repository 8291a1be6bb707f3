"""Reading Java source on the trusted side, without compiling it: comments, strings, methods.

Three questions are answered here, each about one student file and never by running it:

- which methods a class declares, and the tokens of each body (``declared_methods``): an
  activity whose graded methods are all missing, or still the starter's placeholder bodies,
  is not started (planning.py);
- whether two files hold the same code once comments and layout are set aside
  (``same_tokens``): a starter file handed back unchanged is not someone's work;
- where a ``static final`` constant is declared (``drop_final``), so that the grader can make
  it an ordinary static field for a run (program.py) without moving a single line.

The scanner knows Java's comments, string, text-block and character literals; it does not
parse Java. It is good enough for the shapes of a class file students write (a top-level class
whose members are fields, constructors and methods), and errs towards "declared" when unsure.
"""

import re
from dataclasses import dataclass

TOKEN = re.compile(r'[A-Za-z_$][\w$]*|\d[\w.]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|\S')
MODIFIERS = {"public", "private", "protected", "static", "final", "abstract", "synchronized", "native", "strictfp",
             "default"}
CLAUSE_TOKENS = 32  # how far after a parameter list a body may start (a throws clause)
KEYWORDS_BEFORE_PARENTHESIS = {"if", "for", "while", "switch", "catch", "synchronized", "return", "new", "throw",
                               "else", "do", "try", "case", "assert", "super", "this"}


# A comment, a text block, a string or a character literal (an unclosed one runs to its end).
SPAN = re.compile(r'//[^\n]*|/\*.*?(?:\*/|\Z)|"""(?:\\.|[^\\])*?(?:"""|\Z)|"(?:\\.|[^"\\\n])*"?|\'(?:\\.|[^\'\\\n])*\'?',
                  re.DOTALL)


def blank_comments(text: str, literals: bool = True) -> str:
    """``text`` with every comment replaced by spaces (line ends kept) and, with ``literals``,
    every string, text block and character literal's contents too (quotes kept): same length,
    same lines, so an offset in the result is the same place in ``text``."""

    def blank(match: re.Match) -> str:
        found = match.group(0)
        if found.startswith(("//", "/*")):
            return re.sub(r"[^\n]", " ", found)
        if not literals:
            return found
        quote = 3 if found.startswith('"""') else 1
        inner = found[quote:-quote] if len(found) >= 2 * quote and found.endswith(found[:quote]) else found[quote:]
        return found[:quote] + re.sub(r"[^\n]", " ", inner) + found[quote + len(inner):]

    return SPAN.sub(blank, text)


def tokens(text: str) -> list[str]:
    """The code's tokens, comments left out (string literals kept whole, with their text, so two
    files differing only in a message are different code)."""
    return TOKEN.findall(blank_comments(text, literals=False))


def same_tokens(first: str, second: str) -> bool:
    """Whether two Java files hold the same code: the same tokens in the same order."""
    return tokens(first) == tokens(second)


@dataclass(frozen=True)
class Method:
    name: str
    body: tuple[str, ...]  # the tokens between the body's braces; () for an abstract method


def declared_methods(text: str) -> dict[str, list[Method]]:
    """The methods (not constructors) declared directly in the bodies of the file's top-level
    types, by name (overloads together). A name followed by ``(`` at member level, after a
    type, whose parameter list is followed by a body or ``;``, is a method."""
    code = TOKEN.findall(blank_comments(text))
    found: dict[str, list[Method]] = {}
    depth, i = 0, 0
    while i < len(code):
        token = code[i]
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 1 and token == "(" and i > 1 and _is_name(code[i - 1]) and code[i - 1] not in KEYWORDS_BEFORE_PARENTHESIS:
            name, before = code[i - 1], code[i - 2]
            close = _matching(code, i, "(", ")")
            after = close + 1
            limit = min(len(code), after + CLAUSE_TOKENS)
            while after < limit and code[after] not in ("{", ";", "=", "(", ")", "}"):
                after += 1  # throws clauses, default values of annotation members
            # A method has a type before its name; a constructor only modifiers (or nothing).
            is_method = (_is_name(before) or before in (">", "]")) and before not in MODIFIERS | {"new", "return"}
            if is_method and after < len(code) and code[after] in ("{", ";"):
                body: tuple[str, ...] = ()
                if code[after] == "{":
                    end = _matching(code, after, "{", "}")
                    body = tuple(code[after + 1:end])
                    i = end + 1
                else:
                    i = after + 1
                found.setdefault(name, []).append(Method(name, body))
                continue
            i = close + 1  # a call in a field's initialiser: past its arguments (each token read once)
            continue
        i += 1
    return found


def _is_name(token: str) -> bool:
    return bool(re.fullmatch(r"[A-Za-z_$][\w$]*", token))


def _matching(code: list[str], start: int, opening: str, closing: str) -> int:
    depth = 0
    for k in range(start, len(code)):
        if code[k] == opening:
            depth += 1
        elif code[k] == closing:
            depth -= 1
            if depth == 0:
                return k
    return len(code) - 1


def drop_final(text: str, names: list[str]) -> tuple[str, list[str]]:
    """``text`` with the ``final`` of each ``static final`` field named in ``names`` replaced by
    spaces (same length, same lines), so javac no longer inlines it and a run can set it; and
    the names that were found so declared."""
    spans = blank_comments(text)
    out = list(text)
    done = []
    for name in names:
        pattern = re.compile(r"\b((?:(?:public|private|protected|static|final|transient|volatile)\s+)+)"
                             r"[\w.<>\[\]]+\s+" + re.escape(name) + r"\s*=")
        for match in pattern.finditer(spans):
            modifiers = match.group(1)
            if "static" not in modifiers.split() or "final" not in modifiers.split():
                continue
            at = match.start(1) + re.search(r"\bfinal\b", modifiers).start()
            out[at:at + 5] = " " * 5
            done.append(name)
            break
    return "".join(out), done
