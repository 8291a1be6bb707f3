"""A wrong version counts as caught only if the tester saw it behave differently.

Every run of a student's tester used to be a fresh fork of one warm sandbox, and the correct
versions always run first, so anything that counts runs was an oracle: ``assert os.getpid() <= 5``
in a tester that never calls the class passed both correct Decks and failed every wrong one
(A5 18/18, A5b 10/10 for a tester that tests nothing). Two defences (docs/testers.md):

- the host of the class records what it was asked and what it answered, signed with a key only it
  holds (sandbox_runtime/hosting/host.py); a failure on a wrong version counts only if, compared with
  the run on every correct version, the first difference is a call answered differently
  (grader/testers/transcripts.py). A tester that never calls the class, or whose calls get the same
  answers, catches nothing however it decides to fail;
- every run gets a sandbox of its own (grader/testers/own_tests.py), so its pid, inode numbers, last pid
  and age are those of every other run: a tester that calls the class and then fails by a counter
  catches nothing either.

Black-box: generated student folders graded by the real engine, hostile testers beside an honest
one (which must keep its points). Then unit checks of what crosses: a forged, altered or
truncated record, and the key never in the tester's process.
"""

import hashlib
from pathlib import Path

import pytest

from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader.sandbox import Limits
from grader.sandbox.launcher import namespaces_work
from grader.testers.verdicts import expect_variant_caught
from grader.testers.transcripts import CAUGHT, SAME_ANSWERS, judge
from grader_labs.elevens.variants import buggy, run_tester, variant_file
from tests.classroom import grade_class, lab_rubric, reference_submission, write_class

needs_namespaces = pytest.mark.skipif(not namespaces_work(), reason="user/PID/mount namespaces are not available here")

# Oracles that never call the class (thresholds: the counter as the two correct runs saw it when
# they shared one sandbox: pids 2 and 5, /tmp inodes 6 and 8, last pids 4 and 7).
PID = "import os\nassert os.getpid() <= 5, os.getpid()\n"
TMP_INODE = "import os, tempfile\nfd, path = tempfile.mkstemp()\nassert os.stat(path).st_ino <= 8, os.stat(path).st_ino\n"
LOADAVG = "last = int(open('/proc/loadavg').read().split()[-1])\nassert last <= 7, last\n"
# How long ago the sandbox's first process started, in clock ticks: the later the run, the older.
AGE = ("def started(pid):\n    return int(open(f'/proc/{pid}/stat').read().rsplit(')', 1)[1].split()[19])\n"
       "assert started('self') - started(1) < 20, started('self') - started(1)\n")
COUNTER = ("import os\nn = 0\nfor place in ('/tmp', os.path.expanduser('~')):\n    path = os.path.join(place, '.runs')\n"
           "    try:\n        n = max(n, int(open(path).read()))\n    except (OSError, ValueError):\n        pass\n"
           "    try:\n        open(path, 'w').write(str(n + 1))\n    except OSError:\n        pass\n"
           "assert n < 2, n\n")
# Oracles that first ask the class everything (every answer differs for some wrong version) and
# then fail by the pid: the record alone lets these through, a sandbox per run does not.
DECK_CALLS = ("from deck import Deck\nd = Deck(['ace', 'two', 'three'], ['hearts', 'spades'], [1, 2, 3])\n"
              "seen = [d.size(), d.is_empty()]\nfor _ in range(8):\n    seen.append(str(d.deal()))\n"
              "seen += [d.size(), d.is_empty()]\nd.shuffle()\nseen += [d.size(), str(d.deal()), d.is_empty()]\n")
CARD_CALLS = ("from card import Card\na, b, c = Card('ace', 'hearts', 1), Card('ace', 'hearts', 1), Card('king', 'spades', 13)\n"
              "seen = [a.rank(), a.suit(), a.point_value(), str(a), a.matches(b), a.matches(c), c.rank(), c.suit(), "
              "c.point_value(), str(c), c.matches(a)]\n")

HOLDS = "assert seen is not None\n"

ORACLES = {"pid": PID, "tmp_inode": TMP_INODE, "loadavg": LOADAVG, "age": AGE, "counter": COUNTER}
# The oracles that pass the correct versions whatever the machine's load: their 0 must come from
# the defences, not from the gate.
STEADY = ("pid", "tmp_inode", "loadavg", "calls_then_pid")
WRONG = ("test_catches_", "test_kills_")


