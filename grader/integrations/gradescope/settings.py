"""What the teacher chose when building the autograder, carried in the zip to each grading run.

``grader gradescope build`` writes these choices to ``grader-gradescope.json`` at the zip's
root, which Gradescope unpacks into ``/autograder/source``; ``run.py`` reads them back. A JSON
file of our own rather than a block in the rubric, because the rubric is the lab's scoring
contract (checked key by key by grader/lab/rubric.py) and these choices are about one platform.
"""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from grader.reporters.gradescope_json import GradescopeOptions

SETTINGS_FILE = "grader-gradescope.json"
RUBRIC_FILE = "rubric.yaml"
DEFAULT_SANDBOX_USER = "grader-student"
# What useradd accepts, and "root" (student code then runs as root, as Gradescope starts it).
USER_NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,31}$")
KEYS = {"hidden_visibility", "bonus", "sandbox_user", "rubric"}


class SettingsError(ValueError):
    """The settings file or an option is wrong; the message says which, the rule and the fix."""


@dataclass(frozen=True)
class BundleSettings:
    gradescope: GradescopeOptions = field(default_factory=GradescopeOptions)
    # The unprivileged user student code runs as when run_autograder runs as root; "root": none.
    sandbox_user: str = DEFAULT_SANDBOX_USER
    # The rubric's file name inside the zip; "" for the lab's own rubric, shipped in the wheel.
    rubric: str = ""

    def __post_init__(self) -> None:
        if not USER_NAME.match(self.sandbox_user):
            raise SettingsError(f"the sandbox user {self.sandbox_user!r} is not a user name: use lower-case letters, "
                                f"digits, '-' and '_' (at most 32, not starting with a digit), e.g. {DEFAULT_SANDBOX_USER}")
        if self.rubric not in ("", RUBRIC_FILE):
            raise SettingsError(f"rubric {self.rubric!r}: the zip holds the rubric as {RUBRIC_FILE}, or none")

    def to_json(self) -> str:
        return json.dumps({"hidden_visibility": self.gradescope.hidden_visibility, "bonus": self.gradescope.bonus,
                           "sandbox_user": self.sandbox_user, "rubric": self.rubric}, indent=2) + "\n"

    @classmethod
    def read(cls, path: Path) -> "BundleSettings":
        """The settings in ``path``; the defaults if there is no such file (a hand-made zip)."""
        if not path.exists():
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SettingsError(f"{path} cannot be read as JSON ({exc}). Build the zip again with `grader gradescope build`.") from None
        if not isinstance(data, dict) or set(data) - KEYS:
            raise SettingsError(f"{path} has keys {sorted(data) if isinstance(data, dict) else data!r}; "
                                f"it may hold only {sorted(KEYS)}. Build the zip again with `grader gradescope build`.")
        try:
            options = GradescopeOptions(data.get("hidden_visibility", "after_due_date"), data.get("bonus", "extra_credit"))
        except ValueError as exc:
            raise SettingsError(f"{path}: {exc}") from None
        return cls(options, str(data.get("sandbox_user", DEFAULT_SANDBOX_USER)), str(data.get("rubric", "")))
