"""First-order mutants of one Java file, made on its tokens.

Java has no syntax tree in Python's standard library, so the operators work on tokens: each
mutant is the file with one token (or one token range) replaced and everything else byte for
byte the same. The operators are the Python ones' twins (operators.py): comparisons both ways,
``&&``/``||``, ``!`` dropped, constants and texts, ``+``/``-``, ``++``/``--``, deleted
statements, return values, shifted indexes (``get(k)``, ``a[k]``), swapped arguments, and the
lab's special cases (a method wrong for one input only). A token stream cannot tell every
change that compiles from one that does not (``a - b`` on Strings), so the caller compiles each
mutant with ``javac`` and drops those that fail: a mutant that cannot compile is no mutant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .operators import Mutant, SpecialCase

TOKEN = re.compile(r'''
    (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<text>"(?:\\.|[^"\\])*")
  | (?P<char>'(?:\\.|[^'\\])*')
  | (?P<number>\d+[lL]?)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<op>>>>=|<<=|>>=|>>>|==|!=|<=|>=|&&|\|\||\+\+|--|\+=|-=|\*=|/=|%=|->|::|[-+*/%<>=!&|^~?:;,.(){}\[\]@])
  | (?P<space>\s+)
''', re.VERBOSE | re.DOTALL)

COMPARE = {"<": ("<=", ">", ">="), "<=": ("<", ">=", ">"), ">": (">=", "<", "<="), ">=": (">", "<=", "<"),
           "==": ("!=", ">=", "<="), "!=": ("==",)}
KEYWORDS_BEFORE_EXPRESSION = {"return", "new", "throw", "case", "else", "do"}
TYPE_WORDS = {"public", "private", "protected", "static", "final", "abstract", "synchronized"}


@dataclass
class Token:
    kind: str
    text: str
    start: int

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass
class Method:
    name: str
    type: str  # the declared return type ("void", "boolean", "int", "String", a class)
    body_open: int  # token index of the body's "{"
    body_close: int  # token index of its "}"


def tokenize(source: str) -> list[Token]:
    tokens = []
    position = 0
    while position < len(source):
        match = TOKEN.match(source, position)
        if not match:
            raise ValueError(f"cannot read the Java source at offset {position}: {source[position:position + 20]!r}")
        kind = match.lastgroup
        if kind not in ("space", "comment"):
            tokens.append(Token(kind, match.group(), position))
        position = match.end()
    return tokens


def _matching(tokens: list[Token], index: int) -> int:
    """The index of the bracket closing the one at ``index``."""
    opening = tokens[index].text
    closing = {"(": ")", "{": "}", "[": "]"}[opening]
    depth = 0
    for k in range(index, len(tokens)):
        if tokens[k].text == opening:
            depth += 1
        elif tokens[k].text == closing:
            depth -= 1
            if depth == 0:
                return k
    raise ValueError(f"unbalanced {opening!r}")


def methods(tokens: list[Token]) -> list[Method]:
    """Methods and constructors: ``[modifiers] Type name(...) {`` (a constructor's type is void)."""
    found = []
    for k, token in enumerate(tokens):
        if token.text != "(" or k < 1 or tokens[k - 1].kind != "name":
            continue
        before = tokens[k - 2] if k >= 2 else None
        if before is None or not (before.kind == "name" or before.text in (">", "]")) or before.text in KEYWORDS_BEFORE_EXPRESSION:
            if not (before is not None and before.text in TYPE_WORDS):
                continue
        close = _matching(tokens, k)
        if close + 1 >= len(tokens) or tokens[close + 1].text not in ("{", "throws"):
            continue
        body = close + 1
        while tokens[body].text != "{":
            body += 1
        kind = "void" if before.text in TYPE_WORDS else before.text
        if before.text in (">", "]"):
            kind = "Object"
        found.append(Method(tokens[k - 1].text, kind, body, _matching(tokens, body)))
    return found


def _wrong(kind: str, expression: str) -> str | None:
    return {"boolean": f"!({expression})", "int": f"({expression}) + 1", "double": f"({expression}) + 0.25",
            "String": f"({expression}) + \"x\""}.get(kind, "null")


class _Maker:
    def __init__(self, file: str, source: str, skip_lines: tuple[str, ...], skip_functions: set[str]) -> None:
        self.file = file
        self.source = source
        self.tokens = tokenize(source)
        self.methods = methods(self.tokens)
        self.lines = source.splitlines()
        self.skip_lines = skip_lines
        self.skip_functions = skip_functions
        self.found: list[Mutant] = []
        self.ids: set[str] = set()

    def line_of(self, position: int) -> int:
        return self.source.count("\n", 0, position) + 1

    def method_at(self, index: int) -> Method | None:
        inside = [m for m in self.methods if m.body_open < index < m.body_close]
        return min(inside, key=lambda m: m.body_close - m.body_open) if inside else None

    def skipped(self, index: int) -> bool:
        line = self.lines[self.line_of(self.tokens[index].start) - 1].strip()
        method = self.method_at(index)  # None: a field's initializer (the lab's rank and value tables)
        return any(line.startswith(s) for s in self.skip_lines) or (method is not None and method.name in self.skip_functions)

    def add(self, operator: str, first: int, last: int, replacement: str, label: str | None = None) -> None:
        """Tokens first..last (inclusive) become ``replacement``."""
        start, end = self.tokens[first].start, self.tokens[last].end
        before = self.source[start:end]
        text = self.source[:start] + replacement + self.source[end:]
        method = self.method_at(first)
        name = method.name if method else "<class>"
        mutant = Mutant(self.file, name, operator, self.line_of(start), _one_line(before), _one_line(label or replacement), text)
        while mutant.id in self.ids:
            mutant = Mutant(mutant.file, name, operator, mutant.line, mutant.before, mutant.after, text, mutant.occurrence + 1)
        if text != self.source and all(m.source != text for m in self.found):
            self.ids.add(mutant.id)
            self.found.append(mutant)


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 90 else text[:87] + "..."


def _generic_brackets(tokens: list[Token]) -> set[int]:
    """Indexes of ``<`` and ``>`` that belong to a generic type (``List<Card>``), not a comparison:
    a ``<`` right after a capitalised name opens one, and its ``>`` closes it."""
    found, depth = set(), 0
    for k, token in enumerate(tokens):
        if token.text == "<" and k and tokens[k - 1].kind == "name" and tokens[k - 1].text[:1].isupper():
            found.add(k)
            depth += 1
        elif token.text == ">" and depth:
            found.add(k)
            depth -= 1
        elif token.text == ">>" and depth >= 2:
            found.add(k)
            depth -= 2
    return found


def _statement_ranges(maker: _Maker) -> list[tuple[int, int]]:
    """Simple statements inside method bodies: from after ``;``, ``{`` or ``}`` to the next ``;``
    at the same depth (``for`` headers left out)."""
    tokens, ranges = maker.tokens, []
    for method in maker.methods:
        k = method.body_open + 1
        start = k
        depth = 0
        while k < method.body_close:
            text = tokens[k].text
            if text == "(":
                depth += 1
            elif text == ")":
                depth -= 1
            elif depth == 0 and text in ("{", "}"):
                start = k + 1
            elif depth == 0 and text == ";":
                if start < k and tokens[start].text not in ("for", "return", "else"):
                    ranges.append((start, k))
                start = k + 1
            k += 1
    return ranges


def _expression_end(tokens: list[Token], start: int) -> int:
    """The last token of the expression starting at ``start`` (up to ``;`` ``,`` or a closing
    bracket at depth 0)."""
    depth = 0
    k = start
    while k < len(tokens):
        text = tokens[k].text
        if text in "([{":
            depth += 1
        elif text in ")]}":
            if depth == 0:
                return k - 1
            depth -= 1
        elif depth == 0 and text in (";", ","):
            return k - 1
        k += 1
    return k - 1


def java_mutants(file: str, source: str, skip_lines: tuple[str, ...] = (), skip_functions: set[str] = frozenset(),
                 special_cases: tuple[SpecialCase, ...] = ()) -> list[Mutant]:
    """Every token-level first-order mutant of ``source`` (compile them before use)."""
    maker = _Maker(file, source, skip_lines, set(skip_functions))
    tokens = maker.tokens
    generic = _generic_brackets(tokens)
    for method in maker.methods:
        if method.name in maker.skip_functions:
            continue
        _special_cases(maker, method, special_cases)
    for k, token in enumerate(tokens):
        if maker.skipped(k):
            continue
        text = token.text
        if token.kind == "op" and text in COMPARE and k not in generic:
            for alternative in COMPARE[text]:
                maker.add("compare", k, k, alternative)
        elif text in ("&&", "||"):
            maker.add("boolean", k, k, "||" if text == "&&" else "&&")
        elif text == "!" and token.kind == "op":
            maker.add("not_dropped", k, k, "")
        elif text in ("++", "--"):
            maker.add("arithmetic", k, k, "--" if text == "++" else "++")
        elif text in ("+=", "-="):
            maker.add("arithmetic", k, k, "-=" if text == "+=" else "+=")
        elif text in ("+", "-") and token.kind == "op":
            neighbours = [tokens[k - 1], tokens[k + 1]]
            if not any(n.kind == "text" for n in neighbours):
                maker.add("arithmetic", k, k, "-" if text == "+" else "+")
        elif token.kind == "number":
            value = int(text.rstrip("lL"))
            maker.add("constant", k, k, str(value + 1))
            maker.add("constant", k, k, str(value - 1) if value > 0 else "1")
        elif text in ("true", "false"):
            maker.add("constant", k, k, "false" if text == "true" else "true")
        elif token.kind == "text" and text.strip('"').strip():
            value = text[1:-1]
            change = str.upper if value != value.upper() else str.lower
            # Letters change case, escapes (\n) stay as they are.
            changed = re.sub(r"(\\.)|([^\\]+)", lambda m: m.group(1) or change(m.group(2)), value)
            if changed != value:
                maker.add("text_case", k, k, f'"{changed}"')
            maker.add("text_letter", k, k, f'"{value}{"y" if value.endswith("x") else "x"}"')
        elif text == "return" and tokens[k + 1].text != ";":
            method = maker.method_at(k)
            end = _expression_end(tokens, k + 1)
            expression = source[tokens[k + 1].start:tokens[end].end]
            maker.add("return_value", k + 1, end, _wrong(method.type, expression) if method else "null")
            if method and method.type not in ("boolean", "int", "double"):
                maker.add("return_value", k + 1, end, "null")
        elif text in ("get", "charAt") and tokens[k - 1].text == "." and tokens[k + 1].text == "(":
            close = _matching(tokens, k + 1)
            inner = source[tokens[k + 2].start:tokens[close - 1].end]
            for delta in ("+ 1", "- 1"):
                maker.add("index_shifted", k + 2, close - 1, f"({inner}) {delta}")
        elif text == "[" and tokens[k - 1].kind == "name" and tokens[k + 1].text != "]":
            close = _matching(tokens, k)
            inner = source[tokens[k + 1].start:tokens[close - 1].end]
            for delta in ("+ 1", "- 1"):
                maker.add("index_shifted", k + 1, close - 1, f"({inner}) {delta}")
        elif text == "(" and tokens[k - 1].kind == "name" and tokens[k - 1].text not in ("if", "for", "while", "switch"):
            _swap_arguments(maker, k)
    for first, last in _statement_ranges(maker):
        if not maker.skipped(first):
            maker.add("statement_deleted", first, last, "", label="(deleted)")
    return maker.found


def _swap_arguments(maker: _Maker, open_index: int) -> None:
    tokens = maker.tokens
    close = _matching(tokens, open_index)
    if any(m.body_open == close + 1 or tokens[close + 1].text == "throws" for m in maker.methods):
        return  # a method's own parameter list
    commas, depth = [], 0
    for k in range(open_index + 1, close):
        text = tokens[k].text
        if text in "([{":
            depth += 1
        elif text in ")]}":
            depth -= 1
        elif text == "," and depth == 0:
            commas.append(k)
    if not commas:
        return
    first = maker.source[tokens[open_index + 1].start:tokens[commas[0] - 1].end]
    second_end = commas[1] - 1 if len(commas) > 1 else close - 1
    second = maker.source[tokens[commas[0] + 1].start:tokens[second_end].end]
    maker.add("arguments_swapped", open_index + 1, second_end, f"{second}, {first}")


def _special_cases(maker: _Maker, method: Method, cases: tuple[SpecialCase, ...]) -> None:
    tokens, source = maker.tokens, maker.source
    for case in cases:
        if "*" not in case.functions and method.name not in case.functions:
            continue
        returns = [k for k in range(method.body_open, method.body_close)
                   if tokens[k].text == "return" and tokens[k + 1].text != ";" and maker.method_at(k) is method]
        text = source
        if not returns:  # a method that changes its object: skip its work in the special case
            at = tokens[method.body_open].end
            text = source[:at] + f" if ({case.when}) {{ return; }}" + source[at:]
        else:
            for k in reversed(returns):  # from the end, so earlier offsets stay valid
                end = _expression_end(tokens, k + 1)
                expression = source[tokens[k + 1].start:tokens[end].end]
                wrong = _wrong(method.type, expression)
                text = text[:tokens[k + 1].start] + f"({case.when}) ? {wrong} : ({expression})" + text[tokens[end].end:]
        mutant = Mutant(maker.file, method.name, "special_case", maker.line_of(tokens[method.body_open].start),
                        f"{method.name}(...)", f"wrong when {case.when}", text)
        if mutant.id not in maker.ids:
            maker.ids.add(mutant.id)
            maker.found.append(mutant)
