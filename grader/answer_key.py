"""The right answers to a lab's written questions, in clear or as salted hashes.

A lab's suites keep the answers to its one-right-answer questions in ``answer_key.yaml`` beside
them, each normalised the way the suite normalises a student's answer (a number, a list, a list
of plays sorted). The teacher's grader reads them in clear. The student kit must not hold them
(grader/kit/build.py), so it stores a salted SHA-256 of each instead, and a set of answers (every
play on a board) as one hash per member, so the kit still tells "one of yours is not a play"
from "one is missing". Hashing hides an answer from reading, not from guessing: a question with
few possible answers can be brute-forced by running `grader check`, as it always could.

    salt: 3f9c...            # only in a kit
    deck_size: 6             # clear: the value itself
    plays: {each_of: [...]}  # clear: the members of a set of answers
    deck_size: {sha256: 9a1f...}
    plays: {each_of_sha256: [c0de..., ...]}
"""

import hashlib
import json
from pathlib import Path

from grader.yaml_files import load_yaml


def canonical(value) -> str:
    """One text for one value (how it is hashed): JSON, keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(salt: str, value) -> str:
    return hashlib.sha256(f"{salt}\n{canonical(value)}".encode("utf-8")).hexdigest()


class AnswerKey:
    """An answer key as the suites use it, whichever form it is stored in."""

    def __init__(self, entries: dict, salt: str = "") -> None:
        self.entries = entries
        self.salt = salt

    @classmethod
    def load(cls, path: Path) -> "AnswerKey":
        data = load_yaml(path.read_text(encoding="utf-8")) or {}
        salt = str(data.pop("salt", ""))
        return cls(data, salt)

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

    def hashed(self, salt: str) -> dict:
        """This key as the kit stores it: every answer replaced by its salted hash."""
        out: dict = {"salt": salt}
        for name, entry in self.entries.items():
            if isinstance(entry, dict) and "each_of" in entry:
                out[name] = {"each_of_sha256": sorted(digest(salt, member) for member in entry["each_of"])}
            else:
                out[name] = {"sha256": digest(salt, entry)}
        return out
