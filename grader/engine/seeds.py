"""Per-test seeds: the same test of the same submission always gets the same seed.

The seed depends on the run's base seed, the activity and the test with its own parameters,
but not on the submission or on which other tests ran, so a failure can be replayed alone.
"""

import hashlib


def test_seed(base_seed: int, activity: str, test_key: str) -> int:
    digest = hashlib.sha256(f"{base_seed}:{activity}:{test_key}".encode()).digest()
    return int.from_bytes(digest[:4], "big")
