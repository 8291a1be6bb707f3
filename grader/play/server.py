"""The local web server of `grader play`: one page, and a small JSON API over a GameTable.

    GET  /                the page (grader/play/page.html: HTML, CSS and JavaScript in one file)
    GET  /api/state       the game in progress (dealt on the first request)
    POST /api/replace     {"selected": [places]}: is_legal, then replace_selected_cards if legal
    POST /api/restart     a new game (the next seed)

The table is a student's board in the sandbox (table.py) or the lab's game served from its rules
(served.py): the same calls, the same JSON. It listens on 127.0.0.1 only. Everything the page shows from the student's code (ranks, suits,
error messages) travels as JSON and is put in the page as text, never as HTML.
"""

import base64
import hashlib
import json
import re
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from importlib.resources import files

from grader.play.served import ServedTable
from grader.play.table import GameTable

PAGE = files("grader.play") / "page.html"
MAX_BODY = 10_000


class PlayServer(HTTPServer):
    """One request at a time, all on the thread that serves: the sandbox's processes are tied to
    the thread that started them (they end when it ends), and one page needs no more."""

    def __init__(self, table: GameTable | ServedTable, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), PlayHandler)
        self.table = table
        self.page = PAGE.read_bytes()
        self.policy = content_policy(self.page.decode("utf-8"))
        port = self.server_address[1]
        # Another site's page that points a name of its own at 127.0.0.1 sends its own Host: refused.
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}

    @property
    def address(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


def content_policy(page: str) -> str:
    """Only the page's own inline script and style may run (by their hashes), nothing from elsewhere."""
    def hashes(tag: str) -> str:
        found = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'" for text in found)
    return (f"default-src 'none'; script-src {hashes('script')}; style-src {hashes('style')}; "
            "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'")


class PlayHandler(BaseHTTPRequestHandler):
    server: PlayServer

    def _allowed(self) -> bool:
        if self.headers.get("Host", "") in self.server.hosts:
            return True
        self._send(HTTPStatus.FORBIDDEN, b"only this computer's browser may play here\n", "text/plain; charset=utf-8")
        return False

    def do_GET(self) -> None:  # noqa: N802 - the http.server naming
        if not self._allowed():
            return
        if self.path in ("/", "/index.html") or self.path.startswith("/?"):
            self._send(HTTPStatus.OK, self.server.page, "text/html; charset=utf-8")
        elif self.path == "/api/state":
            self._json(self.server.table.state())
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def do_POST(self) -> None:  # noqa: N802
        if not self._allowed():
            return
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self._send(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, b"send JSON\n", "text/plain; charset=utf-8")
            return
        if self.path == "/api/restart":
            self._json(self.server.table.restart())
        elif self.path == "/api/replace":
            selected = self._selected()
            if selected is None:
                self._send(HTTPStatus.BAD_REQUEST, b'{"error": "send {\\"selected\\": [place numbers]}"}\n', "application/json")
            else:
                self._json(self.server.table.replace(selected))
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def _selected(self) -> list[int] | None:
        length = int(self.headers.get("Content-Length") or 0)
        if not 0 < length <= MAX_BODY:
            return None
        try:
            body = json.loads(self.rfile.read(length))
        except ValueError:
            return None
        chosen = body.get("selected") if isinstance(body, dict) else None
        if not isinstance(chosen, list) or not all(type(k) is int and 0 <= k < 100 for k in chosen):
            return None
        return sorted(set(chosen))

    def _json(self, data: dict) -> None:
        self._send(HTTPStatus.OK, json.dumps(data).encode(), "application/json")

    def _send(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", self.server.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - quiet: the terminal is the student's
        pass
