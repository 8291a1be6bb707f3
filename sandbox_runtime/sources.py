"""Modules whose source is already in memory: imported without reading the disk again.

Three users, one mechanism:

- the launcher reads every file of this runtime once, when it starts, and imports the parts it
  does not need at once (the testers' runner in a plain launcher) from those copies, so nothing
  is ever read from the launcher's folder after the first sandbox exists (a student could have
  written to it);
- a tester's zygote compiles the lab's stand-in that cannot be imported before the class under
  test exists (a stand-in that imports the file that changes from run to run) and the
  student's tester files once, and every run executes those code objects;
- a tester run gets the class under test as source text in its request and imports it from
  there: no file names it, and whatever is on disk cannot stand in for it.

A module imported this way looks like one imported from its file: the same ``__file__``,
``__spec__.origin`` and ``__cached__``, a ``SourceFileLoader`` (a subclass) whose ``get_source``
gives the same text, and ``linecache`` primed with that text, so tracebacks and
``inspect.getsource`` show exactly the code that runs. Its bytecode cache is never read.
"""

import importlib.machinery
import importlib.util
import io
import linecache
import sys
import tokenize


class SourceInMemory(importlib.machinery.SourceFileLoader):
    """The loader of one module file whose source (and maybe code) is held here."""

    def __init__(self, fullname: str, path: str, source: bytes, code=None) -> None:
        super().__init__(fullname, path)
        self.source = source
        self.code = code

    def get_data(self, path):
        if path == self.path:
            return self.source
        return super().get_data(path)

    def get_code(self, fullname):
        if self.code is None:
            self.code = compile(self.source, self.path, "exec", dont_inherit=True)
        return self.code

    def exec_module(self, module) -> None:
        prime_linecache(self.path, self.source)
        super().exec_module(module)


class InMemoryFinder:
    """A meta path finder offering exactly the modules registered with it, by full name."""

    def __init__(self) -> None:
        self.loaders: dict[str, SourceInMemory] = {}

    def add(self, loader: SourceInMemory) -> None:
        self.loaders[loader.name] = loader

    def find_spec(self, name, path=None, target=None):
        loader = self.loaders.get(name)
        if loader is None:
            return None
        return importlib.util.spec_from_file_location(name, loader.path, loader=loader)

    def install(self) -> "InMemoryFinder":
        """Put this finder before the path finder (it offers no name the standard library has)."""
        if self not in sys.meta_path:
            sys.meta_path.insert(0, self)
        return self


# The one finder of this process (a zygote's or a worker's), installed when first needed.
FINDER = InMemoryFinder()


def offer(name: str, path: str, source: bytes, code=None) -> None:
    """Make ``import name`` run ``code`` (or ``source``) as the file at ``path``."""
    FINDER.install().add(SourceInMemory(name, path, source, code))


def prime_linecache(path: str, source: bytes) -> None:
    """What ``linecache`` would read from ``path``, read from ``source`` instead (as
    ``linecache.updatecache`` decodes a file: its coding cookie, universal newlines)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        lines = io.TextIOWrapper(io.BytesIO(source), encoding=encoding).readlines()
    except (SyntaxError, LookupError, UnicodeDecodeError, ValueError):
        return
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    linecache.cache[path] = (len(source), None, lines, path)  # no mtime: never checked against the disk
