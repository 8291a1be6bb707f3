"""A function the suites call, answered by running a student's Java program (``main``).

A lab may hand out a class with only a ``main`` where the suites call a function
(``widget_run.run(n)``): the program sizes its work with a ``static final int`` constant and
prints its result. Such a class is graded through what it is (``grader.lab.registry.JavaProgram``):

- before compiling, the ``final`` of the count constant and of the lab's "quiet" switches (a
  debugging flag) is blanked, line and column kept (java_text.drop_final): javac copies a
  constant into every use, so only an ordinary static field can be set for a run;
- when the compiled class declares no method of the function's name but has a ``main``, a call
  of the function (alone, repeated, or in a batch) becomes: set the count to the argument and
  each quiet switch to false, run ``main`` with no arguments, read what it printed, and let the
  lab's reader turn the text into the answer. The run is a request like any other in the same
  JVM and load, so it is seeded as every test is, and its output still shows in the test's;
- what was read is kept for the test's message (``JvmLink.notes``), and the activity's note
  says the class was graded through its ``main``.

Reading happens here, on the trusted side: the JVM only returns the printed text.
"""

from pathlib import Path

from grader.java.java_text import drop_final
from grader.java.sources import class_name
from grader.java.stubs import ClassFileError, method_names
from grader.idiom import idiom_of
from grader.sandbox.errors import SandboxError, StudentError

NOT_MINE = object()
NOTES_SHOWN = 3  # readings quoted in a test's message; the rest are counted


class ProgramUnreadable(SandboxError):
    """The program ran, but printed nothing its lab's reader could take as the answer."""


def loose(name: str) -> str:
    """A name as the naming rule compares it: underscores dropped, case ignored."""
    return name.replace("_", "").lower()


class ProgramRuns:
    """The lab's programs among one activity's student classes, and how to run them."""

    def __init__(self, programs: tuple, student: dict[str, Path]) -> None:
        self.programs = {p.module: p for p in programs if class_name(p.module) in student}
        self.student = student
        self.settable = True  # False: the class compiles only with its constants left final
        self.active: dict[str, object] = {}  # module -> its JavaProgram, for a class with only a main
        self.found: dict[str, list[str]] = {}  # module -> the constants it declares

    def unfinal(self) -> dict[str, tuple[str, ...]]:
        """Class name -> the constants to make settable, for compiling."""
        if not self.settable:
            return {}
        return {class_name(p.module): (p.count, *p.quiet) for p in self.programs.values()}

    def inspect(self, classes: Path) -> None:
        """After compiling: which programs must be run through ``main`` (no method of the
        function's name, a ``main``), and which of their constants could be set."""
        for module, program in self.programs.items():
            java = class_name(module)
            try:
                names = method_names((classes / f"{java}.class").read_bytes())
            except (OSError, ClassFileError, ValueError):
                continue
            if any(loose(name) == loose(program.function) for name in names) or "main" not in names:
                continue
            self.active[module] = program
            text = self.student[java].read_text(encoding="utf-8", errors="replace")
            self.found[module] = drop_final(text, [program.count, *program.quiet])[1] if self.settable else []

    def note(self) -> str:
        """The activity's note when a program was graded through its ``main``."""
        parts = []
        for module, program in self.active.items():
            java = class_name(module)
            quiet = [name for name in self.found.get(module, []) if name in program.quiet]
            off = f" and {', '.join(quiet)} = false" if quiet else ""
            parts.append(f"{java} has no {program.function}(int) method, so it was graded through its main: each "
                         f"call {program.function}(n) ran main with {program.count} = n{off}, and read the result it "
                         "printed (each failed test says what was read).")
        return " ".join(parts)

    def answer(self, link, message: dict, call: str, timeout: float):
        """The reply to ``message`` if it calls an active program's function, else NOT_MINE."""
        op = message.get("op")
        if op == "call" and self._program(message) is not None:
            return self._run(link, self._program(message), message.get("args") or [], call, timeout)
        if op == "repeat" and isinstance(message.get("call"), dict) and self._program(message["call"]) is not None:
            replies = []
            for _ in range(int(message.get("times", 0))):
                replies.append(self._reply(link, message["call"], call, timeout))
                if "error" in replies[-1]:
                    break  # the proxy raises the first error
            return replies
        if op == "batch" and any(isinstance(c, dict) and self._program(c) is not None for c in message.get("calls", [])):
            return [self._reply(link, c, call, timeout) for c in message["calls"]]
        return NOT_MINE

    def _program(self, message: dict):
        if message.get("op", "call") != "call" or "module" not in message:
            return None
        program = self.active.get(str(message["module"]))
        return program if program is not None and loose(str(message.get("name", ""))) == loose(program.function) else None

    def _reply(self, link, message: dict, call: str, timeout: float) -> dict:
        try:
            program = self._program(message)
            if program is None:
                return {"ok": link.raw_request(message, call, timeout)}
            return {"ok": self._run(link, program, message.get("args") or [], call, timeout)}
        except StudentError as error:
            return {"error": error.details}

    def _run(self, link, program, args: list, call: str, timeout: float):
        java = class_name(program.module)
        if len(args) != 1 or type(args[0]) is not int or args[0] < 0:
            raise idiom_of(link).student_error(call, {"type": "TypeError", "frames": [],
                                                  "message": f"{program.function} takes one whole number, 0 or more"})
        count = args[0]
        found = self.found.get(program.module, [])
        if program.count not in found:
            raise idiom_of(link).student_error(call, {"type": "NameNotFound", "frames": [], "message": (
                f"{java} has no {program.function}(int) method, and its main has no `static final int {program.count}` "
                f"constant the grader could set to {count}: write {program.function}(int), or keep the lab's "
                f"{program.count} constant and use it in main")})
        target = {"module": program.module}
        steps = [{**target, "op": "setattr", "name": program.count, "value": count}]
        steps += [{**target, "op": "setattr", "name": name, "value": False} for name in found if name in program.quiet]
        steps.append({**target, "op": "call", "name": "main", "args": [[]]})
        ran = f"{java}.main with {program.count} = {count}"
        replies = link.raw_request({"op": "batch", "calls": steps}, ran, timeout)
        for reply in replies:
            error = reply.get("error") if isinstance(reply, dict) else None
            if error and not (error.get("type") == "SystemExit" and error.get("exit_code") == 0):
                raise idiom_of(link).student_error(f"{call}, answered by running {ran},", error)  # in Java words
        printed = link.raw_request({"op": "output"}, ran, timeout)
        text = str(printed.get("text", "")) if isinstance(printed, dict) else ""
        link.program_output.append(text)
        value, what = program.read(text, count) if program.read is not None else (None, "no reader")
        if value is not None:
            link.note(f"{ran}: {what}")
        else:
            raise ProgramUnreadable(
                f"{call}: {java} has no {program.function}(int) method, so the grader ran {ran} and read what it "
                f"printed, but found no result in it ({what}). Print the result on a line of its own, as the lab's "
                "program does.")
        return value
