"""Reading a student's written answers (a YAML file) safely.

The file is the student's, so it is read as data only (PyYAML's safe loader: no tags that
make objects), with limits: at most 20 kB, no YAML anchors or aliases (a few lines of aliases
can expand to gigabytes when walked), and lists and maps nested at most ``MAX_DEPTH`` deep
(20 kB of ``[[[[`` would otherwise overflow the loader's recursion and stop the whole run). It
is parsed in the trusted process because it is never executed, only compared.
"""

import yaml

MAX_BYTES = 20_000
MAX_DEPTH = 20  # the deepest real answer is a list of pairs in a map: 3


class AnswersError(ValueError):
    """the answers file cannot be used; the message says why and how to fix it."""


class _BoundedLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases and nesting past ``MAX_DEPTH`` before it recurses."""

    depth = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise AnswersError("the answers file uses a YAML alias (*name); write each answer out in full")
        if self.depth >= MAX_DEPTH:
            line = self.peek_event().start_mark.line + 1
            raise AnswersError(f"the answers file has lists or maps inside each other more than {MAX_DEPTH} deep "
                               f"(near line {line}); each answer is a value or a short list like [1, 2, 3]")
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def load_answers(path: str) -> dict:
    with open(path, "rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise AnswersError(f"the answers file is over {MAX_BYTES // 1000} kB; it only needs a few short answers")
    try:
        parsed = yaml.load(data.decode("utf-8"), Loader=_BoundedLoader)  # noqa: S506 - a safe loader
    except AnswersError:
        raise
    except UnicodeDecodeError:
        raise AnswersError("the answers file is not UTF-8 text: save it as UTF-8 in your editor") from None
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        line = f" near line {where.line + 1}" if where else ""
        raise AnswersError(f"the answers file could not be read{line}: {getattr(error, 'problem', error)}. "
                           "Each answer is `name: value` on its own line; lists look like [1, 2, 3].") from None
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        # A value the safe loader accepts as YAML but cannot build: an integer of 5000 digits,
        # the date 2001-13-45, `!!float abc`. The student's to fix, never the grader's to crash on.
        what = "a number thousands of digits long" if "digits" in str(error) else str(error).split(";")[0][:80]
        raise AnswersError(f"the answers file holds a value that cannot be read ({what}). "
                           "Write each answer as a plain number, word or list, like the starter file.") from None
    if parsed is None:
        return {}
    if not isinstance(parsed, dict):
        raise AnswersError("the answers file should be a list of `name: answer` lines, like the starter file")
    return parsed
