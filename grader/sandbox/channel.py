"""The grader's end of the private channel: write requests, read replies with a deadline.

The channel is a pair of pipes that exist only between the grader and the sandbox; the
student's print output goes to a separate, unnamed file. A line that is not valid JSON (a
worker that died half-way through a write, or a student writing garbage to a descriptor it
guessed) is skipped rather than believed; so is a line too long or too deeply nested to parse
safely (bounded_json.py), and bytes past that length are dropped as they arrive, never kept.
"""

import json
import os
import select
import time

from grader.sandbox.bounded_json import MAX_LINE_BYTES, RefusedLine, parse_line

# Made once: ``json.dumps`` with arguments builds a new encoder per call (bench/crossing.py).
_encode = json.JSONEncoder(separators=(",", ":"), allow_nan=False).encode


class Channel:
    def __init__(self, send_fd: int, receive_fd: int) -> None:
        self.send_fd = send_fd
        self.receive_fd = receive_fd
        self.buffer = b""
        self.overlong = False  # the line being read is over MAX_LINE_BYTES: dropped up to its end
        os.set_blocking(receive_fd, False)
        os.set_blocking(send_fd, False)

    def send(self, message: dict) -> None:
        data = _encode(message).encode() + b"\n"
        while data:
            try:
                data = data[os.write(self.send_fd, data[:65536]):]
            except BlockingIOError:  # the pipe is full: wait, but not forever, for it to drain
                _, writable, _ = select.select([], [self.send_fd], [], 5.0)
                if not writable:
                    raise TimeoutError("the sandbox stopped reading requests") from None

    def receive(self, deadline: float) -> dict:
        """The next well-formed message; TimeoutError at ``deadline``, EOFError if closed."""
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if not line.strip():
                    continue
                try:
                    message = parse_line(line)
                except RefusedLine:
                    continue
                if isinstance(message, dict):
                    return message
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            readable, _, _ = select.select([self.receive_fd], [], [], remaining)
            if not readable:
                continue
            chunk = os.read(self.receive_fd, 1 << 20)
            if not chunk:
                raise EOFError
            self._take(chunk)

    def _take(self, chunk: bytes) -> None:
        """Add what was read to the buffer, dropping any line's bytes past ``MAX_LINE_BYTES``
        (one read holds at most 1 MB, so the buffer never grows much past the limit)."""
        if self.overlong:
            end = chunk.find(b"\n")
            if end < 0:
                return
            self.overlong, chunk = False, chunk[end + 1:]
        self.buffer += chunk
        last_line = self.buffer[self.buffer.rfind(b"\n") + 1:]
        if len(last_line) > MAX_LINE_BYTES:
            self.buffer, self.overlong = self.buffer[:len(self.buffer) - len(last_line)], True

    def discard_pending(self) -> None:
        """Drop whatever is buffered or waiting in the pipe (only the zygote writes next)."""
        self.buffer, self.overlong = b"", False
        try:
            while os.read(self.receive_fd, 1 << 20):
                pass
        except BlockingIOError:
            pass

    def close(self) -> None:
        for fd in (self.send_fd, self.receive_fd):
            try:
                os.close(fd)
            except OSError:
                pass
