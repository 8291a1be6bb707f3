"""Reporters: plugins that turn ``ClassResults`` into files (see hookspecs.py for the contract).

The built-in ones write results.json, gradebook.csv and one report.md per student. Every format
is found by name through ``output_formats()``, whether it is built in or shipped by another
package under the ``grader.reporters`` entry point group.

Must not import: grader.engine, grader.sandbox, grader.commands, grader.terminal, grader.cli.
"""

import importlib
from pathlib import Path

import pluggy

from grader.reporters.hookspecs import OutputFormat, ReporterSpec
from grader.results.model import ClassResults
from grader.results.output_folder import OUTPUT_MARKER, STATE

# One module a line: the order is the order of `grader export --help` and of writing. Named,
# not imported: they are imported when a report is written, so a command that writes none
# (a student's `grader check`) does not pay for them.
BUILTIN = (
    "grader.reporters.results_json",
    "grader.reporters.gradebook_csv",
    "grader.reporters.markdown_report",
    "grader.reporters.html.class_page",
    "grader.reporters.html.student_page",
    "grader.reporters.junit_xml",
    "grader.reporters.gradescope_json",
    "grader.reporters.prairielearn_json",
)


def reporter_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager("grader")
    manager.add_hookspecs(ReporterSpec)
    for name in BUILTIN:
        manager.register(importlib.import_module(name))
    manager.load_setuptools_entrypoints("grader.reporters")
    return manager


def output_formats() -> dict[str, OutputFormat]:
    """Every format offered, by name, in the order the reporters were registered."""
    found: dict[str, OutputFormat] = {}
    for offered in reversed(reporter_manager().hook.grader_output_formats()):  # pluggy calls last-registered first
        for output in offered:
            if output.name in found:
                raise ValueError(f"two reporters offer a format called {output.name!r}; rename one")
            found[output.name] = output
    return found


def write_run_outputs(results: ClassResults, out_dir: Path) -> list[Path]:
    """What `grader grade` writes into its output folder: every format marked ``in_grade``."""
    written: list[Path] = []
    for output in output_formats().values():
        if output.in_grade:
            written += output.write(results, out_dir / output.default_name if output.default_name else out_dir)
    return written


def output_names() -> frozenset[str]:
    """Every name `grader grade` (or `check --out`) may use at the top of its output folder: the
    formats' files, the run's state folder and its marker. No submission id may be one of these
    (grader/intake/names.py), or its report folder would take the place of, say, gradebook.csv."""
    return frozenset({*(o.default_name for o in output_formats().values() if o.default_name), STATE, OUTPUT_MARKER})
