"""Mutation audit of a lab's suites: do they catch every bug the contract forbids?

    python tools/audit_suites.py --lab elevens [--file card.py ...] [--jobs 2] [--report FILE]
    python tools/audit_suites.py --lab elevens --java [--file Card.java ...]     (the Java edition)

Makes first-order mutants of every reference file a student writes (tools/suite_audit/operators.py:
comparisons both ways, boolean operators and dropped conditions, constants and texts, values
swapped, return values, deleted statements, swapped arguments, shifted indexes, loop bounds,
``is`` for ``==`` on ints, and a special case for one input from the lab's config), grades each as a student with hidden tests
(``grader grade``, only the activities that own the file), and writes a Markdown report: kill
rates per file and activity, every survivor, and which survivors the lab's triage file
(tools/suite_audit/labs/<lab>/survivors/<file>.yaml) explains. Exit status 1 when a survivor is
unexplained (a gap), 0 otherwise. A tool, not a test: a full audit of a lab takes minutes.
"""

import argparse
import shlex
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import yaml  # noqa: E402

from grader.lab.registry import LabError, get_lab  # noqa: E402
from grader.lab.suite_index import closest  # noqa: E402
from suite_audit.grading import compiling, grade_mutants, java_owners, owners  # noqa: E402
from suite_audit.java_operators import java_mutants  # noqa: E402
from suite_audit.operators import SpecialCase, mutants  # noqa: E402
from suite_audit.report import load_triage, render  # noqa: E402

AUDIT_DATA = ROOT / "tools" / "suite_audit" / "labs"


def lab_mutants(lab_id: str, files: list[str], java: bool, jobs: int):
    """(file, activities that grade it, its mutants) for each file audited. The Java edition's
    settings are the config's ``java:`` section (same keys)."""
    lab = get_lab(lab_id)
    config_file = AUDIT_DATA / lab_id / "config.yaml"
    config = yaml.safe_load(config_file.read_text(encoding="utf-8")) if config_file.exists() else {}
    if java:
        config = config.get("java") or {}
    owned = java_owners(lab.rubric, lab.java_activities) if java else owners(lab.rubric)
    reference = lab.reference / "java" if java else lab.reference
    make = java_mutants if java else mutants
    for name in files or sorted(owned):
        if name not in owned:
            raise SystemExit(f"--file {name}: not a file any activity of {lab_id} grades{closest(name, sorted(owned))}; "
                             f"choose from {', '.join(sorted(owned))}")
        cases = tuple(SpecialCase(c["when"], tuple(c.get("functions", ["*"])))
                      for c in (config.get("special_cases") or {}).get(name, []))
        source = (reference / name).read_text(encoding="utf-8")
        found = make(name, source, tuple(config.get("skip_lines", [])), set(config.get("skip_functions", [])), cases,
                     **({} if java else {"int_valued": tuple(config.get("int_valued", []))}))
        if java:
            found = compiling(found, reference, jobs)
        yield name, owned[name], found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lab", required=True)
    parser.add_argument("--file", action="append", default=[], help="only this reference file (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report", type=Path, help="write the Markdown report here (default: print it)")
    parser.add_argument("--java", action="store_true", help="audit the Java edition (reference/<lab>/java/)")
    parser.add_argument("--list", action="store_true", help="only list the mutants, grade nothing")
    args = parser.parse_args()
    try:
        get_lab(args.lab)
    except LabError as error:
        parser.exit(2, f"audit_suites.py: --lab: {error}\n")
    if args.report and not args.report.parent.is_dir():  # found now, not after minutes of grading
        parser.exit(2, f"audit_suites.py: --report {args.report}: the folder {args.report.parent} does not exist\n")
    verdicts = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="audit-") as tmp:
        reference = get_lab(args.lab).reference / ("java" if args.java else "")
        for name, activities, found in lab_mutants(args.lab, args.file, args.java, args.jobs):
            if args.list:
                for m in found:
                    print(f"{m.id}  {m.file}:{m.line}  {m.before}  ->  {m.after}")
                continue
            print(f"{name}: {len(found)} mutants, graded in {', '.join(activities)} ...", file=sys.stderr, flush=True)
            verdicts += grade_mutants(args.lab, reference, found, activities,
                                      Path(tmp) / name, args.jobs, args.seed)
    if args.list:
        return 0
    stems = {v.mutant.file.rsplit(".", 1)[0] for v in verdicts}
    triage = {k: v for k, v in load_triage(AUDIT_DATA / args.lab / "survivors").items() if k.split(".")[0] in stems}
    command = "python tools/audit_suites.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    text, gaps = render(args.lab, verdicts, triage, command)
    text += f"\nGraded in {time.monotonic() - started:.0f} s.\n"
    if args.report:
        args.report.write_text(text, encoding="utf-8")
        print(f"{len(verdicts)} mutants, {len(gaps)} gaps; report: {args.report}")
    else:
        print(text)
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
