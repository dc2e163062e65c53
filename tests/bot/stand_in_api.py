"""A local stand-in for Discord's HTTP API, so a real `python -m bot run` never reaches the
network: a handler base that answers JSON, and a server on a free local port."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager


class JsonAnswers(http.server.BaseHTTPRequestHandler):
    """Subclasses answer requests with `answer`; nothing is logged."""

    def answer(self, data: object, status: int = 200) -> None:
        body = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def stand_in_api(handler: type[JsonAnswers]) -> Iterator[str]:
    """Serve `handler` on a free local port; yields the API base to put in API_BASE."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()
