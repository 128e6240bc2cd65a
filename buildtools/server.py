"""The development server: dist/ with the MIME types and the netlify.toml headers.

It answers as a static host does: every file with an ETag and a
Last-Modified date, a conditional request (If-None-Match, If-Modified-Since)
with 304 and no body when the file has not changed, and, when the server is
made with compress=True and the request accepts gzip, text and wasm
gzipped (as buildtools/sizes.py counts them).
"""

from __future__ import annotations

import contextlib
import email.utils
import functools
import http.server
import io
import os
import re
import sys
import threading
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypedDict, Unpack

from .common import DIST, ROOT
from .site import build
from .sizes import COMPRESSIBLE, gzip_bytes

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".woff2": "font/woff2",
}



# A header rule: a Netlify [[headers]] "for" path and the headers it sets.
HeaderRule = tuple[str, Mapping[str, str]]


def netlify_pattern(path: str) -> re.Pattern[str]:
    """A netlify.toml [[headers]] "for" path as a regular expression, read the
    way Netlify reads it: a lone `*` segment matches the rest of the path (or
    nothing), `*` inside a segment matches any text, a final slash is
    optional, and case does not matter."""
    parts = []
    for part in filter(None, (p.rstrip() for p in path.split("/"))):
        if part == "*":
            parts.append("?(.*)")
        elif "*" in part:
            parts.append("(.*)".join(re.escape(p) for p in part.split("*")))
        else:
            parts.append(re.escape(part))
    return re.compile("^/" + "/".join(parts) + "/?$", re.IGNORECASE)


def netlify_header_rules(config: Path = ROOT / "netlify.toml") -> list[HeaderRule]:
    """The [[headers]] rules of netlify.toml, in order."""
    with open(config, "rb") as f:
        return [(rule["for"], dict(rule["values"])) for rule in tomllib.load(f).get("headers", [])]


def headers_for(path: str, rules: Sequence[HeaderRule]) -> dict[str, str]:
    """The headers that rules give a URL path: every matching rule's, a later
    rule's value replacing an earlier one's (netlify.toml sets each header in
    one matching rule only, so the order never matters; see test_build.py)."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if netlify_pattern(pattern).match(path):
            found.update(values)
    return found


# (path, mtime_ns, size) -> the file gzipped; shared by every server, so a
# file is compressed once however many requests and servers ask for it.
_GZIPPED: dict[tuple[str, int, int], bytes] = {}
_GZIP_LOCK = threading.Lock()


def gzipped(path: str | Path) -> bytes:
    """The file at path gzipped as serving() sends it (compressed once, then kept)."""
    st = os.stat(path)
    key = (str(path), st.st_mtime_ns, st.st_size)
    with _GZIP_LOCK:
        found = _GZIPPED.get(key)
    if found is None:
        found = gzip_bytes(Path(path).read_bytes())
        with _GZIP_LOCK:
            _GZIPPED[key] = found
    return found


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (a q=0 refuses it)."""
    for item in (accept_encoding or "").split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower()
            return not (q.startswith("q=") and float(q[2:] or 0) == 0)
    return False


