"""The classes a student's tester is run against in Activity 5, read from buggy_variants/.

variants.yaml names the Buggy decks and cards and what each one gets wrong; mutants/index.yaml
the curated mutants (only the ``live`` ones count: equivalent and hanging mutants are left out).
"""

from functools import lru_cache

import yaml

from grader.assets import asset_path


@lru_cache(maxsize=1)
def variants() -> dict:
    return yaml.safe_load(asset_path("buggy_variants", "variants.yaml").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def mutants() -> list[dict]:
    return yaml.safe_load(asset_path("buggy_variants", "mutants/index.yaml").read_text(encoding="utf-8"))


def buggy(kind: str) -> list[dict]:
    """``kind`` is "deck" or "card"."""
    return variants()[kind]


def live_mutants(file: str, method: str) -> list[dict]:
    return [m for m in mutants() if m["file"] == file and m["method"] == method and m["status"] == "live"]
