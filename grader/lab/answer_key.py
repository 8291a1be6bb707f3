"""The right answers to a lab's written questions: in clear for the teacher, and what the kit keeps.

A lab's suites keep the answers to its one-right-answer questions in ``answer_key.yaml`` beside
them, each normalised the way the suite normalises a student's answer (a number, a list, a list
of plays sorted). The teacher's grader reads them in clear. The student kit must hold nothing a
student could turn back into an answer (grader/kit/build.py), and a hash does not hide an answer
that has few possible values: with the salt and the normaliser in the kit (they must be, to
check an answer), trying every value finds it. A question's *domain* is how many normalised
answers it can have (the set someone would try in full to find the right one: a whole number of
at most two digits has 100). So the key says, for each question, which test asks it and its
domain, under ``kit:``:

    table_size: 12
    moves: {each_of: [...]}           # a set of answers: every legal move
    kit:
      table_size: {test: test_table_size_question, domain: 100}
      moves: {test: test_moves_question, domain: 120}   # each move is hashed alone: per member

Only a question whose domain is at least ``SMALL_DOMAIN`` is stored in the kit, as a salted
SHA-256 (a set as one hash per member, so the kit still tells "one of yours is not a play" from
"one is missing"). Every other one is left out, named under ``teacher_checks``: the kit's test
checks only that the answer is there and readable, and its points are the teacher's to give
(grader/kit/teacher_checks.py). A question with no ``kit:`` line is treated as small.

    salt: 3f9c...                     # only in a kit that holds a hash
    essay_code: {sha256: 9a1f...}
    teacher_checks: [table_size, moves]
"""

import hashlib
import json
from pathlib import Path

from grader.lab.yaml_files import load_yaml

# Under this many possible answers, trying them all is quick: 10^12 salted SHA-256s take hours
# on one laptop core and minutes on a GPU, and the labs' domains are far smaller.
SMALL_DOMAIN = 10**12
RESERVED = ("salt", "kit", "teacher_checks")


class AnswerKeyError(ValueError):
    """An answer key the kit cannot be built from; the message names the question and the fix."""


def canonical(value) -> str:
    """One text for one value (how it is hashed): JSON, keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(salt: str, value) -> str:
    return hashlib.sha256(f"{salt}\n{canonical(value)}".encode("utf-8")).hexdigest()


class AnswerKey:
    """An answer key as the suites use it, whichever form it is stored in."""

    def __init__(self, entries: dict, salt: str = "", kit: dict | None = None, teacher_only: list | None = None) -> None:
        self.entries = entries
        self.salt = salt
        self.kit = kit or {}  # question -> {"test", "domain"}: only in the teacher's key
        self.teacher_only = set(teacher_only or ())  # only in a kit: the questions it holds no answer to

    @classmethod
    def load(cls, path: Path) -> "AnswerKey":
        return cls.parse(load_yaml(path.read_text(encoding="utf-8")) or {})

    @classmethod
    def parse(cls, data: dict) -> "AnswerKey":
        data = dict(data)
        salt = str(data.pop("salt", ""))
        kit = data.pop("kit", None) or {}
        teacher_only = data.pop("teacher_checks", None) or []
        return cls(data, salt, kit, teacher_only)

    def teacher_checks(self, name: str) -> bool:
        """Whether this is a kit that holds no answer to ``name``: check its format only."""
        return name in self.teacher_only

    def is_right(self, name: str, value) -> bool:
        """Whether ``value`` (normalised) is the answer to question ``name``."""
        entry = self.entries[name]
        if isinstance(entry, dict) and "sha256" in entry:
            return digest(self.salt, value) == entry["sha256"]
        return value == entry

    def is_member(self, name: str, value) -> bool:
        """Whether ``value`` is one of the answers of the set question ``name``."""
        entry = self.entries[name]
        if "each_of_sha256" in entry:
            return digest(self.salt, value) in entry["each_of_sha256"]
        return value in entry["each_of"]

    def count(self, name: str) -> int:
        """How many answers the set question ``name`` has."""
        entry = self.entries[name]
        return len(entry.get("each_of_sha256", entry.get("each_of", [])))

    def domain(self, name: str) -> int:
        """How many normalised answers question ``name`` can have, as the key says (0: not said)."""
        size = (self.kit.get(name) or {}).get("domain", 0)
        return size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else 0

    def protected(self, name: str) -> bool:
        """Whether a salted hash of ``name``'s answer hides it: its domain is not small."""
        return self.domain(name) >= SMALL_DOMAIN

    def teacher_tests(self) -> list[str]:
        """The tests of the questions the kit leaves to the teacher (every one must name its test)."""
        tests = []
        for name in self.entries:
            if self.protected(name):
                continue
            test = (self.kit.get(name) or {}).get("test")
            if not isinstance(test, str) or not test:
                raise AnswerKeyError(f"the answer key's question {name!r} names no test under `kit:`, so the student "
                                     f"kit cannot leave its points to the teacher. Add `{name}: {{test: TEST_NAME, "
                                     "domain: N}` under `kit:` (N: how many normalised answers it can have)")
            tests.append(test)
        return tests

    def for_kit(self, salt: str) -> dict:
        """This key as the kit stores it: a salted hash of each protected answer, and the names
        of the others (no value, no hash, and the salt only when a hash needs it)."""
        self.teacher_tests()  # every question the kit leaves out must say which test asks it
        out: dict = {}
        for name, entry in self.entries.items():
            if not self.protected(name):
                continue
            if isinstance(entry, dict) and "each_of" in entry:
                out[name] = {"each_of_sha256": sorted(digest(salt, member) for member in entry["each_of"])}
            else:
                out[name] = {"sha256": digest(salt, entry)}
        if out:
            out = {"salt": salt, **out}
        left = sorted(name for name in self.entries if not self.protected(name))
        if left:
            out["teacher_checks"] = left
        return out
