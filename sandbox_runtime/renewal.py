"""Fresh student modules for every test of a warm worker, from code compiled once.

A warm zygote (zygote.py, with "warm" in its load request) calls ``Renewal(staging_dir)`` before
it imports anything of the student's: every ``.py`` file of the sandbox folder (the student's
files, the lab's stand-ins, the harness) is read once and offered to the import system from
memory (sources.py), so each is compiled exactly once, when first imported, and the order in
which the load *finished* importing them is recorded (a file's imports finish before it does).

Between two tests a warm worker calls ``forget()`` (the modules leave ``sys.modules``) and then
``execute()``: each recorded module is executed anew, from the same code object, into a new
module object that is put in ``sys.modules`` first, in the recorded order, so a file that does
``from widget import Widget`` binds to the new ``widget``; then the methods the activity switches off
(``disable``) are switched off again. What the student's files do at import runs again, as it
did in the zygote; a file of the sandbox that was imported only during a test is simply gone
again, and imported anew (still from memory) if the next test needs it.

Modules are loaded exactly as the import system loads them (``module_from_spec``: the same
``__name__``, ``__file__``, ``__spec__``, ``__loader__``, ``__cached__``), so nothing a test can
look at tells a renewed module from the zygote's.
"""

import importlib.machinery
import importlib.util
import os
import sys

from sandbox_runtime import sources


class Recording(sources.SourceInMemory):
    """A sandbox file's loader: compiles once, and records when the load finished importing it."""

    def __init__(self, fullname: str, path: str, source: bytes, renewal: "Renewal") -> None:
        super().__init__(fullname, path, source)
        self.renewal = renewal

    def exec_module(self, module) -> None:
        super().exec_module(module)
        if self.renewal.recording:
            self.renewal.order.append(self.name)


class Renewal:
    def __init__(self, staging_dir: str) -> None:
        self.loaders: dict[str, Recording] = {}
        self.order: list[str] = []  # the modules the load imported, each after its imports
        self.recording = True
        self.disable: list[str] = []
        for entry in sorted(os.listdir(staging_dir)):
            name, dot, extension = entry.rpartition(".")
            path = os.path.join(staging_dir, entry)
            if dot and extension == "py" and name.isidentifier() and os.path.isfile(path):
                with open(path, "rb") as file:
                    self.loaders[name] = Recording(name, path, file.read(), self)
        finder = sources.FINDER.install()
        for loader in self.loaders.values():
            finder.add(loader)
        self.names = frozenset(self.loaders)
        self.specs: dict = {}

    def loaded(self, disable: list[str]) -> None:
        """The load is done: from now on ``order`` is the list to execute for every test."""
        self.recording = False
        self.disable = list(disable)
        for name in self.order:
            module = sys.modules.get(name)
            self.specs[name] = getattr(module, "__spec__", None)

    def forget(self) -> None:
        """Take every module of the sandbox folder out of ``sys.modules`` (their objects die
        with the last reference to them)."""
        modules = sys.modules
        for name in self.names:
            modules.pop(name, None)

    def execute(self) -> str | None:
        """Execute the recorded modules anew (see the module docstring). None, or why not."""
        modules = sys.modules
        for name in self.order:
            loader = self.loaders[name]
            spec = importlib.machinery.ModuleSpec(name, loader, origin=loader.path)
            spec.has_location = True
            template = self.specs.get(name)
            if template is not None:
                spec.cached = template.cached
            module = importlib.util.module_from_spec(spec)
            modules[name] = module
            try:
                exec(loader.get_code(name), module.__dict__)
            except BaseException as exc:  # noqa: BLE001 - the student's import code, run again
                modules.pop(name, None)
                return f"executing {name}.py again raised {type(exc).__name__}"
        if self.disable:
            from sandbox_runtime.zygote import disable  # the same switch the load used

            if disable(self.disable, "") is not None:
                return "switching the activity's methods off again failed"
        return None
