"""The folder a sandbox runs in: copies, never links, of exactly the files it may see.

    <root>/work/     the student's files under test + reference stand-ins
    <root>/home/     the child's empty working folder and HOME

Only the files an activity declares are copied, so a student's ``random.py``, ``conftest.py`` or
``sitecustomize.py`` never reaches the sandbox at all. The in-sandbox runtime is not in here:
the launcher imported it from its own copy before any sandbox existed.
"""

import shutil
from importlib.util import find_spec
from pathlib import Path

from grader.sandbox.leftovers import make_folder

# Located, not imported: the runtime is only ever executed inside a sandbox.
RUNTIME_FILES = sorted(Path(find_spec("sandbox_runtime").origin).parent.glob("*.py"))


def copy_runtime(folder: Path) -> Path:
    """A fresh copy of the runtime package under ``folder``; returns the folder for sys.path."""
    package = folder / "sandbox_runtime"
    package.mkdir(parents=True)
    for source in RUNTIME_FILES:
        shutil.copyfile(source, package / source.name)
    return folder


class StagedFolder:
    def __init__(self, files: dict[str, Path], parent: Path | None = None) -> None:
        """``files`` maps the name inside the sandbox (``card.py``) to the file to copy.

        The folder is named after this process (leftovers.py); if a copy fails, it is removed
        before the error goes on.
        """
        self.root = make_folder("sandbox", parent)
        self.work = self.root / "work"
        self.home = self.root / "home"
        try:
            for folder in (self.work, self.home):
                folder.mkdir()
            for name, source in files.items():
                (self.work / name).parent.mkdir(parents=True, exist_ok=True)  # a tester in tests/
                shutil.copyfile(source, self.work / name)
        except BaseException:
            self.remove()
            raise

    def remove(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
