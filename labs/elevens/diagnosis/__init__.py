"""What is wrong with a Deck, and why: the teacher's answer key for Buggy1-4 and a student's hint.

``diagnose_deck(path)`` runs small probes on one ``deck.py`` (or a sourceless ``deck.pyc``) in the
sandbox, beside the reference Card, each probe in a fresh worker, and returns one ``Finding`` per
method it finds wrong: what the probe saw and the likely mechanism in the code, e.g. for Buggy4:

    deal: with 1 card left, deal() returned None instead of the card; the next deal() returned a
    card and the count went to -1.
    Likely: the count is lowered before the empty check, so the last card is never dealt.

A bug in one method often makes others misbehave too (deal() asks is_empty(); the constructor
calls shuffle()), so each method is judged with the others kept out of its way, and only the
root cause is named:

1. the constructor, in a sandbox where shuffle() is switched off (state.py);
2. size(), is_empty() and deal() on planted state, the same sandbox (state.py,
   deal.py);
3. shuffle(), with the class whole: a deck that builds only with shuffle() off is shuffle's
   fault, and shuffle() itself is judged on planted cards (shuffle.py).
"""

from collections.abc import Callable
from pathlib import Path

from grader_labs.elevens.diagnosis.deal import probe_deal
from grader_labs.elevens.diagnosis.findings import (
    METHODS,
    Finding,
    error_type,
    raised_in,
)
from grader_labs.elevens.diagnosis.shuffle import (
    build_failure,
    probe_normal_build,
    probe_shuffle,
)
from grader_labs.elevens.diagnosis.state import (
    CannotPlant,
    probe_by_behaviour,
    probe_constructor,
    probe_is_empty,
    probe_size,
)
from grader_labs.elevens.files import lab_file as asset_path

from grader.sandbox import (
    Limits,
    SandboxError,
    SandboxSession,
    Student,
    StudentError,
    StudentLoadError,
)
from grader.sandbox.proxy import from_wire

__all__ = ["Finding", "diagnose_deck"]
MODULES = ["card", "deck"]


class Sandboxes:
    """The sandboxes of one diagnosis, by the Deck methods switched off in them; each probe
    runs in a fresh worker of one of them, so no probe sees another's state."""

    def __init__(self, deck: Path, limits: Limits) -> None:
        # A .pyc is staged alone, as deck.pyc: Python then imports it without any source.
        self.files = {"card.py": asset_path("reference", "card.py"), "deck.pyc" if deck.suffix == ".pyc" else "deck.py": deck}
        self.limits = limits
        self.sessions: dict[tuple[str, ...], SandboxSession] = {}

    def run(self, probe: Callable[[Student], object], off: tuple[str, ...] = (), seed: int = 1):
        if off not in self.sessions:
            self.sessions[off] = SandboxSession(self.files, MODULES, self.limits, disable=tuple(f"deck.Deck.{m}" for m in off))
        link = self.sessions[off].worker(seed)
        try:
            return probe(Student(link, MODULES))
        finally:
            link.finish()

    def close(self) -> None:
        for session in self.sessions.values():
            session.close()


def diagnose_deck(deck: Path, limits: Limits = Limits()) -> list[Finding]:
    """One Finding per faulty method of ``deck`` (a .py or a sourceless .pyc), in METHODS order;
    an empty list when no probe finds anything wrong."""
    sandboxes = Sandboxes(deck, limits)
    try:
        return _diagnose(sandboxes)
    except StudentLoadError as error:
        return [Finding("deck.py", f"could not be loaded: {error.details.get('type')}: {error.details.get('message')}",
                        "run it yourself with `python deck.py` and fix the first error it shows; then diagnose again")]
    except SandboxError as error:
        return [Finding("deck.py", f"could not be run: {error}", "fix the error shown first; then diagnose again")]
    finally:
        sandboxes.close()


