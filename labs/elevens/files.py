"""The Elevens lab's files, by kind: ``lab_file("reference", "card.py")``,
``lab_file("buggy_variants", "Buggy2/deck.py")``."""

from pathlib import Path

from grader_labs.elevens import LAB

KINDS = {"reference": LAB.reference, "starter": LAB.starter, "buggy_variants": LAB.buggy_variants,
         "harness": LAB.harness, "examples": LAB.examples}


def lab_file(kind: str, name: str = "") -> Path:
    if kind not in KINDS:
        raise ValueError(f"unknown kind of lab file {kind!r}; expected one of {sorted(KINDS)}")
    return KINDS[kind] / name if name else KINDS[kind]
