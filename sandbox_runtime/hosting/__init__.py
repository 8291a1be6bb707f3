"""The class a tester runs against, held in a process of its own: the host that holds it (host.py),
the module a tester imports in its place (guest.py), the values crossing between them (crossing.py)
and how a crossing value is now, to tell whether a call changed it (snapshots.py).

Imports only the wire, the confinement and sources.py.

Must not import: grader, sandbox_runtime.testers, sandbox_runtime.workers.
"""
