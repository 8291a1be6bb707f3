"""Making pytest importable by students' testers: imported once, by the launcher, read-only.

The sandbox starts without site-packages (``python -S``), so a tester's ``import pytest`` would
fail. The grader tells the launcher where pytest and the distributions it needs are installed:
``{"folders": [...], "modules": [...]}``, the folders and the top-level module names those
distributions install. The launcher imports pytest through a finder that offers exactly those
modules from exactly those folders, imports the parts a tester may use, and takes the finder
away again before any sandbox exists. Every zygote is forked from that state, so a tester finds
pytest already in ``sys.modules`` at no cost, while ``import yaml`` (or ``import grader``) still
fails: nothing else of site-packages was ever on the path.

If pytest cannot be imported, the launcher works as before and ``STATUS`` says why, so a tester
that imports pytest is told the grader could not provide it (a grader problem, not the student's).
"""

import importlib
import importlib.machinery
import sys

# What pytest.raises, approx, mark, fixture, skip, fail and param live in, across versions
# (pytest 7.4 keeps raises and approx in python_api; 8.4 and later in raises and approx).
SUBMODULES = (
    "_pytest.python_api", "_pytest.raises", "_pytest.approx", "_pytest.mark", "_pytest.mark.structures",
    "_pytest.fixtures", "_pytest.outcomes", "_pytest.recwarn",
)

STATUS = {"available": False, "why": "the grader did not say where pytest is installed"}


class _Offer:
    """A meta path finder that offers only the named top-level modules, only from ``folders``."""

    def __init__(self, modules: list[str], folders: list[str]) -> None:
        self.modules = set(modules)
        self.folders = list(folders)

    def find_spec(self, name: str, path=None, target=None):
        if path is not None or name not in self.modules:
            return None
        return importlib.machinery.PathFinder.find_spec(name, self.folders)


def preload(locations: dict | None) -> None:
    """Import pytest from ``locations`` (see the module docstring), or record why it failed."""
    if not locations:
        return
    offer = _Offer(locations.get("modules", []), locations.get("folders", []))
    sys.meta_path.append(offer)  # after the standard library's finders: no stdlib name is shadowed
    try:
        import pytest

        for name in SUBMODULES:
            try:
                importlib.import_module(name)
            except ImportError:
                pass  # not in this version of pytest
        _warm_up(pytest)
        STATUS.update(available=True, why="")
    except BaseException as exc:  # noqa: BLE001 - a broken install must not stop the launcher
        STATUS.update(available=False, why=f"importing pytest failed: {type(exc).__name__}: {exc}")
        for name in [m for m in sys.modules if m.split(".")[0] in offer.modules]:
            del sys.modules[name]  # no half-imported package for a tester to trip over
    finally:
        sys.meta_path.remove(offer)
        for folder in offer.folders:
            sys.path_importer_cache.pop(folder, None)


def _warm_up(pytest) -> None:
    """Use each feature once, so anything it imports on first use is imported now, from here."""
    with pytest.raises(ValueError, match="x"):
        raise ValueError("x")
    assert 0.1 + 0.2 == pytest.approx(0.3)
    assert [0.1 + 0.2] == pytest.approx([0.3])
    pytest.mark.parametrize("a", [pytest.param(1, id="one")])(lambda a: None)
    pytest.fixture(lambda: None)
    for outcome in (pytest.skip, pytest.fail, pytest.xfail):
        try:
            outcome("warm-up")
        except BaseException:  # noqa: BLE001 - these raise by design
            pass
