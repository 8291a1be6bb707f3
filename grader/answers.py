"""Reading a student's answers.yaml safely, and understanding the ways students write cards.

The file is the student's, so it is read as data only, with limits: at most 20 kB, and no YAML
anchors or aliases (a few lines of aliases can expand to gigabytes when walked). It is parsed
in the trusted process because it is never executed, only compared.
"""

import re

import yaml

MAX_BYTES = 20_000


class AnswersError(ValueError):
    """answers.yaml cannot be used; the message says why and how to fix it."""


class _NoAliasLoader(yaml.SafeLoader):
    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise AnswersError("answers.yaml uses a YAML alias (*name); write each answer out in full")
        return super().compose_node(parent, index)


def load_answers(path: str) -> dict:
    with open(path, "rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise AnswersError(f"answers.yaml is over {MAX_BYTES // 1000} kB; it only needs a few short answers")
    try:
        parsed = yaml.load(data.decode("utf-8"), Loader=_NoAliasLoader)  # noqa: S506 - a safe loader
    except UnicodeDecodeError:
        raise AnswersError("answers.yaml is not UTF-8 text: save it as UTF-8 in your editor") from None
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        line = f" near line {where.line + 1}" if where else ""
        raise AnswersError(f"answers.yaml could not be read{line}: {getattr(error, 'problem', error)}. "
                           "Each answer is `name: value` on its own line; lists look like [1, 2, 3].") from None
    if parsed is None:
        return {}
    if not isinstance(parsed, dict):
        raise AnswersError("answers.yaml should be a list of `name: answer` lines, like the starter file")
    return parsed


RANK_WORDS = {"a": "ace", "ace": "ace", "j": "jack", "jack": "jack", "q": "queen", "queen": "queen",
              "k": "king", "king": "king", **{str(n): str(n) for n in range(2, 11)}}
SUIT_WORDS = {"s": "spades", "♠": "spades", "spades": "spades", "h": "hearts", "♥": "hearts", "hearts": "hearts",
              "d": "diamonds", "♦": "diamonds", "diamonds": "diamonds", "c": "clubs", "♣": "clubs", "clubs": "clubs"}
CARD_TEXT = re.compile(r"^\s*(10|[2-9]|a|ace|j|jack|q|queen|k|king)\s*(?:of\s+)?(♠|♥|♦|♣|spades|hearts|diamonds|clubs|s|h|d|c)\s*$",
                       re.IGNORECASE)


def parse_card(text) -> tuple[str, str] | None:
    """``"5♠"``, ``"5S"``, ``"5 of spades"``, ``"K♦"`` as (rank, suit); None if unreadable."""
    match = CARD_TEXT.match(str(text)) if isinstance(text, (str, int)) else None
    if not match:
        return None
    return RANK_WORDS[match.group(1).lower()], SUIT_WORDS[match.group(2).lower()]
