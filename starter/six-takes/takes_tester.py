"""Activity 5: your tester. Import the lab's modules and check what the handout promises with
plain `assert` statements. The grader runs this file against correct versions (it must pass)
and against versions with one bug each (it should fail on them)."""

from takes_cards import penalty

assert penalty(1) == 3, "an ordinary card is worth 3"
