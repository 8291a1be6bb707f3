"""A lab's wrong versions of its classes, for grading students' testers: read from its
``buggy_variants`` folder, the same way for every lab.

``variants.yaml`` names the named buggy versions by kind (one key per class under test) and the
second correct versions (``correct:``), each with what it gets wrong and a test idea that
exposes it; ``mutants/index.yaml`` lists the curated mutants made by tools/make_mutants.py (only
the ``live`` ones count: equivalent and hanging mutants are never scored). These files are
trusted data: they never go into a sandbox, only the version under test does.

A lab graded in Java too keeps the Java twins under ``java/`` (``java/variants.yaml``, and
``java/mutants.yaml`` with each mutant's ``behaviour`` in Java words): each entry read here
carries its twin's words under ``"java"``, which a Java student's message uses
(grader/testers/verdicts.py).
"""

import hashlib
from collections import OrderedDict
from dataclasses import replace
from functools import cached_property
from pathlib import Path


from grader.kit.edition import is_kit
from grader.lab.registry import Lab
from grader.testers.own_tests import OwnTests, TesterRun
from grader.kit.sealed_files import SEALED_SUFFIX, unsealed_copy
from grader.lab.yaml_files import load_yaml

YOURS = "yours"  # the student's own version of a file, which a kit's tester must accept


