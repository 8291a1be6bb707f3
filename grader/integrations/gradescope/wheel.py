"""The running grader as a wheel, so that the Gradescope image installs exactly this version.

Two sources, picked by where the grader runs from (grader/lab/assets.py knows):

- **a checkout** (or an editable install of one): the files ``pyproject.toml`` lists
  (``packages``, ``package-dir``, ``package-data``) and its ``[project]`` table for the
  metadata. We write the wheel ourselves, as setuptools would, rather than call a build
  backend: that needs no network, no ``wheel`` package and writes nothing into the checkout;
- **an installed wheel**: the files its ``RECORD`` lists, with its own metadata.

Either way the wheel is reproducible (sorted entries, fixed dates): the same source gives the
same bytes. A wheel is a zip with a ``.dist-info`` folder (PEP 427); pip needs nothing else.
"""

import base64
import hashlib
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from grader.lab.assets import REPOSITORY

try:
    import tomllib
except ImportError:  # Python 3.10: pytest, which the grader needs, brings tomli there
    import tomli as tomllib

DISTRIBUTION = "elevens-grader"
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
# An installed wheel's metadata files worth carrying over; the rest are pip's own records.
KEPT_METADATA = ("METADATA", "entry_points.txt", "top_level.txt")


class WheelError(RuntimeError):
    """The wheel cannot be built; the message says why and what to do."""


@dataclass(frozen=True)
class WheelContent:
    name: str  # the distribution's name, as in its metadata
    version: str
    files: dict[str, Path]  # path inside the wheel -> file to copy
    metadata: dict[str, str]  # file name inside .dist-info -> text


def running_from_checkout() -> bool:
    return (REPOSITORY / "pyproject.toml").is_file()


def build_wheel(out_dir: Path) -> Path:
    """Write the wheel of the running grader into ``out_dir``; its path."""
    content = from_checkout(REPOSITORY) if running_from_checkout() else from_installed()
    return write_wheel(content, out_dir)


def from_checkout(root: Path) -> WheelContent:
    """What setuptools would put in the wheel of the checkout at ``root``."""
    try:
        config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
        project, setup = config["project"], config["tool"]["setuptools"]
        name, version = project["name"], project["version"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise WheelError(f"{root / 'pyproject.toml'} does not describe the grader ({exc!r}); "
                         "build the autograder from an intact checkout, or from an installed grader") from None
    package_dir, package_data = setup.get("package-dir", {}), setup.get("package-data", {})
    files: dict[str, Path] = {}
    for package in setup["packages"]:
        folder = root / _package_folder(package, package_dir)
        patterns = ["*.py", *package_data.get(package, []), *package_data.get("", []), *package_data.get("*", [])]
        for pattern in patterns:
            for path in sorted(folder.glob(pattern)):
                if path.is_file() and path.suffix != ".pyc" and "__pycache__" not in path.parts:
                    files[str(PurePosixPath(*package.split("."), *path.relative_to(folder).parts))] = path
    return WheelContent(name, version, files, {"METADATA": _metadata_text(project),
                                               "entry_points.txt": _entry_points_text(project),
                                               "top_level.txt": "".join(f"{top}\n" for top in sorted({p.split(".")[0] for p in setup["packages"]}))})


def _package_folder(package: str, package_dir: dict[str, str]) -> str:
    """Where a package's files are, as setuptools reads ``package-dir``: the longest mapped
    prefix of its dotted name (``grader_labs.some_lab`` is ``labs/some_lab`` when ``grader_labs``
    maps to ``labs``), else the dotted name as folders."""
    parts = package.split(".")
    for cut in range(len(parts), 0, -1):
        prefix = ".".join(parts[:cut])
        if prefix in package_dir:
            return "/".join([package_dir[prefix], *parts[cut:]])
    return "/".join(parts)


def from_installed(name: str = DISTRIBUTION) -> WheelContent:
    """The wheel an installed (not editable) grader came from, rebuilt from its RECORD."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise WheelError(f"the grader is neither a checkout nor an installed distribution called {name!r}; "
                         "reinstall it (pip install elevens-grader) or run from a checkout") from None
    records = dist.files
    if records is None:
        raise WheelError(f"the installed {name} has no RECORD of its files; reinstall it with pip")
    files: dict[str, Path] = {}
    for record in records:
        parts = PurePosixPath(str(record)).parts
        if not parts or parts[0] == ".." or "__pycache__" in parts or record.suffix == ".pyc" or parts[0].startswith("__editable__"):
            continue  # scripts pip wrote elsewhere, bytecode, an editable install's finder
        if parts[0].endswith(".dist-info"):
            continue  # its metadata is rewritten below
        located = Path(str(dist.locate_file(record)))
        if not located.is_file():
            raise WheelError(f"the installed {name} lacks {record}; reinstall it (pip install --force-reinstall {name})")
        files[str(PurePosixPath(*parts))] = located
    if not any(path.startswith("grader/") for path in files):
        raise WheelError(f"the installed {name} holds no grader package (an editable install whose checkout "
                         "moved?); reinstall it, or build from the checkout")
    kept = {file: text for file in KEPT_METADATA if (text := dist.read_text(file)) is not None}
    return WheelContent(dist.metadata["Name"], dist.version, files, kept)


def write_wheel(content: WheelContent, out_dir: Path) -> Path:
    """Write ``content`` as ``<name>-<version>-py3-none-any.whl`` in ``out_dir``."""
    stem = f"{_normalize(content.name)}-{content.version}"
    info = f"{stem}.dist-info"
    entries = {path: source.read_bytes() for path, source in content.files.items()}
    for file, text in content.metadata.items():
        entries[f"{info}/{file}"] = text.encode("utf-8")
    entries[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: elevens-grader (grader gradescope build)\n"
                                b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in sorted(entries.items())]
    entries[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode("utf-8")
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for path in [p for p in sorted(entries) if not p.startswith(info)] + [p for p in sorted(entries) if p.startswith(info)]:
            item = zipfile.ZipInfo(path, FIXED_DATE)
            item.create_system = 3  # Unix, so that the mode below counts
            item.external_attr = 0o100644 << 16
            item.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(item, entries[path])
    return target


def _metadata_text(project: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {requirement}" for requirement in project.get("dependencies", [])]
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {requirement}; extra == "{extra}"' for requirement in requirements]
    return "\n".join(lines) + "\n"


def _entry_points_text(project: dict) -> str:
    groups = {"console_scripts": project.get("scripts", {}), **project.get("entry-points", {})}
    sections = [f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in sorted(points.items()))
                for group, points in groups.items() if points]
    return "\n".join(sections)


def _normalize(name: str) -> str:
    """The wheel file name's spelling of a distribution name: elevens-grader -> elevens_grader."""
    return "_".join(part for part in name.replace(".", "-").replace("_", "-").split("-") if part).lower()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