def elevens_class() -> dict[str, dict[str, str]]:
    lab = reference_submission()
    subs = {"honest": lab}
    for name, oracle in ORACLES.items():
        subs[name] = {**lab, "deck_tester.py": oracle, "card_tester.py": oracle}
    subs["calls_then_pid"] = {**lab, "deck_tester.py": DECK_CALLS + PID, "card_tester.py": CARD_CALLS + PID}
    # The same calls with a check that always holds: a class that raises on one of them is caught
    # (a crash counts in a tester with checks of its own), by either tester alike.
    subs["calls_only"] = {**lab, "deck_tester.py": DECK_CALLS + HOLDS, "card_tester.py": CARD_CALLS + HOLDS}
    return subs


@pytest.fixture(scope="module")
def elevens(tmp_path_factory):
    root = write_class(tmp_path_factory.mktemp("class"), elevens_class())
    return grade_class(root, tmp_path_factory.mktemp("work"), only_activities=["A5", "A5b"], jobs=1)


def activity(results, sub_id: str, activity_id: str):
    return next(a for a in results.submission(sub_id).activities if a.id == activity_id)


def wrong_version_tests(found) -> list:
    return [t for t in found.tests if t.name.startswith(WRONG)]


def expect_accepted_every_correct_version(found) -> None:
    """The 0 (or the score) is the defences' doing, not the gate's."""
    accepted = [t.outcome for t in found.tests if t.name.startswith("test_accepts_")]
    assert accepted and set(accepted) == {"passed"}, [t.message for t in found.tests[:2]]


@needs_namespaces
@pytest.mark.parametrize("sub_id", list(ORACLES))
@pytest.mark.parametrize("activity_id", ["A5", "A5b"])
def test_an_oracle_that_never_calls_the_class_catches_nothing(elevens, sub_id, activity_id):
    found = activity(elevens, sub_id, activity_id)
    earned = {t.name: t.points for t in wrong_version_tests(found) if t.points}
    assert found.score == 0 and not earned, (found.score, earned)
    if sub_id in STEADY:
        expect_accepted_every_correct_version(found)


@needs_namespaces
@pytest.mark.parametrize("activity_id", ["A5", "A5b"])
def test_an_oracle_after_calls_catches_only_what_the_calls_alone_catch(elevens, activity_id):
    """Asking the class everything and then failing by the pid earns exactly what the same calls
    with no check that can fail earn (the wrong classes that raise): the pid adds nothing."""
    oracle, calls = activity(elevens, "calls_then_pid", activity_id), activity(elevens, "calls_only", activity_id)
    expect_accepted_every_correct_version(oracle)
    earned = {t.name for t in wrong_version_tests(oracle) if t.points}
    assert earned == {t.name for t in wrong_version_tests(calls) if t.points}
    assert oracle.score == calls.score < 0.5 * oracle.max, (oracle.score, calls.score)


@needs_namespaces
def test_a_failure_that_did_not_come_from_the_class_says_so(elevens):
    found = activity(elevens, "pid", "A5")
    message = next(t.message for t in found.tests if t.name == "test_catches_buggy_deck[Buggy1]")
    assert "before that failure deck.py had answered every call exactly as a correct deck.py did" in message \
        or "Your tester passed Buggy1" in message, message  # a sandbox per run: the pid oracle passes it


@needs_namespaces
@pytest.mark.parametrize("activity_id", ["A5", "A5b"])
def test_the_honest_tester_keeps_every_catch(elevens, activity_id):
    found = activity(elevens, "honest", activity_id)
    assert found.score >= 0.9 * found.max, found.score
    for test in wrong_version_tests(found):  # every failure it had came from the class
        assert "did not come from" not in test.message and "could not see what" not in test.message, test.message