class WrongVersions:
    """The wrong (and second correct) versions of one lab's files."""

    def __init__(self, lab: Lab, tester_files: tuple[str, ...] = ()) -> None:
        """``tester_files``: every lab file a student's tester may import; in a run, the one under
        test is the version given and each of the others is the reference's."""
        if lab.buggy_variants is None:
            raise ValueError(f"the lab {lab.id} ships no buggy_variants folder")
        self.lab = lab
        self.folder = lab.buggy_variants
        self.tester_files = tester_files

    @cached_property
    def variants(self) -> dict:
        return load_yaml((self.folder / "variants.yaml").read_text(encoding="utf-8"))

    @cached_property
    def mutants(self) -> list[dict]:
        index = self.folder / "mutants" / "index.yaml"
        found = load_yaml(index.read_text(encoding="utf-8")) if index.is_file() else []
        java = self._java("mutants.yaml")
        twins = {entry["id"]: entry for entry in java} if isinstance(java, list) else {}
        return [{**m, "java": twins[m["id"]]} if m.get("id") in twins else m for m in found]

    def _java(self, name: str):
        """The Java twins' file ``name`` under ``java/`` (parsed), or None."""
        path = self.folder / "java" / name
        return load_yaml(path.read_text(encoding="utf-8")) if path.is_file() else None

    def buggy(self, kind: str) -> dict[str, dict]:
        """The named buggy versions of one ``kind`` (a key of variants.yaml), by id, in the file's order."""
        # A kit holds only the kinds the handout gives students (grader/kit/build.py).
        listed = self.variants.get(kind, []) if is_kit() else self.variants[kind]
        java = self._java("variants.yaml") or {}
        twins = {entry["id"]: entry for entry in java.get(kind, [])} if isinstance(java, dict) else {}
        return {variant["id"]: {**variant, "java": twins[variant["id"]]} if variant["id"] in twins else variant
                for variant in listed}

    def live_mutants(self, file: str, *methods: str) -> dict[str, dict]:
        """The live mutants of ``file`` in any of ``methods`` (every method when none is named), by id."""
        return {m["id"]: m for m in self.mutants
                if m["file"] == file and (not methods or m["method"] in methods) and m["status"] == "live"}

    def file(self, folder: str, name: str) -> Path:
        """A version to run a tester against: ``("reference", name)``, ``(variant_id, name)``, or
        ``("mutants", mutant_id + ".py")``. In a student kit a handed-out wrong version is kept
        sealed (grader/lab/sealed_source.py), as the handout gives it, and unsealed here."""
        if folder == "reference":
            return self.lab.reference / name
        path = self.folder / folder / name
        sealed = path.with_name(path.name + SEALED_SUFFIX)
        return unsealed_copy(sealed) if not path.is_file() and sealed.is_file() else path

    def correct_ids(self) -> list[str]:
        """The second correct versions a tester must accept, besides the reference."""
        return [entry["id"] for entry in self.variants.get("correct", [])]

    def accepted(self) -> list[str]:
        """The versions a tester must accept, by id: the reference and the second correct
        versions; in a student kit only the student's own ("yours", grader/kit/own_files.py)."""
        return [YOURS] if is_kit() else ["reference", *self.correct_ids()]

    @staticmethod
    def accepted_words(version: str, what: str) -> str:
        """How a report names an accepted version (``what``: a class or a file, "Widget", "widget.py")."""
        if version == "reference":
            return f"the lab's reference {what}"
        if version == YOURS:
            return f"your own {what} (the student kit has no reference version: it uses yours, which passes its activity)"
        return f"a second correct {what}, written differently"

    def run_tester(self, own_tests: OwnTests, name: str, version: Path | str) -> TesterRun:
        """Run the student's tester with ``version`` as ``name`` (a file, or an id of
        ``accepted()``), and the reference of every other tester file beside it (in a kit, the
        student's own, where they have it)."""
        given = version if isinstance(version, str) else None
        version_path = self._accepted_file(own_tests, version, name) if isinstance(version, str) else version
        others = {}
        for other in self.tester_files:
            if other != name and (path := self._accepted_file(own_tests, YOURS if is_kit() else "reference", other, strict=False)):
                others[other] = path
        # The interface the tester reaches: the reference's (in a kit, the student's own file's).
        reference = self._accepted_file(own_tests, YOURS if is_kit() else "reference", name, strict=False)
        run = own_tests.run((name, version_path), others, reference=reference)
        if given in self.accepted():
            key = self._runs_key(own_tests, name)
            CORRECT_RUNS.setdefault(key, {})[given] = run
            CORRECT_RUNS.move_to_end(key)
            while len(CORRECT_RUNS) > CORRECT_RUNS_KEPT:
                CORRECT_RUNS.popitem(last=False)
        elif run.outcome == "failed":  # a failure counts only against what the correct versions answered
            run = replace(run, compared_with=self.correct_runs(own_tests, name), under_test=name)
        return run

    def correct_runs(self, own_tests: OwnTests, name: str) -> tuple[TesterRun, ...]:
        """The runs of this tester on every version of ``name`` it must accept, with this seed:
        those the correct-version tests already made in this process, else made now (a test of a
        wrong version selected alone with --test, or run again)."""
        key = self._runs_key(own_tests, name)
        for version in self.accepted():
            if version not in CORRECT_RUNS.get(key, {}):
                self.run_tester(own_tests, name, version)
        runs = CORRECT_RUNS.get(key, {})
        return tuple(runs[version] for version in self.accepted() if version in runs)

    def _runs_key(self, own_tests: OwnTests, name: str) -> tuple:
        """What a correct run depends on: the tester's files (by content), the seed, the limits, the
        lab, the file under test and the versions accepted (in a kit, the student's own files)."""
        testers = tuple(sorted((str(n), _digest(Path(p))) for n, p in own_tests.tester_files.items()))
        yours = tuple(sorted((str(n), _digest(Path(p))) for n, p in (getattr(own_tests, "yours", None) or {}).items()))
        aliases = tuple(sorted((getattr(own_tests, "aliases", None) or {}).items()))  # Widget -> widget changes what imports
        return (type(own_tests).__name__, testers, yours, aliases, own_tests.seed, getattr(own_tests, "limits", None),
                self.lab.id, str(self.folder), name, tuple(self.accepted()), is_kit())

    def _accepted_file(self, own_tests: OwnTests, version: str, name: str, strict: bool = True) -> Path | None:
        if version != YOURS:
            return self.file(version, name)
        given = self.lab.reference / name  # a kit keeps the files students are given unchanged
        if given.is_file():
            return given
        mine = getattr(own_tests, "yours", {}).get(name)
        if mine is None and strict:
            raise FileNotFoundError(f"the student kit runs your tester against your own {name}, and it was not found")
        return Path(mine) if mine else None


# The runs of students' testers on the correct versions, per (tester, seed, file, versions): a wrong
# version's test compares its run with them (grader/testers/verdicts.py). Kept for the last few
# testers only: the engine grades one submission's activity at a time.
CORRECT_RUNS: "OrderedDict[tuple, dict[str, TesterRun]]" = OrderedDict()
CORRECT_RUNS_KEPT = 32


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""
