"""The lab's interface of a file a student's tester is run against, read from its reference.

A tester reaches the version under test only through this interface (sandbox_runtime/hosting/guest.py
builds the module the tester imports from it; sandbox_runtime/hosting/host.py answers only what it
names), so a version's private attributes, helper methods and docstrings, which differ from one
version to another, are out of the tester's reach: the tester sees the same module, the same
classes and the same methods whatever the version, and can tell versions apart only by what
they do. Found by parsing the reference (never running it):

- ``functions``: public module-level functions;
- ``classes``: public classes, each with its ``methods`` (public ones, aliases such as
  ``toString = __str__``, the special methods the reference defines, and for a dataclass
  ``__eq__`` and ``__repr__``; a base class of the same file gives its own) and its public
  ``attributes`` (``self.cards = ...`` in a method, a dataclass's fields);
- ``constants``: public module-level names assigned a value (copied when the tester imports);
- ``imports``: public names the module imports (``from gadget import Gadget``): the tester's own
  copy of that module or name, as the version would have it.
"""

import ast
from functools import lru_cache
from pathlib import Path

SPECIAL = frozenset({"__str__", "__repr__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
                     "__hash__", "__len__", "__iter__", "__next__", "__contains__", "__getitem__",
                     "__setitem__", "__bool__", "__call__", "__add__", "__sub__", "__mul__"})


def interface_of(reference: Path, stand_ins: tuple[str, ...] = ()) -> dict:
    """The interface of ``reference`` (a lab's file), with the module names of ``stand_ins``
    (the lab's other files in a run: their objects cross by copy)."""
    return {**_parse(reference.read_bytes()), "stand_ins": sorted(stand_ins)}


@lru_cache(maxsize=64)
def _parse(source: bytes) -> dict:
    tree = ast.parse(source)
    functions, constants, imports, classes = [], [], {}, {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _public(node.name):
            functions.append(node.name)
        elif isinstance(node, ast.ClassDef) and _public(node.name):
            classes[node.name] = _class(node, classes)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if isinstance(node, ast.AnnAssign) and node.value is None:
                continue
            constants += [t.id for t in targets if isinstance(t, ast.Name) and _public(t.id)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname or "." not in alias.name:
                    imports[alias.asname or alias.name] = [alias.name, None]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if alias.name != "*" and _public(alias.asname or alias.name):
                    imports[alias.asname or alias.name] = [node.module, alias.name]
    defined = set(functions) | set(classes)
    return {"functions": functions, "classes": classes,
            "constants": [name for name in dict.fromkeys(constants) if name not in defined],
            "imports": {name: place for name, place in imports.items() if name not in defined}}


def _class(node: ast.ClassDef, earlier: dict) -> dict:
    methods, attributes = [], []
    for base in node.bases:  # a base class of the same file: its interface too
        if isinstance(base, ast.Name) and base.id in earlier:
            methods += earlier[base.id]["methods"]
            attributes += earlier[base.id]["attributes"]
    method_names = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if _public(item.name) or item.name in SPECIAL:
                methods.append(item.name)
            attributes += _self_attributes(item)
        elif isinstance(item, ast.Assign) and isinstance(item.value, ast.Name) and item.value.id in method_names:
            methods += [t.id for t in item.targets if isinstance(t, ast.Name) and _public(t.id)]
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and _public(item.target.id):
            attributes.append(item.target.id)  # a dataclass's field (or a typed class attribute)
    if any(_named(d) == "dataclass" for d in node.decorator_list):
        methods += ["__eq__", "__repr__"]
    return {"methods": list(dict.fromkeys(methods)), "attributes": list(dict.fromkeys(attributes))}


def _self_attributes(function: ast.AST) -> list[str]:
    """Public attributes a method assigns on ``self``."""
    found = []
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
            if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id == "self" and _public(target.attr):
                found.append(target.attr)
    return found


def _named(decorator: ast.AST) -> str:
    if isinstance(decorator, ast.Call):
        decorator = decorator.func
    if isinstance(decorator, ast.Attribute):
        return decorator.attr
    return decorator.id if isinstance(decorator, ast.Name) else ""


def _public(name: str) -> bool:
    return not name.startswith("_")
