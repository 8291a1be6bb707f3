"""Activity 6: your tester. Write plain `assert` checks, one function per concern, and call
every function at the bottom. Running `python uds_tester.py` must print nothing and stop
without an error on correct code, and fail on code with a bug.

The grader runs this file against correct versions and versions with one bug in one file.
"""

from uds_changes import changes


def test_changes():
    assert changes([1, 13]) == "U", "a king after an ace goes up"
    # more checks here


test_changes()
