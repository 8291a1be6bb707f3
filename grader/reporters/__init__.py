"""Reporters: plugins that turn ``ClassResults`` into files.

A reporter is any object with a ``grader_write_reports`` hook implementation (see hookspecs.py),
registered in ``reporter_manager`` or shipped by another package under the ``grader.reporters``
entry point group. The built-in ones write results.json, gradebook.csv and one report.md per
student; a Gradescope or JUnit reporter slots in the same way.
"""

import pluggy

from grader.reporters import gradebook_csv, markdown_report, results_json
from grader.reporters.hookspecs import ReporterSpec

BUILTIN = (results_json, gradebook_csv, markdown_report)


def reporter_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager("grader")
    manager.add_hookspecs(ReporterSpec)
    for module in BUILTIN:
        manager.register(module)
    manager.load_setuptools_entrypoints("grader.reporters")
    return manager
