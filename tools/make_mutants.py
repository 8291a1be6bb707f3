"""Regenerate a lab's curated mutants of its reference files (``<buggy_variants>/mutants/``).

    pip install mutmut==2.4.5        # the pinned mutation engine (not needed to grade)
    python tools/make_mutants.py --lab elevens

Any lab can have mutants: it provides a module ``<its package>.mutation`` (named by its Lab's
``mutation``) with ``FILES`` (the reference files to mutate), ``SKIP_LINES``,
``SKIP_FUNCTIONS`` and ``OBSERVER``, a script that imports the file named by its first argument
and prints its observations as JSON (docs/labs.md). What follows describes the Elevens lab's.

Two sources of mutants:

- mutmut's operators (numbers, comparisons, assignments, ``and``/``or``, strings), through its
  library API (``list_mutations`` / ``mutate``), version pinned above;
- three operators of our own that mutmut does not have, applied to the source text at the
  positions the ``ast`` module reports so the rest of the file stays byte for byte the same:
  *moved statement* (two neighbouring statements of a body swapped), *reversed comparison*
  (``<`` for ``>=``, ``>`` for ``<=`` and back) and *loop that never runs* (``range(0)``).

Each mutant is then run, in a child process with a time limit, through a fixed battery of
observations (decks of 1, 2, 6 and 52 cards: sizes, is_empty, every card dealt, dealing past the
end, the order after seeded shuffles; cards: accessors, matches against one-difference cards,
str). A mutant that nobody could tell from the reference that way is marked *equivalent*; one
that hangs is marked *hangs*; both are left out of every score. Mutants of the Java-style alias
lines and of ``Deck.__str__`` / ``Card.__repr__`` are skipped: the lab never asks students to
test them. The result is ``buggy_variants/mutants/index.yaml`` plus one file per mutant.

One field of the index is written by hand: ``behaviour``, what the change does as a tester sees
it, in a student's words and never as code (it is the hint a student gets for a mutant their
tester missed; a diff would quote the reference solution). Regenerating keeps each behaviour
for the mutant with the same file, method, origin and diff, whatever its new id, and then
stops with an error naming every live mutant that has none, so none is scored without one.
"""

import argparse
import ast
import difflib
import importlib
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

from grader.lab.registry import get_lab

ROOT = Path(__file__).resolve().parent.parent
REVERSED = {ast.Lt: ">=", ast.GtE: "<", ast.Gt: "<=", ast.LtE: ">"}


def mutmut_mutants(name: str, source: str) -> list[tuple[str, str]]:
    from mutmut import Context, list_mutations, mutate

    found = []
    for mutation in list_mutations(Context(source=source, filename=name)):
        mutated, _ = mutate(Context(source=source, mutation_id=mutation, filename=name))
        found.append(("mutmut", mutated))
    return found


def _offsets(source: str) -> list[int]:
    starts, total = [], 0
    for line in source.splitlines(keepends=True):
        starts.append(total)
        total += len(line)
    return starts


def own_mutants(source: str) -> list[tuple[str, str]]:
    tree, starts = ast.parse(source), _offsets(source)

    def at(line: int, col: int) -> int:
        return starts[line - 1] + col

    found = []
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.FunctionDef, ast.For, ast.If, ast.While)) and isinstance(body, list):
            for first, second in zip(body, body[1:]):
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    continue  # a docstring
                a = (at(first.lineno, 0), at(first.end_lineno, 0) + len(source.splitlines(True)[first.end_lineno - 1]))
                b = (at(second.lineno, 0), at(second.end_lineno, 0) + len(source.splitlines(True)[second.end_lineno - 1]))
                swapped = source[:a[0]] + source[b[0]:b[1]] + source[a[0]:a[1]] + source[b[1]:]
                found.append(("moved statement", swapped))
        if isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if type(op) in REVERSED:
                    left_end = at(node.left.end_lineno, node.left.end_col_offset)
                    right_start = at(right.lineno, right.col_offset)
                    found.append(("reversed comparison", source[:left_end] + f" {REVERSED[type(op)]} " + source[right_start:]))
        if isinstance(node, ast.For) and isinstance(node.iter, ast.Call) and getattr(node.iter.func, "id", "") == "range":
            start, end = at(node.iter.lineno, node.iter.col_offset), at(node.iter.end_lineno, node.iter.end_col_offset)
            found.append(("loop that never runs", source[:start] + "range(0)" + source[end:]))
    return found


def function_of(source: str, changed_line: int) -> str:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.lineno <= changed_line <= node.end_lineno:
            return node.name
    return "(class body)"


def observe(lab, spec, name: str, source: str, folder: Path) -> str:
    """What the lab's observer sees of ``source`` as ``name``, beside the rest of the reference."""
    for other in lab.reference.glob("*.py"):
        shutil.copyfile(other, folder / other.name)
    (folder / name).write_text(source, encoding="utf-8")
    try:
        done = subprocess.run([sys.executable, "-S", "-c", spec.OBSERVER, name], cwd=folder, capture_output=True, text=True, timeout=10)
    except subprocess.TimeoutExpired:
        return "hangs"
    return done.stdout.strip() or "crashed: " + done.stderr.strip()[-200:]


