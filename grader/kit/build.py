"""``grader kit``: build the student kit of one lab, a wheel that holds no answer.

What goes in, and how each secret stays out:

=====================  ==================================================================
grader, sandbox_runtime  as they are: the harness, the sandbox, the reports (no lab in them)
the lab's package        its suites with every hidden test and every ``in_kit: false`` test
                         cut out (whole functions, found by their syntax tree); of its answer
                         key only salted hashes of answers with many possible values, never a
                         trace of the others (teacher_checks.py); no diagnosis, mutation or
                         handout code; it includes each game's rule code, which `grader
                         play --lab-board` serves (checked: _check_served_games)
other labs' modules      only those the lab's own modules import (a lab may reuse another
                         lab's helpers), never another lab's registration
rubric                   without the entries it cut
reference/               only the files the lab gives students unchanged (identical to the
                         starter's): never a file students write
starter/, harness/       as they are (students have the starter; the harness is the grader's)
buggy_variants/          only the wrong versions the lab hands out (variants.yaml's
                         ``handed_out``), sealed as in the handout, with their ids only: no
                         description of their bug, no second correct version, no mutant
examples/                nothing (demo solutions)
=====================  ==================================================================

The kit registers only its lab and the ``grader`` command, and carries ``grader/kit/kit.json``,
which tells an installed grader it is a kit (edition.py) and which tests' points are the
teacher's to give (teacher_checks.py). tests/kit/ builds every lab's kit and searches it for
every secret.
"""

import ast
import fnmatch
import json
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

import yaml

import grader
import sandbox_runtime
from grader.lab.assets import asset_folder
from grader.kit.edition import MANIFEST
from grader.kit.sealed_files import SEALED_SUFFIX
from grader.kit.teacher_checks import protect_answer_keys
from grader.kit.wheel import write_wheel
from grader.lab.registry import Lab
from grader.lab.sealed_source import seal

# Never shipped: caches, and what only the teacher's grader uses.
SKIPPED_NAMES = {"__pycache__", ".pytest_cache"}
SKIPPED_SUFFIXES = {".pyc", ".pyo"}
LAB_PACKAGE_SKIPPED = {"diagnosis", "mutation.py", "handout.py"}
REQUIRES = ["click>=8.1", "pytest>=7.4", "pyseccomp>=0.1.2", "pyyaml>=6.0", "rich>=13.0"]


class KitError(ValueError):
    """The kit cannot be built; the message says why and what to do."""


@dataclass
class Kit:
    """What a kit holds (path in the wheel -> bytes), and what was left out, for the summary."""

    lab: Lab
    rubric: Path  # the rubric it is built from
    files: dict[str, bytes] = field(default_factory=dict)
    cut_tests: list[str] = field(default_factory=list)  # "A1 test_x": hidden or not in the kit
    cut_by_suite: dict[str, list[str]] = field(default_factory=dict)  # suite file -> test names cut
    # activity id -> rubric entry -> points: questions the kit holds no answer to (teacher_checks.py)
    teacher_checks: dict[str, dict[str, float]] = field(default_factory=dict)

    def add_tree(self, folder: Path, prefix: str, skip: set[str] = frozenset()) -> None:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder)
            if not path.is_file() or path.is_symlink() or path.suffix in SKIPPED_SUFFIXES:
                continue
            if SKIPPED_NAMES & set(relative.parts) or relative.parts[0] in skip:
                continue
            self.files[f"{prefix}/{relative.as_posix()}"] = path.read_bytes()


