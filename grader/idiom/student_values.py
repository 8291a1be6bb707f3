"""What a message needs of a student's object or module in a suite's hands, and nothing more.

The sandbox's proxies (grader/sandbox/proxy.py) subclass these two. That is how the idiom tells a
student's object from a plain value, to name it by its label, without importing the proxies,
which import the idiom to write each call's label: the two no longer need each other.
"""


class StudentObject:
    """A student's object: ``label`` is how messages name it (``box``, ``Widget('red', 3)``),
    ``type_name`` its class's name, and ``link`` the link to the code it came from."""

    __slots__ = ()
    label: str
    type_name: str


class StudentModule:
    """A student's module (``student.mixer``): ``name`` is its name."""

    __slots__ = ()
    name: str
