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


def buggy(kind: str) -> dict[str, dict]:
    """The Buggy classes of one ``kind`` ("deck" or "card"), by id, in the file's order."""
    return {variant["id"]: variant for variant in variants()[kind]}


def live_mutants(file: str, *methods: str) -> dict[str, dict]:
    """The live mutants of ``file`` in any of ``methods``, by id."""
    return {m["id"]: m for m in mutants() if m["file"] == file and m["method"] in methods and m["status"] == "live"}
