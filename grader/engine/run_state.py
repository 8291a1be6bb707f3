"""The state of a run, kept in OUT/.grader-state/ so that --resume can finish it or add to it.

    OUT/.grader-state/run.json     what was asked (rubric, seed, filters, level, version)
    OUT/.grader-state/records/     one file per finished submission (records.py)
    OUT/.grader-state/work/        the run's scratch: unpacked zips, shard plans and logs

Keeping the scratch here rather than in the system's temporary folder means a run that is
killed leaves nothing behind anywhere else, and the next run of the same command clears it.

A run without --resume starts from nothing; a run with --resume refuses to mix in records made
with different options, since that would give a class two different gradings. When the run's
reports are written its scratch is removed, but its records and run.json stay: `--resume` after
a finished run then keeps everyone whose files did not change and grades only late or changed
work (engine/resume.py).
"""

import hashlib
import json
import shutil
from dataclasses import asdict
from pathlib import Path

from grader import __version__
from grader.lab.rubric import Rubric
from grader.results.output_folder import OUTPUT_MARKER, STATE


class RunStateError(ValueError):
    pass


def run_fingerprint(rubric: Rubric, options) -> dict:
    rubric_bytes = Path(rubric.source).read_bytes() if Path(rubric.source).is_file() else rubric.source.encode()
    # The number of grading processes changes no grade.
    wanted = {k: v for k, v in asdict(options).items() if k != "jobs"}
    return {"grader": __version__, "rubric_sha256": hashlib.sha256(rubric_bytes).hexdigest(), **wanted}


def prepare_state(out_dir: Path, fingerprint: dict, resume: bool) -> Path:
    """The folder to save records in; earlier records are kept only when resuming the same run."""
    state = out_dir / STATE
    run_file = state / "run.json"
    if resume and run_file.is_file():
        before = json.loads(run_file.read_text(encoding="utf-8"))
        if before != fingerprint:
            changed = sorted(k for k in set(before) | set(fingerprint) if before.get(k) != fingerprint.get(k))
            raise RunStateError(
                f"the earlier run in {out_dir} was started with different {', '.join(changed)}; "
                "--resume must be given the same rubric, seed, --activity, --test and --isolation "
                "(or leave out --resume to grade everything again)")
    else:
        shutil.rmtree(state, ignore_errors=True)
    shutil.rmtree(state / "work", ignore_errors=True)  # an earlier run's scratch is never reused
    (state / "records").mkdir(parents=True, exist_ok=True)
    (state / "work").mkdir()
    (out_dir / OUTPUT_MARKER).write_text("This folder holds the output of `grader grade`; it is never graded as a student.\n",
                                         encoding="utf-8")
    run_file.write_text(json.dumps(fingerprint, indent=1, sort_keys=True), encoding="utf-8")
    return state / "records"


def scratch_dir(out_dir: Path) -> Path:
    """The run's scratch folder (made by ``prepare_state``)."""
    return out_dir / STATE / "work"


def finish_state(out_dir: Path, keep_records: bool = True) -> None:
    """End a run: remove its scratch, and keep its records for a later --resume unless the run
    was refused (then nothing of it is worth keeping)."""
    shutil.rmtree(out_dir / STATE / "work" if keep_records else out_dir / STATE, ignore_errors=True)
