"""Attacks on the Java sandbox, each written as a student (or a neighbour on the machine) would.

(a) student Java reads /etc/shadow while the grader runs as root with GRADER_SANDBOX_USER set;
(b) student Java reopens the private channel through /proc/self/fd and /dev spelled every way;
(c) a student thread that ignores Thread.stop outlives its test and spoils later tests, its own
    submission's and the next students';
(d) a planted copy of the compiled worker cache in the shared temporary folder.
Each test also checks the honest case next to the attack, so a sandbox that refuses everything
(or restarts everything) fails it too.
"""

import hashlib
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from grader.java.session import JvmSession, end_submission_jvm
from grader.java.worker import WORKER_SOURCES, JvmProcess, wait_ready, worker_classes
from grader.java.worker_cache import cache_problem, sources_digest
from grader.sandbox.errors import StudentError
from grader.sandbox.launcher import namespaces_work
from grader.sandbox.limits import Limits
from tests.classroom import grade_class, write_class

ROOT = Path(__file__).resolve().parents[2]
JAVA = ROOT / "reference" / "elevens" / "java"
SANDBOX_USER = "grader-jattack"

pytestmark = pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="needs a JDK")
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="only a grader running as root can drop the JVM to another user")


def reference(name: str) -> str:
    return (JAVA / name).read_text(encoding="utf-8")


def card_with(member: str) -> str:
    """The reference Card with one more member (a static initialiser, a method)."""
    text = reference("Card.java")
    return text.replace("public class Card {", "public class Card {\n" + member, 1)


@pytest.fixture
def open_tmp(monkeypatch, tmp_path):
    """A temporary folder every user may pass through (pytest's own is root's alone); after tmp_path,
    which must not be made in it."""
    folder = Path(tempfile.mkdtemp(prefix="jattack-", dir="/tmp"))
    os.chmod(folder, 0o711)
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    yield folder
    end_submission_jvm()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def sandbox_user(monkeypatch):
    try:
        pwd.getpwnam(SANDBOX_USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin",
                        SANDBOX_USER], check=True, capture_output=True)
    monkeypatch.setenv("GRADER_SANDBOX_USER", SANDBOX_USER)
    return pwd.getpwnam(SANDBOX_USER)


# -- (a) the JVM runs as GRADER_SANDBOX_USER ---------------------------------------------------

SHADOW_CARD = card_with('''
    static {
        String shadow;
        try {
            shadow = new String(java.nio.file.Files.readAllBytes(java.nio.file.Paths.get("/etc/shadow")));
        } catch (Throwable e) {
            shadow = "refused " + e.getClass().getSimpleName();
        }
        System.out.println("user=" + System.getProperty("user.name") + " shadow=" + shadow.split("\\n")[0]);
    }
''')


@root_only
@pytest.mark.parametrize("isolation", ["process", pytest.param("namespaces", marks=pytest.mark.skipif(
    not namespaces_work(), reason="no namespaces here"))])
def test_a_student_reading_etc_shadow_runs_as_the_sandbox_user(open_tmp, sandbox_user, tmp_path, isolation):
    klass = write_class(tmp_path / "class", {"mallory": {"Card.java": SHADOW_CARD, "Deck.java": reference("Deck.java")}})
    results = grade_class(klass, open_tmp / "work", only_activities=["A1"], isolation=isolation, jobs=1)
    a1 = results.submissions[0].activities[0]
    said = {line for t in a1.tests for line in t.output.splitlines() if line.startswith("user=")}
    assert said == {f"user={SANDBOX_USER} shadow=refused SecurityException"}, said
    assert a1.score == a1.max  # the drop costs an honest card nothing


@root_only
def test_the_jvm_process_itself_has_the_users_ids_and_no_capabilities(open_tmp, sandbox_user):
    jvm = JvmProcess(Limits(), "process")
    jvm.start()
    try:
        wait_ready(jvm)
        status = Path(f"/proc/{jvm.process.pid}/status").read_text()
        fields = {line.split(":")[0]: line.split(":")[1].split() for line in status.splitlines() if ":" in line}
        assert fields["Uid"] == [str(sandbox_user.pw_uid)] * 4 and fields["Gid"] == [str(sandbox_user.pw_gid)] * 4
        assert fields["Groups"] == [] and fields["CapEff"] == ["0000000000000000"]
        assert fields["CapBnd"] == ["0000000000000000"] and fields["NoNewPrivs"] == ["1"]
    finally:
        jvm.kill()


# -- (b) the private channel, however spelled --------------------------------------------------

