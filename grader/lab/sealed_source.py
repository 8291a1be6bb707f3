"""Python source carried sealed: compressed, then base64, inside a small loader module.

Why: a handout gives students classes to *test*, not to read (Activity 5's buggy Decks, as the
AP lab gives them as ``.class`` files). Compiled bytecode (``.pyc``) would hide the code too,
but it loads only on the Python version that wrote it. A sealed module is plain Python text, so
it loads on every Python 3 the grader supports, whatever Python the teacher has.

This is not security: anyone who decodes the base64 reads the source, and the loader's header
says so. It only keeps the code out of sight, so the exercise stays testing.

    seal(text) -> str              the text, compressed and base64-encoded (one line, ASCII)
    unseal(sealed) -> text         the text again; ValueError for anything seal did not write
    sealed_module(source, note)    the text of a module that runs ``source`` when imported
"""

import base64
import binascii
import re
import zlib

LINE = 76  # base64 characters per line in a sealed module
_WHITESPACE = re.compile(r"\s+")


def seal(text: str) -> str:
    """``text`` as UTF-8, compressed with zlib (level 9), then base64: one line of ASCII."""
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii")


def unseal(sealed: str) -> str:
    """The text ``seal`` was given. Whitespace (line breaks of a wrapped seal) is ignored; any
    other damage is a ValueError that says so, never half-decoded text."""
    try:
        packed = base64.b64decode(_WHITESPACE.sub("", sealed), validate=True)
        return zlib.decompress(packed).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError) as exc:
        raise ValueError(f"not text sealed by grader.lab.sealed_source.seal ({exc})") from None


# The module a student gets. It uses only the standard library and no grader code, so it runs
# wherever the student's Python is. Its own names start with "_" and are deleted after the run,
# so the module holds what the sealed source defines and nothing else.
_LOADER = '''\
{header}

import base64 as _base64
import importlib.util as _importlib_util
import os as _os
import zlib as _zlib

_FILE = _os.path.basename(__file__)
_SHOWN_AS = _FILE + " ({label})"  # the file name tracebacks show for the sealed code
_needed = None
for _needed in {requires!r}:
    if _importlib_util.find_spec(_needed) is None:
        raise ImportError(
            f"{{_SHOWN_AS}} needs your {{_needed}}.py. Copy your {{_needed}}.py into this folder "
            f"({{_os.path.dirname(_os.path.abspath(__file__))}}), beside {{_FILE}}, and run again.",
            name=_needed,
        )

_SEALED = (
{lines}
)
exec(compile(_zlib.decompress(_base64.b64decode("".join(_SEALED))).decode("utf-8"), _SHOWN_AS, "exec"))
del _base64, _importlib_util, _os, _zlib, _FILE, _SHOWN_AS, _needed, _SEALED
'''


def sealed_module(source: str, note: str, *, label: str = "sealed", requires: tuple[str, ...] = ()) -> str:
    """The text of a module that, when imported, runs ``source`` as its own code.

    ``note`` is the header comment for whoever opens the file (what it is and what to do with
    it). Tracebacks name the sealed code ``<file name> (<label>)``, e.g. ``widget.py (Variant3)``,
    with no lines shown. ``requires``: modules the source imports that the student supplies
    (e.g. ``("widget",)``); a missing one stops the import with a message saying where to put it.
    ``source`` must compile; it is checked here, so a broken one fails now, not in a classroom.
    """
    compile(source, f"({label})", "exec")
    if not re.fullmatch(r"[\w .,:+-]*", label):
        raise ValueError(f"label {label!r}: use letters, digits, spaces and . , : + - only")
    if not all(name.isidentifier() for name in requires):
        raise ValueError(f"requires {requires!r}: module names only")
    header = "\n".join(f"# {line}".rstrip() for line in note.strip().splitlines())
    sealed = seal(source)
    lines = "\n".join(f'    "{sealed[start:start + LINE]}"' for start in range(0, len(sealed), LINE))
    return _LOADER.format(header=header, label=label, requires=tuple(requires), lines=lines)
