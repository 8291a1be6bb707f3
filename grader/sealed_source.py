"""Source text sealed so that it is not read by accident: compressed, then base64.

Used for the wrong classes a lab hands out (a Buggy deck is an exercise in testing, not in
reading). Sealing hides nothing from a determined reader, as a compiled class file does not;
it keeps the answer out of plain sight and runs on every Python version.
"""

import base64
import zlib


def seal(text: str) -> str:
    """``text`` compressed and base64-encoded (ASCII, lines of 76 characters)."""
    return base64.encodebytes(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def unseal(sealed: str) -> str:
    """The text ``seal`` was given."""
    return zlib.decompress(base64.b64decode(sealed.encode("ascii"))).decode("utf-8")
