"""What shuts a sandbox's processes in: the jail a new zygote enters (jail.py), the resource limits
it sets itself (limits.py), and dying with the parent (lifetime.py).

Standard library only: it must not import the grader, nor any other part of the runtime.
"""
