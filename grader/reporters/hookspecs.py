"""The reporter hook: the one contract between grading and every output format.

A reporter offers one or more ``OutputFormat``s. ``grader grade`` (and ``grader check --out``)
writes every format marked ``in_grade`` into its output folder; ``grader export NAME
RESULTS.json`` writes any format, by name, from a results.json written earlier. So a new format
(for a new LMS, say) is one module with one hook implementation, registered in
``grader/reporters/__init__.py`` or shipped by another package under the ``grader.reporters``
entry point group; the command line picks it up by its name.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pluggy

from grader.results.model import ClassResults

hookspec = pluggy.HookspecMarker("grader")
hookimpl = pluggy.HookimplMarker("grader")


@dataclass(frozen=True)
class OutputFormat:
    """One way of writing a run's results.

    ``write(results, path)`` writes the format at ``path`` and returns every file it wrote.
    ``path`` is a file for a one-file format, or a folder for a format that writes several
    files (one report per student): ``folder`` says which. ``default_name`` is where ``grade``
    puts it inside its output folder ("" for the output folder itself).

    ``results`` is plain data (dataclasses of str, float and lists). A writer must not change
    it, and must write files atomically (to a temporary name, then rename) so a crash never
    leaves a half-written report behind: ``atomic.write_atomically`` does that, with the file
    modes ``open()`` would give.
    """

    name: str  # the name `grader export` takes: lower case, e.g. "junit"
    summary: str  # one line for `grader export --help`
    default_name: str
    write: Callable[[ClassResults, Path], list[Path]]
    folder: bool = False
    in_grade: bool = True


class ReporterSpec:
    @hookspec
    def grader_output_formats(self) -> list[OutputFormat]:
        """The formats this reporter offers."""
