"""Wrong versions a student kit carries sealed, the way the handout gives them.

A handed-out buggy class is the exercise (find its bug by testing), so the kit keeps it as the
handout does: sealed (compressed and encoded, grader/lab/sealed_source.py), not in clear. The
grading side unseals it into a private cache when a tester is run against it. Like the AP
lab's .class files, a determined student can decode it; nothing more secret is sealed this way.
"""

import hashlib
import tempfile
from functools import lru_cache
from pathlib import Path

SEALED_SUFFIX = ".sealed"


def unsealed_copy(sealed: Path) -> Path:
    """A plain copy of a sealed file (``widget.py.sealed`` -> ``.../<digest>/widget.py``), made once."""
    from grader.lab.sealed_source import unseal

    text = sealed.read_text(encoding="ascii")
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
    folder = _private_folder() / digest
    target = folder / sealed.name[: -len(SEALED_SUFFIX)]
    if not target.is_file():
        folder.mkdir(exist_ok=True)
        target.write_text(unseal(text), encoding="utf-8")
    return target


@lru_cache(maxsize=1)
def _private_folder() -> Path:
    """A folder of this process's own (mkdtemp: mode 0700, a new name), removed at exit: never a
    fixed path in /tmp that another user of the machine could have made first."""
    import atexit
    import shutil

    folder = Path(tempfile.mkdtemp(prefix="grader-kit-versions-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder
