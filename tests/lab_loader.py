"""Import a folder of lab files (reference/ or starter/) without the folders seeing each other.

Every edition of the lab uses the same flat module names (``card``, ``deck``, ...), and the files
import each other by those names. Loading one folder at a time, with the names cleared from
``sys.modules`` before and after, keeps the reference and the starter from mixing.
"""

import importlib
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
LAB_MODULES = (
    "card",
    "deck",
    "shuffler",
    "board",
    "elevens_board",
    "thirteens_board",
    "tens_board",
    "elevens_simulation",
    "card_tester",
    "deck_tester",
)


def load_lab(folder: str | Path) -> dict[str, ModuleType]:
    """Every lab module found in ``folder``, imported fresh, keyed by module name."""
    folder = Path(folder) if Path(folder).is_absolute() else ROOT / folder
    saved = {name: sys.modules.pop(name) for name in LAB_MODULES if name in sys.modules}
    sys.path.insert(0, str(folder))
    try:
        return {
            name: importlib.import_module(name)
            for name in LAB_MODULES
            if (folder / f"{name}.py").exists()
        }
    finally:
        sys.path.remove(str(folder))
        for name in LAB_MODULES:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
