"""Source surgery for diagnosis: a student's file with one function replaced by the reference's.

If putting the reference's version of one function in place of the student's makes every test
of the activity pass, that function is where the bug is. The student's file is changed as text
(the student's other lines stay exactly as written), at the lines Python's parser gives for the
function; the reference's imports and the top-level helpers the student's file lacks come along,
so the reference's function finds what it uses.

Only trusted code reads these files: they are parsed here, never run (the grader grades the
hybrid in a sandbox like any other submission).
"""

import ast
import textwrap
from dataclasses import dataclass


@dataclass(frozen=True)
class Spliceable:
    """A part both files define: a function ``find_match``, a method ``Table.place``, a constant ``VALUES``."""

    name: str
    student: ast.AST
    reference: ast.AST


def _functions(tree: ast.Module) -> dict[str, ast.AST]:
    """Top-level functions, the methods of top-level classes and top-level constants (one name
    assigned), by ``name`` / ``Class.name``: a table of values is as likely a bug as a function."""
    found: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{item.name}"] = item
    return found


def spliceable(student_source: str, reference_source: str) -> list[Spliceable]:
    """The functions and methods both files define, in the student's order. Raises SyntaxError
    when the student's file does not parse (then nothing can be spliced)."""
    student = _functions(ast.parse(student_source))
    reference = _functions(ast.parse(reference_source))
    return [Spliceable(name, node, reference[name]) for name, node in student.items() if name in reference]


def _span(node: ast.AST) -> tuple[int, int]:
    """The 0-based first line (decorators included) and the line after the last."""
    decorators = [d.lineno for d in getattr(node, "decorator_list", [])]
    return min([node.lineno, *decorators]) - 1, node.end_lineno


def _text(lines: list[str], node: ast.AST) -> str:
    start, end = _span(node)
    return textwrap.dedent("".join(lines[start:end]))


def splice(student_source: str, reference_source: str, part: Spliceable) -> str:
    """The student's source with ``part`` replaced by the reference's version of it."""
    student_lines = student_source.splitlines(keepends=True)
    if student_lines and not student_lines[-1].endswith("\n"):
        student_lines[-1] += "\n"
    reference_lines = reference_source.splitlines(keepends=True)
    start, end = _span(part.student)
    indent = " " * part.student.col_offset
    replacement = textwrap.indent(_text(reference_lines, part.reference), indent, lambda line: line.strip() != "")
    body = "".join(student_lines[:start]) + replacement + "".join(student_lines[end:])
    # Appended, not put first: a function looks its globals up when it runs, and a file may
    # have to start with its own `from __future__` line.
    return body + "\n" + _imports(reference_source) + _missing_helpers(student_source, reference_source, reference_lines)


def _imports(reference_source: str) -> str:
    """The reference's top-level imports (repeating one the student has is harmless)."""
    tree = ast.parse(reference_source)
    lines = reference_source.splitlines(keepends=True)
    found = [_text(lines, node) for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
             and not (isinstance(node, ast.ImportFrom) and node.module == "__future__")]
    return "".join(text if text.endswith("\n") else text + "\n" for text in found)


def _missing_helpers(student_source: str, reference_source: str, reference_lines: list[str]) -> str:
    """The reference's top-level functions, classes and constants the student's file does not define."""
    defined = _top_level_names(ast.parse(student_source))
    extra = []
    for node in ast.parse(reference_source).body:
        names = _top_level_names(ast.Module(body=[node], type_ignores=[]))
        if names and not names & defined and not isinstance(node, (ast.Import, ast.ImportFrom)):
            extra.append(_text(reference_lines, node))
    return "".join("\n\n" + text for text in extra)


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names
