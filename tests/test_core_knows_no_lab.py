"""The core knows no lab: no module outside a lab's own package names a lab or a lab's classes,
files or functions. A lab is a plug-in (grader/lab/registry.py); this test is what keeps it one.

The words are every installed lab's id and the names of its students' files and classes, plus
the lab-specific words listed here; the project's own name (the distribution ``elevens-grader``)
is the one exception.
"""

import re
from pathlib import Path

import yaml

from grader.lab.registry import installed_labs

ROOT = Path(__file__).resolve().parent.parent
CORE = [ROOT / "grader", ROOT / "sandbox_runtime"]
PROJECT_NAME = re.compile(r"elevens[-_]grader", re.IGNORECASE)


def lab_words() -> set[str]:
    words = {"Card", "Deck", "ElevensBoard", "ThirteensBoard", "TensBoard", "shuffler", "Elevens", "Thirteens"}
    for lab in installed_labs().values():
        words.add(lab.id)
        rubric = yaml.safe_load(lab.rubric.read_text(encoding="utf-8"))
        for activity in rubric["activities"]:
            for entry in activity["files"]:
                for name in entry.split("|"):
                    words.add(name)
    return words


# The play protocol's one method named for the first lab's pieces: a playable board answers
# ``card_at(k)`` (docs/labs.md, "Playing a board"). It is the core's documented protocol, which
# every lab's board answers, not a lab's own name; renaming it would change what boards answer.
PROTOCOL_NAMES = re.compile(r"\bcard_at\b")


def test_no_core_module_names_a_lab():
    # A word counts inside snake_case names and file names too (``grader_kit_<lab>``,
    # ``smith_123_<file>``), so a lab's id or file cannot hide behind an underscore.
    pattern = re.compile(r"(?<![A-Za-z0-9.-])(" + "|".join(re.escape(w) for w in sorted(lab_words(), key=len, reverse=True))
                         + r")(?![A-Za-z0-9]|-[A-Za-z])", re.IGNORECASE)
    found = []
    for folder in CORE:
        for path in sorted(folder.rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                for match in pattern.finditer(PROTOCOL_NAMES.sub("", PROJECT_NAME.sub("", line))):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}: {line.strip()[:100]}")
    assert not found, "the core names a lab:\n" + "\n".join(found)
