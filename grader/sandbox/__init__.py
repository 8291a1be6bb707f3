"""Starting, driving and killing the sandboxed child that runs student code.

``SandboxSession`` owns one child (a zygote) for one activity of one submission; each test
gets a fresh forked worker from it, reached through ``Student`` proxies (proxy.py).

Must not import: grader.engine, grader.testers, grader.lab, grader.reporters, grader.commands, grader.terminal.
"""

from grader.sandbox.errors import (
    SandboxCrashed,
    SandboxError,
    SandboxTimeout,
    StudentError,
    StudentLoadError,
)
from grader.sandbox.limits import Limits
from grader.sandbox.proxy import Remote, Student
from grader.sandbox.session import SandboxSession

__all__ = [
    "Limits",
    "Remote",
    "SandboxCrashed",
    "SandboxError",
    "SandboxSession",
    "SandboxTimeout",
    "Student",
    "StudentError",
    "StudentLoadError",
]
