"""The student kit holds no secret (issue 23, point 5), for every lab: searched three ways.

1. its wheel, file by file: no function or class whose syntax tree is one of the reference
   solution's or a second correct version's, no distinctive line of theirs, no mutant, no
   reference file, no hidden test's name, no diagnosis key, no answer in clear;
2. its answer keys hold hashes only, of answers with many possible values, and no trace (clear
   or hashed) of an answer with few (Elevens' Activity 6); its wrong versions ids only;
3. from inside the sandbox, as a student's file: it walks every folder on its sys.path that the
   kit is installed in, reads every file it can, and reports what it found (nothing) and how
   much it read (everything: the search is not blind);
4. what `grader play --lab-board` serves from the kit (the lab's rule code) answers none of the
   student's API, and no file of the kit imports as a student's file but the starter's.
"""

import ast
import zipfile

import pytest
import yaml

from grader.lab.registry import get_lab
from tests.kit.conftest import LABS
from tests.kit.lab_secrets import answer_traces, dump, lab_secrets, normalised_defs, small_answers


def kit_files(kit) -> dict[str, bytes]:
    with zipfile.ZipFile(kit.wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.parametrize("lab", LABS)
def test_no_reference_code_test_name_key_or_answer_in_the_wheel(kits, lab):
    files = kit_files(kits(lab))
    secrets = lab_secrets(lab)
    assert secrets.trees and secrets.lines and secrets.files, "the search must have something to look for"
    found = []
    for name, data in files.items():
        where = f"{name} holds"
        if data in secrets.files:
            found.append(f"{where} all of {secrets.files[data]}")
        text = data.decode("utf-8", "replace")
        if name.endswith(".py"):
            for def_name, node in normalised_defs(text):
                if dump(node) in secrets.trees:
                    found.append(f"{where} {def_name}, the same syntax tree as {secrets.trees[dump(node)]}")
        stripped = {line.strip() for line in text.splitlines()}
        found += [f"{where} the line {line!r} of {origin}" for line, origin in secrets.lines.items() if line in stripped]
        flat = " ".join(text.split())
        found += [f"{where} {what}: {secret!r}" for secret, what in secrets.texts.items() if secret in flat]
    assert not found, "\n".join(found)


def find_answer_traces(files: dict[str, bytes], lab: str) -> list[str]:
    """Every place in the kit's ``files`` where an answer with few possible values, or its hash
    under a salt the kit holds, can be read (lab_secrets.answer_traces)."""
    traces = answer_traces(lab, files)
    return [f"{name} holds {what}: {trace}" for name, data in files.items()
            for trace, what in traces.items() if trace in data.decode("utf-8", "replace")]


@pytest.mark.parametrize("lab", LABS)
def test_no_answer_with_few_possible_values_nor_its_hash_is_in_the_wheel(kits, lab):
    """Elevens' Activity 6: each answer has at most a few hundred possible values, so a salted hash
    shipped with its salt gives it away; the kit holds no trace of it, and names it as the
    teacher's instead."""
    files = kit_files(kits(lab))
    assert not find_answer_traces(files, lab), "\n".join(find_answer_traces(files, lab))
    questions = small_answers(lab)
    if questions:
        [key] = [yaml.safe_load(data) for name, data in files.items() if name.endswith("/suites/answer_key.yaml")]
        assert sorted(key["teacher_checks"]) == sorted(questions) and "salt" not in key, key


@pytest.mark.parametrize("lab", LABS)
def test_what_the_kit_keeps_is_only_what_students_may_have(kits, lab):
    files = kit_files(kits(lab))
    names = list(files)
    assert not [n for n in names if n.startswith("grader_assets/examples/") and not n.endswith("__init__.py")], "a demo solution"
    # A lab's diagnosis holds the keys to its bugs; the core's grader/diagnosis/ (swap a function
    # for the reference's and grade again) names no lab and holds none (test_core_knows_no_lab.py).
    assert not [n for n in names if "/mutants/" in n or ("/diagnosis/" in n and not n.startswith("grader/diagnosis/"))], \
        "mutants or diagnosis keys"
    for name in names:
        if name.endswith("answer_key.yaml"):
            key = yaml.safe_load(files[name]) or {}
            hashed = {k for k, v in key.items() if isinstance(v, dict) and set(v) & {"sha256", "each_of_sha256"}}
            assert set(key) <= hashed | {"salt", "teacher_checks"} and ("salt" in key) == bool(hashed), key
        if name.endswith("variants.yaml"):
            for kind, entries in yaml.safe_load(files[name]).items():
                assert kind != "correct"
                for entry in entries if isinstance(entries, list) and kind != "handed_out" else []:
                    assert set(entry) <= {"id", "file"}, f"{name} says more than a wrong version's id: {entry}"
    points = files[next(n for n in names if n.endswith(".dist-info/entry_points.txt"))].decode()
    assert f"{lab} = grader_labs." in points and points.count("grader_labs.") == 1, points


SEARCH = '''
import os
import sys
import time

SECRETS = {secrets!r}
KIT = {kit!r}  # where the kit is installed, outside the sandbox
TEXT = (".py", ".yaml", ".yml", ".json", ".txt", ".md", ".java", ".sealed", ".cfg", ".toml", ".html")
# Walk everything the sandbox can see (for at most 6 s: loading has 10), and read every text file
# of anything named like the grader, plus the folders on sys.path (the sandbox runtime, the work folder).
WALKED, READ, FOUND, STOP = 0, 0, set(), time.monotonic() + 6


def read(path):
    global READ
    if os.path.abspath(path) == os.path.abspath(__file__):
        return  # this file holds the list of secrets
    try:
        with open(path, "rb") as handle:
            text = " ".join(handle.read(2_000_000).decode("utf-8", "replace").split())
    except OSError:
        return
    READ += 1
    FOUND.update(secret for secret in SECRETS if secret in text)


for place in [sys.path[0], sys.path[-1], KIT, "/"]:  # the runtime, the work folder, the kit, the rest
    for folder, dirs, names in os.walk(place):
        dirs[:] = [d for d in dirs if os.path.join(folder, d) not in ("/proc", "/sys", "/dev")]
        WALKED += len(names)
        if place != "/" or "grader" in folder:
            for name in names:
                if name.endswith(TEXT):
                    read(os.path.join(folder, name))
        if time.monotonic() > STOP:
            break
# Where a kit installed without a virtual environment would be: the interpreter's own packages.
PACKAGES = os.path.join(sys.base_prefix, "lib", "python%d.%d" % sys.version_info[:2], "site-packages")
SHOWN = len(os.listdir(PACKAGES)) if os.path.isdir(PACKAGES) else 0
REPORT = "walked %d names, read %d files; kit %s; %d entries in site-packages; found %s" % (
    WALKED, READ, "visible" if os.path.exists(KIT) else "not visible", SHOWN, sorted(FOUND) or "nothing")


class Card:
    def __init__(self, rank, suit, point_value):
        pass

    def rank(self):
        return REPORT
'''


def test_a_student_file_searching_the_installed_kit_from_the_sandbox_finds_nothing(kits, tmp_path):
    """The sandbox runs the base interpreter, not the kit's venv: the student's file walks all it
    can see, reads every text file of anything named like the grader and of the folders on its
    sys.path, and looks for the kit's install folder and into the interpreter's own
    site-packages (where a kit installed without a venv would be: the jail shows it empty)."""
    kit = kits("elevens")
    secrets = lab_secrets("elevens")
    # What a student would search for: the hidden tests' names, the bugs' descriptions, and the
    # reference's distinctive lines (a sample, so the file stays small).
    wanted = sorted(secrets.texts)[:40] + sorted(secrets.lines)[:60]
    site = next(kit.venv.glob("lib/python3*/site-packages"))
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "card.py").write_text(SEARCH.format(secrets=wanted, kit=str(site)), encoding="utf-8")
    done = kit.grader("check", str(folder), "--test", "test_rank")
    report = next((line for line in done.stdout.splitlines() if "walked " in line and "; found" in line), "")
    assert "found nothing" in report and "kit not visible" in report and " 0 entries in site-packages" in report, done.stdout
    walked = int(report.split("walked ")[1].split()[0])
    assert walked > 5000, f"the search was blind (walked {walked} names)\n{done.stdout}"


