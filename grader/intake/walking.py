"""Walking a student's folder: only where a submission's files can be.

A submission is a handful of source files, but the folder it sits in may hold a virtual
environment (``.venv``, or ``venv`` with its ``pyvenv.cfg``), ``.git``, ``node_modules``, build
output, or be a busy shared folder whose other contents come and go (``/tmp``, where other runs'
sandboxes appear and vanish). ``files_under`` never enters those, never follows a link, stops
after ``limit`` files, and treats a file or folder that vanished mid-walk as never there.
"""

import os
from collections.abc import Iterator
from pathlib import Path

# Folders no submission's own file lives in: tool output, caches, dependencies.
SKIPPED_FOLDERS = frozenset({"target", "build", "out", "bin", "node_modules", "__MACOSX", "__pycache__",
                             "site-packages", "dist-packages"})
MAX_FILES = 5000  # a folder with more files than this is not searched further


def skipped(parent: str, name: str) -> bool:
    """Whether the folder ``name`` in ``parent`` is never searched: hidden (``.git``, ``.venv``),
    tool output or dependencies, or a virtual environment under any name."""
    if name.startswith(".") or name in SKIPPED_FOLDERS:
        return True
    return os.path.isfile(os.path.join(parent, name, "pyvenv.cfg"))


def files_under(folder: Path, limit: int = MAX_FILES) -> Iterator[Path]:
    """The regular files under ``folder`` (links not followed), folders in name order, at most
    ``limit`` of them; nothing raised for what vanishes or cannot be read on the way."""
    seen = 0
    for root, dirs, files in os.walk(folder, followlinks=False):  # os.walk skips unreadable folders
        dirs[:] = sorted(d for d in dirs if not skipped(root, d))
        for name in sorted(files):
            seen += 1
            if seen > limit:
                return
            path = Path(root) / name
            try:
                if path.is_file() and not path.is_symlink():
                    yield path
            except OSError:
                continue