CHANNEL_CARD = card_with('''
    public static java.util.List<String> reach(String[] paths) throws Exception {
        java.util.List<String> what = new java.util.ArrayList<>();
        for (String path : paths) {
            String got;
            try {
                if (path.startsWith("link:")) {
                    java.nio.file.Files.createSymbolicLink(java.nio.file.Paths.get("sneaky"), java.nio.file.Paths.get(path.substring(5)));
                    path = "sneaky";
                }
                if (path.startsWith("read:")) {
                    got = "read " + new java.io.FileInputStream(path.substring(5)).read();
                } else if (path.startsWith("nio:")) {
                    java.nio.file.Files.write(java.nio.file.Paths.get(path.substring(4)), "{\\"id\\": 1}\\n".getBytes());
                    got = "wrote";
                } else {
                    java.io.FileOutputStream out = new java.io.FileOutputStream(path);
                    out.write("{\\"id\\": 1}\\n".getBytes());
                    out.flush();
                    got = "wrote";
                }
            } catch (SecurityException e) {
                got = "refused";
            } catch (Throwable e) {
                got = e.getClass().getSimpleName();
            }
            what.add(got);
        }
        return what;
    }
''')
SPELLINGS = ["/proc/self/fd/1", "/./proc/self/fd/1", "//proc/self/fd/1", "/proc/./self/fd/1", "/proc//self/fd/1",
             "/tmp/../proc/self/fd/1", "../../../../../../../../proc/self/fd/1", "/proc/thread-self/fd/1",
             "/proc/{pid}/fd/1", "/dev/fd/1", "/dev/./fd/1", "/dev/stdout", "/dev/../dev/stdout", "/proc/self/mem",
             "nio:/./proc/self/fd/1", "nio:/dev/stdout", "read:/proc/self/fd/0", "read:/./dev/stdin",
             "read:/dev/fd/0", "link:/proc/self/fd/1", "read:/etc/shadow", "read:/etc/passwd"]


def ask(jvm: JvmProcess, message: dict) -> dict:
    """Send one request; any line that is not its reply (a forged one) fails the test."""
    jvm.channel.send(message)
    reply = jvm.channel.receive(time.monotonic() + 20)
    assert reply.get("id") == message["id"], f"a line the worker did not write reached the channel: {reply}"
    return reply


def test_no_spelling_of_proc_or_dev_reaches_the_channel(open_tmp, tmp_path):
    klass = write_class(tmp_path / "src", {"m": {"Card.java": CHANNEL_CARD}})
    from grader.java.compiling import compile_activity

    compiled = compile_activity({"Card": klass / "m" / "Card.java"}, {}, tmp_path / "compiled")
    assert compiled.error is None, compiled.error
    jvm = JvmProcess(Limits(), "process")
    jvm.start()
    try:
        wait_ready(jvm)
        ask(jvm, {"op": "load", "id": 1, "classpath": [str(compiled.classes)], "student": ["Card"], "seed": 1})
        paths = [p.replace("{pid}", str(jvm.process.pid)) for p in SPELLINGS]
        got = ask(jvm, {"op": "call", "id": 2, "module": "card", "name": "reach", "args": [paths]})
        assert got.get("ok") == ["refused"] * len(paths), dict(zip(paths, got.get("ok") or [got]))
        # Its own folder and the harmless devices stay usable: the guard is not "refuse everything".
        allowed = ["notes.txt", "nio:more.txt", "read:notes.txt", "/dev/null", "read:/dev/urandom"]
        got = ask(jvm, {"op": "call", "id": 3, "module": "card", "name": "reach", "args": [allowed]})
        assert got.get("ok") == ["wrote", "wrote", "read 123", "wrote", got["ok"][4]] and got["ok"][4].startswith("read")
        assert ask(jvm, {"op": "threads", "id": 4})["ok"]["alive"] == 0  # and the worker still answers
    finally:
        jvm.kill()


# -- (c) a thread that outlives its test ---------------------------------------------------------

# Every test of this card leaves a thread that survives Thread.stop (it catches ThreadDeath) and,
# during later tests, keeps asking to exit: in a shared JVM the guard would report the later test
# as a SystemExit. A second one runs in the JDK's common pool, outside the student's thread group.
STUBBORN = '''
    static {
        Runnable pest = () -> {
            while (true) {
                try {
                    Thread.sleep(2);
                    try { System.exit(3); } catch (SecurityException e) { }
                    Math.random();
                } catch (Throwable death) {
                    // ThreadDeath and interrupts are ignored
                }
            }
        };
        Thread t = new Thread(pest);
        t.setDaemon(true);
        t.start();
        java.util.concurrent.CompletableFuture.runAsync(pest);
    }
'''