def etag_matches(if_none_match: str, etag: str) -> bool:
    """Whether an If-None-Match header names etag (weak comparison, or *)."""
    tags = [t.strip() for t in if_none_match.split(",")]
    return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, quietly.

    Options, set by make_server: extra headers for every response; a URL
    prefix the site lives under (other paths are 404); header rules by path,
    like a host's (their values replace the handler's own, Content-Type
    included); gzip for text and wasm when the request accepts it; a log of
    (path, status) for every request, and one of (path, status, body bytes
    sent) for every GET.
    """

    extensions_map = MIME_TYPES
    extra_headers: Mapping[str, str] = {}
    prefix = "/"
    header_rules: Sequence[HeaderRule] = ()
    compress = False
    request_log: list[tuple[str, int]] | None = None
    byte_log: list[tuple[str, int, int]] | None = None
    _rule_headers: Mapping[str, str] = {}
    _status = 0
    _sent = 0

    def site_path(self) -> str | None:
        """The request's URL path inside the site ("/..."), or None outside the prefix."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.startswith(self.prefix):
            return "/" + path[len(self.prefix) :]
        if path == self.prefix.rstrip("/"):
            return "/"  # the folder without its slash: redirected to it
        return None

    def parse_request(self) -> bool:
        """Parse as usual, then look up the header rules for this path."""
        if not super().parse_request():
            return False
        path = self.site_path()
        self._rule_headers = headers_for(path, self.header_rules) if path else {}
        return True

    def translate_path(self, path: str) -> str:
        """Map a URL under the prefix to a file under the served folder."""
        if self.prefix != "/":
            bare = self.prefix.rstrip("/")
            if path.startswith(self.prefix):
                path = path[len(bare) :]
            elif path.split("?", 1)[0].split("#", 1)[0] == bare:
                path = "/"
        return super().translate_path(path)

    def send_head(self) -> Any:
        """404 outside the prefix; a file with its validators, 304 when the
        request's copy is current, gzipped when allowed; else as usual
        (folders: a redirect to the slash, or their index.html)."""
        if self.site_path() is None:
            self.send_error(404, "Not under this site's prefix")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if path.endswith("/") or not os.path.isfile(path):
            return super().send_head()
        st = os.stat(path)
        compressible = self.compress and Path(path).suffix in COMPRESSIBLE
        gzip_it = compressible and accepts_gzip(self.headers.get("Accept-Encoding"))
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-gz" if gzip_it else ""}"'
        if self._not_modified(etag, st.st_mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            if compressible:
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        body = gzipped(path) if gzip_it else None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(body) if body is not None else st.st_size))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.send_header("ETag", etag)
        if compressible:
            self.send_header("Vary", "Accept-Encoding")
        if gzip_it:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        return io.BytesIO(body) if body is not None else open(path, "rb")  # do_GET closes it

    def _not_modified(self, etag: str, mtime: float) -> bool:
        """Whether the request's validators say its copy is current: If-None-Match
        first; If-Modified-Since only without it (RFC 9110)."""
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            return etag_matches(if_none_match, etag)
        since = self.headers.get("If-Modified-Since")
        if since is None:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return int(mtime) <= when.timestamp()

    def do_GET(self) -> None:
        """Serve, then log the body bytes sent, if there is a byte log."""
        self._status, self._sent = 0, 0
        super().do_GET()
        if self.byte_log is not None:
            self.byte_log.append((self.path, self._status, self._sent))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Copy the body, counting its bytes."""
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self._sent += len(chunk)

    def send_header(self, keyword: str, value: str) -> None:
        """Send a header, unless a header rule gives its own value for it."""
        if keyword.lower() not in {k.lower() for k in self._rule_headers}:
            super().send_header(keyword, value)

    def end_headers(self) -> None:
        """Add the server's extra headers and the rules' headers to every response."""
        for key, value in self.extra_headers.items():
            self.send_header(key, value)
        for key, value in self._rule_headers.items():
            super().send_header(key, value)
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record (path, status) in the request log, if there is one."""
        self._status = int(code) if isinstance(code, int) else 0
        if self.request_log is not None:
            self.request_log.append((self.path, self._status))

    def log_message(self, format: str, *args: object) -> None:
        """Log nothing: tests and `serve` stay readable."""


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded HTTP server that stays quiet when a client hangs up mid-response.

    A browser drops connections it no longer needs (a page closed, a request
    replaced); the default server prints a traceback for each, which buried
    real failures in the test log."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError, ...
            super().handle_error(request, client_address)


class ServerOptions(TypedDict, total=False):
    """make_server's and serving's keyword options."""

    prefix: str  # the URL path the site is served under, like "/harp-solitaire/"
    header_rules: Sequence[HeaderRule]  # (netlify.toml "for" path, headers) pairs
    compress: bool  # gzip text and wasm when the request accepts it, as a host does
    request_log: list[tuple[str, int]] | None  # receives (path, status) per request
    byte_log: list[tuple[str, int, int]] | None  # receives (path, status, body bytes) per GET


def make_server(
    root: Path, port: int = 0, headers: Mapping[str, str] | None = None, **options: Unpack[ServerOptions]
) -> SiteServer:
    """A threaded HTTP server for root on 127.0.0.1 (port 0: any free port).

    headers go with every response; the site is served under prefix (a path
    such as "/harp-solitaire/", like GitHub Pages serves a project); header_rules
    are (netlify.toml "for" path, headers) pairs matched against the path
    inside the site; compress gzips text and wasm for requests that accept it;
    request_log, if given, receives (path, status) per request, and byte_log
    (path, status, body bytes sent) per GET.
    """
    prefix = options.get("prefix", "/")
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    settings = {
        "extra_headers": dict(headers or {}),
        "prefix": prefix,
        "header_rules": list(options.get("header_rules", ())),
        "compress": bool(options.get("compress", False)),
        "request_log": options.get("request_log"),
        "byte_log": options.get("byte_log"),
    }
    handler = type("Handler", (SiteHandler,), settings)
    factory = functools.partial(handler, directory=str(root))
    return SiteServer(("127.0.0.1", port), factory)


@contextlib.contextmanager
def serving(
    root: Path, port: int = 0, headers: Mapping[str, str] | None = None, **options: Unpack[ServerOptions]
) -> Iterator[str]:
    """Serve root in a background thread; yield the site's base URL, ending in '/'."""
    server = make_server(root, port, headers, **options)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{options.get('prefix', '/')}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()



def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted, as a host would: netlify.toml's
    headers by path, and gzip."""
    build()
    try:
        server = make_server(DIST, port, header_rules=netlify_header_rules(), compress=True)
    except OSError as e:
        raise SystemExit(f"serve: cannot listen on 127.0.0.1:{port} ({e.strerror}); try --port") from e
    print(f"serving {DIST} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
