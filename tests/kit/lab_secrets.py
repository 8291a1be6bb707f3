"""Everything a lab's student kit must not hold, read from the checkout (the teacher's files).

- the reference solution of every file students write (not the files the lab gives them
  unchanged, which are identical in its starter): every function and class, as a syntax tree
  with docstrings removed, and each long, distinctive line of it;
- the second correct versions (same two forms), and the curated mutants (as files);
- every hidden test's name;
- the diagnosis key of every wrong version (what variants.yaml says it gets wrong, and the test
  idea that exposes it) and the answers in clear (the suites' answer keys, the reference answers).
"""

import ast
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tests.lab_loader import ROOT

MIN_LINE = 30  # a line shorter than this could be written twice by chance (`return self._rank`)


@dataclass
class Secrets:
    trees: dict[str, str] = field(default_factory=dict)  # ast dump -> where it comes from
    lines: dict[str, str] = field(default_factory=dict)  # stripped line -> where it comes from
    texts: dict[str, str] = field(default_factory=dict)  # any other text that must not appear -> what it is
    files: dict[bytes, str] = field(default_factory=dict)  # whole file contents -> which file


def normalised_defs(source: str) -> list[tuple[str, ast.AST]]:
    """Every function and class of ``source`` (nested too), docstrings removed, as (name, node)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
            found.append((node.name, node))
    return found


def dump(node: ast.AST) -> str:
    return ast.dump(node, annotate_fields=False, include_attributes=False)


def lab_secrets(lab: str) -> Secrets:
    rubric = yaml.safe_load((ROOT / "rubrics" / f"{lab}.yaml").read_text(encoding="utf-8"))
    reference, starter, variants = ROOT / "reference" / lab, ROOT / "starter" / lab, ROOT / "buggy_variants" / lab
    written = {name for activity in rubric["activities"] for entry in activity["files"] for name in entry.split("|")}
    given = {p.name for p in reference.glob("*") if p.is_file() and (starter / p.name).is_file()
             and (starter / p.name).read_bytes() == p.read_bytes()}
    # What students may have anyway (the starter), and the grader's own code: a line found there
    # is not a secret even where the reference has it too (`for i, first in enumerate(cards):`).
    # Trees are stricter: only the starter's are public (an abstract method it gives).
    public = [*starter.rglob("*.py"), *(ROOT / "grader").rglob("*.py"), *(ROOT / "sandbox_runtime").rglob("*.py"),
              *(p for p in (ROOT / "labs").rglob("*.py") if "diagnosis" not in p.parts), *(ROOT / "harness").rglob("*.py")]
    public_text = "\n".join(p.read_text(encoding="utf-8") for p in public)
    public_trees = {dump(node) for p in starter.rglob("*.py") for _, node in normalised_defs(p.read_text(encoding="utf-8"))}
    secrets = Secrets()
    sources = [reference / name for name in sorted(written - given) if (reference / name).is_file() and name.endswith(".py")]
    for correct in yaml.safe_load((variants / "variants.yaml").read_text(encoding="utf-8")).get("correct", []):
        sources += [variants / correct["id"] / name for name in correct["files"] if name not in given]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        secrets.files[path.read_bytes()] = where
        for name, node in normalised_defs(text):
            if dump(node) not in public_trees:
                secrets.trees[dump(node)] = f"{where}: {name}"
        for line in text.splitlines():
            stripped = line.strip()
            if len(stripped) >= MIN_LINE and stripped not in public_text and not stripped.startswith(("#", '"', "'", "from ", "import ")):
                secrets.lines[stripped] = where
    for java in (reference / "java").glob("*.java"):
        twin = starter / "java" / java.name
        if not twin.is_file() or twin.read_bytes() != java.read_bytes():
            secrets.files[java.read_bytes()] = str(java.relative_to(ROOT))
    for answers in reference.glob("*.yaml"):  # the reference answers to the written questions
        if answers.name not in given:
            secrets.files[answers.read_bytes()] = str(answers.relative_to(ROOT))
    for mutant in sorted((variants / "mutants").glob("*.py")):
        secrets.files[mutant.read_bytes()] = str(mutant.relative_to(ROOT))
    for activity in rubric["activities"]:
        for entry in activity["tests"]:
            if entry.get("visibility") == "hidden":
                secrets.texts[entry["test"]] = f"the hidden test {activity['id']} {entry['test']}"
    listed = yaml.safe_load((variants / "variants.yaml").read_text(encoding="utf-8"))
    for kind, entries in listed.items():
        for entry in entries if isinstance(entries, list) else []:
            for key in ("change", "exposed_by", "about"):
                if isinstance(entry, dict) and entry.get(key):
                    secrets.texts[" ".join(str(entry[key]).split())] = f"variants.yaml {entry.get('id')} {key}"
    for key_file in (ROOT / "labs").glob("*/suites/answer_key.yaml"):
        if key_file.parent.parent.name == lab.replace("-", "_"):
            for name, value in (yaml.safe_load(key_file.read_text(encoding="utf-8")) or {}).items():
                if isinstance(value, list) and len(value) >= 3:  # short answers (6) would be found everywhere
                    secrets.texts[str(value)] = f"the answer to {name}"
    return secrets
