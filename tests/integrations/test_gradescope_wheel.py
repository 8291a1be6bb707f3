"""The wheel inside the autograder zip: a valid wheel of this grader, which pip installs, and
which an installed grader (no checkout) rebuilds from its RECORD with the same contents."""

import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from grader import __version__
from grader.integrations.gradescope.wheel import build_wheel, running_from_checkout

INFO = f"elevens_grader-{__version__}.dist-info"


def contents(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    assert running_from_checkout()
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_the_grader_its_assets_and_a_record_that_matches(wheel):
    assert wheel.name == f"elevens_grader-{__version__}-py3-none-any.whl"
    files = contents(wheel)
    for expected in ("grader/cli.py", "grader/engine/suites.ini", "grader/integrations/gradescope/templates/run_autograder",
                     "sandbox_runtime/workers/launcher.py", "grader_assets/reference/elevens/card.py", "grader_assets/rubrics/elevens.yaml",
                     "grader_labs/elevens/__init__.py", "grader_labs/elevens/suites/test_a1_card.py",
                     "grader_assets/buggy_variants/elevens/mutants/index.yaml", "grader_assets/examples/elevens/fay_zipped.zip",
                     f"{INFO}/METADATA", f"{INFO}/WHEEL", f"{INFO}/entry_points.txt"):
        assert expected in files, expected
    assert not any(name.endswith(".pyc") or "__pycache__" in name for name in files)
    assert "grader = grader.cli:main" in files[f"{INFO}/entry_points.txt"].decode()
    assert "elevens = grader_labs.elevens:LAB" in files[f"{INFO}/entry_points.txt"].decode()
    assert f"Version: {__version__}" in files[f"{INFO}/METADATA"].decode()
    record = files[f"{INFO}/RECORD"].decode().splitlines()
    assert {line.split(",")[0] for line in record} == set(files)
    for line in record:
        name, digest, size = line.split(",")
        if name != f"{INFO}/RECORD":
            data = files[name]
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)


def test_pip_installs_it_and_the_installed_grader_rebuilds_the_same_wheel(wheel, tmp_path):
    target = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                          "--disable-pip-version-check", "--target", str(target), str(wheel)],
                         capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr
    # -S: none of this virtual environment's packages (the editable checkout included) is seen.
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; "
             "from grader.integrations.gradescope.wheel import build_wheel, running_from_checkout; "
             "from grader.lab.registry import get_lab; import grader; "
             "assert not running_from_checkout(), grader.__file__; "
             "assert (get_lab('elevens').reference / 'card.py').is_file(); "
             "print(build_wheel(Path(sys.argv[2])))")
    done = subprocess.run([sys.executable, "-S", "-c", probe, str(target), str(tmp_path / "rebuilt")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rebuilt = Path(done.stdout.strip())
    original, again = contents(wheel), contents(rebuilt)
    code = {name for name in original if not name.startswith(INFO)}
    assert code == {name for name in again if not name.startswith(INFO)}
    assert all(original[name] == again[name] for name in code)
    assert again[f"{INFO}/entry_points.txt"] == original[f"{INFO}/entry_points.txt"]
