"""The helpers a mutant's code may call, put into the mutant's file only when it uses them.

``_audit_when`` makes a special case's condition safe to evaluate anywhere (a condition about a
field a method does not have is simply false); ``_audit_wrong`` turns a value into a wrong one of
the same kind (``not`` a bool, one more than a number, an extra letter on a text).
"""

import ast

HELPERS = '''
def _audit_when(condition):
    try:
        return bool(condition())
    except Exception:
        return False


def _audit_wrong(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.25
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, tuple):
        return value[:-1] if value else (0,)
    if value is None:
        return 0
    return None
'''


def _is_docstring(statement: ast.stmt, module: ast.Module) -> bool:
    return (module.body[0] is statement and isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str))


def with_helpers(text: str) -> str:
    """The helpers go after the imports at the top (``from __future__`` must stay first)."""
    tree = ast.parse(text)
    position = 0
    for i, statement in enumerate(tree.body):
        if isinstance(statement, (ast.Import, ast.ImportFrom)) or _is_docstring(statement, tree):
            position = i + 1
        else:
            break
    tree.body[position:position] = ast.parse(HELPERS).body
    return ast.unparse(tree)
