"""What a load puts back (sandbox_jvm/src/sandbox_jvm/RunState.java): the folders the grader names
in ``-Dsandbox_jvm.scratch`` are emptied at every load, and no other folder ever is. A JVM started
by hand in someone's folder (its working folder, the system's temporary folder) deletes nothing.
"""

import os

import pytest

from tests.jvm.jvm_link import Jvm, build, tools_missing


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    why = tools_missing()
    if why:
        pytest.skip(why)
    return build(tmp_path_factory.mktemp("jvm"))


def test_without_a_scratch_folder_nothing_is_deleted(built, tmp_path):
    worker, classes = built
    (tmp_path / "keep.txt").write_text("mine")
    jvm = Jvm(worker, cwd=tmp_path, flags=(f"-Djava.io.tmpdir={tmp_path}",))
    try:
        for _ in range(2):
            jvm.ok("load", classpath=[str(classes)], seed=1)
    finally:
        jvm.close()
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_the_scratch_folder_is_emptied_at_every_load(built, tmp_path):
    worker, classes = built
    scratch = tmp_path / "home"
    (scratch / "deep" / "locked").mkdir(parents=True)
    (scratch / ".runs").write_text("3")
    (scratch / "deep" / "locked" / "file").write_text("x")
    os.chmod(scratch / "deep" / "locked", 0)  # a tester may take its own folder's permissions away
    jvm = Jvm(worker, cwd=tmp_path, flags=(f"-Dsandbox_jvm.scratch={scratch}",))
    try:
        reply = jvm.ask("load", classpath=[str(classes)], seed=1)
    finally:
        jvm.close()
    assert "ok" in reply and "not_restored" not in reply, reply
    assert scratch.is_dir() and list(scratch.iterdir()) == []
