"""Students' testers in any common style: the rule that picks the style, and what each style supports.

The style comes from the file's contents (sandbox_runtime/testers/styles.py), never its name;
each run here is a real sandbox, with pytest preloaded by the launcher.
"""

import pytest

from grader.engine.outcomes import classify
from grader.testers.own_tests import OwnTests, PytestUnavailable
from grader_labs.elevens.variants import run_tester, variant_file
from grader.sandbox import Limits
from grader.sandbox import launcher as launcher_module
from grader.sandbox.launcher import Launcher
from tests.sandbox.tester_runs import BUGGY, run_tester_text

STYLES = {
    "unittest": "import unittest\nclass DeckTest(unittest.TestCase):\n    def test_a(self):\n        pass\n",
    "bare TestCase": "from unittest import TestCase\nclass T(TestCase):\n    pass\n",
    "pytest functions": "def test_a():\n    assert True\ndef helper():\n    pass\n",
    "pytest class": "class TestDeck:\n    def test_a(self):\n        assert True\n",
    "a test calling another test": "def test_a():\n    assert True\ndef test_b():\n    test_a()\n",
    "module-level asserts": "from deck import Deck\nassert Deck(['a'], ['s'], [1]).size() == 1\n",
    "tests called from main": "def test_a():\n    assert True\ndef main():\n    test_a()\nif __name__ == '__main__':\n    main()\n",
    "lab helpers taking the deck": "def test_empty(deck):\n    assert deck.is_empty()\ntest_empty(None)\n",
    "tests run from a list": "def test_a():\n    pass\nfor t in [test_a]:\n    t()\n",
    "a Test class with __init__": "class TestDeck:\n    def __init__(self):\n        pass\n    def test_a(self):\n        pass\n",
    "does not parse": "def test_a(:\n",
}
EXPECTED = {
    "unittest": "unittest", "bare TestCase": "unittest", "pytest functions": "pytest", "pytest class": "pytest",
    "a test calling another test": "pytest", "module-level asserts": "script", "tests called from main": "script",
    "lab helpers taking the deck": "script", "tests run from a list": "script",
    "a Test class with __init__": "script", "does not parse": "script",
}


@pytest.mark.parametrize("case", sorted(STYLES))
def test_the_style_comes_from_the_files_contents(tmp_path, case):
    reply, _ = run_tester_text(tmp_path, STYLES[case], name="test_deck.py")
    assert reply["style"] == EXPECTED[case]


PYTEST_FEATURES = '''
import sys
import pytest
from deck import Deck

events = []

@pytest.fixture(scope="module")
def shared():
    events.append("shared up")
    yield "S"
    events.append("shared down")

@pytest.fixture(autouse=True)
def counted():
    events.append("auto")

@pytest.fixture
def deck(shared):
    d = Deck(["ace"], ["hearts"], [1])
    yield d
    events.append("deck torn down")

@pytest.fixture(name="two")
def two_card_deck():
    return Deck(["ace", "king"], ["hearts"], [1, 13])

def test_fixtures(deck, two, shared):
    assert deck.size() == 1 and two.size() == 2 and shared == "S"

@pytest.mark.parametrize("n", [1, 2, pytest.param(3, id="three"), pytest.param(4, marks=pytest.mark.skip)])
@pytest.mark.parametrize("suits", [["hearts"], ["hearts", "spades"]])
def test_sizes(n, suits):
    assert Deck(["a", "b", "c", "d"][:n], suits, [1, 2, 3, 4][:n]).size() == n * len(suits)
    events.append(("size", n, len(suits)))

def test_raises_and_approx():
    with pytest.raises(TypeError):
        Deck()
    assert 0.1 + 0.2 == pytest.approx(0.3)

@pytest.mark.skipif(sys.version_info > (3,), reason="always")
def test_skipped_by_mark():
    assert False

def test_skipped_by_call():
    pytest.skip("not today")

@pytest.mark.xfail(reason="known")
def test_expected_to_fail():
    assert False

class TestInAClass:
    @pytest.fixture
    def doubled(self, deck):
        return deck.size() * 2

    def setup_method(self, method):
        events.append("setup_method")

    def test_class_fixture(self, doubled):
        assert doubled == 2

def test_zz_order():
    print(events)
'''


