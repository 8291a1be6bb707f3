"""Every file of the product that a doc, a comment or a message names by its path exists (issue 40).

Modules move (that is how the house stays walkable), and a path in a docstring or a doc that
still names the old place sends a newcomer to a file that is not there. The search and replace
of a move finds dotted names and most paths; this finds the rest. A path counts when it starts
at one of the product's folders; it may be written from the repository's root, from the
naming file's own folder (a doc's link to a sibling page) or from docs/ (a lab's ``spec=`` page).
"""

import re
import subprocess

from tests.lab_loader import ROOT

FOLDERS = ("grader", "sandbox_runtime", "sandbox_jvm", "labs", "harness", "tools", "bench", "docs")
NAMED = re.compile(r"(?<![\w/.-])((?:" + "|".join(FOLDERS) + r")/[\w/.-]*\w\.(?:py|md|java|yaml|ini|html))\b")
# Named as history: files that were removed, in the paragraph that says why.
REMOVED = {"grader/engine/verdicts.py", "sandbox_runtime/warm.py"}
# Placeholders that stand for any lab's files, and the made-up lab docs/labs.md walks through.
PATTERNS = ("/LAB/", "/.../", "docs/labs/hello.md")


def test_every_named_path_exists():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    missing = []
    for name in tracked:
        path = ROOT / name
        if name.startswith("tests/corpus/") or path.suffix not in (".py", ".md", ".java", ".yaml", ".toml", ".html", ".sh"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for match in NAMED.finditer(text):
            named = match.group(1)
            if named in REMOVED or any(p in named for p in PATTERNS):
                continue
            if not any((base / named).exists() for base in (ROOT, path.parent, ROOT / "docs")):
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{name}:{line}: {named}")
    assert not missing, "paths that name no file (moved? give the new place):\n" + "\n".join(missing)
