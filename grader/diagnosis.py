"""What is wrong with a Deck, and why: the teacher's answer key for Buggy1-4 and a student's hint.

``diagnose_deck(path)`` runs a few small probes on one ``deck.py`` in the sandbox (beside the
reference Card, each probe in a fresh worker), then matches what it saw against the ways a Deck
usually goes wrong. Each finding names the method, what the probe saw, and the likely mechanism
in the code, e.g. for the lab's Buggy4:

    deal: a 1-card deck dealt None, then a card, and size() went to -1.
    Likely: the count is lowered before the empty check, so the last card is never dealt.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grader.assets import asset_path
from grader.sandbox import Limits, Remote, SandboxSession, Student
from grader.sandbox.errors import SandboxError, StudentError
from grader.standard_deck import ELEVENS_POINTS as VALUES
from grader.standard_deck import RANKS, SUITS



@dataclass(frozen=True)
class Finding:
    method: str
    seen: str
    likely: str

    def __str__(self) -> str:
        return f"{self.method}: {self.seen}\n  Likely: {self.likely}"


class DeckProbe:
    """One sandbox holding the deck under diagnosis; each probe gets a fresh worker."""

    def __init__(self, deck: Path, limits: Limits) -> None:
        files = {"card.py": asset_path("reference", "card.py"), "deck.py": deck}
        self.session = SandboxSession(files, ["card", "deck"], limits)

    def run(self, probe: Callable[[Student], object], seed: int = 1):
        link = self.session.worker(seed)
        try:
            return probe(Student(link, ["card", "deck"]))
        finally:
            link.finish()

    def close(self) -> None:
        self.session.close()


def diagnose_deck(deck: Path, limits: Limits = Limits()) -> list[Finding]:
    probe = DeckProbe(deck, limits)
    try:
        return _findings(probe)
    except SandboxError as error:
        return [Finding("deck.py", f"could not be run: {error}", "fix the error shown first; then diagnose again")]
    finally:
        probe.close()


def _findings(probe: DeckProbe) -> list[Finding]:
    built = probe.run(_try_to_build)
    if built is not None:
        return [built]
    findings: list[Finding] = []
    for check in (_constructor, _is_empty, _deal, _shuffle):
        finding = probe.run(check)
        if finding is not None:
            findings.append(finding)
    return findings


def _try_to_build(student: Student) -> Finding | None:
    try:
        student.deck.Deck(["ace"], ["hearts"], [1])
    except StudentError as error:
        frames = error.details.get("frames", [])
        inside = frames[-1]["function"] if frames else ""
        if inside == "shuffle":
            return Finding("constructor", f"building a 1-card deck raised {error.details['type']} inside shuffle()",
                           "the constructor's last step, shuffle(), fails; check shuffle's loop bounds and the "
                           "cards the constructor built (several bugs at once, like the lab's Buggy5, look like this)")
        return Finding("constructor", f"building a 1-card deck raised {error.details['type']}: {error.details['message']}",
                       f"the error is in {inside or 'the constructor'}; fix it first")
    return None


def _ranks(cards: list) -> list:
    return [card.rank() if isinstance(card, Remote) else card for card in cards]


def _constructor(student: Student) -> Finding | None:
    deck = student.deck.Deck(RANKS, SUITS, VALUES)
    cards = deck.get("cards")
    count = len(cards) if isinstance(cards, list) else None
    if count == 52:
        return None
    if count is None:
        return Finding("constructor", f"`cards` is {cards!r}, not a list", "store the cards in a list attribute named cards")
    ranks = set(_ranks(cards))
    missing = [rank for rank in RANKS if rank not in ranks]
    if count == 48 and missing == ["ace"]:
        return Finding("constructor", "a 13-rank, 4-suit deck has 48 cards and no aces",
                       "the rank loop starts at index 1 instead of 0, so the first rank is dropped")
    if missing and count == 4 * (13 - len(missing)):
        return Finding("constructor", f"a full deck has {count} cards; ranks missing: {', '.join(missing)}",
                       "the loop over ranks skips some of them; check its first and last index")
    return Finding("constructor", f"a 13-rank, 4-suit deck has {count} cards, not 52",
                   "make one card for every rank in every suit")


def _one_card_deck(student: Student):
    """A 1-card deck, or None when the constructor does not build one (its own finding says why)."""
    deck = student.deck.Deck(["ace"], ["hearts"], [1])
    cards = deck.get("cards")
    return deck if isinstance(cards, list) and len(cards) == 1 else None


def _is_empty(student: Student) -> Finding | None:
    deck = _one_card_deck(student)
    if deck is None:
        return None
    full = deck.is_empty()
    deck.deal()
    size, empty = deck.size(), deck.is_empty()
    if full is True:
        return Finding("is_empty", "is_empty() is True for a new 1-card deck",
                       "the test is reversed: it should be True exactly when size() is 0")
    if size == 0 and empty is False:
        return Finding("is_empty", "is_empty() is False when size() is 0",
                       "it tests `size < 0` (or `size > 0`) instead of `size == 0`")
    return None


def _deal(student: Student) -> Finding | None:
    deck = _one_card_deck(student)
    if deck is None:
        return None
    first = deck.deal()
    after = deck.size()
    if isinstance(first, Remote) and after == 0 and deck.is_empty() is False:
        return None  # dealing past the end misbehaves only because is_empty() does (its own finding)
    second = deck.deal()
    later = deck.size()
    if first is None and (isinstance(second, Remote) or (isinstance(later, int) and later < 0)):
        then = "a card" if isinstance(second, Remote) else repr(second)
        return Finding("deal", f"a 1-card deck dealt None first, then {then}, and size() went to {later!r}",
                       "the count is lowered before the empty check, so the last card is never dealt")
    if first is None:
        return Finding("deal", "a 1-card deck dealt None", "deal() should return cards[size - 1] while the deck is not empty")
    if isinstance(later, int) and later < 0:
        return Finding("deal", f"size() went to {later} after dealing from an empty deck",
                       "check is_empty() first and return None without changing the count")
    if after != 0:
        return Finding("deal", f"size() is {after!r} after dealing the only card", "each deal lowers the count by one")
    return None


def _shuffle(student: Student) -> Finding | None:
    deck = student.deck.Deck(RANKS, SUITS, VALUES)
    for _ in range(5):
        deck.deal()
    planted = [student.card.Card(rank, suit, 1) for suit in SUITS for rank in RANKS]
    deck.set("cards", planted)
    before = [f"{r}/{s}" for s in SUITS for r in RANKS]
    deck.shuffle()
    after = [f"{c.rank()}/{c.suit()}" for c in deck.get("cards")]
    size = deck.size()
    if after == before:
        reset = "the count is still reset" if size == 52 else f"and size() is {size!r}"
        return Finding("shuffle", f"shuffle() left all 52 cards in their order ({reset})",
                       "the loop never runs: its condition is wrong (it must count k down from len(cards) - 1 to 1)")
    if size != 52:
        return Finding("shuffle", f"size() is {size!r} after shuffle(), not 52",
                       "after shuffling, set the count back to len(cards)")
    return None
