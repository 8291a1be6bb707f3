"""First-order mutants of one Python file, made on its syntax tree.

Each *site* is one place where one operator makes one change; mutant k is the file with only
site k changed, written back with ``ast.unparse`` (comments and layout are lost, which does not
matter: a mutant is graded, never shown). Why these operators: each is a slip a student makes
(``<`` for ``<=``, ``or`` for ``and``, a missing condition, an off-by-one bound, a wrong word in a
text, ``is`` for ``==`` on ints), and the *special case* operator is the one generic operators
never make: a method that is right for every input but one (``if rank == "king": return 1``),
which only a suite that covers the whole domain catches. The ``is`` operator is made only where
it can change an answer: an int operand, no small literal (int_values.py says why).

Left alone: docstrings, annotations, ``if __name__ == "__main__":`` blocks, and the lines and
functions the caller names (aliases such as ``toString = __str__``).
"""

from __future__ import annotations

import ast
import copy
import hashlib
import warnings
from dataclasses import dataclass

from .int_values import IntNames, identity_can_differ, int_names
from .mutant_helpers import with_helpers

COMPARE_ALTERNATIVES = {
    ast.Lt: (ast.LtE, ast.Gt, ast.GtE), ast.LtE: (ast.Lt, ast.GtE, ast.Gt),
    ast.Gt: (ast.GtE, ast.Lt, ast.LtE), ast.GtE: (ast.Gt, ast.LtE, ast.Lt),
    ast.Eq: (ast.NotEq, ast.GtE, ast.LtE), ast.NotEq: (ast.Eq,), ast.In: (ast.NotIn,), ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,),
}
ORDERING = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# ``==`` written as ``is`` (a beginner's slip CPython hides for the small ints): only where an
# operand is an int and the two can differ (int_values.identity_can_differ).
IDENTITY_FOR = {ast.Eq: ast.Is, ast.NotEq: ast.IsNot}
ARITHMETIC_ALTERNATIVES = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv,
}

@dataclass(frozen=True)
class Mutant:
    """One mutant: where it is, what changed (old and new code, one line each), and the file."""

    file: str
    function: str  # Class.method, a function's name, or "<module>"
    operator: str
    line: int
    before: str
    after: str
    source: str
    occurrence: int = 1  # the same change made at two places of one function: 2 for the second

    @property
    def id(self) -> str:
        """Stable while the function's change is the same: the file, the function, the operator
        and a hash of the change, so a triage entry survives edits elsewhere in the file."""
        digest = hashlib.sha1(f"{self.function}|{self.before}|{self.after}".encode()).hexdigest()[:7]
        again = f"-{self.occurrence}" if self.occurrence > 1 else ""
        return f"{self.file.rsplit('.', 1)[0]}.{self.function}.{self.operator}.{digest}{again}"


@dataclass(frozen=True)
class SpecialCase:
    """``when`` (a Python condition over the function's parameters and ``self``) makes the
    function's result wrong in the functions named (``*``: every function of the file)."""

    when: str
    functions: tuple[str, ...] = ("*",)


def _short(node: ast.AST) -> str:
    text = ast.unparse(node).replace("\n", " ")
    return text if len(text) <= 90 else text[:87] + "..."


def _is_docstring(node: ast.AST, parent: ast.AST | None) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str) and parent is not None
            and getattr(parent, "body", [None])[0] is node)


