"""Option types whose errors say what was given, the rule it breaks and what to give instead.

click's own ``IntRange`` says "0 is not in the range x>=1", which names the value and the rule
but leaves the user to work out the fix; every numeric option of the command line uses
``WholeNumber`` instead, so its error reads like the grader's other messages.
"""

import click


class WholeNumber(click.ParamType):
    """A whole number from ``minimum`` to ``maximum`` (None: no upper bound); ``meaning`` says
    what the number counts and ``fix`` what to do instead, both for the error message."""

    name = "integer"

    def __init__(self, minimum: int, maximum: int | None = None, meaning: str = "", fix: str = "") -> None:
        self.minimum, self.maximum, self.meaning, self.fix = minimum, maximum, meaning, fix

    def convert(self, value, param: click.Parameter | None, ctx: click.Context | None) -> int:
        try:
            number = value if isinstance(value, int) else int(str(value).strip(), 10)
        except ValueError:
            self.fail(f"{value!r} is not a whole number; {self._rule()}. {self.fix}".rstrip(), param, ctx)
        if number < self.minimum or (self.maximum is not None and number > self.maximum):
            self.fail(f"{number} is out of range: {self._rule()}. {self.fix}".rstrip(), param, ctx)
        return number

    def _rule(self) -> str:
        span = f"from {self.minimum} to {self.maximum}" if self.maximum is not None else f"at least {self.minimum}"
        return f"{self.meaning}, {span}" if self.meaning else f"it must be {span}"