def build_kit(lab: Lab, out: Path, rubric: Path | None = None) -> tuple[Path, Kit]:
    """Build ``lab``'s student kit into the folder ``out``; the wheel's path and what it holds.
    ``rubric``: the teacher's own rubric for the lab (default: the lab's), which the kit then
    uses as its default, with its hidden and ``in_kit: false`` entries cut."""
    kit = Kit(lab, rubric or lab.rubric)
    kit.add_tree(Path(grader.__file__).parent, "grader")
    kit.files.pop(f"grader/kit/{MANIFEST.name}", None)
    kit.add_tree(Path(sandbox_runtime.__file__).parent, "sandbox_runtime")
    _add_lab_code(kit)
    _add_rubric(kit)
    _cut_suites(kit)
    _add_assets(kit)
    _check_served_games(kit)
    try:
        kit.teacher_checks = protect_answer_keys(kit.files, kit.lab, _kit_rubric(kit), secrets.token_hex(16))
    except ValueError as exc:
        raise KitError(f"{kit.lab.id}: {exc}") from None
    manifest = {"lab": lab.id, "version": grader.__version__, "teacher_checks": kit.teacher_checks}
    kit.files[f"grader/kit/{MANIFEST.name}"] = (json.dumps(manifest, sort_keys=True) + "\n").encode("utf-8")
    package = lab.suites.parent.name
    wheel = write_wheel(out, f"grader-kit-{lab.id}", grader.__version__,
                        f"Student kit of the {lab.title} grader: public checks only, no answers",
                        REQUIRES, {"console_scripts": {"grader": "grader.cli:main"},
                                   "grader.labs": {lab.id: f"grader_labs.{package}:LAB"}}, kit.files)
    return wheel, kit


def _add_lab_code(kit: Kit) -> None:
    """The lab's package, and every module of another lab package its modules import."""
    root = kit.lab.suites.parent.parent  # grader_labs/
    kit.files["grader_labs/__init__.py"] = (root / "__init__.py").read_bytes()
    kit.add_tree(kit.lab.suites.parent, f"grader_labs/{kit.lab.suites.parent.name}", skip=LAB_PACKAGE_SKIPPED)
    while True:
        # A lab package's teacher-only modules stay out even where a hook imports them.
        wanted = {module for name, data in kit.files.items() if name.endswith(".py")
                  for module in _imported_lab_modules(data) if not _teacher_only(module)}
        new = False
        for module in sorted(wanted):
            parts = module.split(".")[1:]
            for depth in range(1, len(parts) + 1):
                base = root.joinpath(*parts[:depth])
                for candidate, arc in ((base / "__init__.py", "/".join(["grader_labs", *parts[:depth], "__init__.py"])),
                                       (base.with_suffix(".py"), "/".join(["grader_labs", *parts[:depth]]) + ".py")):
                    if candidate.is_file() and arc not in kit.files:
                        kit.files[arc] = candidate.read_bytes()
                        new = True
        if not new:
            return


def _check_served_games(kit: Kit) -> None:
    """Each game's rule code, which `grader play --lab-board` serves (grader/play/served.py), is in
    the kit: the kit plays the lab's game with it. It is the grader's own rule code, never a board
    class of the lab's (tests/kit/test_kit_clean.py checks that it answers no student's API)."""
    for game in kit.lab.games:
        if not game.rules:
            continue
        module = game.rules.partition(":")[0]
        arc = module.replace(".", "/")
        if f"{arc}.py" not in kit.files and f"{arc}/__init__.py" not in kit.files:
            raise KitError(f"{kit.lab.id}: the game {game.id}'s rules {game.rules!r} are not in the kit "
                           f"(only the lab's package, less {', '.join(sorted(LAB_PACKAGE_SKIPPED))}, is): "
                           "put them in a module of the lab's package the kit ships")


def _teacher_only(module: str) -> bool:
    """Whether ``grader_labs.<lab>.<...>`` is (inside) a module the kit leaves out."""
    inner = module.split(".")[2:]
    return bool(({*inner} | {part + ".py" for part in inner}) & LAB_PACKAGE_SKIPPED)


def _imported_lab_modules(source: bytes) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grader_labs."):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("grader_labs."))
    return found


def _add_rubric(kit: Kit) -> None:
    """The rubric without its hidden and ``in_kit: false`` entries (an activity left with no test is
    left out); the cut entries are remembered to cut their tests from the suites."""
    data = yaml.safe_load(kit.rubric.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("lab") != kit.lab.id:
        raise KitError(f"{kit.rubric} is not a rubric of the lab {kit.lab.id} (its `lab:` must say {kit.lab.id})")
    kept = []
    for activity in data["activities"]:
        tests = []
        for entry in activity["tests"]:
            if entry.get("visibility", "public") == "hidden" or entry.get("in_kit", True) is False:
                kit.cut_tests.append(f"{activity['id']} {entry['test']}")
                kit.cut_by_suite.setdefault(activity["suite"], []).append(entry["test"])
            else:
                tests.append(entry)
        activity["tests"] = tests
        if tests:
            kept.append(activity)
    data["activities"] = kept
    header = (f"# The {kit.lab.id} rubric of the student kit (`grader kit`): public tests only. Your teacher's\n"
              "# grade also counts tests this kit does not hold.\n")
    text = header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120)
    kit.files[f"grader_assets/rubrics/{kit.lab.rubric.name}"] = text.encode("utf-8")
    kit.files["grader_assets/rubrics/__init__.py"] = b""


