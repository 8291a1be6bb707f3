"""What shuts a sandbox's processes in: the jail a new zygote enters (jail.py), the resource limits
it sets itself (limits.py), and dying with the parent (lifetime.py).

Standard library only.

Must not import: grader, sandbox_runtime.sources, sandbox_runtime.wire, sandbox_runtime.hosting, sandbox_runtime.testers, sandbox_runtime.workers.
"""
