"""Write the Java twins of the Elevens lab's live Card and Deck mutants.

    python tools/make_java_mutants.py          (writes buggy_variants/elevens/java/mutants/<id>/<Class>.java)

Each live mutant of ``buggy_variants/elevens/mutants/`` (a one-change copy of the Python
reference, made by tools/make_mutants.py) gets a Java twin: the Java reference
(reference/elevens/java/) with the same change written in Java. Where the languages differ (a
Java ``int`` cannot be ``None``, a name used before it is set does not compile) the twin makes the
change a tester would see the same way, as the mutant's ``behaviour`` in mutants/index.yaml
describes it; the comment on each entry says so. Every replacement must match exactly once,
and every twin must compile beside the reference: the script stops otherwise.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "reference" / "elevens" / "java"
OUT = ROOT / "buggy_variants" / "elevens" / "java" / "mutants"
INDEX = ROOT / "buggy_variants" / "elevens" / "mutants" / "index.yaml"

LOOP = "for (int k = cards.size() - 1; k > 0; k--)"
DRAW = "int r = (int) (Math.random() * (k + 1));"
DEAL = "        if (isEmpty()) {\n            return null;\n        }\n        size--;\n        return cards.get(size);"
# mutant id -> (file, [(text, replacement), ...])
TWINS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "card-001": ("Card.java", [("        rank = cardRank;", "        rank = null;")]),
    "card-002": ("Card.java", [("        suit = cardSuit;", "        suit = null;")]),
    # An int cannot be None: the point value is lost as 0.
    "card-003": ("Card.java", [("        pointValue = cardPointValue;", "        pointValue = 0;")]),
    "card-004": ("Card.java", [("return rank.equals(otherCard.rank())", "return !rank.equals(otherCard.rank())")]),
    "card-005": ("Card.java", [("&& suit.equals(otherCard.suit())", "&& !suit.equals(otherCard.suit())")]),
    "card-006": ("Card.java", [("&& pointValue == otherCard.pointValue();", "&& pointValue != otherCard.pointValue();")]),
    # rank or (suit and point value), as Python's `a or b and c` groups it.
    "card-007": ("Card.java", [("return rank.equals(otherCard.rank())\n                && suit.equals(otherCard.suit())",
                                "return rank.equals(otherCard.rank())\n                || suit.equals(otherCard.suit())")]),
    "card-008": ("Card.java", [('return rank + " of " + suit + " (point value = " + pointValue + ")";',
                                'return "XX" + rank + " of " + suit + " (point value = " + pointValue + ")XX";')]),
    "deck-001": ("Deck.java", [("cards = new ArrayList<Card>();", "cards = null;")]),
    "deck-003": ("Deck.java", [("return size == 0;", "return size != 0;")]),
    "deck-004": ("Deck.java", [("return size == 0;", "return size == 1;")]),
    "deck-005": ("Deck.java", [("        size--;", "        size = 1;")]),
    "deck-006": ("Deck.java", [("        size--;", "        size++;")]),
    "deck-007": ("Deck.java", [("        size--;", "        size -= 2;")]),
    "deck-008": ("Deck.java", [(LOOP, "for (int k = cards.size() + 1; k > 0; k--)")]),
    "deck-009": ("Deck.java", [(LOOP, "for (int k = cards.size() - 2; k > 0; k--)")]),
    "deck-010": ("Deck.java", [(LOOP, "for (int k = cards.size() - 1; k > 1; k--)")]),
    # range(n - 1, 0, +1) is empty: the loop never runs.
    "deck-011": ("Deck.java", [(LOOP, "for (int k = cards.size() - 1; k < 0; k++)")]),
    "deck-012": ("Deck.java", [(LOOP, "for (int k = cards.size() - 1; k > 0; k -= 2)")]),
    # randint(1, k): 1..k.
    "deck-013": ("Deck.java", [(DRAW, "int r = (int) (Math.random() * k) + 1;")]),
    # r = None: the first use of it fails.
    "deck-014": ("Deck.java", [(DRAW, "Integer r = null;")]),
    # The swap cannot run (Python: a TypeError on the first swap).
    "deck-015": ("Deck.java", [("            Card held = cards.get(k);",
                                "            if (k > 0) {\n                throw new ClassCastException(\"cannot swap\");\n"
                                "            }\n            Card held = cards.get(k);")]),
    # The count is lost after every shuffle (an int cannot be None: -1, so deal() fails).
    "deck-016": ("Deck.java", [("            cards.set(r, held);\n        }\n        size = cards.size();",
                                "            cards.set(r, held);\n        }\n        size = -1;")]),
    # The count is taken before there is a list: building any deck fails.
    "deck-017": ("Deck.java", [("        cards = new ArrayList<Card>();", "        size = cards.size();\n        cards = new ArrayList<Card>();"),
                               ("        size = cards.size();\n        shuffle();", "        shuffle();")]),
    # The count is lowered before the empty check (the lab's Buggy4).
    "deck-019": ("Deck.java", [(DEAL, "        size--;\n        if (isEmpty()) {\n            return null;\n        }\n"
                                      "        return cards.get(size);")]),
    # The card is returned before the count is lowered: cards.get(size) is past the end.
    "deck-020": ("Deck.java", [(DEAL, "        if (isEmpty()) {\n            return null;\n        }\n        return cards.get(size);")]),
    # The swap runs before r is drawn (Python: UnboundLocalError): any deck of 2 or more cards fails.
    "deck-022": ("Deck.java", [("            " + DRAW, "            if (k > 0) {\n                throw new IllegalStateException"
                                "(\"r is used before it is drawn\");\n            }\n            " + DRAW)]),
    "deck-023": ("Deck.java", [(LOOP, "for (int k = 0; k < 0; k++)")]),
}


def main() -> int:
    live = {m["id"] for m in yaml.safe_load(INDEX.read_text()) if m["status"] == "live" and m["file"] in ("card.py", "deck.py")}
    if live != set(TWINS):
        print(f"the live Card and Deck mutants and the twins differ: {sorted(live ^ set(TWINS))}", file=sys.stderr)
        return 1
    for mutant, (file, changes) in sorted(TWINS.items()):
        text = (REFERENCE / file).read_text()
        for old, new in changes:
            if text.count(old) != 1:
                print(f"{mutant}: {old!r} occurs {text.count(old)} times in {file}", file=sys.stderr)
                return 1
            text = text.replace(old, new)
        folder = OUT / mutant
        folder.mkdir(parents=True, exist_ok=True)
        (folder / file).write_text(text)
        other = "Deck.java" if file == "Card.java" else "Card.java"
        with tempfile.TemporaryDirectory() as out:
            done = subprocess.run(["javac", "-nowarn", "-d", out, str(folder / file), str(REFERENCE / other)],
                                  capture_output=True, text=True)
        if done.returncode != 0:
            print(f"{mutant} does not compile:\n{done.stderr}", file=sys.stderr)
            return 1
    print(f"wrote {len(TWINS)} Java mutants to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
