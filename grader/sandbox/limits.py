"""The limits every sandboxed child runs under, with the reasons for each default."""

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Limits:
    # A test's single call normally takes microseconds; seconds mean a hang.
    call_seconds: float = 5.0
    # Importing a student file: generous, because a slow machine under a full class load is slow.
    load_seconds: float = 10.0
    # Per worker process (one test): an endless loop stops here even if the wall clock misses it.
    cpu_seconds: int = 20
    # Python itself needs about 30 MB; a 52-card game needs next to nothing.
    address_space_bytes: int = 1 << 30
    # What student code may write to any one file, including its captured print output.
    file_size_bytes: int = 4 << 20
    open_files: int = 64
    # RLIMIT_NPROC counts every process of the user, so a number here can break the teacher's
    # own session; left off by default (stronger process limits are the namespace level's job).
    processes: int | None = None
    # How much of the student's printed output is kept for the report.
    output_bytes: int = 4000

    def for_child(self) -> dict:
        keys = ("cpu_seconds", "address_space_bytes", "file_size_bytes", "open_files", "processes")
        return {key: value for key, value in asdict(self).items() if key in keys}