# -- the other labs' tester activities use the same machinery -----------------------------------
@needs_namespaces
@pytest.mark.parametrize("lab_id, activity_id, tester, folder", [
    ("up-down-stay", "A6", "uds_tester.py", "up-down-stay"),
    ("six-takes", "A5", "takes_tester.py", "six-takes"),
])
def test_other_labs_testers_the_oracle_scores_0_and_the_honest_tester_keeps_its_catches(
        tmp_path, lab_id, activity_id, tester, folder):
    reference = Path(__file__).resolve().parents[2] / "reference" / folder
    honest = (reference / tester).read_text(encoding="utf-8")
    root = write_class(tmp_path / "class", {"honest": {tester: honest}, "pid": {tester: PID}})
    results = grade_class(root, tmp_path / "work", lab_rubric(lab_id), only_activities=[activity_id], jobs=1)
    oracle = activity(results, "pid", activity_id)
    assert oracle.score == 0 and not [t.name for t in wrong_version_tests(oracle) if t.points]
    found = activity(results, "honest", activity_id)
    assert found.score > 0.5 * found.max, found.score
    for test in wrong_version_tests(found):
        assert "did not come from" not in test.message and "could not see what" not in test.message, test.message


# -- what crosses: the record cannot be forged, altered or cut in the middle --------------------
# Each tester asks the class what the honest one would, then tampers with what its process relays
# (it replaces the function that asks the host for the record) and fails: on a wrong version whose
# answers differ, only an intact record makes that failure a catch.
TAMPER = DECK_CALLS + """
import base64, json, sys
guest = sys.modules["sandbox_runtime.hosting.guest"].GUEST
real = guest.transcript()
steps = bytearray(base64.b64decode(real["steps"]))
HOW = "{how}"
if HOW == "forge":  # a record of its own making, with a made-up MAC
    field = {{"steps": base64.b64encode(bytes(range(24)) * 4).decode(), "count": 4, "mac": "00" * 32}}
elif HOW == "alter":  # the real record, one answer changed, the real MAC
    steps[-1] ^= 1
    field = {{**real, "steps": base64.b64encode(bytes(steps)).decode()}}
elif HOW == "drop":  # the real record without a step in the middle
    del steps[24:48]
    field = {{**real, "steps": base64.b64encode(bytes(steps)).decode(), "count": real["count"] - 1}}
elif HOW == "raw":  # a fake reply to the host's socket, then its own request for the record
    import os, struct
    for message in ({{"r": 1}}, {{"q": ["record", None, "", [], {{}}]}}, {{"t": 1}}):
        data = json.dumps(message).encode()
        os.write(guest.fd, struct.pack("<I", len(data)) + data)
    replies = [guest.receive() for _ in range(2)]
    field = replies[-1].get("transcript")
else:
    field = real
guest.transcript = lambda: field
assert seen[8] == "None" and seen[10] == 0, seen  # Buggy1 deals a seventh card of six
"""


def run_on(tmp_path: Path, text: str, version: Path):
    tester = tmp_path / "deck_tester.py"
    tester.write_text(text, encoding="utf-8")
    own = OwnTests({tester.name: tester}, 7, Limits(call_seconds=20))
    try:
        return own, run_tester(own, "deck.py", version)
    finally:
        close_warm_sandboxes()


def test_an_intact_record_makes_the_failure_a_catch(tmp_path):
    """The control: the same tester relaying its real record catches Buggy1 (its is_empty is never
    True, so it deals a seventh card from six)."""
    own, run = run_on(tmp_path, TAMPER.format(how="none"), variant_file("Buggy1", "deck.py"))
    assert run.outcome == "failed" and run.transcript is not None and run.transcript.count > 10
    assert judge(run.transcript, [r.transcript for r in run.compared_with]) == CAUGHT
    expect_variant_caught(own, run, buggy("deck")["Buggy1"])  # no failure: it counts


@pytest.mark.parametrize("how", ["forge", "alter", "drop"])
def test_a_forged_or_altered_record_counts_as_none(tmp_path, how):
    own, run = run_on(tmp_path, TAMPER.format(how=how), variant_file("Buggy1", "deck.py"))
    assert run.outcome == "failed" and run.transcript is None
    with pytest.raises(AssertionError, match="could not see what deck.py answered"):
        expect_variant_caught(own, run, buggy("deck")["Buggy1"])


def test_raw_messages_to_the_host_neither_add_nor_remove_steps(tmp_path):
    """A reply the host never asked for and a request of a kind it does not know are recorded as
    what they are (what the tester said, and the host's error); the record stays whole."""
    _, run = run_on(tmp_path, TAMPER.format(how="raw"), variant_file("reference", "deck.py"))
    assert run.passed and run.transcript is not None
    _, honest = run_on(tmp_path, TAMPER.format(how="none"), variant_file("reference", "deck.py"))
    # Everything before the raw messages is the honest run's record; the junk and the bad request
    # are one step (the host answered once), whose call differs from anything the honest run asked.
    assert run.transcript.count == honest.transcript.count + 1
    assert run.transcript.steps[:len(honest.transcript.steps)] == honest.transcript.steps


