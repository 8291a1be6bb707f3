"""What the compiled classes of an activity declare: each class's superclass, fields and methods
with their types, read from the class files on the trusted side.

A Java student's messages name methods as their class declares them (``pointValue()``, not the
suites' ``point_value()``), and write a call's arguments as Java would (an ``int[]`` parameter
as ``new int[] {1, 2}``); both need the declared names and parameter types (grader/idiom/java.py).
The class files were made by our own javac from the student's source; they are read as data
(the constant pool, then the field and method tables), never loaded, and a file this reader
does not understand is skipped (it only costs a message its Java spelling).
"""

import struct
from dataclasses import dataclass, field
from pathlib import Path

# Constant pool entry sizes after the tag byte (Utf8 is length-prefixed; Long and Double take two slots).
_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2}
_STATIC = 0x0008
_SYNTHETIC = 0x1000
_BRIDGE = 0x0040
MAX_CLASS_FILES = 400  # an activity compiles a handful; a folder with more is read in part


@dataclass(frozen=True)
class Method:
    name: str  # "<init>" for a constructor
    params: tuple[str, ...]  # each a field descriptor: "I", "[I", "Ljava/util/List;"
    returns: str
    static: bool


@dataclass
class ClassMembers:
    name: str  # binary name: "Widget", "Widget$1", "pkg/Widget"
    superclass: str | None
    fields: dict[str, str] = field(default_factory=dict)  # name -> descriptor
    methods: list[Method] = field(default_factory=list)

    @property
    def simple(self) -> str:
        return self.name.rsplit("/", 1)[-1]


class ClassFileError(ValueError):
    """Not a class file this reader understands."""


def parse_descriptor(descriptor: str) -> tuple[tuple[str, ...], str]:
    """``(I[Ljava/lang/String;)V`` -> (("I", "[Ljava/lang/String;"), "V")."""
    if not descriptor.startswith("(") or ")" not in descriptor:
        raise ClassFileError(f"not a method descriptor: {descriptor!r}")
    inside, returns = descriptor[1:].split(")", 1)
    params: list[str] = []
    at = 0
    while at < len(inside):
        start = at
        while at < len(inside) and inside[at] == "[":
            at += 1
        if at >= len(inside):
            raise ClassFileError(f"bad descriptor {descriptor!r}")
        if inside[at] == "L":
            end = inside.find(";", at)
            if end < 0:
                raise ClassFileError(f"bad descriptor {descriptor!r}")
            at = end + 1
        else:
            at += 1
        params.append(inside[start:at])
    return tuple(params), returns


def read_class(data: bytes) -> ClassMembers:
    """The members a class file declares (synthetic and bridge methods left out)."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        raise ClassFileError("not a class file")
    try:
        return _read(data)
    except (struct.error, IndexError, UnicodeDecodeError) as exc:
        raise ClassFileError(f"truncated or malformed class file ({exc})") from None


def _read(data: bytes) -> ClassMembers:
    at = 8
    count = struct.unpack_from(">H", data, at)[0]
    at += 2
    utf8: dict[int, str] = {}
    class_refs: dict[int, int] = {}
    index = 1
    while index < count:
        tag = data[at]
        at += 1
        if tag == 1:
            length = struct.unpack_from(">H", data, at)[0]
            utf8[index] = data[at + 2:at + 2 + length].decode("utf-8", errors="replace")
            at += 2 + length
        elif tag in _SIZES:
            if tag == 7:
                class_refs[index] = struct.unpack_from(">H", data, at)[0]
            at += _SIZES[tag]
        else:
            raise ClassFileError(f"unknown constant tag {tag}")
        index += 2 if tag in (5, 6) else 1
    _, this, parent, interfaces = struct.unpack_from(">HHHH", data, at)
    at += 8 + 2 * interfaces
    members = ClassMembers(utf8.get(class_refs.get(this, 0), "?"), utf8.get(class_refs.get(parent, 0)) if parent else None)
    fields, at = _members(data, at, utf8)
    for _, name, descriptor in fields:
        members.fields[name] = descriptor
    methods, at = _members(data, at, utf8)
    for flags, name, descriptor in methods:
        if flags & (_SYNTHETIC | _BRIDGE) or name == "<clinit>":
            continue
        params, returns = parse_descriptor(descriptor)
        members.methods.append(Method(name, params, returns, bool(flags & _STATIC)))
    return members


def _members(data: bytes, at: int, utf8: dict[int, str]) -> tuple[list[tuple[int, str, str]], int]:
    found = []
    total = struct.unpack_from(">H", data, at)[0]
    at += 2
    for _ in range(total):
        flags, name, descriptor, attributes = struct.unpack_from(">HHHH", data, at)
        at += 8
        for _ in range(attributes):
            at += 6 + struct.unpack_from(">I", data, at + 2)[0]
        found.append((flags, utf8.get(name, ""), utf8.get(descriptor, "")))
    return found, at


def read_classes(folder: Path | None) -> dict[str, ClassMembers]:
    """Every readable class in ``folder`` (a compiled activity's ``classes``), by simple name
    (inner classes, ``Widget$1``, by theirs)."""
    found: dict[str, ClassMembers] = {}
    if folder is None or not folder.is_dir():
        return found
    for path in sorted(folder.rglob("*.class"))[:MAX_CLASS_FILES]:
        try:
            if path.is_symlink() or not path.is_file():
                continue
            members = read_class(path.read_bytes())
        except (OSError, ClassFileError):
            continue
        found[members.simple] = members
    return found
