"""The state of a run in progress, kept in OUT/.grader-state/ so that --resume can finish it.

    OUT/.grader-state/run.json     what was asked (rubric, seed, filters, level, version)
    OUT/.grader-state/records/     one file per finished submission (records.py)

A run without --resume starts from nothing; a run with --resume refuses to mix in records made
with different options, since that would give a class two different gradings. When the run's
reports are written the state folder is removed.
"""

import hashlib
import json
import shutil
from dataclasses import asdict
from pathlib import Path

from grader import __version__
from grader.rubric import Rubric

STATE = ".grader-state"


class RunStateError(ValueError):
    pass


def run_fingerprint(rubric: Rubric, options) -> dict:
    rubric_bytes = Path(rubric.source).read_bytes() if Path(rubric.source).is_file() else rubric.source.encode()
    wanted = {k: v for k, v in asdict(options).items() if k != "jobs"}  # jobs never changes a grade
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
                f"the interrupted run in {out_dir} was started with different {', '.join(changed)}; "
                "--resume must be given the same rubric, seed, --activity, --test and --isolation "
                "(or leave out --resume to grade everything again)")
    else:
        shutil.rmtree(state, ignore_errors=True)
    (state / "records").mkdir(parents=True, exist_ok=True)
    run_file.write_text(json.dumps(fingerprint, indent=1, sort_keys=True), encoding="utf-8")
    return state / "records"


def finish_state(out_dir: Path) -> None:
    shutil.rmtree(out_dir / STATE, ignore_errors=True)