HEADER = ("# Generated by tools/make_mutants.py (mutmut 2.4.5 + our own operators). Edit only `behaviour` by hand:\n"
          "# what the change does, as a student would see it (never code); it is shown as the hint when a\n"
          "# student's tester misses the mutant. make_mutants.py keeps each one for an unchanged diff, and\n"
          "# stops with an error when a live mutant has none.\n"
          "# status: live (scored), equivalent (behaves exactly like the reference on every observation:\n"
          "# left out), hangs (left out: a tester cannot be blamed for waiting).\n")


def _key(entry: dict) -> tuple:
    """What identifies a mutant across regenerations: ids are handed out in order and may shift,
    and one diff can occur in two methods (the same line in the constructor and in shuffle)."""
    return entry["file"], entry["method"], entry["origin"], tuple(entry["diff"])


def known_behaviours(index_text: str) -> dict[tuple, str]:
    """The hand-written behaviours of an existing index, by ``_key``; a key that two mutants
    share is dropped rather than guessed, so both are reported as missing."""
    entries = [m for m in yaml.safe_load(index_text) or [] if m.get("behaviour")]
    keys = Counter(_key(m) for m in entries)
    return {_key(m): m["behaviour"] for m in entries if keys[_key(m)] == 1}


def with_behaviour(entry: dict, known: dict[tuple, str]) -> dict:
    """``entry`` with its kept behaviour placed after ``status``, where a reader looks for it."""
    behaviour = known.get(_key(entry))
    if behaviour is None:
        return entry
    ordered = {}
    for key, value in entry.items():
        ordered[key] = value
        if key == "status":
            ordered["behaviour"] = behaviour
    return ordered


def missing_behaviours(index: list[dict]) -> list[str]:
    """The ids of live mutants without a behaviour: each needs one before it can be scored."""
    return [m["id"] for m in index if m["status"] == "live" and not m.get("behaviour")]


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate a lab's curated mutants.")
    parser.add_argument("--lab", required=True, help="the lab's id (`grader labs` lists them)")
    args = parser.parse_args()
    lab = get_lab(args.lab)
    if not lab.mutation:
        sys.exit(f"error: the lab {lab.id} names no mutation module (Lab.mutation); docs/labs.md says what it holds")
    spec = importlib.import_module(lab.mutation)
    OUT = lab.buggy_variants / "mutants"
    old_index = OUT / "index.yaml"
    known = known_behaviours(old_index.read_text(encoding="utf-8")) if old_index.exists() else {}
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    index = []
    for name in spec.FILES:
        source = (lab.reference / name).read_text(encoding="utf-8")
        with tempfile.TemporaryDirectory() as scratch:
            expected = observe(lab, spec, name, source, Path(scratch))
        seen = set()
        for origin, mutated in mutmut_mutants(name, source) + own_mutants(source):
            if mutated == source or mutated in seen:
                continue
            seen.add(mutated)
            diff = [line for line in difflib.unified_diff(source.splitlines(), mutated.splitlines(), lineterm="", n=0)
                    if line[:1] in "+-" and line[:3] not in ("+++", "---")]
            changed = next(i for i, (a, b) in enumerate(zip(source.splitlines() + [""], mutated.splitlines() + [""]), 1) if a != b)
            function = function_of(source, changed)
            if any(skip in line for line in diff for skip in spec.SKIP_LINES) or (name, function) in spec.SKIP_FUNCTIONS:
                continue
            try:
                compile(mutated, name, "exec")
            except SyntaxError:
                continue
            with tempfile.TemporaryDirectory() as scratch:
                got = observe(lab, spec, name, mutated, Path(scratch))
            status = "hangs" if got == "hangs" else "equivalent" if got == expected else "live"
            mutant_id = f"{name[:-3]}-{len([m for m in index if m['file'] == name]) + 1:03d}"
            (OUT / f"{mutant_id}.py").write_text(mutated, encoding="utf-8")
            method = "constructor" if function == "__init__" else function
            index.append(with_behaviour({"id": mutant_id, "file": name, "method": method, "origin": origin,
                                         "status": status, "diff": diff}, known))
            print(f"{mutant_id:10} {status:10} {origin:20} {function}")
    (OUT / "index.yaml").write_text(HEADER + yaml.safe_dump(index, sort_keys=False, allow_unicode=True, width=200), encoding="utf-8")
    live = sum(m["status"] == "live" for m in index)
    print(f"{len(index)} mutants: {live} live, {len(index) - live} left out")
    missing = missing_behaviours(index)
    if missing:
        sys.exit(f"error: live mutants without a `behaviour`: {', '.join(missing)}. Write one for each in "
                 f"{OUT / 'index.yaml'} (what a tester would see, never code) before grading with them.")


if __name__ == "__main__":
    main()
