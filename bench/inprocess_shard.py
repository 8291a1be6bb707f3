"""The unsafe baseline for bench/grade_class.py: a grading shard with the sandbox taken out.

    python bench/inprocess_shard.py PLAN.json REPORT.json

Identical to ``grader.engine.shard`` (same plan, same pytest arguments, same plugin, same
report, same scoring) except that ``SandboxSession`` is replaced by ``InProcessSession``,
which imports the student's files into this very process, as graders without a trust boundary
do. The difference in time between the two is what the sandbox costs. Never used for grading.
"""

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from grader.engine import plugin  # noqa: E402
from grader.engine.shard import pytest_arguments  # noqa: E402
from grader.sandbox import StudentError, StudentLoadError  # noqa: E402
from sandbox_runtime import zygote  # noqa: E402
from sandbox_runtime.operations import Worker  # noqa: E402


class InProcessLink:
    def __init__(self, folder: str) -> None:
        self.worker = Worker(folder)

    def request(self, message: dict, call: str, timeout: float | None = None):
        reply = self.worker.answer(message)
        if "error" in reply:
            raise StudentError(call, reply["error"])
        return reply["ok"]

    def finish(self) -> None:
        pass


class InProcessSession:
    """Same interface as SandboxSession; the student's modules live in the grading process."""

    def __init__(self, files, modules, limits=None, disable=()) -> None:
        self.modules = modules
        self.folder = tempfile.mkdtemp(prefix="inprocess-")
        for name, source in files.items():
            shutil.copyfile(source, Path(self.folder) / name)
        self.load_error = None
        for module in ("card", "deck"):
            sys.modules.pop(module, None)
        sys.path.insert(0, self.folder)
        # The sandbox's own loading steps, run here in the grading process instead.
        reply = zygote.load(modules, self.folder)
        if "ok" in reply:
            reply = zygote.disable(list(disable), self.folder) or reply
        self.load_error = reply.get("error")

    def worker(self, seed: int) -> InProcessLink:
        if self.load_error is not None:
            raise StudentLoadError(self.load_error)
        import random
        random.seed(seed)
        return InProcessLink(self.folder)

    def output_end(self) -> int:
        return 0

    def output_since(self, offset: int) -> tuple[str, int]:
        return "", 0

    def close(self) -> None:
        sys.path.remove(self.folder)
        shutil.rmtree(self.folder, ignore_errors=True)


if __name__ == "__main__":
    plugin.SandboxSession = InProcessSession
    sys.exit(int(pytest.main(pytest_arguments(*sys.argv[1:]))))  # -p loads the patched plugin