def test_a_pytest_style_file_gets_fixtures_parametrize_raises_approx_skip_and_xfail(tmp_path):
    reply, output = run_tester_text(tmp_path, PYTEST_FEATURES)
    assert reply["passed"] and reply["style"] == "pytest", reply
    # 1 + 8 parametrized (2 skipped by pytest.param's mark) + 1 + 2 skipped + 1 xfail + 1 + 1
    assert (reply["tests"], reply["skipped"]) == (15, 4)
    events = eval(output)  # noqa: S307 - our own test's printed list
    # The nearest parametrize varies slowest, as in pytest; a yield fixture's teardown runs.
    sizes = [e[1:] for e in events if isinstance(e, tuple)]
    assert sizes == [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]
    assert events.count("shared up") == 1 and "deck torn down" in events and "setup_method" in events


def test_a_failing_parametrized_case_is_named_with_its_parameters(tmp_path):
    text = ("import pytest\nfrom deck import Deck\n\n@pytest.mark.parametrize('n', [1, 2, 3])\n"
            "def test_sizes(n):\n    assert n < 3, f'too big: {n}'\n")
    reply, _ = run_tester_text(tmp_path, text)
    assert (reply["passed"], reply["test"], reply["case"]) == (False, "test_sizes", "3")
    assert reply["error"]["assertion"] and reply["error"]["message"] == "too big: 3"


def test_a_failed_pytest_raises_is_the_testers_own_check(tmp_path):
    text = "import pytest\n\ndef test_x():\n    with pytest.raises(ValueError):\n        pass\n"
    reply, _ = run_tester_text(tmp_path, text)
    assert not reply["passed"] and reply["error"]["assertion"] and reply["test"] == "test_x"


def test_an_unknown_fixture_is_named(tmp_path):
    reply, _ = run_tester_text(tmp_path, "def test_files(tmp_path):\n    assert tmp_path.exists()\n")
    assert (reply["passed"], reply["how"], reply["fixture"], reply["test"]) == (False, "unknown fixture", "tmp_path", "test_files")


UNITTEST_STYLE = '''
import unittest
from deck import Deck

class DeckTest(unittest.TestCase):
    def test_one_card(self):
        self.assertEqual(Deck(["ace"], ["hearts"], [1]).size(), 1)

    @unittest.skip("later")
    def test_later(self):
        self.fail("skipped")

    def test_each_size(self):
        for n in (1, 2):
            with self.subTest(n=n):
                self.assertEqual(Deck(["a", "b"][:n], ["s"], [1, 2][:n]).size(), n)

{main}
'''


@pytest.mark.parametrize("main", ["if __name__ == '__main__':\n    unittest.main()", "unittest.main()"])
def test_a_unittest_file_passes_whether_or_not_unittest_main_is_guarded(tmp_path, main):
    reply, _ = run_tester_text(tmp_path, UNITTEST_STYLE.format(main=main))
    assert reply == {"passed": True, "how": "ran to the end", "tests": 3, "skipped": 1, "style": "unittest"}


def test_a_failed_unittest_assertion_names_its_test(tmp_path):
    text = UNITTEST_STYLE.format(main="").replace('[1]).size(), 1)', '[1]).size(), 2)')
    reply, _ = run_tester_text(tmp_path, text)
    assert (reply["passed"], reply["test"], reply["error"]["type"]) == (False, "DeckTest.test_one_card", "AssertionError")
    assert reply["error"]["assertion"] and reply["error"]["frames"][-1]["function"] == "test_one_card"


LAB_STYLE = '''
import sys
from deck import Deck

def test_size(deck, expected):
    assert deck.size() == expected, f"size() is {deck.size()}, expected {expected}"

def test_empty(deck):
    assert deck.is_empty(), "is_empty() is False for an empty deck"

def main():
    deck = Deck(["ace"], ["hearts"], [1])
    test_size(deck, 1)
    deck.deal()
    test_empty(deck)
    test_size(deck, 0)
    print("All tests passed!")
    return 0

if __name__ == "__main__":
    sys.exit(main())
'''


def test_a_lab_style_script_with_helpers_taking_the_deck_runs_as_a_script(tmp_path):
    reply, output = run_tester_text(tmp_path, LAB_STYLE, name="deck_tester.py")
    assert reply == {"passed": True, "how": "ran to the end", "style": "script"} and "All tests passed!" in output
    caught, _ = run_tester_text(tmp_path, LAB_STYLE, name="deck_tester.py", deck=BUGGY / "Buggy1" / "deck.py")
    assert not caught["passed"] and caught["error"]["assertion"], caught


