"""The Gradescope zip pins the grader's dependencies to the building machine's versions, and a
Python-only class (`--no-java`) gets an image without a JDK or JUnit (issue 38, item 8)."""

import zipfile
from importlib import metadata

from click.testing import CliRunner

from grader.cli import main
from grader.integrations.gradescope.pins import canonical, constraints_text, pinned, requirement_names


def read(bundle, name: str) -> str:
    with zipfile.ZipFile(bundle) as archive:
        return archive.read(name).decode("utf-8")


def test_requirements_needed_only_by_an_extra_are_left_out():
    assert requirement_names(["pytest>=7.4", 'scipy>=1.10; extra == "dev"', "tomli; python_version < '3.11'",
                              "PyYAML[libyaml] (>=6.0)"]) == ["pytest", "tomli", "PyYAML"]


def test_every_dependency_is_pinned_recursively_at_the_installed_version():
    versions, missing = pinned(["pytest>=7.4", "definitely-not-installed-dist>=1"])
    assert versions["pytest"] == metadata.version("pytest")
    assert versions["pluggy"] == metadata.version("pluggy")  # pytest's own dependency
    assert "definitely-not-installed-dist" in missing
    text = constraints_text("Name: x\nRequires-Dist: PyYAML>=6.0\nRequires-Dist: hypothesis; extra == \"dev\"\n")
    assert f"pyyaml=={metadata.version('pyyaml')}" in text.splitlines() and "hypothesis" not in text


def test_the_zip_pins_the_graders_dependencies_and_installs_with_them(tmp_path):
    done = CliRunner().invoke(main, ["gradescope", "build", "--lab", "elevens", "-o", str(tmp_path / "a.zip")], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    pins = dict(line.split("==") for line in read(tmp_path / "a.zip", "constraints.txt").splitlines() if "==" in line)
    wheel_requires = [r for r in metadata.requires("elevens-grader") or [] if "extra ==" not in r]
    for name in requirement_names(wheel_requires):
        assert pins[canonical(name)] == metadata.version(name), name
    setup = read(tmp_path / "a.zip", "setup.sh")
    assert '--constraint "$CONSTRAINTS" "$WHEEL"' in setup and "CONSTRAINTS=\"$HERE/constraints.txt\"" in setup
    assert "openjdk-17-jdk-headless" in setup and "junit5" in setup  # Elevens grades Java too: by default, a JDK


def test_no_java_leaves_the_jdk_and_junit_out(tmp_path):
    done = CliRunner().invoke(main, ["gradescope", "build", "--lab", "elevens", "--no-java", "-o", str(tmp_path / "p.zip")],
                              catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert "No JDK in the image" in done.output
    setup = read(tmp_path / "p.zip", "setup.sh")
    assert "openjdk" not in setup and "junit" not in setup and "jdk_problem" not in setup
    assert "pip install --no-cache-dir --constraint" in setup  # the rest is as before