def test_a_snapshot_taken_early_only_hides_differences(tmp_path):
    """A tester may relay its record as it was at the start (the MAC is real): then nothing differs
    from a correct run, and its failure catches nothing."""
    early = DECK_CALLS.replace("from deck import Deck\n", "from deck import Deck\nimport sys\n"
                               "_g = sys.modules['sandbox_runtime.hosting.guest'].GUEST\n_early = _g.transcript()\n", 1)
    text = early + "_g.transcript = lambda: _early\nassert seen[8] == 'None' and seen[10] == 0, seen\n"
    own, run = run_on(tmp_path, text, variant_file("Buggy1", "deck.py"))
    assert run.outcome == "failed" and run.transcript is not None and run.transcript.count == 1  # the import
    assert judge(run.transcript, [r.transcript for r in run.compared_with]) == SAME_ANSWERS
    with pytest.raises(AssertionError, match="did not come from deck.py"):
        expect_variant_caught(own, run, buggy("deck")["Buggy1"])


# Searches the tester's whole anonymous memory (heap, stack, arenas: where a request it had read
# would be) for the key and its hex, without ever making an object that holds either: the needles
# are written byte by byte into a mapped file, whose mapping the search skips, and are searched for
# through a memoryview (no copy). /proc/self/mem is closed to the tester: ctypes reads instead.
KEY_HUNT = """
import ctypes, mmap, os
MASKED = bytes.fromhex("MASKED_KEY")  # the key, each byte XOR 0x5A
DIGITS = "0123456789abcdef"
fd = os.open("/tmp/needle", os.O_RDWR | os.O_CREAT, 0o600)
os.ftruncate(fd, 4096)
needle = mmap.mmap(fd, 4096)
for i in range(32):
    k = MASKED[i] ^ 0x5A
    needle[i] = k
    needle[32 + 2 * i] = ord(DIGITS[k >> 4])
    needle[33 + 2 * i] = ord(DIGITS[k & 15])
view = memoryview(needle)
raw, hexed = view[:32], view[32:96]
found, scanned = [], 0
with open("/proc/self/maps") as maps:
    lines = maps.read().splitlines()
for line in lines:
    fields = line.split()
    start, end = (int(x, 16) for x in fields[0].split("-"))
    path = fields[5] if len(fields) > 5 else ""
    if not fields[1].startswith("r") or path not in ("", "[heap]", "[stack]") or end - start > 1 << 30:
        continue
    chunk = ctypes.string_at(start, end - start)
    scanned += len(chunk)
    if chunk.find(raw) >= 0 or chunk.find(hexed) >= 0:
        found.append(path or hex(start))
    del chunk
print("SCANNED", scanned)
print("FOUND", found)
"""


# Bytes no table in memory holds by chance (a run of consecutive values would be found in some).
KEY = hashlib.sha256(b"the key of one tester run").digest()


def masked(key: bytes) -> str:
    return bytes(b ^ 0x5A for b in key).hex()


def test_the_key_never_reaches_the_testers_process(tmp_path, monkeypatch):
    """The run's key goes in the request only the host reads: the tester's process, memory and all,
    holds no copy of it (its record could otherwise be signed by the tester)."""
    key = KEY
    monkeypatch.setattr("grader.testers.own_tests.secrets.token_bytes", lambda n: key)
    _, run = run_on(tmp_path, KEY_HUNT.replace("MASKED_KEY", masked(key)), variant_file("reference", "deck.py"))
    assert run.passed and "FOUND []" in run.output, (run.message, run.output[-2000:])
    assert int(run.output.split("SCANNED ")[1].split()[0]) > 1 << 20  # megabytes of it
    assert run.transcript is not None  # it was signed with that key


def test_the_key_hunt_finds_a_key_that_is_there(tmp_path):
    """The control: the same search finds bytes the tester's process does hold."""
    text = f"HELD = bytes.fromhex('{KEY.hex()}')\n" + KEY_HUNT.replace("MASKED_KEY", masked(KEY))
    _, run = run_on(tmp_path, text, variant_file("reference", "deck.py"))
    assert "FOUND []" not in run.output and "FOUND [" in run.output, run.output[-2000:]
