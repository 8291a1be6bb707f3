"""pyproject.toml lists every package folder, so a wheel install has all of the grader."""

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
