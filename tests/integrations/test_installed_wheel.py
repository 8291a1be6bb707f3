"""The wheel as it is deployed: built with ``pip wheel``, installed in a fresh virtual
environment, run from a folder with no checkout in reach. A module that imports a name that does
not exist, or a file of the lab that the wheel leaves out, fails here rather than in front of
every student on Gradescope."""

import tomllib
import zipfile
from pathlib import Path

from tests.integrations.installed import DISTRIBUTION
from tests.lab_loader import ROOT

CHECKER = Path(__file__).with_name("import_check.py")
# Folders whose every file ships (pyproject.toml's package-dir maps each to a package).
SHIPPED_FOLDERS = ("grader", "sandbox_runtime", "labs", "reference", "starter", "rubrics", "buggy_variants",
                   "harness", "examples")


def wheel_path(checkout_file: str, package_dir: dict[str, str]) -> str:
    """Where a file of the checkout lands in the wheel (``reference/x`` -> ``grader_assets/reference/x``)."""
    for folder, package in sorted(((f, p) for p, f in package_dir.items()), key=lambda item: -len(item[0])):
        if checkout_file.startswith(folder + "/"):
            return package.replace(".", "/") + checkout_file[len(folder):]
    return checkout_file


def test_the_installed_grader_runs_from_the_venv_not_the_checkout(installed_grader):
    done = installed_grader.run_python("-c", "import grader, grader_labs, sandbox_runtime; "
                                             "print(grader.__file__); print(grader_labs.__file__)")
    assert done.returncode == 0, done.stderr
    for line in done.stdout.split():
        assert Path(line).is_relative_to(installed_grader.venv), line
        assert not Path(line).is_relative_to(ROOT)


def test_every_module_of_the_wheel_imports_and_every_name_it_imports_exists(installed_grader):
    """Imports at any depth, those inside functions too (run.py's lazy import of asset_path)."""
    checker = installed_grader.outside / CHECKER.name
    checker.write_text(CHECKER.read_text(encoding="utf-8"), encoding="utf-8")
    done = installed_grader.run_python(str(checker), DISTRIBUTION)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 problem(s)" in done.stdout


def test_the_checker_finds_a_name_that_does_not_exist(installed_grader, tmp_path):
    """The check above can fail: a module importing a missing name, inside a function, is caught."""
    import tests.integrations.import_check as checker

    tree = checker.ast.parse("def later():\n    from grader.lab.assets import asset_path\n")
    [(line, module, name)] = checker.imported_names(tree, "grader.integrations.gradescope.run", False)
    assert (line, module, name) == (2, "grader.lab.assets", "asset_path")
    probe = installed_grader.run_python("-c", f"import sys; sys.path.insert(0, {str(CHECKER.parent)!r}); "
                                              "import import_check; print(import_check.resolve('grader.lab.assets', 'asset_path'))")
    assert probe.returncode == 0 and "grader.lab.assets has no name 'asset_path'" in probe.stdout, probe.stderr


def test_every_file_of_the_shipped_folders_is_in_the_wheel(installed_grader):
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    with zipfile.ZipFile(installed_grader.wheel) as wheel:
        shipped = set(wheel.namelist())
    missing = []
    for folder in SHIPPED_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                relative = path.relative_to(ROOT).as_posix()
                if wheel_path(relative, setup["package-dir"]) not in shipped:
                    missing.append(relative)
    assert not missing, f"pyproject.toml's package-data leaves these out of the wheel: {missing}"
