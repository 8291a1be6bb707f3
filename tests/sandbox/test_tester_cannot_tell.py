"""A tester cannot tell which class it is run against from anything but what the class does.

Every run of a student's tester is a fresh fork of one warm sandbox, and the class under test
lives in another process, the run's host (sandbox_runtime/hosting/host.py). A curious tester here
looks at everything that could name the class: its folder, the file deck.py (or card.py), the
module's ``__file__``, spec and loader, ``inspect.getsource``, ``sys.modules``, its environment,
argv, working folder, its parent's command line, environment and working folder in /proc, and
every long string in its memory. All of it must be the same for every class, and no class's
text may be anywhere in its reach. (tests/security/test_hostile_tester.py tries harder.)
"""

import hashlib
import json
from pathlib import Path

import pytest

from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader_labs.elevens.variants import run_tester, variant_file
from grader.sandbox import Limits

CURIOUS = '''
import hashlib, inspect, json, os, sys
import {module}

folder = os.path.dirname({module}.__file__)
try:
    with open(os.path.join(folder, "{module}.py"), "rb") as f:
        on_disk = f.read()
except OSError as e:
    on_disk = type(e).__name__.encode()
try:
    source = inspect.getsource({module})
except (OSError, TypeError) as e:
    source = type(e).__name__

def proc(name):
    try:
        with open(f"/proc/{{os.getppid()}}/{{name}}", "rb") as f:
            return f.read().decode("utf-8", "replace")
    except OSError as e:
        return type(e).__name__

def link(path):
    try:
        return os.readlink(path)
    except OSError as e:  # a jailed zygote is not dumpable: its /proc entries are closed to us
        return type(e).__name__

def texts_in_memory():
    import gc
    found = set()
    for obj in gc.get_objects():
        items = obj.values() if isinstance(obj, dict) else obj if isinstance(obj, (list, tuple)) else ()
        for item in items:
            if isinstance(item, (str, bytes)) and len(item) > 200:
                found.add(item if isinstance(item, str) else item.decode("utf-8", "replace"))
    return found

seen = {{
    "listing": sorted(os.listdir(folder)),
    "file": {module}.__file__,
    "spec": [{module}.__spec__.name, {module}.__spec__.origin, {module}.__spec__.cached, {module}.__spec__.has_location],
    "loader": type({module}.__loader__).__name__,
    "cached": {module}.__cached__,
    "modules": sorted(m for m in sys.modules if not m.startswith("_")),
    "meta_path": [type(f).__name__ for f in sys.meta_path],
    "environ": dict(os.environ),
    "argv": sys.argv,
    "cwd": os.getcwd(),
    "parent_cmdline": proc("cmdline"),
    "parent_environ": proc("environ"),
    "parent_cwd": link(f"/proc/{{os.getppid()}}/cwd"),
    "on_disk": on_disk.decode("utf-8", "replace"),
    "source": source,
    "dir": {{name: sorted(dir(getattr({module}, name))) for name in dir({module}) if isinstance(getattr({module}, name), type)}},
}}
print(json.dumps({{"seen": seen, "text": hashlib.sha256(on_disk).hexdigest(),
                  "memory": sorted(hashlib.sha256(t.encode("utf-8", "surrogateescape")).hexdigest() for t in texts_in_memory())}}))
'''


def observe(tmp_path: Path, module: str, classes: list[Path]) -> list[dict]:
    other = "card" if module == "deck" else "deck"
    tester = tmp_path / f"{module}_tester.py"
    tester.write_text(CURIOUS.format(module=module, other=other), encoding="utf-8")
    own = OwnTests({tester.name: tester}, 1, Limits(output_bytes=1 << 20))
    try:
        runs = [run_tester(own, f"{module}.py", path) for path in classes]
    finally:
        close_warm_sandboxes()
    assert [run.outcome for run in runs] == ["passed"] * len(classes), [run.message for run in runs]
    return [json.loads(run.output.strip().splitlines()[-1]) for run in runs]


@pytest.mark.parametrize("module, classes", [
    ("deck", [("reference", "deck.py"), ("Correct", "deck.py"), ("Buggy1", "deck.py"), ("Buggy5", "deck.py"),
              ("mutants", "deck-007.py")]),
    ("card", [("reference", "card.py"), ("Correct", "card.py"), ("CardBuggy2", "card.py"), ("mutants", "card-003.py")]),
])
def test_everything_but_the_class_itself_is_the_same_for_every_class(tmp_path, module, classes):
    other = "card" if module == "deck" else "deck"
    paths = [variant_file(folder, name) for folder, name in classes]
    runs = observe(tmp_path, module, paths)
    first = runs[0]["seen"]
    for run, path in zip(runs, paths):
        assert run["seen"] == first, path
        # The class under test has no file: only the tester and the lab's other file are there.
        assert run["seen"]["listing"] == sorted([f"{module}_tester.py", f"{other}.py"])
        assert run["seen"]["file"].endswith(f"/work/{module}.py")
        assert run["seen"]["on_disk"] == "FileNotFoundError" and run["seen"]["source"] == "OSError"
        assert "buggy" not in json.dumps(run["seen"]).lower() and "mutant" not in json.dumps(run["seen"]).lower()
    # No class's text is anywhere a tester could find it in memory, not even its own.
    texts = {hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}
    for index, run in enumerate(runs):
        assert not texts & set(run["memory"]), paths[index]
