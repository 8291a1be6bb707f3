"""The Java path as deployed and run by an ordinary user: the built wheel, two grading processes
sharing the run's javac (grader/java/shared_javac.py), the lab's versions compiled into a cache
of that user's own, and nothing left behind."""

import os
import shutil
import stat

import pytest

from grader.lab.assets import REPOSITORY
from tests.security import as_user

pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="needs a JDK (javac)")


def test_as_an_ordinary_user_a_java_class_is_graded_and_leaves_only_its_private_caches(tmp_path, ordinary_site):
    work = tmp_path / "run"
    for name in ("ada", "bea", "cal"):
        shutil.copytree(REPOSITORY / "examples" / "elevens-java" / "ada_complete", work / "class" / name)
    for path in (work, *work.rglob("*")):
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    done = as_user.run_as_ordinary_user(ordinary_site, ["grade", "class", "--out", "out", "--jobs", "2"], cwd=work)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("166/166") == 3, done.stdout
    scratch = work / ".home"  # the user's TMPDIR
    left = sorted(p.name for p in scratch.iterdir() if p.name.startswith("grader-"))
    assert left and all(name.startswith(("grader-jvm-", "grader-lab-")) for name in left), left
    for name in left:
        info = os.lstat(scratch / name)
        assert info.st_uid == as_user.ORDINARY_ID
        if name.startswith("grader-lab-"):  # hidden tests: the user's alone
            assert stat.S_IMODE(info.st_mode) & 0o077 == 0