def test_a_stubborn_thread_never_reaches_the_next_test_of_its_own_submission(open_tmp, tmp_path):
    files = write_class(tmp_path / "src", {"m": {"Card.java": card_with(STUBBORN), "Honest.java": reference("Card.java")
                                                 .replace("class Card", "class Honest").replace("public Card(", "public Honest(")
                                                 .replace("(Card otherCard)", "(Honest otherCard)")}}) / "m"
    honest = JvmSession({"Honest.java": files / "Honest.java"}, ["honest"], submission="same")
    link = honest.worker(1)
    assert link.request({"op": "call", "module": "honest", "name": "Honest", "args": ["A", "s", 1]}, "new", 10)
    link.finish()
    first = honest.jvm.process.pid
    link = honest.worker(2)
    link.finish()
    assert honest.jvm.process.pid == first  # an honest test leaves nothing: the JVM is kept
    stubborn = JvmSession({"Card.java": files / "Card.java"}, ["card"], submission="same")
    link = stubborn.worker(3)
    link.request({"op": "call", "module": "card", "name": "Card", "args": ["A", "s", 1]}, "new", 10)
    time.sleep(0.1)
    link.finish()
    link = honest.worker(4)  # the next test: a new JVM, with no thread of the last test in it
    assert honest.jvm.process.pid != first
    assert link.request({"op": "threads"}, "threads", 10)["lingering"] == 0
    time.sleep(0.1)
    try:
        made = link.request({"op": "call", "module": "honest", "name": "Honest", "args": ["A", "s", 1]}, "new", 10)
    except StudentError as error:
        pytest.fail(f"the earlier test's thread reached this one: {error}")
    assert made["type"] == "Honest"
    link.finish()
    honest.close()
    stubborn.close()


def a1_a2(results, sub_id: str) -> dict:
    sub = next(s for s in results.submissions if s.id == sub_id)
    return {a.id: a.score for a in sub.activities}


def test_a_stubborn_thread_never_reaches_a_later_student(open_tmp, tmp_path):
    honest = {
        "b_reference": {"Card.java": reference("Card.java"), "Deck.java": reference("Deck.java")},
        "c_card_bug": {"Card.java": (ROOT / "buggy_variants/elevens/java/CardBuggy2/Card.java").read_text(),
                       "Deck.java": reference("Deck.java")},
    }
    attacker = {"a_attacker": {"Card.java": card_with(STUBBORN), "Deck.java": reference("Deck.java")}}
    klass = write_class(tmp_path / "class", {**attacker, **honest})
    together = grade_class(klass, open_tmp / "together", only_activities=["A1", "A2"], jobs=1)
    assert [s.id for s in together.submissions][0] == "a_attacker"
    # The honest students without the attacker (one run: each has a JVM of its own either way).
    without = grade_class(write_class(tmp_path / "without", honest), open_tmp / "without", only_activities=["A1", "A2"], jobs=1)
    for sub_id in honest:
        assert a1_a2(together, sub_id) == a1_a2(without, sub_id), sub_id
    assert a1_a2(together, "b_reference") == {"A1": 15.0, "A2": 20.0}


# -- (d) a planted worker cache --------------------------------------------------------------------

FAKE_MAIN = '''package sandbox_jvm;
public final class Main {
    public static void main(String[] args) throws Exception {
        java.nio.file.Files.write(java.nio.file.Paths.get(System.getenv("HOME"), "..", "..", "PLANTED-RAN"), new byte[0]);
        System.out.println("{\\"id\\": -1, \\"ok\\": {}}");
        Thread.sleep(60000);
    }
}
'''


def plant(target: Path, tmp_path: Path) -> None:
    """A folder at the cache's name holding a worker that is not ours."""
    source = tmp_path / "fake" / "Main.java"
    source.parent.mkdir(parents=True)
    source.write_text(FAKE_MAIN)
    subprocess.run(["javac", "-d", str(target), str(source)], check=True, capture_output=True)


def start_worker() -> None:
    jvm = JvmProcess(Limits(), "process")
    jvm.start()
    try:
        wait_ready(jvm)
        assert ask(jvm, {"op": "threads", "id": 5})["ok"] == {"alive": 0, "created": 0, "lingering": 0}
    finally:
        jvm.kill()


@pytest.mark.parametrize("how", ["ours, no manifest", "ours, a class changed", "open to everyone", "a link",
                                 pytest.param("another user's", marks=root_only)])
def test_a_planted_worker_cache_is_never_run(open_tmp, tmp_path, how):
    sources = sorted(WORKER_SOURCES.glob("*.java"))
    target = open_tmp / f"grader-jvm-{os.geteuid()}-{sources_digest(sources)}"
    if how == "ours, a class changed":
        assert worker_classes() == target and cache_problem(target, sources_digest(sources)) is None
        plant(target, tmp_path)  # overwrites Main.class in the genuine cache
    elif how == "a link":
        plant(tmp_path / "elsewhere", tmp_path)
        target.symlink_to(tmp_path / "elsewhere")
    else:
        plant(target, tmp_path)
        if how == "open to everyone":
            for path in [target, *target.rglob("*")]:
                os.chmod(path, 0o777)
        if how == "another user's":
            for path in [target, *target.rglob("*")]:
                os.chown(path, 65534, 65534)
    used = worker_classes()
    assert cache_problem(used, sources_digest(sources)) is None
    main = (used / "sandbox_jvm" / "Main.class").read_bytes()
    assert b"PLANTED-RAN" not in main and hashlib.sha256(main).hexdigest() in (used / "MANIFEST.sha256").read_text()
    start_worker()
    assert not (open_tmp / "PLANTED-RAN").exists()
    info = os.stat(used)
    assert info.st_uid == os.geteuid() and info.st_mode & 0o027 == 0
