"""The classes a student's tester is run against in Activity 5, read from buggy_variants/
(grader/testers/wrong_versions.py reads them; this module fixes the Elevens lab's choices).

variants.yaml names the Buggy decks and cards and what each one gets wrong; mutants/index.yaml
the curated mutants (only the ``live`` ones count: equivalent and hanging mutants are left out).
"""

from grader_labs.elevens import LAB

from grader.testers.wrong_versions import WrongVersions

# A tester run holds the student's tester, the version of the class under test, and the lab's
# reference of the other class: a deck tester gets the reference card.py, a card tester the
# reference deck.py.
TESTER_FILES = ("deck.py", "card.py")
VERSIONS = WrongVersions(LAB, TESTER_FILES)

# The names the suites and tests use: buggy("deck"), live_mutants("deck.py", "deal"),
# variant_file("Buggy2", "deck.py"), run_tester(own_tests, "deck.py", version).
buggy = VERSIONS.buggy
live_mutants = VERSIONS.live_mutants
variant_file = VERSIONS.file
run_tester = VERSIONS.run_tester
accepted = VERSIONS.accepted
accepted_words = VERSIONS.accepted_words


def mutants() -> list[dict]:
    return VERSIONS.mutants
