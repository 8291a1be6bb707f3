"""What ``--test`` selects: a test function by name or glob, or one parametrized run of it.

    --test test_suit                      every run of test_suit
    --test 'test_rank*'                   every run of every test whose name matches the glob
    --test 'test_rank[ace-hearts-1]'      exactly that run (the name a report prints)

A bracket always starts a run's parameters, never a glob character class: the names the
reports print can then be pasted back as they are.
"""

import fnmatch


def base_name(pattern: str) -> str:
    return pattern.split("[", 1)[0]


def run_selected(pattern: str, function_name: str, display_name: str) -> bool:
    """Whether one test run (``function_name``, shown as ``display_name``) is selected."""
    if "[" in pattern:
        return display_name == pattern
    return fnmatch.fnmatchcase(function_name, pattern)


def entry_wanted(entry_pattern: str, wanted: str) -> bool:
    """Whether a rubric entry (a name or glob) prices tests that ``wanted`` selects."""
    base = base_name(wanted)
    return fnmatch.fnmatchcase(base, entry_pattern) or fnmatch.fnmatchcase(entry_pattern, base)
