"""Resource limits the sandbox applies to itself before any student code runs."""

import os

try:
    import resource
except ImportError:  # not on Windows: the grader's wall-clock timeouts still apply
    resource = None

LIMIT_NAMES = {
    "cpu_seconds": "RLIMIT_CPU",
    "address_space_bytes": "RLIMIT_AS",
    "file_size_bytes": "RLIMIT_FSIZE",
    "open_files": "RLIMIT_NOFILE",
    "processes": "RLIMIT_NPROC",
}


def apply_limits(limits: dict) -> list[str]:
    """Set each limit the platform has; return the names that were applied."""
    applied = []
    if resource is None:
        return applied
    for key, value in limits.items():
        name = LIMIT_NAMES.get(key)
        if name is None or not hasattr(resource, name) or value is None:
            continue
        if key == "processes" and os.geteuid() == 0:
            continue  # root ignores RLIMIT_NPROC; the process group kill still applies
        try:
            resource.setrlimit(getattr(resource, name), (value, value))
            applied.append(key)
        except (ValueError, OSError):
            pass
    return applied