def _api_names(folder) -> dict[str, str]:
    """The student's API, by the names rule (underscores removed, case ignored): every class,
    method and function the lab's starter files declare (testers' test functions aside) -> where."""
    names = {}
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith(("__", "test")):
                names.setdefault(node.name.replace("_", "").lower(), f"{path.name}'s {node.name}")
    return names


def _served_modules(files: dict[str, bytes], lab) -> dict[str, bytes]:
    """What `grader play` runs in the grader's own process: grader/play/, and each game's rule
    code (PlayableGame.rules) with the lab modules it imports, as the wheel holds them."""
    wanted = {name: data for name, data in files.items() if name.startswith("grader/play/") and name.endswith(".py")}
    todo = [game.rules.partition(":")[0] for game in lab.games if game.rules]
    while todo:
        arc = todo.pop().replace(".", "/")
        name = next((n for n in (f"{arc}.py", f"{arc}/__init__.py") if n in files), None)
        assert name is not None, f"{arc} (a game's rule code) is not in the kit"
        if name not in wanted:
            wanted[name] = files[name]
            todo += [node.module for node in ast.walk(ast.parse(files[name])) if isinstance(node, ast.ImportFrom)
                     and (node.module or "").startswith("grader_labs.")]
    return wanted


@pytest.mark.parametrize("lab", LABS)
def test_the_served_game_answers_no_students_api(kits, lab):
    """`grader play --lab-board` plays the lab's game in the kit from the lab's rule code
    (grader/play/served.py). That code must not be a board, deck or card a student could hand in
    or call as theirs: no class, method or function of it is named as one of the student's (by
    the names rule that lets the grader call a student's method), so none answers the student's
    API, whatever file it is copied into."""
    files = kit_files(kits(lab))
    served = _served_modules(files, get_lab(lab))
    api = _api_names(get_lab(lab).starter)
    assert "grader/play/served.py" in served and api, "the search must have something to look for"
    found = [f"{name} defines {node.name}, named as {api[node.name.replace('_', '').lower()]}"
             for name, data in served.items() for node in ast.walk(ast.parse(data))
             if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.replace("_", "").lower() in api]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lab", LABS)
def test_no_file_imports_as_a_students_file_unless_it_is_the_starters(kits, lab):
    """Nothing in the kit can be imported under a student's file name (card.py, board.py, ...) but
    the starter's own files (and the files the lab gives unchanged, which are the same)."""
    files = kit_files(kits(lab))
    theirs = set(get_lab(lab).student_files()) | set(get_lab(lab).given_files())
    starter = {path.read_bytes() for path in get_lab(lab).starter.rglob("*") if path.is_file()}
    named = [name for name in files if name.rsplit("/", 1)[-1] in theirs]
    assert any(name.startswith("grader_assets/starter/") for name in named), "the search must find the starter"
    assert not [name for name in named if files[name] not in starter], named
