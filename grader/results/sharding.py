"""A class split across machines: ``grade --shard I/N`` grades one part, ``merge`` joins them.

Splitting. Every shard lists the whole class the same way and computes the same split, so the
N commands can run anywhere, in any order, and again: the parts do not depend on time, machine
or which shard runs first. Parts are balanced by the size of each submission (a zip's bytes, or
the bytes of a folder's files), largest first into the lightest part, ties broken by id, which
keeps the slowest part close to 1/N of the work.

Joining. Each shard's results.json records which part it is, the whole class (ids in order) and
a fingerprint of what was asked (rubric, seed, filters, grader version). ``merge_results`` checks
that the parts are the N parts of one run (same fingerprint and class, each part once, no
submission twice, none missing) and puts the submissions back in the class's order: the result
is the results.json one unsplit run would have written, up to how long each test took.
"""

import hashlib
import json
import re
from dataclasses import dataclass, replace

from grader.results.model import ClassResults
from grader.intake.class_folder import Entry

SHARD_SPEC = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class ShardError(ValueError):
    """A --shard value, or a set of parts to merge, that does not make one class."""


@dataclass(frozen=True)
class ShardSpec:
    index: int  # 1-based
    count: int

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def parse_shard(text: str) -> ShardSpec:
    found = SHARD_SPEC.match(text)
    if not found or not 1 <= int(found.group(1)) <= int(found.group(2)):
        raise ShardError(f"--shard {text!r} is not a part of the class: write I/N with 1 <= I <= N, e.g. --shard 2/3")
    return ShardSpec(int(found.group(1)), int(found.group(2)))


def split(entries: list[Entry], count: int) -> list[list[Entry]]:
    """The class in ``count`` parts of about equal size; each part in the class's own order."""
    loads = [0] * count
    parts: list[list[Entry]] = [[] for _ in range(count)]
    for entry in sorted(entries, key=lambda e: (-e.size, e.id)):
        lightest = min(range(count), key=lambda k: (loads[k], k))
        parts[lightest].append(entry)
        loads[lightest] += max(entry.size, 1)
    order = {entry.id: i for i, entry in enumerate(entries)}
    return [sorted(part, key=lambda e: order[e.id]) for part in parts]


def fingerprint(run: dict) -> str:
    """A short, stable digest of what a run was asked to do (see run_state.run_fingerprint)."""
    return hashlib.sha256(json.dumps(run, sort_keys=True).encode()).hexdigest()[:16]


def shard_record(spec: ShardSpec, class_ids: list[str], run: dict) -> dict:
    """What a shard's results.json says about itself (ClassResults.shard)."""
    return {"index": spec.index, "count": spec.count, "class": class_ids, "fingerprint": fingerprint(run)}


def merge_results(parts: list[tuple[str, ClassResults]]) -> ClassResults:
    """The N parts of one sharded run (each named by where it came from), as one run's results."""
    if not parts:
        raise ShardError("nothing to merge: give the output folders of every shard")
    unsharded = [name for name, part in parts if not part.shard]
    if unsharded:
        raise ShardError(f"{', '.join(unsharded)} did not come from `grader grade --shard I/N`; merge only the parts of one sharded run")
    first_name, first = parts[0]
    for name, part in parts[1:]:
        for key, what in (("fingerprint", "rubric, seed, filters or grader version"), ("count", "number of parts"), ("class", "class")):
            if part.shard[key] != first.shard[key]:
                raise ShardError(f"{name} and {first_name} were graded with a different {what}; "
                                 "grade every part with the same command, changing only --shard")
        if (part.lab, part.base_seed, part.grader_version) != (first.lab, first.base_seed, first.grader_version):
            raise ShardError(f"{name} and {first_name} come from different runs (lab, seed or grader version)")
    count = first.shard["count"]
    seen: dict[int, str] = {}
    for name, part in parts:
        index = part.shard["index"]
        if index in seen:
            raise ShardError(f"part {index}/{count} is given twice ({seen[index]} and {name})")
        seen[index] = name
    missing = [f"{i}/{count}" for i in range(1, count + 1) if i not in seen]
    if missing:
        raise ShardError(f"part {', '.join(missing)} is missing: merge needs all {count} parts")
    by_id: dict[str, tuple[str, object]] = {}
    for name, part in parts:
        for sub in part.submissions:
            if sub.id in by_id:
                raise ShardError(f"submission {sub.id!r} is in both {by_id[sub.id][0]} and {name}")
            by_id[sub.id] = (name, sub)
    roster = first.shard["class"]
    absent = [sub_id for sub_id in roster if sub_id not in by_id]
    extra = [sub_id for sub_id in by_id if sub_id not in roster]
    if absent or extra:
        raise ShardError(f"the parts do not add up to the class: missing {absent or 'none'}, unexpected {extra or 'none'}")
    levels = sorted({part.sandbox for _, part in parts})
    return replace(first, submissions=[by_id[sub_id][1] for sub_id in roster], sandbox=",".join(levels), shard=None)
