"""Test libraries in the JVM worker (a load's ``libraries``: JUnit's jars for a JUnit tester).

A library is loaded by a fresh LibraryLoader at every load, the student loader's parent
(sandbox_jvm/src/sandbox_jvm/LibraryLoader.java). Three promises, each tested with a small
library built here rather than JUnit, so that each can fail:

- nothing of a library outlives a load (a static counter starts again), so a tester cannot
  count its runs in one;
- a library's code gets no right the student's lacks, even inside a doPrivileged of its own:
  the guard counts its frames as student code;
- a library's frames are not the student's: an error raised inside one shows the student's
  line, not the library's.
"""

import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.jvm.jvm_link import Jvm, compile_java, tools_missing

LIBRARY = {
    "lib/Counter.java": "package lib; public class Counter { private static int count; "
                        "public static int next() { return ++count; } }",
    "lib/Opener.java": "package lib; import java.lang.reflect.Field; import java.security.*; "
                       "public class Opener { public static Object read(Object o, String name) throws Exception { "
                       "Field f = o.getClass().getDeclaredField(name); "
                       "AccessController.doPrivileged((PrivilegedAction<Void>) () -> { f.setAccessible(true); return null; }); "
                       "return f.get(o); } }",
    "lib/Check.java": "package lib; public class Check { public static void equal(int a, int b) { "
                      "if (a != b) throw new AssertionError(\"expected \" + a + \" but was \" + b); } }",
}
STUDENT = {
    "Secret.java": "public class Secret { private int value = 42; }",
    "Uses.java": "public class Uses {\n"
                 "    public static int count() { return lib.Counter.next(); }\n"
                 "    public static Object peek() throws Exception { return lib.Opener.read(new Secret(), \"value\"); }\n"
                 "    public static void wrong() { lib.Check.equal(1, 2); }\n"
                 "}\n",
}


@pytest.fixture(scope="module")
def jvm(tmp_path_factory):
    why = tools_missing()
    if why:
        pytest.skip(why)
    root = tmp_path_factory.mktemp("libraries")
    for folder, files in (("libsrc", LIBRARY), ("src", STUDENT)):
        for name, text in files.items():
            (root / folder / name).parent.mkdir(parents=True, exist_ok=True)
            (root / folder / name).write_text(text)
    library = compile_java(sorted((root / "libsrc").rglob("*.java")), root / "libclasses")
    jar = root / "lib.jar"
    with zipfile.ZipFile(jar, "w") as out:
        for path in library.rglob("*.class"):
            out.write(path, path.relative_to(library).as_posix())
    done = subprocess.run(["javac", "-g", "-cp", str(jar), "-d", str(root / "classes"),
                           *map(str, sorted((root / "src").glob("*.java")))], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    worker = compile_java(sorted((Path(__file__).resolve().parents[2] / "sandbox_jvm" / "src" / "sandbox_jvm").glob("*.java")),
                          root / "worker")
    link = Jvm(worker)
    link.load = lambda: link.ok("load", classpath=[str(root / "classes")], libraries=[str(jar)],
                                student=["Secret", "Uses"], seed=1, sources=[str(root / "src")])
    yield link
    link.close()


def test_a_librarys_static_state_does_not_outlive_a_load(jvm):
    counts = []
    for _ in range(2):
        jvm.load()
        counts.append([jvm.ok("call", module="uses", name="count", args=[]) for _ in range(2)])
    assert counts == [[1, 2], [1, 2]]


def test_a_library_gets_no_right_the_student_lacks(jvm):
    jvm.load()
    reply = jvm.ask("call", module="uses", name="peek", args=[])
    assert reply.get("error", {}).get("type") == "SecurityException", reply


def test_an_error_inside_a_library_shows_the_students_line(jvm):
    jvm.load()
    error = jvm.ask("call", module="uses", name="wrong", args=[])["error"]
    assert error["type"] == "AssertionError" and error["assertion"] is True
    assert [(f["file"], f["line"]) for f in error["frames"]] == [("Uses.java", 4)]
    assert "inside" not in error
