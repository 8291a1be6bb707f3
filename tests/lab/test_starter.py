"""The starter handout imports, and every method a student writes raises NotImplementedError."""

import inspect

import pytest

from tests.lab_loader import load_lab

ABSTRACT = {"is_legal", "another_play_is_possible"}  # Board's: subclasses supply the bodies
LIBRARY_FILES = ("card", "deck", "shuffler", "board", "elevens_board", "thirteens_board",
                 "tens_board", "elevens_simulation")


@pytest.fixture(scope="module")
def starter():
    return load_lab("starter/elevens")


@pytest.fixture(scope="module")
def reference():
    return load_lab("reference/elevens")


def own_callables(module):
    """(owner class or None, name, function) for each function and method the module defines."""
    for name, value in vars(module).items():
        if inspect.isfunction(value) and value.__module__ == module.__name__:
            yield None, name, value
        elif inspect.isclass(value) and value.__module__ == module.__name__:
            for method_name, method in vars(value).items():
                if inspect.isfunction(method):
                    yield value, method_name, method


def bare_instance(cls):
    """An instance that skipped __init__ and, for the abstract Board, the abstract check."""
    stubs = {name: (lambda self, *args: False) for name in ABSTRACT}
    return object.__new__(type(f"Bare{cls.__name__}", (cls,), stubs))


def test_starter_has_every_reference_file(starter, reference):
    assert set(starter) == set(reference)


def test_every_starter_body_raises_not_implemented(starter):
    checked = 0
    for module_name in LIBRARY_FILES:
        for owner, name, function in own_callables(starter[module_name]):
            if name in ABSTRACT or (owner is not None and name == "__init__" and "Board" in owner.__name__ and owner.__name__ != "Board"):
                continue  # game boards' __init__ only calls Board's, which is checked itself
            params = list(inspect.signature(function).parameters)
            args = [[0]] * (len(params) - (owner is not None))
            with pytest.raises(NotImplementedError):
                function(*([bare_instance(owner)] if owner else []), *args)
            checked += 1
    assert checked >= 35  # a floor, so a loader that finds nothing cannot pass


def test_starter_parameters_match_the_reference(starter, reference):
    for module_name, module in reference.items():
        ours = {(o and o.__name__, n): f for o, n, f in own_callables(starter[module_name])}
        for owner, name, function in own_callables(module):
            theirs = ours.get((owner and owner.__name__, name))
            if theirs is None or name.startswith("_") and name != "__init__":
                continue  # private helpers and Activity 9's contains_* are the student's own
            expected = list(inspect.signature(function).parameters)
            assert list(inspect.signature(theirs).parameters) == expected, f"{module_name}.{name}"
