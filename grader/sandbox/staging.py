"""The folder a sandbox runs in: copies, never links, of exactly the files it may see.

    <root>/runtime/sandbox_runtime/   the in-sandbox runtime, copied fresh each time
    <root>/work/                      the student's files under test + reference stand-ins
    <root>/home/                      the child's empty working folder and HOME

Only the files an activity declares are copied, so a student's ``random.py``, ``conftest.py`` or
``sitecustomize.py`` never reaches the sandbox at all.
"""

import shutil
import tempfile
from importlib.util import find_spec
from pathlib import Path

# Located, not imported: the runtime is only ever executed inside a sandbox.
RUNTIME_FILES = sorted(Path(find_spec("sandbox_runtime").origin).parent.glob("*.py"))


class StagedFolder:
    def __init__(self, files: dict[str, Path], parent: Path | None = None) -> None:
        """``files`` maps the name inside the sandbox (``card.py``) to the file to copy."""
        self.root = Path(tempfile.mkdtemp(prefix="elevens-sandbox-", dir=parent))
        self.runtime = self.root / "runtime"
        self.work = self.root / "work"
        self.home = self.root / "home"
        runtime_package = self.runtime / "sandbox_runtime"
        for folder in (runtime_package, self.work, self.home):
            folder.mkdir(parents=True)
        for source in RUNTIME_FILES:
            shutil.copyfile(source, runtime_package / source.name)
        for name, source in files.items():
            shutil.copyfile(source, self.work / name)

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
