"""pyproject.toml lists every package folder, and no folder that is gone, so a wheel install has
all of the grader and a move cannot leave a stale name behind."""

import tomllib

from tests.lab_loader import ROOT


def test_every_package_folder_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    for top in ("grader", "sandbox_runtime"):
        for init in (ROOT / top).rglob("__init__.py"):
            package = ".".join(init.parent.relative_to(ROOT).parts)
            assert package in listed, f"add {package!r} to [tool.setuptools] packages"
    for alias, folder in config["package-dir"].items():
        assert (ROOT / folder / "__init__.py").exists() and alias in listed
        for init in (ROOT / folder).rglob("__init__.py"):  # a bundled lab's suites, its diagnosis
            package = ".".join([alias, *init.parent.relative_to(ROOT / folder).parts])
            assert package in listed, f"add {package!r} to [tool.setuptools] packages"


def test_every_listed_package_is_a_folder():
    """Each listed package is a folder with an ``__init__.py``, through ``package-dir`` for the
    ones installed under another name (``grader_labs.elevens`` is labs/elevens/)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    renamed = config["package-dir"]
    stale = []
    for package in config["packages"]:
        alias = max((a for a in renamed if package == a or package.startswith(a + ".")), key=len, default=None)
        parts = package.split(".")
        folder = ROOT.joinpath(renamed[alias], *parts[len(alias.split(".")):]) if alias else ROOT.joinpath(*parts)
        if not (folder / "__init__.py").exists():
            stale.append(f"{package} (no {folder.relative_to(ROOT)}/__init__.py)")
    assert not stale, f"pyproject.toml lists packages that no longer exist: {stale}"
