"""Every lab's handout, as `grader handout` writes it: no reference solution in it, and its
README carries the lab's whole specification for students.

A handout may hold the starter files (what students complete), the given files (only as the
starter has them), sealed wrong classes (grader/lab/sealed_source.py: a loader whose class is not
readable as code) and docs. No function or class of a file students write may be the
reference's (unless the starter gives it too, as scaffolding), compared as syntax trees without
docstrings, so a copy with other comments or layout is still caught. A given file is checked
by being byte for byte the starter's.
"""

import ast
from pathlib import Path

import pytest

from grader.lab.handouts import starter_handout
from grader.lab.registry import Lab, get_lab
from grader.lab.rubric import load_rubric

LABS = ("elevens", "six-takes", "up-down-stay")


def write(lab: Lab, out: Path) -> Path:
    (lab.handout or (lambda folder: starter_handout(lab, folder)))(out)
    return out


@pytest.fixture(scope="module", params=LABS)
def handed(request, tmp_path_factory) -> tuple[Lab, Path]:
    lab = get_lab(request.param)
    return lab, write(lab, tmp_path_factory.mktemp(request.param) / "out")


def student_names(lab: Lab) -> list[list[str]]:
    """The files students write (the rubric's ``files``), each as its alternatives (a tester
    may have several names)."""
    entries = [entry for activity in load_rubric(lab=lab).activities for entry in activity.files]
    return [entry.split("|") for entry in dict.fromkeys(entries)]


def code_of(node: ast.AST) -> str:
    """A function's or class's syntax tree without docstrings: the code, not its description."""
    node = ast.parse(ast.unparse(node))  # a copy to strip
    for inner in ast.walk(node):
        body = getattr(inner, "body", None)
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                and isinstance(body[0].value.value, str):
            inner.body = body[1:] or [ast.Pass()]
    return ast.dump(node.body[0])


def does_nothing(node: ast.AST) -> bool:
    """A def whose body is only a docstring, pass, ... or raise NotImplementedError: a stub or an
    abstract method, which the starter gives; nobody's answer."""
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return all(isinstance(s, ast.Pass) or (isinstance(s, ast.Raise) and "NotImplementedError" in ast.unparse(s))
               for s in body)


def definitions(path: Path) -> dict[str, str]:
    """Every function and class in a Python file (nested ones too) that does something: its
    code, keyed by that code, with its name as the value."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {code_of(node): node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not does_nothing(node)}


def test_no_handout_holds_a_reference_solution(handed):
    lab, out = handed
    written = {name for names in student_names(lab) for name in names}
    answers = {}  # what the reference has and the starter does not give
    for name in written:
        if name.endswith(".py") and (lab.reference / name).is_file():
            given = definitions(lab.starter / name) if (lab.starter / name).is_file() else {}
            answers.update({code: name for code, name in definitions(lab.reference / name).items() if code not in given})
    assert answers, f"{lab.id}: no reference file of a student's to compare with"
    for path in sorted(out.rglob("*")):
        where = path.relative_to(out).as_posix()
        if path.suffix == ".py" and path.name in written:
            copied = {code: name for code, name in definitions(path).items() if code in answers}
            assert not copied, f"{lab.id}: {where} holds the reference's {sorted(copied.values())}"
        if path.is_file() and path.name not in written and path.suffix != ".md":  # a given file
            assert (lab.starter / path.name).is_file(), f"{lab.id}: {where} is neither a student's file nor a given one"
            assert path.read_bytes() == (lab.starter / path.name).read_bytes(), f"{lab.id}: {where} differs from the starter's"
        elif path.is_file() and path.suffix != ".md" and (lab.reference / path.name).is_file():
            assert path.read_bytes() != (lab.reference / path.name).read_bytes(), f"{lab.id}: {where} is the reference's"


def test_no_handout_points_at_a_solution_or_holds_teachers_notes(handed):
    lab, out = handed
    for path in out.rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        for pointer in ("reference/", "examples/", "For teachers", "<!-- teachers", "<!-- /teachers"):
            assert pointer not in text, f"{lab.id}: {path.relative_to(out)} has {pointer!r}"


def written_names(lab: Lab, names: list[str]) -> list[str]:
    """What students write in one of their files, as the starter lays it out: its top-level
    functions and classes and the classes' public methods. A tester's functions are its own."""
    if len(names) > 1 or not names[0].endswith(".py") or not (lab.starter / names[0]).is_file():
        return []
    found = []
    for node in ast.parse((lab.starter / names[0]).read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            found.append(node.name)
        if isinstance(node, ast.ClassDef):
            found += [item.name for item in node.body
                      if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")]
    return found


def test_every_handout_readme_holds_the_specification(handed):
    lab, out = handed
    readme = (out / "README.md").read_text(encoding="utf-8")
    missing = []
    for names in student_names(lab):
        if not any(name in readme for name in names):
            missing.append(names[0])
        missing += [name for name in written_names(lab, names) if name not in readme]
    assert not missing, f"{lab.id}: the handout README never names {missing}"
    assert f"grader check --lab {lab.id}" in readme and "pip install" in readme