def test_sys_exit_0_part_way_still_fails_a_script(tmp_path):
    text = LAB_STYLE.replace('    test_size(deck, 1)\n', '    sys.exit(0)\n    test_size(deck, 1)\n')
    reply, _ = run_tester_text(tmp_path, text, name="deck_tester.py")
    assert (reply["passed"], reply["how"]) == (False, "exit")


@pytest.mark.parametrize("module", ["yaml", "grader", "click"])
def test_student_code_cannot_import_site_packages_though_pytest_is_importable(tmp_path, module):
    text = f"import pytest\n\ndef test_pytest_is_here():\n    assert pytest.approx(1) == 1\n\ndef test_other():\n    import {module}\n"
    reply, _ = run_tester_text(tmp_path, text)
    assert reply["test"] == "test_other" and reply["tests"] == 2, reply
    assert (reply["error"]["type"], reply["error"]["message"]) == ("ModuleNotFoundError", f"No module named '{module}'")


def test_using_pytest_reads_nothing_more_from_disk(tmp_path):
    # Everything pytest.raises, approx, mark, fixture, skip, fail and param need was imported by
    # the launcher: using them (failing ones included) imports no module of pytest's.
    text = '''
import sys
import pytest
PYTEST = ("pytest", "_pytest", "pluggy", "py", "iniconfig", "packaging", "pygments")
before = {m for m in sys.modules if m.split(".")[0] in PYTEST}

@pytest.fixture
def value():
    yield 1

@pytest.mark.parametrize("x", [pytest.param(1, id="one")])
def test_everything(x, value):
    with pytest.raises(ValueError, match="bad"):
        raise ValueError("bad")
    for failing in (lambda: pytest.fail("f"), lambda: pytest.skip("s")):
        try:
            failing()
        except BaseException:
            pass
    try:
        with pytest.raises(KeyError):
            pass
    except BaseException as e:
        str(e)
    try:
        assert [0.1] == pytest.approx([0.3])
    except AssertionError:
        pass
    repr(pytest.approx({"a": 1.0}))
    assert {m for m in sys.modules if m.split(".")[0] in PYTEST} == before
'''
    reply, _ = run_tester_text(tmp_path, text)
    assert reply["passed"], reply


def test_a_tester_that_imports_pytest_is_told_when_the_grader_has_none(tmp_path):
    plain = Launcher()  # no pytest preloaded
    try:
        reply, _ = run_tester_text(tmp_path, "import pytest\n\ndef test_a():\n    pass\n", launcher=plain)
    finally:
        plain.close()
    assert reply["how"] == "no pytest" and reply["why"]


def test_when_the_grader_cannot_provide_pytest_the_run_is_a_grader_error_not_a_zero(tmp_path, monkeypatch):
    monkeypatch.setattr(Launcher, "_shared", {})  # a launcher of this test's own, whose pytest is missing
    monkeypatch.setattr(launcher_module, "pytest_locations", lambda: {"folders": [str(tmp_path)], "modules": ["pytest"]})
    tester = tmp_path / "test_deck.py"
    tester.write_text("import pytest\n\ndef test_a():\n    assert True\n", encoding="utf-8")
    with pytest.raises(PytestUnavailable, match="could not provide pytest") as caught:
        run_tester(OwnTests({"test_deck.py": tester}, 1, Limits()), "deck.py", variant_file("reference", "deck.py"))
    assert classify(caught.value)[0] == "grader_error"


@pytest.mark.parametrize("text, checks", [
    ("assert 1 == 1\n", True),
    ("import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1, 1)\n", True),
    ("import pytest\ndef test_a():\n    with pytest.raises(ValueError):\n        int('x')\n", True),
    ("from pytest import raises\ndef test_a():\n    with raises(ValueError):\n        int('x')\n", True),
    ("class CheckFailed(AssertionError):\n    pass\ndef check(ok):\n    if not ok:\n        raise CheckFailed('no')\n", True),
    ("if 1 + 1 != 2:\n    raise ValueError('arithmetic')\n", True),
    ("from deck import Deck\nDeck(['a'], ['s'], [1]).deal()\nprint('done')\n", False),
    ("try:\n    print(1)\nexcept OSError:\n    raise\n", False),  # a bare raise passes on what it caught
])
def test_unittest_assertions_and_pytest_raises_are_checks_of_the_testers_own(tmp_path, text, checks):
    # A crash counts as catching a wrong class only in a tester that checks something itself.
    tester = tmp_path / "deck_tester.py"
    tester.write_text(text, encoding="utf-8")
    assert OwnTests({"deck_tester.py": tester}, 1, Limits()).has_assertions is checks
