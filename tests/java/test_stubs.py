"""grader/java/stubs.py: a method switched off in a class file returns its type's zero value,
the class still passes the JVM's verifier, and every other method is untouched."""

import shutil
import subprocess

import pytest

from grader.java.stubs import disable_methods, stub_methods

pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="needs a JDK")

WIDGET = """
public class Widget {
    private int calls;
    public Widget() { calls = 0; }
    public void spin() { throw new IllegalStateException("spun"); }
    public int count() { calls++; return 41 + calls; }
    public long big() { return 7L; }
    public double ratio() { return 0.5; }
    public boolean ready() { return true; }
    public String name() { return "widget"; }
    public int[] parts() { return new int[] {1}; }
    public int calls() { return calls; }
}
"""
MAIN = """
public class Main {
    public static void main(String[] args) {
        Widget w = new Widget();
        w.spin();
        System.out.println(w.count() + " " + w.big() + " " + w.ratio() + " " + w.ready() + " " + w.name()
                + " " + w.parts() + " " + w.calls());
    }
}
"""


def run(tmp_path, disable):
    (tmp_path / "Widget.java").write_text(WIDGET)
    (tmp_path / "Main.java").write_text(MAIN)
    subprocess.run(["javac", "-d", str(tmp_path / "classes"), str(tmp_path / "Widget.java"), str(tmp_path / "Main.java")],
                   check=True, timeout=120)
    missed = disable_methods(tmp_path / "classes", disable)
    done = subprocess.run(["java", "-Xverify:all", "-cp", str(tmp_path / "classes"), "Main"], capture_output=True,
                          text=True, timeout=120)
    return missed, done


def test_every_return_type_gets_its_zero_value(tmp_path):
    methods = ["spin", "count", "big", "ratio", "ready", "name", "parts"]
    missed, done = run(tmp_path, [f"widget.Widget.{m}" for m in methods] + ["widget.Widget.no_such_method"])
    assert missed == ["widget.Widget.no_such_method"]
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "0", "0.0", "false", "null", "null", "0"]


def test_names_match_as_the_suites_spell_them_and_constructors_are_left_alone(tmp_path):
    (tmp_path / "Widget.java").write_text(WIDGET)
    subprocess.run(["javac", "-d", str(tmp_path), str(tmp_path / "Widget.java")], check=True, timeout=120)
    data = (tmp_path / "Widget.class").read_bytes()
    assert stub_methods(data, "SPIN")[1] == 1
    assert stub_methods(data, "<init>")[1] == 0
    assert stub_methods(data, "count")[0] != data and stub_methods(data, "nothing") == (data, 0)
