"""Parsing a JSON line that untrusted code may have written, within bounds checked first.

Student code can find and write to the reply pipe (descriptor 4 in a Python sandbox; a JVM's
standard output). ``json.loads`` on ``[[[[...`` a hundred thousand deep raises RecursionError,
which no ``except ValueError`` catches, and a structure just under the interpreter's limit
parses but breaks the first recursive walk over it. So a line is measured before it is parsed:
its length (``MAX_LINE_BYTES``) and the depth of its brackets (``MAX_DEPTH``, counted outside
strings). Honest replies stay far inside both: the sandboxes encode values at most 32 deep
(sandbox_runtime/wire/values.py, sandbox_jvm Values.java), and sandbox_runtime/wire/framing.py sends an
error instead of a line over the size.
"""

import json
import re
from array import array
from itertools import accumulate

MAX_LINE_BYTES = 16 << 20  # sandbox_runtime/wire/framing.py MAX_LINE_BYTES must be the same
MAX_DEPTH = 200
_decode = json.JSONDecoder().decode  # ``json.loads`` less its detection of UTF-16 and -32, per line
# A JSON string, escapes included; one never closed runs to the end, so that no byte is scanned
# twice (a pattern that gave up and began again at the next quote would take quadratic time).
# Written as an unrolled loop that always matches at its first quote (a lone backslash at the
# end included) rather than with a possessive `*+`, which Python 3.10 does not have.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
# Every byte but the brackets is deleted; an opening bracket then reads as +1, a closing one as -1.
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_AS_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


class RefusedLine(ValueError):
    """A line that is not parsed: too long, too deep or not JSON; the message says which."""


def parse_line(line: bytes):
    """The JSON value on ``line``; ``RefusedLine`` if it is over the bounds or not JSON."""
    if len(line) > MAX_LINE_BYTES:
        raise RefusedLine(f"a line of {len(line)} bytes, over the limit of {MAX_LINE_BYTES}")
    if too_deep(line, MAX_DEPTH):
        raise RefusedLine(f"a line nested more than {MAX_DEPTH} deep")
    try:
        return _decode(line.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError) as exc:  # RecursionError: a second line of defence only
        raise RefusedLine(f"a line that is not JSON ({type(exc).__name__})") from None


def too_deep(line: bytes, limit: int) -> bool:
    """Whether the brackets of ``line``, outside strings, nest more than ``limit`` deep.

    Linear time, and every step runs in C: strings blanked, all but brackets deleted, the
    running depth's maximum taken. A line with few brackets (nearly every reply) costs nothing.
    """
    if line.count(b"[") + line.count(b"{") <= limit:
        return False
    brackets = _STRING.sub(b"", line).translate(_AS_STEPS, _NOT_BRACKETS)
    return max(accumulate(array("b", brackets)), default=0) > limit
