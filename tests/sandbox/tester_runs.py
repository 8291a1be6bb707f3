"""Running one tester file, or one student file, in a real sandbox, for the tests in this folder."""

from pathlib import Path

from grader.sandbox import SandboxSession
from grader.sandbox.launcher import Launcher
from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "elevens"
BUGGY = ROOT / "buggy_variants" / "elevens"


def run_tester_text(tmp_path: Path, text: str, name: str = "deck_test.py", deck: Path = REFERENCE / "deck.py",
                 launcher: Launcher | None = None) -> tuple[dict, str]:
    """What the sandbox's tester runner replies for ``text`` run against ``deck``, and its output."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    files = {name: path, "deck.py": deck, "card.py": REFERENCE / "card.py"}
    session = SandboxSession(files, [], own=(name,), launcher=launcher or Launcher.shared(pytest=True))
    try:
        link = session.worker(1)
        offset = session.output_end()
        reply = link.request({"op": "run_tester", "file": name}, f"running {name}")
        link.finish()
        return reply, session.output_since(offset)[0]
    finally:
        session.close()