def _cut_suites(kit: Kit) -> None:
    """Remove each cut test function (with its decorators) from its suite's text."""
    package = f"grader_labs/{kit.lab.suites.parent.name}/suites"
    for suite, patterns in kit.cut_by_suite.items():
        name = f"{package}/{suite}"
        kit.files[name] = cut_functions(kit.files[name].decode("utf-8"), patterns).encode("utf-8")


def cut_functions(source: str, patterns: list[str]) -> str:
    """``source`` without its top-level functions whose names match a pattern (fnmatch)."""
    lines = source.splitlines(keepends=True)
    doomed: list[tuple[int, int]] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(fnmatch.fnmatchcase(node.name, p) for p in patterns):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
            doomed.append((start, node.end_lineno))
    for start, end in sorted(doomed, reverse=True):
        del lines[start:end]
    return re.sub(r"\n{4,}", "\n\n\n", "".join(lines))


def _add_assets(kit: Kit) -> None:
    lab_id = kit.lab.id
    # examples and docs: empty (demo solutions; docs/lab.md holds answers in its teachers' notes)
    for kind in ("reference", "starter", "harness", "buggy_variants", "examples", "docs"):
        kit.files[f"grader_assets/{kind}/__init__.py"] = b""
    starter = asset_folder("starter") / lab_id
    kit.add_tree(starter, f"grader_assets/starter/{lab_id}")
    if kit.lab.harness is not None and kit.lab.harness.is_dir():
        kit.add_tree(kit.lab.harness, f"grader_assets/harness/{lab_id}")
    # reference/: only what students are given unchanged.
    for path in sorted(kit.lab.reference.rglob("*")):
        relative = path.relative_to(kit.lab.reference)
        twin = starter / relative
        if path.is_file() and twin.is_file() and twin.read_bytes() == path.read_bytes() and path.suffix not in SKIPPED_SUFFIXES:
            kit.files[f"grader_assets/reference/{lab_id}/{relative.as_posix()}"] = path.read_bytes()
    _add_handed_out_versions(kit)
    jvm = asset_folder("starter").parent / "sandbox_jvm"  # the repository's, or grader_assets' when installed
    if jvm.is_dir():
        kit.add_tree(jvm, "grader_assets/sandbox_jvm")


def _add_handed_out_versions(kit: Kit) -> None:
    """The wrong versions the handout gives students, sealed, named by id only."""
    folder = kit.lab.buggy_variants
    if folder is None or not (folder / "variants.yaml").is_file():
        return
    variants = yaml.safe_load((folder / "variants.yaml").read_text(encoding="utf-8"))
    kinds = variants.get("handed_out", [])
    kept: dict = {"handed_out": kinds}
    for kind in kinds:
        kept[kind] = []
        for variant in variants[kind]:
            kept[kind].append({key: variant[key] for key in ("id", "file") if key in variant})
            for path in sorted((folder / variant["id"]).glob("*.py")):
                sealed = seal(path.read_text(encoding="utf-8"))
                kit.files[f"grader_assets/buggy_variants/{kit.lab.id}/{variant['id']}/{path.name}{SEALED_SUFFIX}"] = sealed.encode("ascii")
    text = ("# The wrong versions the handout gives students, by id (student kit: no bug is described here).\n"
            + yaml.safe_dump(kept, sort_keys=False))
    kit.files[f"grader_assets/buggy_variants/{kit.lab.id}/variants.yaml"] = text.encode("utf-8")


def _kit_rubric(kit: Kit) -> dict:
    """The kit's rubric as data (what _add_rubric kept)."""
    return yaml.safe_load(kit.files[f"grader_assets/rubrics/{kit.lab.rubric.name}"].decode("utf-8"))
