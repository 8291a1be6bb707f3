"""Whether this machine can grade Java: a JDK whose ``java`` is 17 to 23 (the worker's guard is a
SecurityManager, gone in Java 24) and a ``javac``. Asked once per process."""

import re
import shutil
import subprocess
from functools import lru_cache

JDK_HINT = "install a JDK 17 to 23 (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless) and grade again"


@lru_cache(maxsize=1)
def jdk_problem() -> str | None:
    """Why Java submissions cannot be graded here, or None when they can."""
    for tool in ("java", "javac"):
        if shutil.which(tool) is None:
            return f"this submission is in Java and needs a JDK, but `{tool}` was not found: {JDK_HINT}"
    try:
        done = subprocess.run(["java", "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"this submission is in Java and needs a JDK, but `java -version` failed ({exc}): {JDK_HINT}"
    match = re.search(r'version "(\d+)', done.stderr + done.stdout)
    major = int(match.group(1)) if match else 0
    if not 17 <= major <= 23:
        return f"this submission is in Java and needs a JDK 17 to 23, but `java` is version {major or 'unknown'}: {JDK_HINT}"
    return None
