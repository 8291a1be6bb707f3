"""The JUnit jars a student's JUnit tester compiles and runs against, and where they come from.

A Java tester that imports ``org.junit`` (JUnit 4: ``org.junit.Test``, ``org.junit.Assert``) or
``org.junit.jupiter`` (JUnit 5's Jupiter API) needs those jars on javac's class path and in its
JVM. They come from the system: Debian's ``junit4`` and ``junit5`` packages put them in
``/usr/share/java`` (``apt-get install junit4 junit5``). The JVM runs in the sandbox's jail,
which binds ``/usr`` read-only (grader/sandbox/jail_spec.py), so a jar is used only when its real
path lies in a folder the jail binds and every user may read it; nothing new is put in the jail
for JUnit. The jars are the API only (annotations, assertions and what they need): the tests are
found and run by the worker itself (sandbox_jvm/src/sandbox_jvm/JUnit.java), not by JUnit's
launcher or engines.

Without them a JUnit tester is the grader's problem (``JUnitUnavailable``: the run is reported as
the grader's error, never as the student's 0).
"""

import os
import re
from pathlib import Path

from grader.sandbox.jail_spec import read_only_paths

FOLDER = Path("/usr/share/java")
# Each family's jars, by their Debian names; the first of each alternative that exists is used.
JUNIT4 = (("junit4.jar", "junit.jar"), ("hamcrest-core.jar", "hamcrest.jar"))
JUPITER = (("junit-jupiter-api.jar",), ("opentest4j.jar",), ("junit-platform-commons.jar",), ("apiguardian-api.jar",))
# Only so that a tester using them compiles; the worker then says it cannot run them.
OPTIONAL = (("junit-jupiter-params.jar",),)
INSTALL = "apt-get install junit4 junit5"

USES_JUPITER = re.compile(rb"\borg\s*\.\s*junit\s*\.\s*jupiter\b")
USES_JUNIT4 = re.compile(rb"\borg\s*\.\s*junit\s*\.\s*(?!jupiter\b)\w")


class JUnitUnavailable(RuntimeError):
    """A tester uses JUnit and the grader has no usable JUnit jars (the grader's problem)."""


def junit_families(sources: list[Path]) -> set[str]:
    """Which JUnit the tester's files import: a subset of {"junit4", "jupiter"} (empty: none)."""
    found = set()
    for path in sources:
        try:
            text = path.read_bytes()[:500_000]
        except OSError:
            continue
        if USES_JUPITER.search(text):
            found.add("jupiter")
        if USES_JUNIT4.search(text):
            found.add("junit4")
    return found


def _usable(path: Path) -> bool:
    """A jar the jailed JVM can read: a file anyone may read, under a folder the jail binds."""
    try:
        real = path.resolve(strict=True)
        mode = real.stat().st_mode
    except OSError:
        return False
    bound = any(str(real) == folder or str(real).startswith(folder.rstrip("/") + "/")
                for folder in (os.path.realpath(p) for p in read_only_paths()))
    return real.is_file() and bool(mode & 0o004) and bound


def _pick(alternatives: tuple[str, ...], folder: Path) -> Path | None:
    for name in alternatives:
        if _usable(folder / name):
            return (folder / name).resolve()
    return None


def junit_jars(families: set[str], folder: Path | None = None) -> list[Path]:
    """The jars for ``families`` (see junit_families), in class-path order, from ``folder``
    (``FOLDER`` by default); JUnitUnavailable if one is missing or cannot be read from the sandbox."""
    if not families:
        return []
    folder = folder or FOLDER
    wanted = [*(JUNIT4 if "junit4" in families else ()), *(JUPITER if "jupiter" in families else ())]
    jars, missing = [], []
    for alternatives in wanted:
        jar = _pick(alternatives, folder)
        if jar is None:
            missing.append(alternatives[0])
        elif jar not in jars:
            jars.append(jar)
    if missing:
        kinds = " and ".join(sorted({"JUnit 4" if f == "junit4" else "JUnit 5 (Jupiter)" for f in families}))
        raise JUnitUnavailable(
            f"this tester uses {kinds}: the grader needs JUnit: {INSTALL} (missing, or not readable from the "
            f"sandbox, in {folder}: {', '.join(missing)})")
    for alternatives in OPTIONAL if "jupiter" in families else ():
        jar = _pick(alternatives, folder)
        if jar is not None:
            jars.append(jar)
    return jars
