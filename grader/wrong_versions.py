"""A lab's wrong versions of its classes, for grading students' testers: read from its
``buggy_variants`` folder, the same way for every lab.

``variants.yaml`` names the named buggy versions by kind (one key per class under test) and the
second correct versions (``correct:``), each with what it gets wrong and a test idea that
exposes it; ``mutants/index.yaml`` lists the curated mutants made by tools/make_mutants.py (only
the ``live`` ones count: equivalent and hanging mutants are never scored). These files are
trusted data: they never go into a sandbox, only the version under test does.
"""

from functools import cached_property
from pathlib import Path

import yaml

from grader.labs import Lab
from grader.own_tests import OwnTests, TesterRun


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
        return yaml.safe_load((self.folder / "variants.yaml").read_text(encoding="utf-8"))

    @cached_property
    def mutants(self) -> list[dict]:
        index = self.folder / "mutants" / "index.yaml"
        return yaml.safe_load(index.read_text(encoding="utf-8")) if index.is_file() else []

    def buggy(self, kind: str) -> dict[str, dict]:
        """The named buggy versions of one ``kind`` (a key of variants.yaml), by id, in the file's order."""
        return {variant["id"]: variant for variant in self.variants[kind]}

    def live_mutants(self, file: str, *methods: str) -> dict[str, dict]:
        """The live mutants of ``file`` in any of ``methods`` (every method when none is named), by id."""
        return {m["id"]: m for m in self.mutants
                if m["file"] == file and (not methods or m["method"] in methods) and m["status"] == "live"}

    def file(self, folder: str, name: str) -> Path:
        """A version to run a tester against: ``("reference", name)``, ``(variant_id, name)``, or
        ``("mutants", mutant_id + ".py")``."""
        if folder == "reference":
            return self.lab.reference / name
        return self.folder / folder / name

    def correct_ids(self) -> list[str]:
        """The second correct versions a tester must accept, besides the reference."""
        return [entry["id"] for entry in self.variants.get("correct", [])]

    def run_tester(self, own_tests: OwnTests, name: str, version: Path) -> TesterRun:
        """Run the student's tester with ``version`` as ``name``, and the reference of every
        other tester file beside it."""
        others = {other: self.file("reference", other) for other in self.tester_files if other != name}
        return own_tests.run((name, version), others, reference=self.file("reference", name))
