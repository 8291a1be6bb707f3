"""An exception as plain data: its type, message, and only the student's own stack frames."""

import traceback


def describe(exc: BaseException, staging_dir: str) -> dict:
    """An exception as data, with only the frames that belong to files in the sandbox folder."""
    frames = []
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename.startswith(staging_dir):
            name = frame.filename[len(staging_dir):].lstrip("/")
            frames.append({"file": name, "line": frame.lineno, "function": frame.name, "code": frame.line or ""})
    try:
        message = str(exc)[:2000]
    except BaseException:  # noqa: BLE001 - a student's exception may break its own __str__
        message = "(the error's message could not be shown)"
    return {"type": type(exc).__name__, "message": message, "frames": frames[-8:]}
