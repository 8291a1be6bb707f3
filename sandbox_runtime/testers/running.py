"""Running a student's own tester inside the sandbox, and saying how it ended.

The tester's style is read from its contents (styles.py), never from its name:

- a **script** (the lab's way) runs as ``__main__`` and passes when it runs to its end: an
  AssertionError, any other exception or ``sys.exit`` part-way (even ``sys.exit(0)``) means it
  did not. ``sys.exit(0)`` as the very last thing it does (``sys.exit(main())`` on the file's
  last line, or a ``main()`` that ends with it) is running to the end;
- a **unittest** file is imported as a module and its TestCases run (unittest_style.py);
- a **pytest** file is imported as a module and its tests called (pytest_style.py).

While a unittest or pytest file is imported, ``unittest.main()`` and ``pytest.main()`` do
nothing: the grader runs the tests itself. The reply is plain data: ``passed``, ``how``, the
``style``, and on a failure the ``test`` that failed and the ``error`` (see wire/failures.py).

**Prepared once, run many times.** Activity 5 runs the same tester against some forty classes,
each run in a fresh worker forked from one zygote. The zygote reads each tester file, decides its
style and compiles it once (``prepare``); every run then executes that code object, exactly as
``runpy`` or an import would have run the file (same ``__file__``, same frames, the compiler's
warnings shown again in each run's output). A file that does not compile, or is bytecode, is
left to the run, which meets the same error the same way it always did.

**The class under test lives in another process** (``host``: the module's name and the lab's
interface of it): the tester imports a module that forwards to the run's host (hosting/guest.py,
hosting/host.py). ``provide`` (``{"widget.py": source}``, imported from that text: sources.py) remains
for a caller that runs a tester beside a class in its own process.
"""

import ast
import importlib.util
import os
import runpy
import sys
import traceback
import warnings

from sandbox_runtime import sources
from sandbox_runtime.testers import pytest_style, unittest_style
from sandbox_runtime.wire.failures import tester_failure
from sandbox_runtime.testers.pytest_preload import STATUS as PYTEST_STATUS
from sandbox_runtime.testers.styles import PYTEST, SCRIPT, UNITTEST, style_of

RUNNERS = {UNITTEST: unittest_style.run, PYTEST: pytest_style.run}


class Prepared:
    """One tester file as the zygote found it: its bytes, its style, its code (None: the run
    compiles it itself) and the warnings compiling it gave."""

    def __init__(self, source: bytes, style: str, code, warned: list) -> None:
        self.source = source
        self.style = style
        self.code = code
        self.warned = warned


PREPARED: dict[str, Prepared] = {}


def prepare(paths: list[str], staging_dir: str) -> None:
    """In the zygote: read, classify and compile each tester file once (never run it)."""
    for path in paths:
        full = os.path.join(staging_dir, path)
        try:
            with open(full, "rb") as file:
                source = file.read()
            style = style_of(source)
        except Exception:  # noqa: BLE001 - unreadable here: the run reads it and says why
            continue
        code, warned = None, []
        if not source.startswith(importlib.util.MAGIC_NUMBER):  # runpy would run it as bytecode
            with warnings.catch_warnings(record=True) as warned:
                warnings.simplefilter("always")
                try:
                    # As runpy and SourceFileLoader compile a file (neither inherits a future import).
                    code = compile(source, full, "exec", dont_inherit=True)
                except Exception:  # noqa: BLE001 - a SyntaxError, say: the run shows it as it always did
                    code, warned = None, []
        if code is not None:
            sources.prime_linecache(full, source)
        PREPARED[path] = Prepared(source, style, code, list(warned))


def run_tester(path: str, staging_dir: str, provide: dict | None = None, host: dict | None = None,
               host_fd: int | None = None) -> dict:
    """Run one tester file; ``provide`` maps a file name of the sandbox folder (``widget.py``) to
    the source the module of that name is to be imported from; ``host`` names the module whose
    class lives in the host process (``host_fd``) and the lab's interface of it (hosting/guest.py)."""
    if host is not None:
        from sandbox_runtime.hosting import guest

        if host_fd is None:  # the host did not start: nothing of the tester's doing
            return {"passed": False, "how": "no host", "style": ""}
        if guest.GUEST is None:  # once per run, for its first tester file
            from sandbox_runtime.hosting.host import seed_unseeded_randoms

            seed_unseeded_randoms()  # a tester's unseeded random.Random() asks the same in every run
            guest.install(host_fd, host, staging_dir)
    for name, text in (provide or {}).items():
        module = os.path.splitext(name)[0]
        sys.modules.pop(module, None)
        sources.offer(module, os.path.join(staging_dir, name), text.encode("utf-8", "surrogateescape"))
    full = os.path.join(staging_dir, path)
    prepared = PREPARED.get(path)
    if prepared is not None:
        source, style, code = prepared.source, prepared.style, prepared.code
        for warning in prepared.warned:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    else:
        with open(full, "rb") as file:
            source = file.read()
        style, code = style_of(source), None
    if style == SCRIPT:
        result = _run_script(full, source, staging_dir, code)
    else:
        try:
            with _runners_disabled():
                module = _import(full, path, source, code)
            result = RUNNERS[style](module, staging_dir)
        except BaseException as exc:  # noqa: BLE001 - at import, or around the tests (a load_tests)
            result = tester_failure(exc, staging_dir)
    reply = {**_grader_problem(result), "style": style}
    if host is not None:
        from sandbox_runtime.hosting import guest

        # What the class answered in this run, as its host recorded and signed it: the grader
        # counts a failure on a wrong class only if the class answered differently (it checks
        # the signature; this process never had the key: grader/testers/transcripts.py).
        try:
            reply["transcript"] = guest.GUEST.transcript() if guest.GUEST is not None else None
        except BaseException:  # noqa: BLE001 - the tester replaced what asks for it: it has none
            reply["transcript"] = None
    return reply


