"""Reading the YAML files the grader ships and the teacher writes (rubrics, a lab's wrong
versions, answer keys), with libyaml's parser when PyYAML has it.

Every ``grader check`` reads each lab's rubric several times (which lab a folder is, the rubric
itself, each grading process's suites and plugin): PyYAML's own parser takes about 18 ms for a
rubric, libyaml's about 2 ms, and both give the same data. A file libyaml rejects is read again
by PyYAML's own parser, so a teacher's mistake is reported in the words it always was. A
student's answers are never read here (grader/lab/answers.py bounds what it parses).
"""

import yaml

_FAST = getattr(yaml, "CSafeLoader", None)


def load_yaml(text: str):
    """The data of a trusted YAML document (see the module docstring)."""
    if _FAST is not None:
        try:
            return yaml.load(text, Loader=_FAST)  # noqa: S506 - CSafeLoader is the safe loader
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)
