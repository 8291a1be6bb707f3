"""Where the lab's files are: the repository folders in a checkout, or the installed copies.

In a source checkout (or an editable install) the reference/, starter/, rubrics/,
buggy_variants/ and harness/ folders at the repository root are used directly. A wheel installs them as
``grader_assets.<folder>``.
"""

from importlib.util import find_spec
from pathlib import Path

ASSET_FOLDERS = ("reference", "starter", "rubrics", "buggy_variants", "harness")
REPOSITORY = Path(__file__).resolve().parent.parent


def asset_path(folder: str, name: str = "") -> Path:
    if folder not in ASSET_FOLDERS:
        raise ValueError(f"unknown asset folder {folder!r}; expected one of {ASSET_FOLDERS}")
    local = REPOSITORY / folder
    if local.is_dir():
        return local / name if name else local
    spec = find_spec(f"grader_assets.{folder}")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"the grader's {folder}/ files are missing: reinstall the package")
    base = Path(list(spec.submodule_search_locations)[0])
    return base / name if name else base
