"""Modules whose source is already in memory: imported without reading the disk again.

Three users, one mechanism (and one alias, below):

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


class AliasLoader:  # a loader by its two methods (importlib.abc would cost every sandbox an import)
    """``import Widget`` gives the module ``widget`` itself (the same object, so ``Widget.Widget is
    widget.Widget``): a student's file named ``Widget.py`` is staged as the lab's ``widget.py``
    (grader/engine/plan.py), and their other files import it by the name they gave it."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):
        return None  # a placeholder, replaced below: the target's own spec and attributes stay untouched

    def exec_module(self, module) -> None:
        # The import system returns whatever sys.modules holds under the name once this returns.
        sys.modules[module.__name__] = importlib.import_module(self.target)


class AliasFinder:
    """Offers each alias name (a module name a student gave a lab file), but only while the lab
    module it stands for can be imported here: otherwise the import fails under the student's
    own name, as it would on their machine."""

    def __init__(self) -> None:
        self.aliases: dict[str, str] = {}

    def find_spec(self, name, path=None, target=None):
        aimed = self.aliases.get(name)
        if aimed is None or path is not None:
            return None
        try:
            if aimed not in sys.modules and importlib.util.find_spec(aimed) is None:
                return None
        except (ImportError, ValueError):
            return None
        return importlib.machinery.ModuleSpec(name, AliasLoader(aimed))


ALIASES = AliasFinder()


def alias(names) -> None:
    """Make ``import given`` give the module ``lab`` for each ``given -> lab`` of ``names``
    (plain JSON from the grader). Never a name of the standard library, nor one offered or
    already imported: an alias only fills a name nothing else answers."""
    if type(names) is not dict:
        return
    standard = getattr(sys, "stdlib_module_names", ())
    for given, lab in names.items():
        if (type(given) is str and type(lab) is str and given.isidentifier() and lab.isidentifier()
                and given != lab and given not in standard and given not in sys.modules):
            ALIASES.aliases[given] = lab
    if ALIASES.aliases and ALIASES not in sys.meta_path:
        sys.meta_path.append(ALIASES)  # last: a file or module of that very name always comes first


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
