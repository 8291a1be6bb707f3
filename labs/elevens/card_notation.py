"""The ways students write a card in answers.yaml: ``5♠``, ``5S``, ``5s``, ``5 of spades``."""

import re

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
