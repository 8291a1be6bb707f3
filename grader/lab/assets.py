"""Where a bundled lab's files are: the repository folders in a checkout, or the installed copies.

The labs shipped with the grader keep their files in one subfolder per lab of the top-level
folders a teacher looks in (``reference/<lab>/``, ``starter/<lab>/``, ``buggy_variants/<lab>/``,
``harness/<lab>/``, ``examples/<lab>/``, and ``rubrics/<lab>.yaml``); each lab's specification
is a page of ``docs/``, installed too because every handout carries it. In a source checkout (or
an editable install) those folders are used directly; a wheel installs each top-level folder as
the package ``grader_assets.<folder>``. A lab from another distribution brings its own files
and does not use this module.
"""

from importlib.util import find_spec
from pathlib import Path

ASSET_FOLDERS = ("reference", "starter", "rubrics", "buggy_variants", "harness", "examples", "docs")
REPOSITORY = Path(__file__).resolve().parents[2]  # grader/lab/assets.py: the checkout is three folders up


def asset_folder(folder: str) -> Path:
    """A top-level asset folder (all labs' subfolders are in it)."""
    if folder not in ASSET_FOLDERS:
        raise ValueError(f"unknown asset folder {folder!r}; expected one of {ASSET_FOLDERS}")
    local = REPOSITORY / folder
    if local.is_dir():
        return local
    spec = find_spec(f"grader_assets.{folder}")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"the grader's {folder}/ files are missing: reinstall the package")
    return Path(list(spec.submodule_search_locations)[0])


def bundled_lab_folders(lab_id: str) -> dict[str, Path]:
    """Every folder of a bundled lab, by kind (the rubric is ``rubrics/<lab>.yaml``)."""
    folders = {kind: asset_folder(kind) / lab_id for kind in ASSET_FOLDERS if kind not in ("rubrics", "docs")}
    folders["rubric"] = asset_folder("rubrics") / f"{lab_id}.yaml"
    return folders


def bundled_lab(lab_id: str, title: str, package_file: str, spec: str | None = None, **hooks) -> "Lab":
    """The Lab of a lab shipped with the grader: its suites in ``suites/`` beside its package
    (``package_file`` is the package's ``__file__``), its files in the bundled folders, its
    specification the page ``spec`` of docs/ (e.g. ``labs/<lab>.md``), and ``hooks``
    (diagnose, handout, after_check, causes, mutation) as given."""
    from grader.lab.registry import Lab

    folders = bundled_lab_folders(lab_id)
    return Lab(id=lab_id, title=title, suites=Path(package_file).resolve().parent / "suites", rubric=folders["rubric"],
               reference=folders["reference"], starter=folders["starter"], buggy_variants=folders["buggy_variants"],
               harness=folders["harness"], examples=folders["examples"],
               spec=asset_folder("docs") / spec if spec else None, **hooks)