def _is_main_block(node: ast.AST) -> bool:
    return (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__")


class _Sites(ast.NodeTransformer):
    """Counts mutation sites in a fixed order; changes only site ``target`` (-1: none)."""

    def __init__(self, target: int, skip_lines: tuple[str, ...], skip_functions: set[str],
                 special_cases: tuple[SpecialCase, ...], lines: list[str], ints: IntNames = IntNames()) -> None:
        self.target = target
        self.ints = ints
        self.count = 0
        self.change: tuple[str, str, int, str, str] | None = None  # operator, function, line, before, after
        self.skip_lines = skip_lines
        self.skip_functions = skip_functions
        self.special_cases = special_cases
        self.lines = lines
        self.scope: list[str] = []
        self.parents: list[ast.AST] = []
        self.needs_helpers = False

    # -- bookkeeping ------------------------------------------------------------------------

    def _site(self, operator: str, node: ast.AST, make) -> ast.AST | None:
        """Registers one site; returns the replacement if it is the target, else None."""
        index = self.count
        self.count += 1
        if index != self.target:
            return None
        before = _short(node)
        new = make()
        after = _short(new) if not isinstance(new, list) else "; ".join(_short(n) for n in new) or "(deleted)"
        self.change = (operator, ".".join(self.scope) or "<module>", getattr(node, "lineno", 0), before, after)
        return new

    def _skipped(self, node: ast.AST) -> bool:
        line = getattr(node, "lineno", None)
        if line and any(self.lines[line - 1].strip().startswith(s) for s in self.skip_lines):
            return True
        return ".".join(self.scope) in self.skip_functions

    def visit(self, node: ast.AST):
        if isinstance(node, (ast.arg, ast.arguments)) or _is_main_block(node):
            return node
        if self.parents and _is_docstring(node, self.parents[-1]):
            return node
        if isinstance(node, (ast.AnnAssign,)) and node.value is None:
            return node
        self.parents.append(node)
        try:
            return super().visit(node)
        finally:
            self.parents.pop()

    def _visit_scope(self, node):
        self.scope.append(node.name)
        try:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                node.returns = None  # annotations are never mutated (and never matter at run time)
                self._special_cases(node)
            self.generic_visit(node)
            return node
        finally:
            self.scope.pop()

    visit_ClassDef = _visit_scope
    visit_FunctionDef = _visit_scope
    visit_AsyncFunctionDef = _visit_scope

    # -- operators --------------------------------------------------------------------------

    def _special_cases(self, function: ast.FunctionDef) -> None:
        name = ".".join(self.scope)
        if name in self.skip_functions or self._skipped(function):
            return
        returns = [n for n in ast.walk(function) if isinstance(n, ast.Return) and n.value is not None]
        for case in self.special_cases:
            if "*" not in case.functions and name not in case.functions and function.name not in case.functions:
                continue
            when = ast.parse(f"_audit_when(lambda: {case.when})", mode="eval").body

            def make(when=when):
                self.needs_helpers = True
                if returns:
                    for ret in returns:
                        ret.value = ast.IfExp(test=copy.deepcopy(when),
                                              body=ast.Call(ast.Name("_audit_wrong", ast.Load()), [ret.value], []),
                                              orelse=ret.value)
                else:  # a method that changes its object: skip its work in the special case
                    function.body.insert(0, ast.If(test=when, body=[ast.Return(value=None)], orelse=[]))
                return ast.parse(f"# special case: when {case.when}").body or [ast.Pass()]

            if self._site("special_case", function, make) is not None:
                self.change = ("special_case", name, function.lineno, f"def {function.name}(...)",
                               f"wrong when {case.when}")

    def visit_AnnAssign(self, node: ast.AnnAssign):
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_Compare(self, node: ast.Compare):
        self.generic_visit(node)
        if self._skipped(node):
            return node
        for i, op in enumerate(node.ops):
            for alternative in COMPARE_ALTERNATIVES.get(type(op), ()):
                def make(i=i, alternative=alternative):
                    new = copy.deepcopy(node)
                    new.ops[i] = alternative()
                    return new
                node = self._site("compare", node, make) or node
            identity = IDENTITY_FOR.get(type(op))
            left = node.left if i == 0 else node.comparators[i - 1]
            if identity and identity_can_differ(left, node.comparators[i], self.ints):
                def make_identity(i=i, identity=identity):
                    new = copy.deepcopy(node)
                    new.ops[i] = identity()
                    return new
                node = self._site("is", node, make_identity) or node
        if len(node.ops) == 1 and isinstance(node.ops[0], ORDERING):
            def swap():
                return ast.Compare(left=node.comparators[0], ops=node.ops, comparators=[node.left])
            node = self._site("compare_sides", node, swap) or node
        return node

    def visit_BoolOp(self, node: ast.BoolOp):
        self.generic_visit(node)
        if self._skipped(node):
            return node
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        node = self._site("boolean", node, lambda: ast.BoolOp(op=other, values=node.values)) or node
        if isinstance(node, ast.BoolOp):
            for i in range(len(node.values)):
                def drop(i=i):
                    values = node.values[:i] + node.values[i + 1:]
                    return values[0] if len(values) == 1 else ast.BoolOp(op=node.op, values=values)
                replaced = self._site("condition_dropped", node, drop)
                if replaced is not None:
                    return replaced
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and not self._skipped(node):
            return self._site("not_dropped", node, lambda: node.operand) or node
        return node

    def visit_BinOp(self, node: ast.BinOp):
        self.generic_visit(node)
        alternative = ARITHMETIC_ALTERNATIVES.get(type(node.op))
        texts = [side for side in (node.left, node.right) if isinstance(side, ast.JoinedStr)
                 or (isinstance(side, ast.Constant) and isinstance(side.value, str))]
        if alternative and not texts and not self._skipped(node):  # "a" + b is text, not arithmetic
            return self._site("arithmetic", node, lambda: ast.BinOp(node.left, alternative(), node.right)) or node
        return node

    def visit_Constant(self, node: ast.Constant):
        if self._skipped(node):
            return node
        value = node.value
        if isinstance(value, bool):
            return self._site("constant", node, lambda: ast.Constant(not value)) or node
        if isinstance(value, int):
            node = self._site("constant", node, lambda: ast.Constant(value + 1)) or node
            return self._site("constant", node, lambda: ast.Constant(value - 1)) or node
        if isinstance(value, float):
            return self._site("constant", node, lambda: ast.Constant(value * 1.1 + 0.01)) or node
        if isinstance(value, str) and value.strip():
            changed_case = value.upper() if value != value.upper() else value.lower()
            if changed_case != value:
                node = self._site("text_case", node, lambda: ast.Constant(changed_case)) or node
            letter = "x" if value[-1] != "x" else "y"
            return self._site("text_letter", node, lambda: ast.Constant(value[:-1] + letter)) or node
        return node

    def _swap_neighbours(self, node, elements: str, operator: str):
        items = getattr(node, elements)
        if len(items) < 2:
            return node
        picks = sorted({0, (len(items) - 1) // 2, len(items) - 2})
        for i in picks:
            def swap(i=i):
                new = copy.deepcopy(node)
                seq = getattr(new, elements)
                seq[i], seq[i + 1] = seq[i + 1], seq[i]
                return new
            node = self._site(operator, node, swap) or node
        return node

    def visit_List(self, node: ast.List):
        self.generic_visit(node)
        return node if self._skipped(node) else self._swap_neighbours(node, "elts", "values_swapped")

    visit_Tuple = visit_List

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        if self._skipped(node):
            return node
        if isinstance(node.func, ast.Name) and node.func.id == "range":
            for i, arg in enumerate(node.args[:2]):
                for delta in (1, -1):
                    def bound(i=i, delta=delta):
                        new = copy.deepcopy(node)
                        new.args[i] = ast.BinOp(new.args[i], ast.Add() if delta > 0 else ast.Sub(), ast.Constant(1))
                        return new
                    node = self._site("loop_bound", node, bound) or node
            return node
        if len(node.args) >= 2 and not any(isinstance(a, ast.Starred) for a in node.args):
            def swap():
                new = copy.deepcopy(node)
                new.args[0], new.args[1] = new.args[1], new.args[0]
                return new
            node = self._site("arguments_swapped", node, swap) or node
        return node

    def visit_Subscript(self, node: ast.Subscript):
        self.generic_visit(node)
        if self._skipped(node) or isinstance(node.slice, ast.Slice) or not isinstance(node.ctx, ast.Load):
            return node
        for delta in (1, -1):
            def shift(delta=delta):
                index = ast.BinOp(node.slice, ast.Add() if delta > 0 else ast.Sub(), ast.Constant(1))
                return ast.Subscript(node.value, index, node.ctx)
            node = self._site("index_shifted", node, shift) or node
        return node

    def visit_Return(self, node: ast.Return):
        self.generic_visit(node)
        if node.value is None or self._skipped(node):
            return node

        def wrong():
            self.needs_helpers = True
            return ast.Return(ast.Call(ast.Name("_audit_wrong", ast.Load()), [node.value], []))
        node = self._site("return_value", node, wrong) or node
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            node = self._site("return_value", node, lambda: ast.Return(ast.Constant(None))) or node
        return node

    def generic_visit(self, node: ast.AST):
        super().generic_visit(node)
        # Statements deleted: every statement of a body but a docstring or a lone one; a
        # deleted statement becomes ``pass`` so the body stays valid.
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list) or isinstance(node, ast.Module):
                continue
            for i, statement in enumerate(body):
                if not isinstance(statement, ast.stmt) or _is_docstring(statement, node) or self._skipped(statement):
                    continue
                if isinstance(statement, (ast.FunctionDef, ast.ClassDef, ast.Pass, ast.Import, ast.ImportFrom)):
                    continue
                replaced = self._site("statement_deleted", statement, lambda: ast.Pass())
                if replaced is not None:
                    body[i] = replaced
        return node


def mutants(file: str, source: str, skip_lines: tuple[str, ...] = (), skip_functions: set[str] = frozenset(),
            special_cases: tuple[SpecialCase, ...] = (), int_valued: tuple[str, ...] = ()) -> list[Mutant]:
    """Every first-order mutant of ``source``, in a fixed order, without duplicates (two sites
    that make the same file keep the first) and without mutants that do not compile.
    ``int_valued``: names of methods and fields defined elsewhere (the lab's other files) that
    hold ints, for the ``is`` operator."""
    lines = source.splitlines()
    ints = int_names(ast.parse(source), int_valued)
    counter = _Sites(-1, skip_lines, set(skip_functions), special_cases, lines, ints)
    counter.visit(ast.parse(source))
    original = ast.unparse(ast.parse(source))
    seen = {original}
    ids: set[str] = set()
    found = []
    for target in range(counter.count):
        sites = _Sites(target, skip_lines, set(skip_functions), special_cases, lines, ints)
        tree = sites.visit(ast.parse(source))
        if sites.change is None:
            continue
        ast.fix_missing_locations(tree)
        text = ast.unparse(tree)
        if sites.needs_helpers:
            text = with_helpers(text)
        if text in seen:
            continue
        try:
            with warnings.catch_warnings():  # `x is 1000` warns; it is still the student's slip
                warnings.simplefilter("ignore", SyntaxWarning)
                compile(text, file, "exec")
        except SyntaxError:
            continue
        seen.add(text)
        operator, function, line, before, after = sites.change
        mutant = Mutant(file, function, operator, line, before, after, text + "\n")
        while mutant.id in ids:
            mutant = Mutant(file, function, operator, line, before, after, text + "\n", mutant.occurrence + 1)
        ids.add(mutant.id)
        found.append(mutant)
    return found
