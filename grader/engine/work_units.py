"""Sharing a class between grading processes so that every core stays busy to the end.

A *unit* is what one grading process does for one submission: usually all of its activities;
when there are fewer submissions than processes (a student's `grader check`, a Gradescope or
GitHub Classroom run of one submission) a submission's activities are split into parts, so one
submission uses every core. Units go to processes longest first, each to the least loaded one
(LPT), by an estimate of their cost: the sum of the rubric's `weight` of their activities.

Each unit saves its records and reports its end under its own key (``SubmissionPlan.key``);
a submission is finished when all of its units are.
"""

from dataclasses import replace

from grader.engine.plan import SubmissionPlan
from grader.lab.rubric import Rubric


def cost(rubric: Rubric, plan: SubmissionPlan) -> float:
    return sum(rubric.activity(activity_id).weight for activity_id in plan.activities)


def work_units(rubric: Rubric, plans: list[SubmissionPlan], processes: int) -> list[SubmissionPlan]:
    """The units for these submissions (each with activities to grade)."""
    if not plans or len(plans) >= processes:
        return list(plans)
    parts = max(1, processes // len(plans))
    units = []
    for plan in plans:
        groups = _split(rubric, list(plan.activities), min(parts, len(plan.activities)))
        if len(groups) == 1:
            units.append(plan)
            continue
        for number, ids in enumerate(groups, start=1):
            units.append(replace(plan, activities={i: plan.activities[i] for i in plan.activities if i in ids},
                                 records_key=f"{plan.id}#{number}of{len(groups)}"))
    return units


def assign(rubric: Rubric, units: list[SubmissionPlan], processes: int) -> list[list[SubmissionPlan]]:
    """Units per process, balanced by cost; two parts of one submission never share a process,
    and each process keeps its units in class order (a submission's tests stay together)."""
    loads = [0.0] * processes
    shards: list[list[SubmissionPlan]] = [[] for _ in range(processes)]
    order = {id(unit): i for i, unit in enumerate(units)}
    for unit in sorted(units, key=lambda u: (-cost(rubric, u), order[id(u)])):
        allowed = [k for k in range(processes) if all(other.id != unit.id for other in shards[k])] or list(range(processes))
        target = min(allowed, key=lambda k: (loads[k], k))
        shards[target].append(unit)
        loads[target] += cost(rubric, unit)
    return [sorted(shard, key=lambda u: order[id(u)]) for shard in shards]


def _split(rubric: Rubric, activity_ids: list[str], parts: int) -> list[set[str]]:
    """``activity_ids`` in ``parts`` groups of about equal weight."""
    groups: list[set[str]] = [set() for _ in range(max(parts, 1))]
    loads = [0.0] * len(groups)
    for activity_id in sorted(activity_ids, key=lambda a: -rubric.activity(a).weight):
        lightest = min(range(len(groups)), key=lambda k: (loads[k], k))
        groups[lightest].add(activity_id)
        loads[lightest] += rubric.activity(activity_id).weight
    return [group for group in groups if group]
