"""Run the GitHub Classroom workflow that `grader classroom init` writes, step by step, the way a
runner would: each grading step's `run:` command in the student's folder, with GITHUB_OUTPUT and
GITHUB_STEP_SUMMARY pointing at files, then decode every `result=` line as the reporter does.

Used two ways:

- by tests/integrations/test_github_classroom.py, on small generated student folders;
- by .github/workflows/classroom-template.yml on a real GitHub runner:
  ``python -m tests.integrations.classroom_roundtrip --as-written --github-env`` builds a
  student repository from reference/ (the teacher's answer), runs every grading step, checks
  that it earns every point, and hands the results to the real reporter action (next step).
"""

import argparse
import base64
import json
import os
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from tests.classroom import reference_submission, write_class

JOB_ID = "run-autograding-tests"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"


@dataclass
class StepRun:
    step_id: str
    returncode: int
    stdout: str
    stderr: str
    results: list[dict]  # every `result=` line the step appended, decoded
    summary: str
    raw: list[str]  # the same lines' base64 text, as the reporter receives it

    @property
    def result(self) -> dict:
        assert len(self.results) == 1, f"step {self.step_id} wrote {len(self.results)} results\n{self.stdout}\n{self.stderr}"
        return self.results[0]


def grader(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def student_repo(root: Path, files: dict[str, str] | None = None) -> Path:
    """A student repository: the files at its top, as a Classroom template would have them."""
    return write_class(root, {"repo": reference_submission() if files is None else files}) / "repo"


def init(repo: Path, *args: str) -> dict:
    """`grader classroom init` in ``repo``; the parsed workflow."""
    done = grader("classroom", "init", "--lab", "elevens", *args, cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    return load_workflow(repo)


def load_workflow(repo: Path) -> dict:
    return yaml.safe_load((repo / ".github" / "workflows" / "classroom.yml").read_text(encoding="utf-8"))


def grading_steps(workflow: dict) -> list[dict]:
    """The steps whose command is `grader check ... --github`, in order."""
    steps = workflow["jobs"][JOB_ID]["steps"]
    return [s for s in steps if "run" in s and shlex.split(s["run"])[:2] == ["grader", "check"]]


def reporter_step(workflow: dict) -> dict:
    return next(s for s in workflow["jobs"][JOB_ID]["steps"] if s.get("uses") == REPORTER)


def run_step(step: dict, repo: Path, scratch: Path, as_written: bool = False) -> StepRun:
    """Run one grading step's command in ``repo``, as a runner would.

    ``as_written`` runs the `run:` line through bash exactly (the `grader` on PATH); otherwise
    `grader` is replaced by this interpreter's `python -m grader.cli`, so no PATH is needed.
    """
    output, summary = scratch / f"{step['id']}.output", scratch / f"{step['id']}.summary.md"
    output.write_text("", encoding="utf-8")
    env = {**os.environ, "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_WORKSPACE": str(repo),
           "GITHUB_ACTIONS": "true"}
    if as_written:
        command = ["bash", "-e", "-c", step["run"]]
    else:
        argv = shlex.split(step["run"])
        assert argv[0] == "grader", step["run"]
        command = [sys.executable, "-m", "grader.cli", *argv[1:]]
    done = subprocess.run(command, capture_output=True, text=True, cwd=repo, env=env, timeout=600)
    raw = [line.split("=", 1)[1] for line in output.read_text(encoding="utf-8").splitlines() if line.startswith("result=")]
    return StepRun(step["id"], done.returncode, done.stdout, done.stderr, decode_results(output),
                   summary.read_text(encoding="utf-8") if summary.exists() else "", raw)


def decode_results(output: Path) -> list[dict]:
    """Every `result=` line of a GITHUB_OUTPUT file, decoded the way the reporter decodes it."""
    lines = output.read_text(encoding="utf-8").splitlines()
    return [json.loads(base64.b64decode(line.split("=", 1)[1]).decode("utf-8")) for line in lines if line.startswith("result=")]


def classroom_points(results: list[dict]) -> tuple[float, float]:
    """What Classroom records, added up exactly as the reporter's notify-classroom.js does: every
    test's score of every runner whose max_score is not 0, out of those max_scores."""
    total = most = 0
    for result in results:
        if not result.get("max_score"):
            continue
        most += result["max_score"]
        for test in result["tests"]:
            total += test["score"]
    return total, most


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--activity", action="append", default=[], help="only these activities (default: the workflow's)")
    parser.add_argument("--as-written", action="store_true", help="run each step's command through bash, as written")
    parser.add_argument("--github-env", action="store_true",
                        help="also write <ID>_RESULTS to $GITHUB_ENV and runners= to $GITHUB_OUTPUT, for the real reporter")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="classroom-roundtrip-") as tmp:
        repo = student_repo(Path(tmp))
        extra = [a for activity in args.activity for a in ("--activity", activity)]
        workflow = init(repo, "--install", "elevens-grader", *extra)
        steps = grading_steps(workflow)
        reporter = reporter_step(workflow)
        assert reporter["with"]["runners"] == ",".join(s["id"] for s in steps), reporter
        runs = [run_step(step, repo, Path(tmp), args.as_written) for step in steps]
        problems = []
        for run in runs:
            result = run.result
            points = sum(t["score"] for t in result["tests"])
            print(f"{run.step_id:6} exit {run.returncode}  {result['status']:5} {points:g} / {result['max_score']:g}")
            if run.returncode != 0 or result["status"] != "pass" or round(points, 2) != result["max_score"]:
                problems.append(f"{run.step_id}: exit {run.returncode}, {result['status']}, {points} / {result['max_score']}\n"
                                f"{run.stdout[-3000:]}\n{run.stderr[-3000:]}")
        total, most = classroom_points([r.result for r in runs])
        print(f"Classroom would record {total} / {most}")
        if round(total, 2) != round(most, 2):
            problems.append(f"the reporter's sum is {total} / {most}")
        if args.github_env:
            # The variables the generated reporter step lists, each with its step's raw result.
            raw = {run.step_id: run.raw[0] for run in runs}
            with open(os.environ["GITHUB_ENV"], "a", encoding="utf-8") as env:
                for name, value in reporter["env"].items():
                    env.write(f"{name}={raw[value.split('.')[1]]}\n")
            with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as out:
                out.write(f"runners={reporter['with']['runners']}\n")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
