"""Where pytest, and every distribution it needs here, is installed: for the sandbox's launcher.

Students' pytest-style testers ``import pytest``; the sandbox has no site-packages. The launcher
imports pytest once, from exactly the folders and top-level modules named here, and nothing
else (sandbox_runtime/testers/pytest_preload.py). The list is read from the installed distributions'
metadata, so it follows whatever this pytest needs (pluggy, iniconfig, packaging, pygments,
and on Python < 3.11 exceptiongroup and tomli), without importing any of them for the purpose.
"""

import re
from functools import lru_cache
from importlib import metadata

ROOT = "pytest"


@lru_cache(maxsize=1)
def pytest_locations() -> dict | None:
    """``{"folders": [...], "modules": [...]}``, or None if pytest is not installed."""
    folders: list[str] = []
    modules: set[str] = set()
    seen: set[str] = set()
    waiting = [ROOT]
    while waiting:
        name = _normalize(waiting.pop())
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            if name == ROOT:
                return None
            continue  # an optional dependency this Python does not need
        folder = str(dist.locate_file(""))
        if folder not in folders:
            folders.append(folder)
        modules.update(_top_level_modules(dist))
        waiting.extend(_needed(dist.requires or []))
    return {"folders": folders, "modules": sorted(modules)}


def _needed(requirements: list[str]) -> list[str]:
    """The requirements that apply here: no extras, markers true for this Python."""
    try:
        # Imported here, not at start-up: every grading process imports this module, and only
        # the one that starts a pytest launcher needs it.
        from packaging.requirements import InvalidRequirement, Requirement
    except ImportError:  # pragma: no cover - pytest itself needs packaging
        Requirement = InvalidRequirement = None
    needed = []
    for text in requirements:
        if Requirement is None:
            if ";" not in text:
                needed.append(re.split(r"[\s<>=!~;\[(]", text, maxsplit=1)[0])
            continue
        try:
            requirement = Requirement(text)
        except InvalidRequirement:
            continue
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            needed.append(requirement.name)
    return needed


def _top_level_modules(dist: metadata.Distribution) -> set[str]:
    """The importable names a distribution installs: its packages and single-file modules."""
    names = set()
    for path in dist.files or []:
        first = path.parts[0]
        if len(path.parts) == 1 and first.endswith(".py"):
            first = first[:-3]
        elif len(path.parts) == 1:
            continue
        if first.isidentifier() and first != "__pycache__":
            names.add(first)
    return names


def _normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()
