"""Probes of a Deck's constructor, size() and is_empty(), each judged on its own.

They run in a sandbox where the student's shuffle() is switched off, so a broken shuffle cannot
make the constructor look wrong. Apart from the constructor's probe, every probe *plants* its
state: five known Cards in ``cards`` and a chosen number in the student's count attribute (the
whole number equal to len(cards) in a new deck, under whatever name the student gave it). Then

- size() is judged against the planted count alone;
- is_empty() against the planted count, or, when size() is wrong, against size() as well (a
  correct is_empty may well be written with size());
- deal() by the card it returns and by the count attribute after it, never through size()
  (deal.py).
"""

from collections import Counter
from dataclasses import dataclass, field

from grader_labs.elevens.diagnosis.findings import Finding, error_type, from_error
from grader_labs.elevens.standard_deck import ELEVENS_POINTS as VALUES
from grader_labs.elevens.standard_deck import RANKS, SUITS

from grader.sandbox import (
    Remote,
    SandboxCrashed,
    SandboxError,
    SandboxTimeout,
    Student,
    StudentError,
)

FULL = (RANKS, SUITS, VALUES)
# Checked in this order; the first that is wrong gives the constructor's finding.
SHAPES = {
    "a 13-rank, 4-suit deck": FULL,
    "a 2-card deck": (["ace", "king"], ["hearts"], [1, 13]),
    "a 1-card deck": (["ace"], ["hearts"], [1]),
}
PLANTED = [("ace", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5)]  # planted in clubs, in this order


class CannotPlant(Exception):
    """The probe could not set up its state (``cards`` or the count could not be assigned)."""


@dataclass
class Built:
    """What the constructor made, with shuffle() switched off."""

    finding: Finding | None = None
    shape: tuple | None = None  # the arguments of a deck the constructor builds without raising
    count_names: list[str] = field(default_factory=list)
    order: list[tuple] | None = None  # the 13-rank, 4-suit deck's cards in the order they were built


def card_fields(student: Student, cards: list) -> list[tuple]:
    """(rank, suit, point value) of each card, in one round trip."""
    calls = [method.later() for card in cards for method in (card.rank, card.suit, card.point_value)]
    values = student.batch(*calls)
    return [tuple(values[i:i + 3]) for i in range(0, len(values), 3)]


def count_names(deck: Remote, size: int) -> list[str]:
    """The deck's whole-number attributes equal to ``size``: where it keeps its count. When there
    are several, the ones one deal() lowers come first (this deals a card from ``deck``)."""
    state = _state(deck)
    if state is None or size < 2:
        return []
    names = [name for name, value in state.items() if type(value) is int and value == size]
    if len(names) > 1:
        try:
            deck.deal()
        except SandboxError:
            return names
        after = _state(deck) or {}
        names.sort(key=lambda name: after.get(name) != size - 1)
    return names


def _state(deck: Remote) -> dict | None:
    try:
        state = deck.get("__dict__")
    except SandboxError:
        return None
    return state if type(state) is dict else None


def probe_constructor(student: Student) -> Built:
    """Build each of SHAPES (shuffle() is off) and compare its cards with one per rank and suit."""
    built = Built()
    for label, shape in SHAPES.items():
        try:
            deck = student.deck.Deck(*shape)
        except SandboxError as error:
            built.finding = built.finding or _build_error(label, error)
            if isinstance(error, (SandboxTimeout, SandboxCrashed)):
                break  # the worker is gone; waiting again would only repeat the finding
            continue
        built.shape = built.shape or shape
        try:
            cards = _cards_of(student, deck)
        except SandboxError as error:
            built.finding = built.finding or from_error("constructor", f"reading the cards of {label}", error)
            continue
        if isinstance(cards, Finding):
            built.finding = built.finding or cards
            continue
        if shape is FULL:
            built.order = cards
            built.count_names = count_names(deck, len(cards))
        built.finding = built.finding or _wrong_cards(label, shape, cards)
    return built