def _diagnose(sandboxes: Sandboxes) -> list[Finding]:
    missing = sandboxes.run(_missing_parts)
    if missing:
        return missing  # the probes need every method; a missing one is the thing to fix first
    built = sandboxes.run(probe_constructor, off=("shuffle",))
    if built.shape is None:
        return [built.finding]  # nothing can be judged on a deck that is never built
    normal = sandboxes.run(probe_normal_build)
    found: dict[str, Finding] = {}
    names = built.count_names or normal.count_names
    if names:
        found.update(_judge_state(sandboxes, built.shape, names[0]))
    else:
        finding = sandboxes.run(probe_by_behaviour)
        if finding:
            found[finding.method] = finding
    shuffle = _judge_shuffle(sandboxes, built, normal, names[0] if names else None, "size" not in found)
    if built.finding:
        found["constructor"] = built.finding  # perhaps with a note from the shuffle probe
    if shuffle:
        found["shuffle"] = shuffle
    elif "constructor" not in found:
        constructor = _constructor_with_shuffle(normal, built.order, "size" not in found)
        if constructor:
            found["constructor"] = constructor
    return [found[method] for method in METHODS if method in found]


def _missing_parts(student: Student) -> list[Finding]:
    """A Finding for a missing class Deck, or for each Deck method that does not exist."""
    try:
        deck_class = from_wire(student.link.request({"op": "getattr", "module": "deck", "name": "Deck"}, "deck.Deck"),
                               student.link, "Deck")
    except StudentError:
        return [Finding("deck.py", "has no class named Deck", "the lab's class is `class Deck:`; check its spelling")]
    missing = []
    for method in METHODS[1:]:
        try:
            deck_class.get(method)
        except StudentError:
            missing.append(Finding(method, f"Deck has no method {method}()",
                                   "write it (a misspelled name counts as missing); then diagnose again"))
    return missing


def _judge_state(sandboxes: Sandboxes, shape: tuple, count_name: str) -> dict[str, Finding]:
    """size(), is_empty() and deal() on planted state, shuffle() off; is_empty() off too for
    deal() when it is wrong itself."""
    found: dict[str, Finding] = {}

    def judge(method: str, probe: Callable, off: tuple[str, ...], *args) -> None:
        try:
            finding = sandboxes.run(lambda student: probe(student, shape, count_name, *args), off=off)
        except CannotPlant:
            return  # the count cannot be set from outside: leave this method unjudged
        if finding:
            found[method] = finding

    judge("size", probe_size, ("shuffle",))
    judge("is_empty", probe_is_empty, ("shuffle",), "size" not in found)
    if "is_empty" in found:
        judge("deal", probe_deal, ("shuffle", "is_empty"), False)
    else:
        judge("deal", probe_deal, ("shuffle",), True)
    return found


def _judge_shuffle(sandboxes: Sandboxes, built, normal, count_name: str | None, size_ok: bool) -> Finding | None:
    if normal.errors:
        label, error = next(iter(normal.errors.items()))
        if built.finding is None:
            return build_failure(label, error)  # it builds with shuffle() off, and fails with it on
        # The constructor's own bug (no cards at all, say) may be what trips shuffle(): say so, and
        # judge shuffle() only on the planted cards below.
        inside = "inside shuffle()" if "shuffle" in raised_in(error) else "once shuffle() runs"
        built.finding = Finding("constructor", f"{built.finding.seen}; building {label} even fails {inside} "
                                               f"({error_type(error) or 'it did not finish'})",
                                f"{built.finding.likely}; fix this first, since shuffle() works on the cards it makes")
    if normal.shape is None:
        return None
    try:
        return sandboxes.run(lambda student: probe_shuffle(student, normal.shape, count_name, size_ok))
    except SandboxError:
        return None  # the planted deck itself could not be set up: shuffle() stays unjudged


def _constructor_with_shuffle(normal, unshuffled: list | None, size_ok: bool) -> Finding | None:
    """With shuffle() right: a new deck must be shuffled, and have every card left to deal."""
    if normal.order is None:
        return None
    if size_ok and normal.size != len(normal.order):
        return Finding("constructor", f"a new 13-rank, 4-suit deck has {len(normal.order)} cards but size() is {normal.size!r}",
                       "every card of a new deck is undealt: set the count to len(cards)")
    if unshuffled is not None and normal.order == unshuffled:
        return Finding("constructor", "a new deck comes out in the order its cards were made",
                       "the constructor must end by calling self.shuffle()")
    return None
