"""The attack that made grader/intake/safe_paths.py, run through `grader grade` as a teacher would.

A student's zip held an entry named ``\\tmp\\x``: the grader checked the raw name for a leading
``/`` and ``..``, then read ``\\`` as ``/``, and wrote ``/tmp/x`` as the teacher (often root),
before any sandbox existed; one such entry dropped a ``.pth`` into the grader's own
site-packages and forged later grades. Here a class of honest students sits beside zips whose
entries are spelled every such way, each also holding a correct card.py (so a zip that were
unpacked would score): the run must write nothing outside its output folder and temporary
folder, give each attacker 0 with a message naming the entry, the rule and the fix, and give
the honest students the grades they get in a class without the attackers. Also once as an ordinary user (as_user.py).
"""

import os
import uuid
import zipfile
from pathlib import Path

import pytest

from grader.commands.exitcodes import ExitCode
from grader.intake.names import shown
from tests.security import as_user
from tests.security.hostile_class import EXAMPLES, HONEST, copy_example, grade

CARD = (EXAMPLES / "ada_complete" / "card.py").read_text()
FIX = "make the zip again from your folder"


def attack_zips(root: Path, unique: str, escaped: Path) -> dict[str, str]:
    """The attackers' zips in ``root``: student id -> the entry their message must name."""
    windows_escaped = "\\" + str(escaped).lstrip("/").replace("/", "\\")  # \tmp\...\escaped.pth
    attacks = {
        "mallory": ["\\tmp\\" + unique, "..\\..\\x.pth", "C:\\x"],  # the brief's zip: all three at once
        "eve_root": [windows_escaped],
        "eve_climb": ["..\\..\\x.pth"],
        "eve_drive": ["C:\\x"],
        "eve_unc": ["\\\\?\\" + str(escaped)],
    }
    for student, names in attacks.items():
        with zipfile.ZipFile(root / f"{student}.zip", "w") as archive:
            archive.writestr("card.py", CARD)
            for name in names:
                archive.writestr(name, "import os; os.environ['FORGED'] = '1'\n")
    return {student: names[0] for student, names in attacks.items()}


def build_class(root: Path, unique: str, escaped: Path) -> dict[str, str]:
    root.mkdir(parents=True)
    for name in HONEST:
        copy_example(name, root)
    return attack_zips(root, unique, escaped)


def listing(folder: Path, leave_out: tuple[Path, ...]) -> set[str]:
    """Every path under ``folder`` but those under ``leave_out`` (the run's own folders)."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if not any(p == o or p.is_relative_to(o) for o in leave_out)}


def note(sub: dict) -> str:
    return " ".join([*sub["messages"], *(a["note"] for a in sub["activities"])])


def assert_refused(subs: dict, attackers: dict[str, str]) -> None:
    for student, entry in attackers.items():
        said = note(subs[student])
        assert subs[student]["total"] == 0, (student, said)
        assert shown(entry) in said and "points outside the zip" in said and FIX in said, (student, said)


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    watched = tmp_path_factory.mktemp("watched")
    unique = f"grader-zip-attack-{uuid.uuid4().hex}"
    escaped = watched / "escaped.pth"
    attackers = build_class(watched / "class", unique, escaped)
    temporary = watched / "tmp"
    temporary.mkdir()
    before = listing(watched, (watched / "out", temporary))
    os.environ["TMPDIR"], previous = str(temporary), os.environ.get("TMPDIR")
    try:
        run = grade(watched / "class", watched / "out", "A1")
    finally:
        os.environ.pop("TMPDIR") if previous is None else os.environ.update(TMPDIR=previous)
    after = listing(watched, (watched / "out", temporary))
    return run, attackers, unique, watched, before, after


def test_nothing_is_written_outside_the_output_and_temporary_folders(attacked):
    run, _, unique, watched, before, after = attacked
    assert run.done.returncode == ExitCode.BAD_INPUT, run.done.stdout + run.done.stderr  # bad zips: code 3
    assert after == before
    assert not os.path.lexists(Path("/tmp") / unique) and not (watched / "escaped.pth").exists()
    leaked = [p for p in watched.rglob("*") if p.name in ("x.pth", "x", "C:", unique, "escaped.pth")]
    assert leaked == []  # not even inside the output folder: a refused zip writes nothing


def test_each_attacker_gets_0_and_a_message_naming_the_entry_the_rule_and_the_fix(attacked):
    run, attackers, *_ = attacked
    assert_refused(run.by_id, attackers)


def test_the_honest_students_get_the_grades_they_get_without_the_attackers(attacked, tmp_path_factory):
    run, *_ = attacked
    control = tmp_path_factory.mktemp("control")
    (control / "class").mkdir()
    for name in HONEST:
        copy_example(name, control / "class")
    alone = grade(control / "class", control / "out", "A1").by_id
    for name in HONEST:
        graded = run.by_id[name]
        assert (graded["total"], graded["max"], graded["status"]) == \
            (alone[name]["total"], alone[name]["max"], alone[name]["status"]), name
    assert run.by_id["ada_complete"]["total"] == run.by_id["ada_complete"]["max"] > 0


def test_as_an_ordinary_user_the_attack_writes_nothing_outside_either(tmp_path, ordinary_site):
    import json

    work = tmp_path / "run"
    work.mkdir()
    unique = f"grader-zip-attack-{uuid.uuid4().hex}"
    attackers = build_class(work / "class", unique, work / "escaped.pth")
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["grade", "class", "--out", "out", "--activity", "A1"], cwd=work)
    assert done.returncode == ExitCode.BAD_INPUT, done.stdout + done.stderr
    assert not os.path.lexists(Path("/tmp") / unique) and not (work / "escaped.pth").exists()
    subs = {s["id"]: s for s in json.loads((work / "out" / "results.json").read_text())["submissions"]}
    assert_refused(subs, attackers)
    assert subs["ada_complete"]["total"] == subs["ada_complete"]["max"] > 0
