"""Everything a lab's student kit must not hold, read from the checkout (the teacher's files).

- the reference solution of every file students write (not the files the lab gives them
  unchanged, which are identical in its starter): every function and class, as a syntax tree
  with docstrings removed, and each long, distinctive line of it;
- the second correct versions (same two forms), and the curated mutants (as files);
- every hidden test's name;
- the diagnosis key of every wrong version (what variants.yaml says it gets wrong, and the test
  idea that exposes it) and the answers in clear (the suites' answer keys, the reference answers);
- for each question of an answer key with a small domain (under 10^12 possible answers, or none
  declared), every trace a student could turn back into its answer (``answer_traces``): the
  answer (each member of a set) in clear, and its salted SHA-256 under every salt the kit holds.
"""

import ast
import hashlib
import json
import re
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


SMALL_DOMAIN = 10**12  # as grader/lab/answer_key.py, restated: this is the test's own reading
SALT = re.compile(r"""["']?salt["']?\s*[:=]\s*["']?([0-9A-Za-z+/=_-]{8,})""")


def small_answers(lab: str) -> dict[str, list]:
    """question -> its answers (a set's members one by one) for every question of the lab's answer
    key whose declared domain is small or missing: what the kit must hold no trace of."""
    found: dict[str, list] = {}
    for key_file in (ROOT / "labs").glob("*/suites/answer_key.yaml"):
        if key_file.parent.parent.name != lab.replace("-", "_"):
            continue
        data = yaml.safe_load(key_file.read_text(encoding="utf-8")) or {}
        declared = data.get("kit") or {}
        for name, value in data.items():
            if name in ("kit", "salt", "teacher_checks"):
                continue
            if (declared.get(name) or {}).get("domain", 0) >= SMALL_DOMAIN:
                continue
            found[name] = value["each_of"] if isinstance(value, dict) and "each_of" in value else [value]
    return found


def answer_traces(lab: str, files: dict[str, bytes]) -> dict[str, str]:
    """Text that must appear in none of the kit's ``files``, with what it would give away: each
    small-domain answer as JSON (the form it is hashed in) and as Python prints it, when long
    enough not to turn up by chance, and its salted SHA-256 (salt, newline, compact JSON) under
    every salt found in the kit, the way an attacker with the kit computes it."""
    texts = [data.decode("utf-8", "replace") for data in files.values()]
    salts = {match for text in texts for match in SALT.findall(text)}
    traces: dict[str, str] = {}
    for name, answers in small_answers(lab).items():
        for answer in answers:
            compact = json.dumps(answer, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            for shown in (compact, str(answer)):
                if len(shown) >= 8:
                    traces[shown] = f"the answer to {name} in clear"
            for salt in salts:
                traces[hashlib.sha256(f"{salt}\n{compact}".encode("utf-8")).hexdigest()] = f"the salted hash of the answer to {name}"
    return traces
