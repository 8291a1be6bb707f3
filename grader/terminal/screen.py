"""The one rich ``Console`` a run prints to. Every printing function takes an ``out`` console of
its own (how the tests render at a fixed width) and falls back to this one.

Its own module so that what prints (console.py, summary_table.py, check_output.py) imports the
screen, not each other.
"""

import os

from rich.console import Console

console = Console(highlight=False)
if not console.is_terminal and "COLUMNS" not in os.environ:
    console.width = max(console.width, 160)  # logs and CI: room for a column per activity
