"""The probe of a Deck's deal(), on planted state: five known Cards in ``cards`` and the count set
to 5 (see state.py). Each deal is judged by the card it returns and by the count
attribute after it, never through size(), so a wrong size() cannot make deal() look wrong.

The caller runs it with is_empty() live only when is_empty() was judged right, and then also
deals twice from the empty deck; otherwise in a sandbox where is_empty() is switched off (it
answers None, so deal() never thinks the deck is empty), so a wrong is_empty() is blamed once,
on itself. The first deal that goes wrong is described, with the one after it when that tells
the mechanism apart (a count set to 1 versus lowered by 2, a last card never dealt).
"""

from grader_labs.elevens.diagnosis.findings import Finding, error_type, from_error
from grader_labs.elevens.diagnosis.state import PLANTED, planted

from grader.sandbox import Remote, SandboxError, Student


def probe_deal(student: Student, shape: tuple, count_name: str, empty_check_live: bool) -> Finding | None:
    """Deal every planted card, and (with a live is_empty) twice more from the empty deck."""
    deck, cards = planted(student, shape, count_name, len(PLANTED))
    left, deviation = len(PLANTED), None
    for _ in range(len(PLANTED) + (2 if empty_check_live else 0)):
        step = _deal_once(deck, count_name, left)
        if deviation is not None:
            return _deal_finding(*deviation, cards, then=step)
        if _dealt_right(step, cards):
            left = step[2]
            continue
        deviation = step
        if isinstance(step[1], SandboxError) or type(step[2]) is not int:
            break
        left = step[2]
    return None if deviation is None else _deal_finding(*deviation, cards, then=None)


def _deal_once(deck: Remote, count_name: str, left: int) -> tuple:
    """(count before, what deal() gave or the error it raised, count after)."""
    try:
        got = deck.deal()
    except SandboxError as error:
        got = error
    try:
        after = deck.get(count_name)
    except SandboxError:
        after = None
    return left, got, after


def _dealt_right(step: tuple, cards: list[Remote]) -> bool:
    left, got, after = step
    if left == 0:
        return got is None and after == 0
    return isinstance(got, Remote) and got == cards[left - 1] and after == left - 1


def _deal_finding(left: int, got, after, cards: list[Remote], then: tuple | None) -> Finding:
    where = f"with {left} card{'' if left == 1 else 's'} left"
    if isinstance(got, SandboxError):
        if error_type(got) == "IndexError" and after == left:
            return from_error("deal", f"deal() {where} (the count stayed {left})", got,
                              "it reads `cards[size]` before lowering the count, one past the last card left: "
                              "lower the count first, then return the card at the new count")
        if error_type(got) == "IndexError" and type(after) is int and after > left:
            return from_error("deal", f"deal() {where} (the count went up to {after})", got,
                              "the count goes up instead of down, past the end of the list: lower it by one")
        return from_error("deal", f"deal() {where}", got)
    if left == 0:
        what = "a card" if isinstance(got, Remote) else repr(got)
        return Finding("deal", f"from an empty deck, deal() returned {what} and the count went to {after!r}",
                       "when no card is left, deal() must return None and leave the count at 0: check is_empty() first")
    if got is None:
        if left == 1 and after == 0:
            next_got = then[1] if then else None
            what = "a card" if isinstance(next_got, Remote) else repr(next_got)
            return Finding("deal", f"{where}, deal() returned None instead of the card; the next deal() returned "
                                   f"{what} and the count went to {then[2] if then else after!r}",
                           "the count is lowered before the empty check, so the last card is never dealt")
        return Finding("deal", f"{where}, deal() returned None (the count went to {after!r})",
                       "while cards are left, deal() must lower the count by one and return the card at the new count")
    if not isinstance(got, Remote):
        return Finding("deal", f"{where}, deal() returned {got!r} instead of a card", "return one of the Cards in `cards`")
    if after != left - 1:
        if type(after) is not int:
            return Finding("deal", f"{where}, deal() made the count {after!r}", "lower the count by one: it must stay a whole number")
        if after == 1 and then is not None and then[2] == 1:
            return Finding("deal", f"{where}, deal() set the count to 1, and the next deal() left it at 1",
                           "the count is set to 1 instead of lowered by 1")
        if after == left - 2:
            return Finding("deal", f"{where}, deal() lowered the count from {left} to {after}",
                           "each deal must lower the count by exactly one; lowering it by 2 skips every other card")
        return Finding("deal", f"{where}, deal() changed the count from {left} to {after}",
                       "each deal must lower the count by exactly one")
    if got in cards:
        return Finding("deal", f"{where}, deal() returned the card at index {cards.index(got)} of `cards`, "
                               f"not the one at index {left - 1}",
                       "after lowering the count, return the card at the new count: the dealt cards stay at the end")
    return Finding("deal", f"{where}, deal() returned a card that is not in `cards`", "return the card from `cards`, not a new one")
