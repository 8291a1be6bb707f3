"""The reporter hook: the one contract between grading and every output format."""

from pathlib import Path

import pluggy

from grader.results import ClassResults

hookspec = pluggy.HookspecMarker("grader")
hookimpl = pluggy.HookimplMarker("grader")


class ReporterSpec:
    @hookspec
    def grader_write_reports(self, results: ClassResults, out_dir: Path) -> list[Path]:
        """Write this reporter's files for a finished run into ``out_dir``; return their paths.

        ``results`` is plain data (dataclasses of str, float and lists). A reporter must not
        change it, and must write files atomically (to a temporary name, then rename) so a
        crash never leaves a half-written report behind: ``atomic.write_atomically`` does that,
        with the file modes ``open()`` would give.
        """
