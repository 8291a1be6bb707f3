"""No import circles in grader/ or sandbox_runtime/, read from the code's own imports, nor between
the JVM worker's Java packages (issue 40).

A circle is a missing concept: two modules that need each other are one idea split in two, or
share a third they should both import. Every ``import`` and ``from ... import`` counts, those
inside functions too (a deferred import hides a circle from Python, not from a reader). Name the
concept and give it a module. The circles issue 40 found were cut that way:

- the terminal's console, check output, summary table and check screen: grader/terminal/screen.py;
- the engine's run state, the class folder's reader and the reporters: grader/results/output_folder.py;
- the engine's plan and the Java planner: the plan's plain data (plan.py) apart from the Python
  planner (planning.py);
- the idiom and the sandbox's proxies: grader/idiom/student_values.py;
- the sandbox's level, launcher, confinement and session: the level's probe beside the launcher
  it starts (grader/sandbox/launcher.py);
- the runtime's zygote, spare, loader and children: sandbox_runtime/workers/handover.py and
  load_steps.py.
"""

import re

from tests.import_graph import circles, import_graph
from tests.lab_loader import ROOT


def test_no_import_circle():
    found = [sorted(c) for c in circles(import_graph())]
    assert not found, f"import circles (name the concept they share and give it a module): {found}"


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def java_package_graph() -> dict[str, set[str]]:
    """The JVM worker's packages (sandbox_jvm/src) -> the packages of its own that each imports.
    A class names a class of its own package without an import, so only packages can form a
    circle a reader sees, and those are what this reads."""
    graph: dict[str, set[str]] = {}
    sources = sorted((ROOT / "sandbox_jvm" / "src").rglob("*.java"))
    for source in sources:
        text = source.read_text(encoding="utf-8")
        package = re.search(r"^package ([\w.]+);", text, re.MULTILINE)
        name = package.group(1) if package else ""
        graph.setdefault(name, set())
        for imported in re.findall(r"^import (?:static )?([\w.]+)\.(?:\w+|\*);", text, re.MULTILINE):
            graph[name].add(imported)
    ours = set(graph)
    return {name: {other for other in targets if other in ours and other != name} for name, targets in graph.items()}


def test_no_import_circle_on_the_java_side():
    graph = java_package_graph()
    assert graph, "no Java sources found under sandbox_jvm/src"
    assert circles(graph) == [], f"the JVM worker's packages import each other: {circles(graph)}"
