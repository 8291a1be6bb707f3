"""The words that give a message away as written for the other language's students, shared by
the tests that hold the grader's messages to a student's language (test_words_catalogue.py,
test_suite_twins.py)."""

import re

# Words a Java student must not read: Python's values, calls and names.
PYTHON_WORDS = re.compile(
    r"\bNone\b|\bTrue\b|\bFalse\b|\blen\(|\bself\.|\brandom\.|\bstr\(|@abstractmethod|\bABC\b|\bsys\.exit|"
    r"\b(?:IndexError|TypeError|AttributeError|NotImplementedError|KeyError|ZeroDivisionError|RecursionError|"
    r"UnboundLocalError)\b|\b[a-z]+(?:_[a-z0-9]+)+\(|`and`|`or`|//")
# Words a Python student must not read: Java's values, calls and names.
JAVA_WORDS = re.compile(
    r"\bnull\b|\btrue\b|\bfalse\b|\.length\b|\bnew [A-Z]\w*[\[(]|Math\.random|System\.exit|\bList<|\bint\[\]|"
    r"\b(?:IndexOutOfBoundsException|NullPointerException|ArithmeticException|ClassCastException)\b|"
    r"\b[a-z]+[A-Z]\w*\(|&&|\|\||\btoString\b|\bpublic\b")
