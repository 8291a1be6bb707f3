"""The student handout: every lab file with its names, signatures and docstrings, no bodies."""
