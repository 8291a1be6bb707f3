"""The steps of a sandbox's load: import its modules (``load``), switch off the methods another
activity grades (``disable``), and compile the lab's stand-ins to import later (``compile_stand_ins``).

The first two run wherever the sandbox's files are imported: in the zygote of a tester's sandbox
(the lab's own files), in the loader the zygote forks for a student's files (loading.py), and in
each worker once its test is handed to it (spare.py). Kept apart from zygote.py, which asks for
them, so that neither of the others imports the zygote to run them.
"""

import importlib
import os
import sys

from sandbox_runtime import sources
from sandbox_runtime.workers import names
from sandbox_runtime.wire.failures import describe


def load(modules: list[str], staging_dir: str) -> dict:
    for module in modules:
        try:
            importlib.import_module(module)
        except BaseException as exc:  # noqa: BLE001 - SystemExit at import is the student's bug
            return {"error": {**describe(exc, staging_dir), "module": module}}
    return {"ok": modules}


def disable(paths: list[str], staging_dir: str) -> dict | None:
    """Make methods named ``module.Class.method`` do nothing, so an activity can judge a file
    without the parts another activity owns (one method switched off, because another activity grades it)."""
    for path in paths:
        module_name, class_name, method = path.split(".")
        try:
            cls = names.resolve(sys.modules[module_name], class_name)
            setattr(cls, names.resolve_name(cls, method), lambda self, *args, **kwargs: None)
        except BaseException as exc:  # noqa: BLE001
            return {"error": {**describe(exc, staging_dir), "module": module_name}}
    return None


def compile_stand_ins(modules: list[str], staging_dir: str) -> dict | None:
    """Compile these files now and import them from that code when they are first imported.

    For a lab stand-in that imports what changes from run to run (a stand-in that
    imports the file under test): it cannot be imported before the class under test exists,
    but it need not be read and compiled again for each run.
    """
    for module in modules:
        path = os.path.join(staging_dir, f"{module}.py")
        try:
            with open(path, "rb") as file:
                source = file.read()
            sources.offer(module, path, source, compile(source, path, "exec", dont_inherit=True))
        except BaseException as exc:  # noqa: BLE001
            return {"error": {**describe(exc, staging_dir), "module": module}}
    return None
