"""Reading a student's written answers (a YAML file) safely.

The file is the student's, so it is read as data only, with limits: at most 20 kB, and no YAML
anchors or aliases (a few lines of aliases can expand to gigabytes when walked). It is parsed
in the trusted process because it is never executed, only compared.
"""

import yaml

MAX_BYTES = 20_000


class AnswersError(ValueError):
    """the answers file cannot be used; the message says why and how to fix it."""


class _NoAliasLoader(yaml.SafeLoader):
    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise AnswersError("the answers file uses a YAML alias (*name); write each answer out in full")
        return super().compose_node(parent, index)


def load_answers(path: str) -> dict:
    with open(path, "rb") as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise AnswersError(f"the answers file is over {MAX_BYTES // 1000} kB; it only needs a few short answers")
    try:
        parsed = yaml.load(data.decode("utf-8"), Loader=_NoAliasLoader)  # noqa: S506 - a safe loader
    except UnicodeDecodeError:
        raise AnswersError("the answers file is not UTF-8 text: save it as UTF-8 in your editor") from None
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        line = f" near line {where.line + 1}" if where else ""
        raise AnswersError(f"the answers file could not be read{line}: {getattr(error, 'problem', error)}. "
                           "Each answer is `name: value` on its own line; lists look like [1, 2, 3].") from None
    if parsed is None:
        return {}
    if not isinstance(parsed, dict):
        raise AnswersError("the answers file should be a list of `name: answer` lines, like the starter file")
    return parsed
