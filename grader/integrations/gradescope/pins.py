"""The grader's dependencies, pinned to the versions of the machine that builds the autograder.

The zip holds the grader itself as a wheel (wheel.py), but its dependencies (pytest, PyYAML,
click, rich, ...) come from PyPI when Gradescope builds the image: without pins, building the
image again a month later could get another pytest, and the same submission another grade. So
``grader gradescope build`` writes ``constraints.txt`` beside the wheel: ``name==version`` for
every distribution the grader needs, directly or through another, as installed where the zip is
built (the versions the teacher's own ``grader grade`` uses), and setup.sh installs with
``pip install --constraint``. A dependency this machine does not have (one only an older Python
needs, such as ``tomli`` before 3.11) cannot be pinned from here: the file lists it in a comment.
"""

import re
from importlib import metadata

CONSTRAINTS_FILE = "constraints.txt"
# A requirement's distribution name (PEP 508): what comes before any extras, version or marker.
_NAME = re.compile(r"^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)")
_EXTRA_MARKER = re.compile(r"""\bextra\s*==""")


def requirement_names(requirements: list[str]) -> list[str]:
    """The distribution names of ``requirements`` (``Requires-Dist`` values), leaving out those
    needed only by an extra (``; extra == "dev"``): the image never installs an extra."""
    names = []
    for requirement in requirements:
        _, _, marker = requirement.partition(";")
        found = _NAME.match(requirement)
        if found and not _EXTRA_MARKER.search(marker):
            names.append(found.group(1))
    return names


def canonical(name: str) -> str:
    """PEP 503's spelling: PyYAML, pyyaml and py_yaml are one distribution."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(requirements: list[str]) -> tuple[dict[str, str], list[str]]:
    """(canonical name -> installed version, for every distribution ``requirements`` need here,
    recursively; the names needed but not installed here, which stay unpinned)."""
    versions: dict[str, str] = {}
    missing: set[str] = set()
    waiting = requirement_names(requirements)
    while waiting:
        name = canonical(waiting.pop())
        if name in versions or name in missing:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.add(name)
            continue
        versions[name] = dist.version
        waiting.extend(requirement_names(list(dist.requires or [])))
    return dict(sorted(versions.items())), sorted(missing)


def constraints_text(wheel_metadata: str) -> str:
    """``constraints.txt`` for the wheel whose METADATA is ``wheel_metadata``."""
    requirements = [line.partition(":")[2].strip() for line in wheel_metadata.splitlines() if line.startswith("Requires-Dist:")]
    versions, missing = pinned(requirements)
    lines = ["# The grader's dependencies as installed where `grader gradescope build` ran (grader/integrations/",
             "# gradescope/pins.py): setup.sh installs exactly these, so a rebuilt image grades the same way."]
    lines += [f"# not installed there, so not pinned: {name}" for name in missing]
    lines += [f"{name}=={version}" for name, version in versions.items()]
    return "\n".join(lines) + "\n"
