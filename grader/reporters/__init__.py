"""Reporters: plugins that turn ``ClassResults`` into files (see hookspecs.py for the contract).

The built-in ones write results.json, gradebook.csv and one report.md per student. Every format
is found by name through ``output_formats()``, whether it is built in or shipped by another
package under the ``grader.reporters`` entry point group.
"""

from pathlib import Path

import pluggy

from grader.reporters import gradebook_csv
from grader.reporters import gradescope_json
from grader.reporters import junit_xml
from grader.reporters import markdown_report
from grader.reporters import prairielearn_json
from grader.reporters import results_json
from grader.reporters.html import class_page as html_class_page
from grader.reporters.html import student_page as html_student_page
from grader.reporters.hookspecs import OutputFormat, ReporterSpec
from grader.results import ClassResults

# One module a line: the order is the order of `grader export --help` and of writing.
BUILTIN = (
    results_json,
    gradebook_csv,
    markdown_report,
    html_class_page,
    html_student_page,
    junit_xml,
    gradescope_json,
    prairielearn_json,
)


def reporter_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager("grader")
    manager.add_hookspecs(ReporterSpec)
    for module in BUILTIN:
        manager.register(module)
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
