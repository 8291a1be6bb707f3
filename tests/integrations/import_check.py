"""Run inside an installed grader's Python (``python -I import_check.py DIST``): every module the
distribution installed is imported, and every ``import``/``from ... import`` statement in its
files, at any depth (inside functions too, where a lazy import hides until it runs), is checked
against what is really installed. Prints one line per problem and exits 1 if there is any.

Why both: importing a module catches the imports it runs at load time; a statement inside a
function (``from grader.lab.assets import asset_path`` in Gradescope's run.py) runs only when that
function is called, so it is resolved here by name without running the function.

Standard library only, and no import of the checkout: this file is copied next to nothing and
run with ``-I``, so what it finds is the wheel's content alone.
"""

import ast
import importlib
import importlib.util
import sys
from importlib import metadata
from pathlib import Path, PurePosixPath

# Suites are pytest files that import the student's modules (card, deck...) by their bare
# names; the student's folder provides those, so the suites are checked for the grader's own
# names only (below), never imported here.
NOT_IMPORTED_PARTS = ("suites",)
# Folders of lab files (a reference solution, starter code, buggy Decks): data for the grader,
# copied next to a student's files, not modules of an installed package.
DATA_PACKAGES = ("grader_assets",)


def installed_modules(dist: metadata.Distribution) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` file of ``dist`` inside a package."""
    modules = {}
    for record in dist.files or []:
        path = PurePosixPath(str(record))
        if path.suffix != ".py" or path.parts[0].endswith(".dist-info") or path.parts[0] == "..":
            continue
        parts = list(path.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = Path(str(dist.locate_file(record)))
    return modules


def own_tops(modules: dict[str, Path]) -> set[str]:
    return {name.split(".")[0] for name in modules}


def imported_names(tree: ast.AST, module: str, is_package: bool) -> list[tuple[int, str, str | None]]:
    """(line, module, name or None) for every import statement, relative ones made absolute."""
    found = []
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            found += [(node.lineno, base, alias.name) for alias in node.names if alias.name != "*"]
    return found


def resolve(module: str, name: str | None) -> str:
    """"" if ``from module import name`` (or ``import module``) would work; else why not."""
    try:
        loaded = importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure to import is the finding
        return f"cannot import {module}: {type(exc).__name__}: {exc}"
    if name is None or hasattr(loaded, name):
        return ""
    if hasattr(loaded, "__path__") and importlib.util.find_spec(f"{module}.{name}") is not None:
        return ""  # a submodule of a package
    return f"{module} has no name {name!r}"


def check(dist_name: str) -> list[str]:
    dist = metadata.distribution(dist_name)
    modules = installed_modules(dist)
    tops = own_tops(modules)
    problems = []
    for module, path in sorted(modules.items()):
        parts = module.split(".")
        if parts[0] in DATA_PACKAGES:
            continue
        if not any(part in NOT_IMPORTED_PARTS for part in parts):
            problem = resolve(module, None)
            if problem:
                problems.append(f"{module}: {problem}")
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, target, name in imported_names(tree, module, path.name == "__init__.py"):
            if target.split(".")[0] not in tops:
                continue  # the standard library and dependencies: pip resolved those
            problem = resolve(target, name)
            if problem:
                problems.append(f"{path}:{line}: {problem}")
    if not modules:
        problems.append(f"{dist_name} installed no module at all")
    return problems


def main(argv: list[str]) -> int:
    problems = check(argv[1])
    for problem in problems:
        print(problem)
    print(f"checked {argv[1]}: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
