"""Curated mutants of the reference deck.py and card.py; see index.yaml."""
