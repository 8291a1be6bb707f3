"""Writing a file so that readers see the old version or the new one, never half of one.

The text goes to a temporary file in the same folder, is flushed to disk, then renamed over the
target. The temporary file is created with mode 0o666 and the kernel takes the process umask
off, as ``open()`` would: under the usual umask 022 reports come out 0644, readable by the
teacher's group and by a web server. (``tempfile.mkstemp`` would make them 0600.)
"""

import os
import secrets
from pathlib import Path

_ATTEMPTS = 100


def write_atomically(path: Path, text: str | bytes, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically, creating the parent folders; return ``path``.

    ``encoding="utf-8-sig"`` starts the file with a byte order mark (for Excel). Line endings
    are written exactly as they are in ``text``. Bytes are written as they are (a file in
    another tool's own encoding, such as a UTF-16 Grade Center sheet).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = _create_temporary(path)
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding=encoding, newline="")) as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def _create_temporary(path: Path) -> tuple[int, Path]:
    """A new, empty file beside ``path``, with the mode ``open()`` would give it."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(_ATTEMPTS):
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temporary, flags, 0o666), temporary
        except FileExistsError:
            continue
    raise FileExistsError(f"could not create a temporary file beside {path}")
