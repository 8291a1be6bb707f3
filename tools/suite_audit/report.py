"""The audit's report: kill rates per file and per activity, and every survivor with its triage.

A survivor is a mutant that got full marks. Each must be explained in the lab's committed
triage files (``tools/suite_audit/labs/<lab>/survivors/<reference file>.yaml``, one per file so
that work on two files never touches the same one; the Java edition's in ``survivors/java/``, so
``Deck.yaml`` never meets ``deck.yaml`` on a case-insensitive disk): ``equivalent`` (no input tells it from
the reference), ``outside_contract`` (it differs only where the lab's contract says nothing;
the reason quotes the contract) or ``advisory`` (only an advisory check, worth 0, catches it).
A survivor without an entry is a *gap*: the suites miss a bug the contract forbids.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from .grading import Verdict

VERDICTS = ("equivalent", "outside_contract", "advisory")


@dataclass(frozen=True)
class Triage:
    verdict: str
    reason: str


def load_triage(folder: Path) -> dict[str, Triage]:
    """The lab's survivor explanations, checked: each entry needs a known verdict and a reason."""
    found = {}
    for path in sorted(folder.rglob("*.yaml")):
        found.update(_load_file(path))
    return found


def _load_file(path: Path) -> dict[str, Triage]:
    entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    found = {}
    for entry in entries:
        if entry.get("verdict") not in VERDICTS or not str(entry.get("reason", "")).strip():
            raise ValueError(f"{path}: entry {entry!r} needs `verdict` (one of {', '.join(VERDICTS)}) "
                             f"and a `reason` in words")
        found[entry["id"]] = Triage(entry["verdict"], entry["reason"].strip())
    return found


def _rate(killed: int, total: int) -> str:
    return f"{killed}/{total} ({100 * killed / total:.1f}%)" if total else "0/0"


def render(lab: str, verdicts: list[Verdict], triage: dict[str, Triage], command: str) -> tuple[str, list[Verdict]]:
    """The Markdown report, and the gaps (survivors nobody explained)."""
    survivors = [v for v in verdicts if not v.killed]
    gaps = [v for v in survivors if v.mutant.id not in triage]
    explained = {v.mutant.id for v in survivors} & set(triage)
    counted = [v for v in verdicts if v.mutant.id not in triage or triage[v.mutant.id].verdict != "equivalent"]
    lines = [f"# Mutation audit of the {lab} suites", "", f"Command: `{command}`", "",
             f"{len(verdicts)} mutants; {len(verdicts) - len(survivors)} killed; {len(survivors)} survived "
             f"({len(explained)} explained in the triage file, **{len(gaps)} gaps**).", "",
             "Kill rate among the mutants that are not equivalent (a mutant triaged `outside_contract` or "
             "`advisory` counts as not killed):", "", "| file | killed |", "|---|---|"]
    by_file: dict[str, list[Verdict]] = defaultdict(list)
    by_activity: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in counted:
        by_file[verdict.mutant.file].append(verdict)
        for activity in verdict.activities:
            by_activity[activity].append(verdict)
    for name, group in sorted(by_file.items()):
        lines.append(f"| {name} | {_rate(sum(v.killed for v in group), len(group))} |")
    lines += ["", "| activity | killed (mutants of the files it grades) |", "|---|---|"]
    for activity, group in sorted(by_activity.items()):
        lines.append(f"| {activity} | {_rate(sum(v.killed for v in group), len(group))} |")
    lines += ["", "## Gaps (survivors nobody explained)", ""]
    lines += [_row(v) for v in gaps] or ["None."]
    lines += ["", "## Explained survivors", ""]
    for verdict in survivors:
        if verdict.mutant.id in triage:
            entry = triage[verdict.mutant.id]
            lines.append(f"{_row(verdict)}  \n  *{entry.verdict}*: {entry.reason}")
    stale = sorted(set(triage) - {v.mutant.id for v in survivors})
    if stale:
        lines += ["", "## Triage entries that no longer match a survivor (remove them)", ""]
        lines += [f"- `{name}`" for name in stale]
    return "\n".join(lines) + "\n", gaps


def _row(verdict: Verdict) -> str:
    m = verdict.mutant
    return f"- `{m.id}` ({m.file}:{m.line}, {m.operator}): `{m.before}` → `{m.after}`"
