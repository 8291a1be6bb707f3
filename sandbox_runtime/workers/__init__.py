"""The processes that serve a sandbox's tests, and their renewal: the launcher forks a zygote per
sandbox (launcher.py); the zygote loads the sandbox's files without running them (loading.py,
load_steps.py) and forks a fresh worker for each test (zygote.py, children.py), handed its test
(handover.py) as a spare (spare.py); a worker answers the grader's requests (operations.py, by the
one naming rule: names.py); and nothing a test writes is left for the next (wiping.py).

The top of the runtime: it may import every other part of it, and nothing else in the runtime may
import it.

Must not import: grader.
"""