def _cards_of(student: Student, deck: Remote) -> list[tuple] | Finding:
    try:
        cards = deck.get("cards")
    except StudentError as error:
        if error_type(error) != "AttributeError":
            raise
        return Finding("constructor", "a new deck has no attribute `cards`",
                       "keep the cards in a list attribute named `cards`, as the lab does")
    if type(cards) is not list:
        return Finding("constructor", f"`cards` of a new deck is {cards!r}, not a list",
                       "keep the cards in a list attribute named `cards`")
    if not all(isinstance(card, Remote) for card in cards):
        return Finding("constructor", "`cards` of a new deck holds things that are not Cards",
                       "put a Card(rank, suit, value) in the list for each card")
    try:
        return card_fields(student, cards)
    except StudentError:
        return Finding("constructor", "`cards` of a new deck holds objects without rank(), suit() and point_value()",
                       "put a Card(rank, suit, value) in the list for each card")


def _build_error(label: str, error: SandboxError) -> Finding:
    message = error.details.get("message", "") if isinstance(error, StudentError) else ""
    kind = error_type(error)
    likely = ""
    if kind == "AttributeError" and "cards" in message:
        likely = "the constructor uses self.cards before it has made the list: build the cards first, then count them"
    elif kind == "TypeError" and "NoneType" in message:
        likely = "something the constructor works with is None: self.cards must be a list of Cards before it is counted"
    elif kind == "IndexError":
        likely = "a loop runs past the end of ranks, suits or values: check its first and last index"
    return from_error("constructor", f"building {label}", error, likely)


def _wrong_cards(label: str, shape: tuple, got: list[tuple]) -> Finding | None:
    ranks, suits, values = shape
    wanted = Counter((rank, suit, value) for suit in suits for rank, value in zip(ranks, values))
    have = Counter(got)
    if have == wanted:
        return None
    lacking, extra = wanted - have, have - wanted
    count = f"{label} has {len(got)} card{'' if len(got) == 1 else 's'}"
    if not extra:
        gone = [rank for rank in ranks if all(card[0] != rank for card in got)]
        if gone and sum(lacking.values()) == len(gone) * len(suits):
            seen = f"{count} and no {', '.join(rank + 's' for rank in gone)}"
            if gone == ranks[:1]:
                return Finding("constructor", seen, "the rank loop starts at index 1 instead of 0, so the first rank is dropped")
            if gone == ranks[-1:]:
                return Finding("constructor", seen, "the rank loop stops one rank early, so the last rank is dropped")
            return Finding("constructor", seen, "the loop over ranks skips some of them: check its first and last index")
        gone = [suit for suit in suits if all(card[1] != suit for card in got)]
        if gone and sum(lacking.values()) == len(gone) * len(ranks):
            return Finding("constructor", f"{count} and no {', '.join(gone)}",
                           "the loop over suits skips some of them: check its first and last index")
    if not lacking:
        return Finding("constructor", f"{count}, not {sum(wanted.values())}: some cards are made more than once",
                       "make each card once: one loop over the suits, and inside it one over the ranks")
    if Counter(card[:2] for card in got) == Counter(card[:2] for card in wanted.elements()):
        return Finding("constructor", f"{label} gives some cards the wrong point value",
                       "give the rank at index i the value at the same index i (ranks[i] goes with values[i])")
    return Finding("constructor", f"{count}, and not the right ones (expected {sum(wanted.values())})",
                   "make one card for every rank in every suit, each with its rank's point value")


def planted(student: Student, shape: tuple, count_name: str, count: int) -> tuple[Remote, list[Remote]]:
    """A deck whose ``cards`` are the PLANTED cards and whose count is ``count``."""
    try:
        deck = student.deck.Deck(*shape)
        cards = [student.card.Card(rank, "clubs", value) for rank, value in PLANTED]
        deck.set("cards", cards)
        deck.set(count_name, count)
    except SandboxError as error:
        raise CannotPlant(str(error)) from None
    return deck, cards


def probe_size(student: Student, shape: tuple, count_name: str) -> Finding | None:
    """size() must answer the planted count: 5, 2 and 0 cards left."""
    answers = {}
    for left in (5, 2, 0):
        deck, _ = planted(student, shape, count_name, left)
        try:
            answers[left] = deck.size()
        except SandboxError as error:
            return from_error("size", f"size() with {left} cards left to deal", error)
    wrong = [left for left, got in answers.items() if not (type(got) is int and got == left)]
    if not wrong:
        return None
    seen = "; ".join(f"with {left} cards left to deal, size() answered {answers[left]!r}" for left in wrong)
    if all(got == len(PLANTED) for got in answers.values()):
        return Finding("size", seen, "it counts every card in `cards`, dealt or not: it must return the count "
                                     "of cards not yet dealt, the number deal() lowers")
    return Finding("size", seen, "size() must return the count of cards not yet dealt, the number deal() lowers")


