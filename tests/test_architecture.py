"""The architecture as the tree has it (issue 40).

docs/architecture.md opens with a map, one line per package. These tests keep three things in
step, so that a newcomer who reads the map finds the tree it describes:

- the map names every package of the product, and no package that is gone;
- the map says where each package runs, and only the sandbox's own packages run inside it;
- each package's ``__init__`` docstring ends with the packages it must not import, and it
  imports none of them (a rule a package states is a rule its code keeps).

That the wheel ships every package is tests/test_packaging.py's.
"""

import ast
import re

import pytest

from tests.lab_loader import ROOT
from tests.import_graph import imports_of, modules

# The product's Python packages: the grader, the sandbox's runtime, the JVM worker's sources and
# the bundled labs (installed as grader_labs.*). tests/, tools/ and bench/ are not the product.
PRODUCT = ("grader", "sandbox_runtime", "sandbox_jvm", "labs")
# Packages whose code runs in the same process as a student's code.
INSIDE = ("sandbox_runtime", "sandbox_jvm")
# Packages that state what they must not import: the core and the runtime.
RULED = ("grader", "sandbox_runtime")
MAP = ROOT / "docs" / "architecture.md"
RULE = re.compile(r"^Must not import: (.+)\.$", re.MULTILINE)


def packages(tops: tuple[str, ...] = PRODUCT) -> set[str]:
    """Every folder with an ``__init__.py`` under ``tops``, as a dotted name."""
    return {".".join(init.parent.relative_to(ROOT).parts) for top in tops for init in (ROOT / top).rglob("__init__.py")}


def map_rows() -> dict[str, str]:
    """The map's rows: package -> where it runs (the table under "## The map")."""
    text = MAP.read_text(encoding="utf-8")
    section = text.split("## The map", 1)[1].split("\n## ", 1)[0]
    return {match.group(1): match.group(2).strip()
            for match in re.finditer(r"^\| `([\w.]+)` \|[^|]*\|([^|]*)\|$", section, re.MULTILINE)}


def test_the_map_names_every_package_and_only_those():
    rows = map_rows()
    assert rows, f"no map found under '## The map' in {MAP}"
    missing = sorted(packages() - set(rows))
    gone = sorted(set(rows) - packages())
    assert not missing, f"packages the map in docs/architecture.md does not name: add a line for each: {missing}"
    assert not gone, f"the map in docs/architecture.md names packages that do not exist: remove them: {gone}"


def test_the_map_says_only_the_sandboxs_own_packages_run_inside_it():
    wrong = {name: where for name, where in map_rows().items()
             if (name.split(".")[0] in INSIDE) != (where == "inside the sandbox")
             or where not in ("inside the sandbox", "never in the sandbox")}
    assert not wrong, f"where a package runs: 'inside the sandbox' for {INSIDE} only, else 'never in the sandbox': {wrong}"


def package_rule(name: str) -> list[str]:
    """The packages ``name``'s ``__init__`` docstring says it must not import."""
    init = ROOT.joinpath(*name.split("."), "__init__.py")
    docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
    found = RULE.findall(docstring)
    return [part.strip() for part in found[-1].split(",")] if found else []


def ruled_packages() -> list[str]:
    return sorted(name for name in packages(RULED) if name != "grader")  # the root holds the command over all


@pytest.mark.parametrize("name", ruled_packages())
def test_each_package_says_what_it_must_not_import(name):
    assert package_rule(name), (f"{name}/__init__.py: its docstring should say in two lines what the package owns, "
                                "and end with a line 'Must not import: grader.x, grader.y.'")


def test_no_package_imports_what_it_says_it_must_not():
    known = modules()
    rules = {name: package_rule(name) for name in ruled_packages()}
    broken = []
    for module, path in known.items():
        # A package's rule holds for every module below it, subpackages included.
        forbidden = [banned for package, rule in rules.items() if module == package or module.startswith(package + ".")
                     for banned in rule]
        for imported in sorted(imports_of(module, path, set(known))):
            for banned in forbidden:
                if imported == banned or imported.startswith(banned + "."):
                    broken.append(f"{module} imports {imported}, which its package says it must not ({banned})")
    assert not broken, "\n".join(broken)


def test_the_grader_imports_the_runtime_only_to_find_its_files():
    """The trust boundary seen from the trusted side: grader/ runs none of sandbox_runtime's code
    (that code is the student's to rewrite); it may import the package alone, for its folder."""
    known = modules()
    found = [f"{module} imports {imported}" for module, path in known.items() if module.split(".")[0] == "grader"
             for imported in imports_of(module, path, set(known)) if imported.startswith("sandbox_runtime.")]
    assert not found, "the grader runs code from inside the sandbox:\n" + "\n".join(found)