def _run_script(full: str, source: bytes, staging_dir: str, code=None) -> dict:
    try:
        if code is not None and hasattr(runpy, "_run_module_code"):
            # What runpy.run_path(full, run_name="__main__") does once it has compiled the file.
            runpy._run_module_code(code, None, "__main__", pkg_name="", script_name=full)
        else:
            runpy.run_path(full, run_name="__main__")
    except SystemExit as exc:
        if exc.code in (0, None) and _exits_at_its_end(exc, full, source):
            return {"passed": True, "how": "ran to the end"}
        return tester_failure(exc, staging_dir)
    except BaseException as exc:  # noqa: BLE001 - the tester failing is the point
        return tester_failure(exc, staging_dir)
    return {"passed": True, "how": "ran to the end"}


def _import(full: str, path: str, source: bytes | None = None, code=None):
    """The tester as a module named after its file (not ``__main__``: no main block runs)."""
    name = os.path.splitext(os.path.basename(path))[0]
    if not name.isidentifier() or name in sys.modules:
        name = "student_tester"
    loader = None if code is None else sources.SourceInMemory(name, full, source, code)
    spec = importlib.util.spec_from_file_location(name, full, loader=loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _quiet_main(*args, **kwargs) -> None:
    """Stands in for ``unittest.main``/``pytest.main`` while a test file is imported."""


class _runners_disabled:  # noqa: N801 - used as a context, like contextlib's helpers
    """``unittest.main`` and ``pytest.main`` do nothing inside this context."""

    def __enter__(self) -> None:
        owners = [sys.modules.get("unittest"), sys.modules.get("pytest")]
        self.saved = [(owner, owner.main) for owner in owners if owner is not None and hasattr(owner, "main")]
        for owner, _ in self.saved:
            owner.main = _quiet_main

    def __exit__(self, *exc_info) -> None:
        for owner, main in self.saved:
            owner.main = main


def _exits_at_its_end(exc: SystemExit, full: str, source: bytes) -> bool:
    """Whether ``sys.exit`` was called by the file's last statement (or the last statement of
    the main guard), directly or as the last statement of each of the file's functions on the
    way: the script had nothing left to run."""
    frames = _frames_from_module(exc, full)
    if not frames or frames[0].name != "<module>" or any(f.filename != full for f in frames):
        return False
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    for frame in frames:
        body = _body_of(tree, frame.name, frame.lineno)
        if not body or not body[-1].lineno <= frame.lineno <= body[-1].end_lineno:
            return False
    return True


def _frames_from_module(exc: BaseException, full: str) -> list:
    """The frames from the tester's module frame inward (runpy's own frames come before it)."""
    frames = traceback.extract_tb(exc.__traceback__)
    start = next((i for i, f in enumerate(frames) if f.filename == full), len(frames))
    return frames[start:]


def _body_of(tree: ast.Module, function: str, line: int) -> list:
    """The statements whose last one a frame at ``line`` must be in: the module's (or its main
    guard's, when the file ends with one), or those of the function ``function`` around ``line``."""
    if function == "<module>":
        body = tree.body
        final = body[-1] if body else None
        if isinstance(final, ast.If) and final.lineno <= line <= final.end_lineno and final.body:
            return final.body if line <= final.body[-1].end_lineno else final.orelse
        return body
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function \
                and node.lineno <= line <= node.end_lineno:
            return node.body
    return []


def _grader_problem(result: dict) -> dict:
    """A tester that imports pytest when the grader could not provide it: say so (it is the
    grader's problem, not the student's)."""
    error = result.get("error") or {}
    if not result.get("passed") and not PYTEST_STATUS["available"] and error.get("type") == "ModuleNotFoundError" \
            and ("'pytest" in error.get("message", "") or "'_pytest" in error.get("message", "")):
        return {**result, "how": "no pytest", "why": PYTEST_STATUS["why"]}
    return result
