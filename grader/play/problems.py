"""What the page says when a student's board cannot be played, and what to do next.

Most often in a half-done folder the board (or a file under it) is not written yet: a method
still has the starter's ``raise NotImplementedError``. Restarting cannot help then, so the page
names the method, its file and its activity, says to write it, and offers the lab's own game
(``grader play --lab-board``) to play in the meantime. Any other error is the student's bug: the
page shows it, with the line of their file, and says that Restart plays the file as saved.
"""

import re

from grader.sandbox.errors import SandboxError, StudentError

NEXT_STEP = "Fix it, save the file, and press Restart (R): it plays the file as you saved it."
# The starter's placeholders say "Class.method (Activity 9)": the method, then where it is asked for.
STARTER_NOTE = re.compile(r"^(?P<name>[A-Za-z_][\w.]*) \((?P<where>[^()]+)\)$")


def not_written(error: SandboxError) -> tuple[str, str] | None:
    """(method, activity or "") when ``error`` is a method that still raises NotImplementedError."""
    if not isinstance(error, StudentError) or error.details.get("type") != "NotImplementedError":
        return None
    frames = error.details.get("frames") or []
    said = STARTER_NOTE.match(str(error.details.get("message") or "").strip())
    if said:
        return said["name"], said["where"]
    return (f"{frames[-1]['function']}()" if frames else "a method"), ""


def explain(error: SandboxError, lab_board: str) -> tuple[str, str]:
    """(the problem, the next step) for the page; ``lab_board``: the command that plays the lab's
    game meanwhile ("" where there is none)."""
    missing = not_written(error)
    if missing is None:
        return f"Your board had a problem:\n{error}", NEXT_STEP
    method, where = missing
    frames = error.details.get("frames") or []
    place = ""
    if frames:
        place = f" in {frames[-1]['file']}" + (f" (line {frames[-1]['line']})" if frames[-1].get("line") else "")
    placeholder = f"the starter's placeholder ({where})" if where else "the starter's placeholder"
    return (f"Not written yet: {method}{place} still raises NotImplementedError, {placeholder}. "
            "The game needs it to show and play your board.",
            "Write it, save the file, and press Restart (R)."
            + (f" Until then, play the lab's own game: `{lab_board}`" if lab_board else ""))
