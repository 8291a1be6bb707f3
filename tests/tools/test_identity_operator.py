"""tools/suite_audit: the ``is`` operator (``==`` -> ``is``, ``!=`` -> ``is not`` on ints).

The slip it models scores full marks on every suite whose ints stay in CPython's shared range
(-5 to 256); these tests pin where the operator makes a mutant (an int operand, no shared
literal), where it makes none, and that such a mutant does differ, above 256 only.
"""

import json
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from suite_audit.int_values import holds_int, int_names, shared_literal  # noqa: E402
from suite_audit.operators import mutants  # noqa: E402

SOURCE = textwrap.dedent('''
    class Card:
        def __init__(self, rank: str, value: int) -> None:
            self._rank = rank
            self._value = value
            self._count = len(rank)

        def value(self) -> int:
            return self._value

        def matches(self, other) -> bool:
            return self._rank == other.rank() and self._value == other.value()

        def differs(self, other) -> bool:
            return self._count != other._count


    def same_length(a: list, b: list) -> bool:
        return len(a) == len(b)


    def empty(a: list) -> bool:
        return len(a) == 0 or len(a) == -1 or len(a) == 256


    def huge(n: int) -> bool:
        return n == 1000


    def named(card, other) -> bool:
        return card.point_value() == other.point_value()
''')


def identity_changes(found) -> set[tuple[str, str]]:
    return {(m.before, m.after) for m in found if m.operator == "is"}


def test_is_replaces_equality_where_an_operand_is_an_int():
    changes = identity_changes(mutants("m.py", SOURCE))
    assert ("len(a) == len(b)", "len(a) is len(b)") in changes  # len() on both sides
    # an attribute set from a parameter annotated int, and a method annotated -> int
    assert any(after.endswith("self._value is other.value()") for _, after in changes)
    assert ("self._count != other._count", "self._count is not other._count") in changes  # != -> is not
    assert ("n == 1000", "n is 1000") in changes  # a literal beyond the shared ints


def test_no_is_mutant_where_is_and_equality_always_agree_or_no_int_is_seen():
    changes = identity_changes(mutants("m.py", SOURCE))
    befores = {before for before, _ in changes}
    # Against a shared literal (-5..256) `is` answers as `==` for every int: no mutant.
    assert not [b for b in befores if b.startswith("len(a) == 0")]
    # A text comparison is no int comparison.
    assert not [a for _, a in changes if "self._rank is" in a]
    # Methods of another file are unknown unless the lab's config names them.
    assert not [b for b in befores if "point_value" in b]
    named = identity_changes(mutants("m.py", SOURCE, int_valued=("point_value",)))
    assert ("card.point_value() == other.point_value()", "card.point_value() is other.point_value()") in named


def test_an_is_mutant_differs_only_beyond_the_shared_ints():
    [mutant] = [m for m in mutants("m.py", SOURCE) if m.operator == "is" and m.before == "len(a) == len(b)"]
    space: dict = {}
    exec(compile(mutant.source, "m.py", "exec"), space)
    assert space["same_length"]([1] * 256, [2] * 256) is True  # a suite with small lists cannot see it
    assert space["same_length"]([1] * 257, [2] * 257) is False  # one above 256 can


def test_int_inference_and_shared_literals():
    import ast

    tree = ast.parse(SOURCE)
    names = int_names(tree)
    assert {"value"} <= names.calls and {"_value", "_count", "value", "n"} <= names.values
    assert "_rank" not in names.values and "rank" not in names.values
    expression = ast.parse("a + len(b)", mode="eval").body
    assert not holds_int(expression, names) and holds_int(ast.parse("n + len(b)", mode="eval").body, names)
    assert [shared_literal(ast.parse(t, mode="eval").body) for t in ("0", "-5", "256", "257", "-6", "True", "1.0")] == [
        True, True, True, False, False, False, False]


def test_ints_that_cross_as_json_are_fresh_objects():
    """The premise of the suites' cases above 256: the sandbox decodes each number of a message
    into an int object of its own (sandbox_runtime/wire/framing.py and hosting/crossing.py use json.loads), so a
    student's ``is`` compares two different objects, as when their own code computes them."""
    first, second = json.loads(json.dumps([300, 300]))
    assert first == second and first is not second
    small = json.loads("[7, 7]")
    assert small[0] is small[1]  # and why the small values never showed the slip
