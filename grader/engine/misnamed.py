"""Lab files handed in under another name (``Widget.py`` for ``widget.py``), imported by that name.

The plan stages such a file under the lab's name (plan.py, ``FolderFiles.near``), so the lab's
suites and stand-ins find it. The student's other files import it by the name *they* gave it
(``from Widget import Widget`` in their ``gadget.py``), which works on their machine: so every sandbox
of the submission also answers ``import Widget`` with the lab's ``widget`` module itself (an alias:
sandbox_runtime/sources.py), and the work is graded as written. The report still says what to
change, file *and* imports, because the lab, the handout's commands and a case-sensitive machine
look for ``widget.py``: ``imports_of`` finds those imports by parsing the files, never running them.
"""

import ast
from pathlib import Path

MAX_PARSED_BYTES = 1_000_000  # a bigger file is no lab file: its imports are not listed


def aliases(lab_names: set[str], near: dict[str, Path]) -> dict[str, str]:
    """The student's module name -> the lab's, for each lab file (``lab_names``: ``widget.py``...)
    found only under a near name (``near``: lab name -> the file handed in). A name Python
    cannot import (``Card-Deck.py``) gets no alias: nothing could import it by that name."""
    found = {}
    for name, path in sorted(near.items()):
        given, lab = Path(path.name).stem, Path(name).stem
        if name in lab_names and path.suffix == ".py" and given != lab and given.isidentifier() and lab.isidentifier():
            found[given] = lab
    return found


def imports_of(modules: set[str], files: dict[str, Path]) -> dict[str, list[str]]:
    """For each of ``modules`` (``Widget``), where the student's ``files`` (shown name -> path)
    import it: ``["Gadget.py line 10", "box.py line 10"]``, in file order. A file that does not
    parse, or cannot be read, lists nothing (its own error is reported where it is graded)."""
    sites: dict[str, list[str]] = {module: [] for module in sorted(modules)}
    if not modules:
        return sites
    for shown, path in sorted(files.items()):
        if not shown.endswith(".py"):
            continue
        try:
            if path.stat().st_size > MAX_PARSED_BYTES:
                continue
            tree = ast.parse(path.read_bytes())
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        lines: dict[str, set[int]] = {}
        for node in ast.walk(tree):
            named = []
            if isinstance(node, ast.Import):
                named = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named = [node.module.split(".")[0]]
            for module in named:
                if module in sites:
                    lines.setdefault(module, set()).add(node.lineno)
        for module, numbers in lines.items():
            sites[module].extend(f"{shown} line {n}" for n in sorted(numbers))
    return sites


def imports_note(given: str, name: str, sites: list[str]) -> str:
    """What to change in the imports of a file handed in as ``given`` and graded as ``name``:
    `` and write `widget` for `Widget` in the imports that name it: Gadget.py line 10, box.py line 10 (...)``."""
    if not sites:
        return ""
    shown = sites if len(sites) <= 6 else [*sites[:5], f"{len(sites) - 5} more"]
    return (f" and write `{Path(name).stem}` for `{Path(given).stem}` in the imports that name it: {', '.join(shown)} "
            "(they work here as you wrote them, but not once the file is renamed)")
