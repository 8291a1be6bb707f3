"""Framing on the private channel: one JSON object per line, UTF-8.

JSON escapes newlines inside strings, so a line is always exactly one message. Only numbers,
strings, lists, dicts, booleans and null can cross: nothing is ever unpickled or evaluated.
"""

import json
import os

MAX_LINE_BYTES = 16 << 20  # what the grader reads of one line (grader/sandbox/bounded_json.py)

# Made once: ``json.dumps`` with any argument builds a new encoder per call, which cost more than
# encoding a small message (bench/crossing.py). The same settings, so the same bytes.
compact_json = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode
_decode_json = json.JSONDecoder().decode


def parse_json(data: bytes):
    """``json.loads(data)`` for the UTF-8 the peers write (the detection of other encodings that
    ``json.loads`` does first is skipped; anything else is refused as not JSON)."""
    return _decode_json(data.decode("utf-8", "surrogatepass"))


class LineReader:
    """Reads whole lines from a raw file descriptor, keeping any partial line for next time."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = b""

    def read_message(self):
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EOFError("channel closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return parse_json(line)

    def read_request(self) -> dict:
        """The next request; a line that is not a JSON object (only student code, writing to a
        descriptor it found, could put one here) is skipped."""
        while True:
            try:
                message = self.read_message()
            except ValueError:
                continue
            if isinstance(message, dict):
                return message


def write_message(fd: int, message) -> None:
    """Send ``message`` as one line. A reply longer than the grader reads (MAX_LINE_BYTES, the
    same as grader/sandbox/bounded_json.py's) is sent as an error instead: the test then says
    the value was too large, rather than waiting for a reply the grader would never accept."""
    data = compact_json(message).encode() + b"\n"
    if len(data) > MAX_LINE_BYTES and isinstance(message, dict):
        data = json.dumps({"id": message.get("id"), "error": {
            "type": "ValueTooLarge", "frames": [], "assertion": False,
            "message": f"the answer is {len(data) >> 20} MB as text, too large to send to the grader "
                       f"(the limit is {MAX_LINE_BYTES >> 20} MB)"}}).encode() + b"\n"
    while data:
        written = os.write(fd, data)
        data = data[written:]
