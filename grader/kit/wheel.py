"""Writing a wheel (PEP 427) from a dict of files, with no build tool.

The kit is made from an installed grader as much as from a checkout, and an installed grader
has no pyproject.toml to hand to pip, so the kit writes its wheel itself: a zip of the files,
a ``.dist-info`` folder with METADATA, WHEEL, entry_points.txt and RECORD (each file's sha256
and size). Every entry gets the same timestamp and mode, in sorted order, so the same contents
always give the same bytes.
"""

import base64
import hashlib
import re
import zipfile
from pathlib import Path

# 1980-01-01, the earliest time a zip can hold: no build date leaks into the wheel or changes it.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def wheel_name(distribution: str, version: str) -> str:
    """The file name pip expects: ``grader_kit_widgets-0.1.0-py3-none-any.whl`` for a lab ``widgets``."""
    return f"{_normalised(distribution)}-{version}-py3-none-any.whl"


def write_wheel(out: Path, distribution: str, version: str, summary: str, requires: list[str],
                entry_points: dict[str, dict[str, str]], files: dict[str, bytes]) -> Path:
    """Write the wheel into folder ``out``; ``files`` maps a path inside the wheel to its bytes."""
    info = f"{_normalised(distribution)}-{version}.dist-info"
    metadata = ["Metadata-Version: 2.1", f"Name: {distribution}", f"Version: {version}", f"Summary: {summary}",
                "Requires-Python: >=3.10", *(f"Requires-Dist: {r}" for r in requires)]
    points = "".join(f"[{group}]\n" + "".join(f"{name} = {target}\n" for name, target in sorted(names.items())) + "\n"
                     for group, names in sorted(entry_points.items()))
    everything = dict(files)
    everything[f"{info}/METADATA"] = ("\n".join(metadata) + "\n").encode("utf-8")
    everything[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: grader kit\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    everything[f"{info}/entry_points.txt"] = points.encode("utf-8")
    top = sorted({name.split("/")[0] for name in files})
    everything[f"{info}/top_level.txt"] = ("\n".join(top) + "\n").encode("utf-8")
    record = [f"{name},sha256={_digest(data)},{len(data)}" for name, data in sorted(everything.items())]
    record.append(f"{info}/RECORD,,")
    everything[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    out.mkdir(parents=True, exist_ok=True)
    target = out / wheel_name(distribution, version)
    partial = target.with_name(target.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(everything):
            entry = zipfile.ZipInfo(name, FIXED_TIME)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, everything[name])
    partial.replace(target)
    return target


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def _normalised(distribution: str) -> str:
    return re.sub(r"[-_.]+", "_", distribution).lower()
