"""A lab object written with ``__slots__`` reaches a student's tester as itself, not as an opaque handle.

In the student kit the Card beside a deck tester is the student's own (docs/kit.md), and a
correct Card may keep its fields in ``__slots__`` (no ``__dict__``), mangle their names, and refuse
``__setattr__`` to stay immutable. Objects of the lab's classes cross between the tester and the
class under test by copy (sandbox_runtime/hosting/crossing.py): such a Card must be copied by its slots,
or the tester gets a handle with no ``rank()`` and rejects a correct deck.
"""

from grader.testers.own_tests import OwnTests, close_warm_sandboxes
from grader.sandbox import Limits
from sandbox_runtime.hosting.snapshots import object_state, restore_state
from tests.lab_loader import ROOT

REFERENCE = ROOT / "reference" / "elevens"

SLOTTED_CARD = '''
class Card:
    """Immutable: the fields live in slots, one of them name-mangled."""
    __slots__ = ("_rank", "_suit", "__value")

    def __init__(self, rank, suit, point_value):
        object.__setattr__(self, "_rank", rank)
        object.__setattr__(self, "_suit", suit)
        object.__setattr__(self, "_Card__value", point_value)

    def __setattr__(self, name, value):
        raise AttributeError("a Card cannot change")

    def rank(self):
        return self._rank

    def suit(self):
        return self._suit

    def point_value(self):
        return self.__value

    def matches(self, other):
        return (self._rank, self._suit, self.__value) == (other.rank(), other.suit(), other.point_value())

    def __str__(self):
        return f"{self._rank} of {self._suit} (point value = {self.__value})"
'''

TESTER = '''
from card import Card
from deck import Deck

deck = Deck(["ace"], ["hearts"], [300 + 1])
card = deck.deal()
assert card.rank() == "ace", card.rank()
assert card.point_value() == 301, card.point_value()
assert card.matches(Card("ace", "hearts", 301))
assert str(card) == "ace of hearts (point value = 301)", str(card)
'''


def test_a_slotted_immutable_card_crosses_to_the_tester_with_its_fields(tmp_path):
    card = tmp_path / "card.py"
    card.write_text(SLOTTED_CARD, encoding="utf-8")
    tester = tmp_path / "deck_tester.py"
    tester.write_text(TESTER, encoding="utf-8")
    own = OwnTests({tester.name: tester}, 1, Limits(output_bytes=1 << 20))
    try:
        run = own.run(("deck.py", REFERENCE / "deck.py"), {"card.py": card}, reference=REFERENCE / "deck.py")
    finally:
        close_warm_sandboxes()
    assert run.outcome == "passed", run.message


def test_object_state_reads_and_restores_slots_without_the_objects_own_setattr(tmp_path):
    namespace: dict = {}
    exec(compile(SLOTTED_CARD, str(tmp_path / "card.py"), "exec"), namespace)
    card_class = namespace["Card"]
    card = card_class("king", "spades", 0)
    state = object_state(card)
    assert state == {"_rank": "king", "_suit": "spades", "_Card__value": 0}
    copy = card_class.__new__(card_class)
    restore_state(copy, state)
    assert (copy.rank(), copy.suit(), copy.point_value()) == ("king", "spades", 0)
    restore_state(copy, {"_rank": "ace"})  # a field not sent is unset, as a __dict__ would be cleared
    assert object_state(copy) == {"_rank": "ace"}


def test_an_object_with_neither_dict_nor_slots_has_no_state():
    assert object_state(object()) is None
