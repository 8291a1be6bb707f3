"""What crosses the private channel to the grader: the framing, one JSON object per line
(framing.py), student values as plain data and back (values.py), and an exception as plain data
(failures.py).

Standard library only: it must not import the grader, nor any other part of the runtime.
"""
