"""The Python snapshot a returning player's browser boots from, made once a
test run by one worker's browser and kept in every worker's reused tabs
(see tabkit.Tabs; not a test module).

A boot from it costs about half the CPU of a plain one (measured here, all
of Chromium's processes until ready and the service worker installed: 2.1
against 4.1 to 4.6 CPU-seconds in a reused tab, 3.7 to 4.1 against 6.5 to
8.1 in a new context), and the browser tests are bound by CPU.  The snapshot is the page's own: a returning
visit makes it exactly as for a player (static/pyodide-boot.template.mjs);
this module only reads it back from Cache Storage and writes the same entry
into another context.  test_snapshot.py tests the making itself.
"""

from __future__ import annotations

import base64
import fcntl
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import Browser, Page

from buildtools.probes import SNAPSHOT_SETTLED
from pagekit import READY, READY_TIMEOUT_MS, open_seed_page, origin_of

SNAPSHOT_CACHE_PREFIX = "harp-snapshot "     # the page's cache: "harp-snapshot <site path>"
MAKE_AFTER_READY_MS = 10_000                 # static/pyodide-boot.template.mjs's wait after ready
MADE_TIMEOUT_MS = 180_000                    # a second Pyodide boots in a Worker to make it
PUT_JS = """async ([source, cache, entry, headers]) => {
  const bytes = await (await fetch(source)).arrayBuffer();
  await (await caches.open(cache)).put(entry, new Response(bytes, {headers}));
}"""
DELETE_OTHER_CACHES_JS = """async keep => {
  for (const name of await caches.keys()) if (name !== keep) await caches.delete(name);
}"""


@dataclass(frozen=True)
class StoredSnapshot:
    """One Cache Storage entry: the snapshot's cache name, URL and headers,
    with its bytes in a file."""

    cache: str
    entry: str
    headers: dict[str, str]
    body: Path

    @classmethod
    def made_by(cls, browser: Browser, site_url: str, folder: Path) -> StoredSnapshot:
        """Visit the site twice in a new context of Playwright's default
        options, as a player would, so that the second visit makes a
        snapshot; read it back, keep its bytes in folder."""
        context = browser.new_context()
        try:
            context.clock.install()   # time runs as usual but for the one skip below
            page = context.new_page()
            page.goto(site_url)
            page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
            page.reload()             # a returning visit: it makes the snapshot
            page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
            page.clock.fast_forward(MAKE_AFTER_READY_MS)
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=MADE_TIMEOUT_MS)
            state = page.get_attribute("html", "data-harp-snapshot")
            assert state == "made", f"the test browser could not make a Python snapshot: {state}"
            return cls.read(page, site_url, folder / "snapshot.bin")
        finally:
            context.close()

    @classmethod
    def shared(cls, browser: Browser, site_url: str, folder: Path) -> StoredSnapshot:
        """The snapshot of folder, a folder every test worker of the run
        shares: the first worker to ask makes it (made_by) while the others
        wait on a lock, and they all read its bytes and where it goes.  One
        snapshot for the run instead of one a worker: about 10 CPU-seconds
        less.  Each worker serves the site on a port of its own, so the
        entry is kept relative to site_url."""
        about = folder / "snapshot.json"
        with open(folder / "snapshot.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)     # let go when the file closes
            if not about.exists():
                made = cls.made_by(browser, site_url, folder)
                assert made.entry.startswith(site_url), (made.entry, site_url)
                about.write_text(json.dumps({"cache": made.cache, "entry": made.entry.removeprefix(site_url),
                                             "headers": made.headers, "body": made.body.name}))
                return made
            kept = json.loads(about.read_text())
            return cls(kept["cache"], site_url + kept["entry"], kept["headers"], folder / kept["body"])

    @classmethod
    def read(cls, page: Page, site_url: str, body: Path) -> StoredSnapshot:
        """The snapshot in the Cache Storage of page's context (page shows a
        page of site_url's origin); its bytes are written to body."""
        origin = origin_of(site_url)
        cdp = page.context.new_cdp_session(page)
        try:
            caches = cdp.send("CacheStorage.requestCacheNames", {"securityOrigin": origin})["caches"]
            found = [c for c in caches if c["cacheName"].startswith(SNAPSHOT_CACHE_PREFIX)]
            assert len(found) == 1, f"one snapshot cache expected: {[c['cacheName'] for c in caches]}"
            cache = found[0]
            entries = cdp.send("CacheStorage.requestEntries",
                               {"cacheId": cache["cacheId"], "skipCount": 0, "pageSize": 10})["cacheDataEntries"]
            assert len(entries) == 1, f"one snapshot expected: {[e['requestURL'] for e in entries]}"
            entry = entries[0]
            response = cdp.send("CacheStorage.requestCachedResponse",
                                {"cacheId": cache["cacheId"], "requestURL": entry["requestURL"],
                                 "requestHeaders": []})["response"]
        finally:
            cdp.detach()
        body.write_bytes(base64.b64decode(response["body"]))
        headers = {h["name"]: h["value"] for h in entry["responseHeaders"]}
        return cls(cache["cacheName"], entry["requestURL"], headers, body)

    def put_into(self, page: Page, site_url: str, source: str) -> None:
        """Store the snapshot in the Cache Storage of page's context, where the
        page would have stored it, fetching its bytes from source (a server of
        the snapshot's folder that allows any origin: far quicker than a
        Playwright route for 30 MB); page is left on about:blank."""
        # A page the site's server sends (its 404: no content security policy),
        # not a route's (Chromium would count that page public, and refuse it
        # the loopback address of source).
        page.goto(urljoin(site_url, "__no_such_page__"))
        page.evaluate(PUT_JS, [urljoin(source, self.body.name), self.cache, self.entry, self.headers])
        page.goto("about:blank")

    def delete_other_caches(self, page: Page, site_url: str) -> None:
        """Delete every cache of site_url's origin in page's context but the
        snapshot's; page is left on about:blank."""
        seed = open_seed_page(page, site_url)
        page.evaluate(DELETE_OTHER_CACHES_JS, self.cache)
        page.unroute(seed)
        page.goto("about:blank")
