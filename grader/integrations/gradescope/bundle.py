"""The autograder zip a teacher uploads to Gradescope.

Gradescope wants ``setup.sh`` and ``run_autograder`` at the zip's root, not in a folder, and
``run_autograder`` executable. Ours also holds the grader as a wheel (wheel.py), the teacher's
choices (settings.py) and, if given, the teacher's rubric:

    setup.sh                              installs Python if needed, then the wheel, and a JDK
                                          when the lab grades Java too, unless built with
                                          java=False (``--no-java``: a Python-only class) (templates/)
    run_autograder                        python -m grader.integrations.gradescope.run (templates/)
    elevens_grader-<version>-py3-none-any.whl
    constraints.txt                       the grader's dependencies, pinned (pins.py)
    grader-gradescope.json               hidden tests' visibility, bonus, sandbox user
    rubric.yaml                           only with --rubric

The zip is written beside its target and renamed into place, so a failed build leaves no half
zip behind, and its entries have fixed dates, so building twice from the same source gives the
same bytes.
"""

import os
import tempfile
import zipfile
from importlib.resources import files
from pathlib import Path

from grader.integrations.gradescope.pins import CONSTRAINTS_FILE, constraints_text
from grader.integrations.gradescope.settings import (
    RUBRIC_FILE,
    SETTINGS_FILE,
    BundleSettings,
)
from grader.integrations.gradescope.wheel import FIXED_DATE, build_wheel
from grader.lab.rubric import Rubric, load_rubric

TEMPLATES = files("grader.integrations.gradescope") / "templates"
EXECUTABLE, REGULAR = 0o100755, 0o100644


def build_bundle(target: Path, rubric: Path | None = None, settings: BundleSettings = BundleSettings(),
                 java: bool = True) -> Path:
    """Write the autograder zip to ``target``; ``target``.

    The rubric is loaded (and so checked) first: a broken rubric must fail here, on the
    teacher's machine, not in front of every student. ``java``: False for a class that hands in
    Python only, so the image gets no JDK and no JUnit even when the lab grades Java too.
    Raises RubricError, WheelError or OSError.
    """
    java_steps = ""
    if rubric is not None:
        java_steps = _template("java.sh") if java and grades_java(load_rubric(rubric)) else ""
        settings = BundleSettings(settings.gradescope, settings.sandbox_user, RUBRIC_FILE)
    with tempfile.TemporaryDirectory(prefix="grader-bundle-") as scratch:
        wheel = build_wheel(Path(scratch))
        setup = _template("setup.sh").replace("@WHEEL@", wheel.name).replace("@CONSTRAINTS@", CONSTRAINTS_FILE)
        entries: list[tuple[str, bytes, int]] = [
            ("setup.sh", setup.replace("@JAVA@\n", java_steps).encode(), EXECUTABLE),
            ("run_autograder", _template("run_autograder").encode(), EXECUTABLE),
            (wheel.name, wheel.read_bytes(), REGULAR),
            (CONSTRAINTS_FILE, constraints_text(wheel_metadata(wheel)).encode(), REGULAR),
            (SETTINGS_FILE, settings.to_json().encode(), REGULAR),
        ]
        if rubric is not None:
            entries.append((RUBRIC_FILE, rubric.read_bytes(), REGULAR))
        _write_zip(target, entries)
    return target


def grades_java(rubric: Rubric) -> bool:
    """Whether a submission graded with ``rubric`` may be in Java: its lab can grade one of the
    rubric's activities from Java classes (grader/java/), so Gradescope's image needs a JDK."""
    java = set(rubric.home.java_activities) if rubric.home else set()
    return any(activity.id in java for activity in rubric.activities)


def wheel_metadata(wheel: Path) -> str:
    """The METADATA of a wheel (its Requires-Dist lines name what the grader needs)."""
    with zipfile.ZipFile(wheel) as opened:
        name = next(n for n in opened.namelist() if n.endswith(".dist-info/METADATA"))
        return opened.read(name).decode("utf-8")


def _template(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def _write_zip(target: Path, entries: list[tuple[str, bytes, int]]) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as bundle:
            for name, data, mode in entries:
                item = zipfile.ZipInfo(name, FIXED_DATE)
                item.create_system = 3  # Unix: unzip and Gradescope then honour the mode
                item.external_attr = mode << 16
                item.compress_type = zipfile.ZIP_DEFLATED
                bundle.writestr(item, data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
