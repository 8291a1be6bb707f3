"""What the class under test answered in a run of a student's tester, as its host recorded it,
and the rule that a wrong version counts as caught only if the tester saw it behave differently.

**Why.** Every run of a tester is a fresh process, but code that never calls the class can still
tell runs apart (a pid, an inode number, the order the grader runs versions in: the correct ones
come first). A failure that such a counter decides is not a test. So a failure on a wrong version
counts only if the class itself told the tester something different: compared with the run on
every correct version, the first step where the two conversations part must be the same call
answered differently (docs/testers.md, "A failure counts only if the class behaved differently").

**The record.** The process that holds the version under test (sandbox_runtime/hosting/host.py, and the
JVM's host for a Java tester) records each exchange it answers as 24 bytes: the first 16 bytes of
the SHA-256 of the call's canonical form (what was asked, of which object, with which arguments)
and the first 8 bytes of the SHA-256 of the answer's canonical form (a value, an object, or an
exception's type and message, with process noise such as addresses taken out). At the end of the
run the tester's process relays the host's record in its reply::

    reply["transcript"] = {"steps": base64(records), "count": N,
                           "mac": hex(HMAC-SHA256(key, N as 8-byte big-endian || records))}

``key`` is a fresh random 32-byte secret per run that the grader sends in the run's first request,
which only the host reads: the tester's process never holds it, so it cannot make up a record or
drop a step in the middle. It can relay an older snapshot (a prefix), which can only hide
differences, never invent one.
"""

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass

CALL_BYTES = 16
ANSWER_BYTES = 8
RECORD_BYTES = CALL_BYTES + ANSWER_BYTES
KEY_BYTES = 32
# The host stops recording after this many steps (about 6 MB of records, 8 MB as base64 in a reply
# whose line may hold 16 MB): a tester that differs only after that is not told apart.
MAX_STEPS = 250_000

# Why a failure on a wrong version did, or did not, count (``judge``).
CAUGHT = "caught"  # the first difference is an answer: the class behaved differently
NO_TRANSCRIPT = "no transcript"  # a run's record is missing, malformed or not the host's
SAME_ANSWERS = "same answers"  # one run's record is the start of the other's: nothing differed
OTHER_CALL = "other call"  # the tester asked something else while every answer had been the same
NO_CORRECT_RUN = "no correct run"  # a correct version was not accepted, so there is nothing to compare


@dataclass(frozen=True)
class Transcript:
    """A verified record: ``steps`` is the concatenation of ``count`` 24-byte records."""

    steps: bytes
    count: int

    def call(self, index: int) -> bytes:
        start = index * RECORD_BYTES
        return self.steps[start:start + CALL_BYTES]

    def answer(self, index: int) -> bytes:
        start = index * RECORD_BYTES + CALL_BYTES
        return self.steps[start:start + ANSWER_BYTES]

    def record(self, index: int) -> bytes:
        return self.steps[index * RECORD_BYTES:(index + 1) * RECORD_BYTES]


def mac(key: bytes, count: int, steps: bytes) -> str:
    """The MAC a host puts on its record (hex)."""
    return hmac.new(key, count.to_bytes(8, "big") + steps, hashlib.sha256).hexdigest()


def seal(key: bytes, steps: bytes) -> dict:
    """The reply field for ``steps``, as a host makes it (for tests, and for a host in Python)."""
    count = len(steps) // RECORD_BYTES
    return {"steps": base64.b64encode(steps).decode("ascii"), "count": count, "mac": mac(key, count, steps)}


def verify(field: dict | None, key: bytes) -> Transcript | None:
    """The transcript a run's reply relayed, if it is whole and the host's (its MAC under this
    run's ``key``); None when it is missing, malformed or forged: such a run counts as having none."""
    if not isinstance(field, dict) or not isinstance(key, bytes) or len(key) != KEY_BYTES:
        return None
    steps, count, tag = field.get("steps"), field.get("count"), field.get("mac")
    if type(count) is not int or not isinstance(steps, str) or not isinstance(tag, str):
        return None
    if not 0 <= count <= MAX_STEPS or len(steps) > 4 * (MAX_STEPS * RECORD_BYTES // 3 + 1):
        return None
    try:
        raw = base64.b64decode(steps.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError):
        return None
    if len(raw) != count * RECORD_BYTES:
        return None
    if not hmac.compare_digest(mac(key, count, raw), tag.lower()):
        return None
    return Transcript(raw, count)


def first_difference(one: Transcript, other: Transcript) -> int | None:
    """The index of the first step where the two records differ (a step one of them lacks counts),
    or None when they are the same."""
    shorter = min(one.count, other.count)
    # Compare whole prefixes (fast bytes comparisons): transcripts of thousands of steps mostly agree.
    low, high = 0, shorter
    if one.steps[:shorter * RECORD_BYTES] == other.steps[:shorter * RECORD_BYTES]:
        return None if one.count == other.count else shorter
    while high - low > 1:  # the first differing record, by halving the prefix that still agrees
        middle = (low + high) // 2
        if one.steps[:middle * RECORD_BYTES] == other.steps[:middle * RECORD_BYTES]:
            low = middle
        else:
            high = middle
    return low  # the first ``low`` records agree, the first ``low + 1`` do not


def compare(wrong: Transcript, correct: Transcript) -> str:
    """How the run on a wrong version parted from one run on a correct version."""
    index = first_difference(wrong, correct)
    if index is None or index >= wrong.count or index >= correct.count:
        return SAME_ANSWERS  # the same record, or one is the start of the other
    if wrong.call(index) != correct.call(index):
        return OTHER_CALL
    return CAUGHT


def judge(wrong: Transcript | None, correct: list[Transcript | None] | None) -> str:
    """Whether a failure on a wrong version counts: ``CAUGHT`` only if, against the record of EVERY
    correct version's passing run, the first difference is the same call answered differently;
    otherwise the first reason it does not (``correct`` None: a correct run did not pass)."""
    if correct is None or not correct:
        return NO_CORRECT_RUN
    if wrong is None or any(run is None for run in correct):
        return NO_TRANSCRIPT
    for run in correct:
        verdict = compare(wrong, run)
        if verdict != CAUGHT:
            return verdict
    return CAUGHT
