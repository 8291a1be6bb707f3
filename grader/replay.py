"""The command that runs one test again, alone, with the seed it had: printed in every report.

It is run in the student's folder (or with the folder or zip in place of ``.``), and must work
when pasted into a shell, so the test's name is quoted: parametrized names hold brackets,
spaces and quotes. A hidden test needs ``--hidden`` (``grader check`` runs only public tests
otherwise), a run with another base seed needs ``--seed``, and a teacher's own rubric needs
``--rubric``.
"""

import shlex


def replay_command(activity_id: str, test_name: str, *, hidden: bool = False, base_seed: int = 0,
                   rubric: str = "") -> str:
    parts = ["grader", "check", ".", "--activity", activity_id, "--test", test_name]
    if hidden:
        parts.append("--hidden")
    if base_seed:
        parts += ["--seed", str(base_seed)]
    if rubric:
        parts += ["--rubric", rubric]
    return " ".join(shlex.quote(part) for part in parts)
