"""Switching a method off in a compiled Java class, as the rubric's ``disable`` does in Python.

An activity can judge a class with one of its methods switched off because another activity
owns that method (a constructor that calls a method graded elsewhere must not lose points for
it here). In Python the sandbox replaces the method with one that does nothing; here the
trusted side rewrites the compiled class file before the JVM sees it: the method's body becomes
``return`` of its type's zero value (nothing, 0, false, 0.0 or null). Only that method's Code
attribute changes; every constant, offset and other method stays byte for byte.
"""

import struct
from pathlib import Path

# Constant pool entry sizes after the tag byte (Utf8 is length-prefixed; Long and Double take two slots).
_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2}
# The zero value's instructions for each return type: (code, stack it needs).
_RETURNS = {"V": (b"\xb1", 0), "J": (b"\x09\xad", 2), "F": (b"\x0b\xae", 1), "D": (b"\x0e\xaf", 2)}
_INT = (b"\x03\xac", 1)  # iconst_0; ireturn (int, short, byte, char, boolean)
_REF = (b"\x01\xb0", 1)  # aconst_null; areturn


class ClassFileError(ValueError):
    """The class file is not one this reader understands."""


def loose(name: str) -> str:
    return name.replace("_", "").lower()


def stub_methods(data: bytes, method: str) -> tuple[bytes, int]:
    """``data`` with every method named ``method`` (underscores and case ignored) doing nothing;
    and how many were stubbed (constructors and static initialisers are never touched)."""
    utf8, at = _methods_start(data)
    methods = struct.unpack_from(">H", data, at)[0]
    at += 2
    out = bytearray(data[:at])
    stubbed = 0
    for _ in range(methods):
        _, name, descriptor, attributes = struct.unpack_from(">HHHH", data, at)
        out += data[at:at + 8]
        at += 8
        wanted = loose(utf8.get(name, "")) == loose(method) and not utf8.get(name, "").startswith("<")
        for _ in range(attributes):
            attribute, length = struct.unpack_from(">HI", data, at)
            body = data[at + 6:at + 6 + length]
            if wanted and utf8.get(attribute) == "Code":
                body = _zero_body(body, utf8[descriptor])
                stubbed += 1
            out += struct.pack(">HI", attribute, len(body)) + body
            at += 6 + length
    out += data[at:]
    return bytes(out), stubbed


def _methods_start(data: bytes) -> tuple[dict[int, str], int]:
    """The class file's Utf8 constants by index, and the offset of its methods count."""
    if data[:4] != b"\xca\xfe\xba\xbe":
        raise ClassFileError("not a class file")
    at = 8
    count = struct.unpack_from(">H", data, at)[0]
    at += 2
    utf8: dict[int, str] = {}
    index = 1
    while index < count:
        tag = data[at]
        at += 1
        if tag == 1:
            length = struct.unpack_from(">H", data, at)[0]
            utf8[index] = data[at + 2:at + 2 + length].decode("utf-8", errors="replace")
            at += 2 + length
        elif tag in _SIZES:
            at += _SIZES[tag]
        else:
            raise ClassFileError(f"unknown constant tag {tag}")
        index += 2 if tag in (5, 6) else 1
    at += 6  # access flags, this class, super class
    interfaces = struct.unpack_from(">H", data, at)[0]
    at += 2 + 2 * interfaces
    return utf8, _skip_members(data, at)  # past the fields


def method_names(data: bytes) -> set[str]:
    """The names of the methods a class file declares (constructors as ``<init>``)."""
    utf8, at = _methods_start(data)
    count = struct.unpack_from(">H", data, at)[0]
    at += 2
    names = set()
    for _ in range(count):
        _, name, _, attributes = struct.unpack_from(">HHHH", data, at)
        names.add(utf8.get(name, ""))
        at += 8
        for _ in range(attributes):
            at += 6 + struct.unpack_from(">I", data, at + 2)[0]
    return names


def _skip_members(data: bytes, at: int) -> int:
    members = struct.unpack_from(">H", data, at)[0]
    at += 2
    for _ in range(members):
        attributes = struct.unpack_from(">H", data, at + 6)[0]
        at += 8
        for _ in range(attributes):
            at += 6 + struct.unpack_from(">I", data, at + 2)[0]
    return at


def _zero_body(code_attribute: bytes, descriptor: str) -> bytes:
    max_stack, max_locals = struct.unpack_from(">HH", code_attribute, 0)
    kind = descriptor[descriptor.index(")") + 1:]
    code, stack = _RETURNS.get(kind[0], _INT if kind[0] in "ISBCZ" else _REF)
    return struct.pack(">HHI", max(max_stack, stack), max_locals, len(code)) + code + struct.pack(">HH", 0, 0)


def disable_methods(classes: Path, paths: list[str]) -> list[str]:
    """Apply the rubric's ``disable`` entries (``module.Class.method``) to the compiled classes in
    ``classes``; the entries that found nothing to switch off (a student without that method)."""
    unmatched = []
    for path in paths:
        _, class_name, method = path.split(".")
        target = classes / f"{class_name}.class"
        stubbed = 0
        if target.is_file():
            patched, stubbed = stub_methods(target.read_bytes(), method)
            if stubbed:
                target.write_bytes(patched)
        if not stubbed:
            unmatched.append(path)
    return unmatched
