"""Writing a file so that readers see the old version or the new one, never half of one."""

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    os.replace(temporary, path)
    return path
