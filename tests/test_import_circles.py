"""No import circles in grader/ or sandbox_runtime/, read from the code's own imports (issue 40).

A circle is a missing concept: two modules that need each other are one idea split in two, or
share a third they should both import. Every ``import`` and ``from ... import`` counts, those
inside functions too (a deferred import hides a circle from Python, not from a reader).

The circles that remain are listed in KNOWN_CIRCLES, each to be cut by a move of its own. The test
fails on a new circle, and on a listed one that is gone (take it off the list).
"""

import ast
from pathlib import Path

from tests.lab_loader import ROOT

PACKAGES = ("grader", "sandbox_runtime")

# Each remaining circle: its modules, as found today (the terminal's, console.py <-> check_output.py
# <-> summary_table.py <-> check_screen.py, was cut by grader/terminal/screen.py; the engine's run state,
# the class folder's reader and the reporters', by grader/results/output_folder.py; the sandbox's
# zygote, spare, loader and children, by sandbox_runtime/workers/handover.py and load_steps.py).
KNOWN_CIRCLES = [
    {"grader.engine.plan", "grader.java.planning"},
    {"grader.idiom", "grader.sandbox.proxy"},
    {"grader.sandbox.confinement", "grader.sandbox.isolation", "grader.sandbox.launcher", "grader.sandbox.session"},
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports (a package's ``__init__`` counts as the package)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    # A package's __init__ importing its own modules is how a package presents them, not a circle.
    return {name: {target for target in imports_of(name, path, set(known))
                   if not (path.name == "__init__.py" and target.startswith(name + "."))}
            for name, path in known.items()}


def test_no_import_circle_but_the_known_ones():
    found = circles(import_graph())
    new = [sorted(c) for c in found if c not in KNOWN_CIRCLES]
    gone = [sorted(c) for c in KNOWN_CIRCLES if c not in found]
    assert not new, f"new import circles (name the concept they share and give it a module): {new}"
    assert not gone, f"these circles are gone: take them off KNOWN_CIRCLES: {gone}"


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []
