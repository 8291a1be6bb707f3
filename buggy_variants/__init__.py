"""Seeded wrong Decks and Cards for Activity 5 (Buggy1-5, CardBuggy1-4), correct ones written
differently, and the curated mutants of the reference; variants.yaml and mutants/index.yaml say
what each one is. Only the file itself is ever copied into a sandbox, always as deck.py or card.py.
"""
