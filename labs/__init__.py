"""The labs shipped with the grader, one package each (installed as ``grader_labs.<name>``).

Each registers a ``grader.lab.registry.Lab`` under the ``grader.labs`` entry point group (in the
project's pyproject.toml); the core finds them only through it, as it finds a lab from any
other distribution.
"""
