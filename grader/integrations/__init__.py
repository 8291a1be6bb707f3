"""Integrations with the places teachers already grade (GitHub Classroom, Gradescope, ...).

Each integration is a module or a subpackage that turns the one results model
(grader/results/model.py) into what that platform reads; none of them grades anything itself.

Must not import: grader.terminal.
"""