def probe_is_empty(student: Student, shape: tuple, count_name: str, size_ok: bool) -> Finding | None:
    """is_empty() must be True with 0 cards left and False with 5, 2 or 1 (or agree with a wrong size())."""
    answers, sizes = {}, {}
    for left in (5, 2, 1, 0):
        deck, _ = planted(student, shape, count_name, left)
        try:
            answers[left] = deck.is_empty()
        except SandboxError as error:
            return from_error("is_empty", f"is_empty() with {left} cards left to deal", error)
    if not size_ok:  # a second pass, so a size() that hangs cannot cost any is_empty() answer
        for left in answers:
            try:
                sizes[left] = planted(student, shape, count_name, left)[0].size()
            except (SandboxError, CannotPlant):
                break

    def right(left: int) -> bool:
        truths = [left == 0] + ([sizes[left] == 0] if type(sizes.get(left)) is int else [])
        return type(answers[left]) is bool and answers[left] in truths

    if all(right(left) for left in answers):
        return None
    table = ", ".join(f"{answers[left]!r} with {left} left" for left in answers)
    said = f"is_empty() answered {table}"
    if any(type(answer) is not bool for answer in answers.values()):
        return Finding("is_empty", said, "it must return True or False: the result of comparing the count with 0")
    true_at = [left for left, answer in answers.items() if answer]
    if not true_at:
        if _empty_list_is_empty(student, shape, count_name):
            return Finding("is_empty", "is_empty() is False when size() is 0, while `cards` still holds the dealt cards",
                           "it looks at len(cards), which never changes when dealing only lowers the count: "
                           "compare the count with 0 instead")
        return Finding("is_empty", "is_empty() is False when size() is 0, so it is never True",
                       "it tests `size < 0` (or compares with a number other than 0) instead of `size == 0`")
    if true_at == [5, 2, 1]:
        return Finding("is_empty", "is_empty() is True while cards are left and False when none is",
                       "the test is reversed: it should be True exactly when size() is 0")
    if len(true_at) == 1 and true_at[0] != 0:
        left = true_at[0]
        return Finding("is_empty", f"is_empty() is True with {left} card{'' if left == 1 else 's'} left and False with none",
                       f"it compares the count with {left} instead of 0")
    return Finding("is_empty", said, "it should be True exactly when no card is left (size() is 0)")


def _empty_list_is_empty(student: Student, shape: tuple, count_name: str) -> bool:
    """Whether is_empty() says True once ``cards`` itself is empty: it counts the list, not the count."""
    try:
        deck, _ = planted(student, shape, count_name, 0)
        deck.set("cards", [])
        return deck.is_empty() is True
    except (SandboxError, CannotPlant):
        return False


def probe_by_behaviour(student: Student) -> Finding | None:
    """When no count attribute can be found, judge size, is_empty and deal through answers only."""
    try:
        deck = student.deck.Deck(*SHAPES["a 2-card deck"])
    except SandboxError:
        return None  # the constructor's own probe has said why

    for step, (size, empty, card) in enumerate([(2, False, True), (1, False, True), (0, True, False)]):
        for method, want in (("size", size), ("is_empty", empty)):
            try:
                got = getattr(deck, method)()
            except SandboxError as error:
                return from_error(method, f"{method}() of a 2-card deck after {step} deals", error)
            if got != want or type(got) is not type(want):
                return Finding(method, f"after {step} deals from a 2-card deck, {method}() answered {got!r}, not {want!r}",
                               "size() is the count of cards not dealt yet; is_empty() is True exactly when it is 0")
        try:
            got = deck.deal()
        except SandboxError as error:
            return from_error("deal", f"deal() number {step + 1} from a 2-card deck", error)
        if isinstance(got, Remote) != card:
            return Finding("deal", f"deal() number {step + 1} from a 2-card deck returned {'None' if got is None else 'a card'}",
                           "deal() returns a card while cards are left, and None after the last one")
    return None
