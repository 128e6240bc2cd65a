"""Firefox and WebKit, driven the way their Debian packages allow.

Playwright drives Debian's Chromium (the browser tests and the bench), but
it cannot drive Debian's Firefox ESR or WebKitGTK.  This module gives both
one small interface, `EnginePage`, for tests/crossbrowser/ and the bench:

- Firefox ESR through WebDriver BiDi, spoken straight to
  `firefox-esr --remote-debugging-port=0` over a WebSocket (websocket-client);
- WebKitGTK through its W3C WebDriver, `/usr/bin/WebKitWebDriver`, with
  Selenium and the MiniBrowser on a virtual screen (Xvfb).  The driver's
  path is given, so Selenium Manager never runs.

Each engine starts with a new, empty profile, as an automation session or
a private window does.  Scripts run as `(FUNCTION)(...args)`; what they
return (or resolve to) comes back through JSON.  Taps and keys are real
input events, sent by the driver, not dispatched by a script.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
# libwebkit2gtk-4.1-0's browser, under the machine's multiarch folder (x86_64-linux-gnu, aarch64-linux-gnu...).
MINIBROWSER = next(iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))),
                   "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"

ENGINES = ("firefox", "webkit")
PROGRAMS = {"firefox": (FIREFOX,), "webkit": (WEBKIT_DRIVER, XVFB)}   # what each engine runs
# Debian packages, by the program each provides (installed by `build.py test`).
APT_PACKAGES = {FIREFOX: "firefox-esr", WEBKIT_DRIVER: "webkit2gtk-driver", XVFB: "xvfb"}

START_TIMEOUT_S = 60

# Firefox preferences for a quiet automation profile on a machine with no
# outside network: no first-run pages, updates, telemetry or remote settings.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "services.settings.server": "data:,#remote-settings-off",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "browser.safebrowsing.update.enabled": False,
}

# Script errors after the collector is installed (WebKit's WebDriver gives no
# route to the console): uncaught errors, rejected promises, console.error.
COLLECT_ERRORS_JS = """() => {
  if (window.__engineErrors) return;
  const errors = window.__engineErrors = [];
  addEventListener('error', e => errors.push('error: ' + e.message));
  addEventListener('unhandledrejection', e => errors.push('unhandled rejection: ' + e.reason));
  const plain = console.error.bind(console);
  console.error = (...args) => { errors.push('console.error: ' + args.join(' ')); plain(...args); };
}"""

# Resolves true once condition(...args) is truthy, checked at every frame and
# on every DOM change; false after timeout_ms.
WAIT_JS = """(source, timeout_ms, args) => new Promise(done => {
  const condition = eval('(' + source + ')');
  const end = performance.now() + timeout_ms;
  let observer;
  const check = async () => {
    let ok = false;
    try { ok = await condition(...args); } catch (error) { ok = false; }
    if (ok || performance.now() > end) {
      if (observer) observer.disconnect();
      done(Boolean(ok));
      return true;
    }
    return false;
  };
  check().then(finished => {
    if (finished) return;
    observer = new MutationObserver(() => check());
    observer.observe(document.documentElement, {attributes: true, childList: true, subtree: true});
    const tick = () => check().then(over => over || setTimeout(tick, 50));
    tick();
  });
})"""


class EngineError(RuntimeError):
    """The engine refused a command, or a script threw."""


class LostInput(EngineError):
    """The driver failed a gesture without saying why, so whether the page
    received it is unknown: the caller asks the page what it shows."""


def script(function: str, args: tuple[Any, ...]) -> str:
    """An expression running function(...args) whose value is its result as JSON."""
    return f"(async () => JSON.stringify(await ({function})(...{json.dumps(list(args))})))()"


class EnginePage:
    """One tab of a browser engine: what the tests and the bench need of it."""

    name = "engine"

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def run(self, function: str, *args: Any) -> Any:
        """function(...args) in the page, awaited; its result through JSON."""
        raise NotImplementedError

    def tap(self, x: float, y: float) -> None:
        """A real mouse click at (x, y), CSS pixels from the viewport's top left."""
        raise NotImplementedError

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A real mouse drag from start to end, through a few moves."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """A real key press: a character, or 'Escape'."""
        raise NotImplementedError

    def page_errors(self) -> list[str]:
        """The page's script errors so far (see each engine for which)."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def wait(self, condition: str, timeout_s: float, *args: Any) -> None:
        """Wait until the JavaScript function condition(...args) returns
        something truthy; EngineError naming it after timeout_s."""
        if not self.run(WAIT_JS, condition, timeout_s * 1000, list(args)):
            raise EngineError(f"{self.name}: not true after {timeout_s:g} s: {condition}")

    def wait_ready(self, timeout_s: float = START_TIMEOUT_S) -> None:
        self.wait("() => document.documentElement.hasAttribute('data-harp-ready')", timeout_s)

    def attribute(self, name: str) -> str | None:
        """An attribute of <html>."""
        value = self.run("name => document.documentElement.getAttribute(name)", name)
        return None if value is None else str(value)


# -- Firefox: WebDriver BiDi ---------------------------------------------------------
class FirefoxPage(EnginePage):
    """Firefox ESR, headless, through WebDriver BiDi: its `log.entryAdded`
    events give every console error and uncaught exception of the page."""

    name = "firefox"

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        import websocket  # a test dependency (requirements-test.txt)

        self.profile = Path(tempfile.mkdtemp(prefix="harp-firefox-"))
        (self.profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0", "--profile", str(self.profile),
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self._errors: list[str] = []
        self._ids = itertools.count(1)
        try:
            self.socket = websocket.create_connection(self._bidi_url() + "/session", suppress_origin=True,
                                                      timeout=START_TIMEOUT_S)
            self._send("session.new", {"capabilities": {}})
            self.context = self._send("browsingContext.getTree", {})["contexts"][0]["context"]
            self._send("session.subscribe", {"events": ["log.entryAdded"]})
            self._send("browsingContext.setViewport",
                       {"context": self.context, "viewport": {"width": width, "height": height}})
        except BaseException:
            self.close()
            raise

    def _bidi_url(self) -> str:
        """Firefox prints where it listens on stderr; the rest of stderr is
        drained in a thread, so a full pipe never blocks it."""
        assert self.process.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        seen: list[str] = []
        for line in self.process.stderr:
            seen.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                threading.Thread(target=self.process.stderr.read, daemon=True).start()
                return found.group(1)
            if time.monotonic() > deadline:
                break
        raise EngineError("firefox-esr did not start WebDriver BiDi:\n" + "".join(seen[-20:]))

    def _send(self, method: str, params: dict[str, Any]) -> Any:
        number = next(self._ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("type") == "event":
                self._on_event(message)
            elif message.get("id") == number:
                if message.get("type") == "error":
                    raise EngineError(f"firefox {method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def _on_event(self, message: dict[str, Any]) -> None:
        entry = message["params"]
        if message["method"] == "log.entryAdded" and entry.get("level") == "error":
            self._errors.append(f"{entry.get('type')}: {entry.get('text')}")

    def goto(self, url: str) -> None:
        self._send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def run(self, function: str, *args: Any) -> Any:
        result = self._send("script.evaluate", {"expression": script(function, args), "awaitPromise": True,
                                                "target": {"context": self.context}})
        if result["type"] == "exception":
            raise EngineError(f"firefox: the script threw: {result['exceptionDetails'].get('text')}")
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def _pointer(self, steps: list[dict[str, Any]]) -> None:
        self._send("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": steps}]})
        self._send("input.releaseActions", {"context": self.context})

    def tap(self, x: float, y: float) -> None:
        self._pointer([{"type": "pointerMove", "x": round(x), "y": round(y)},
                       {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}])

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        (x0, y0), (x1, y1) = start, end
        moves = [{"type": "pointerMove", "x": round(x0 + (x1 - x0) * k / 6), "y": round(y0 + (y1 - y0) * k / 6),
                  "duration": 16} for k in range(1, 7)]
        self._pointer([{"type": "pointerMove", "x": round(x0), "y": round(y0)}, {"type": "pointerDown", "button": 0},
                       {"type": "pointerMove", "x": round(x0 + 10), "y": round(y0 + 10), "duration": 16},
                       *moves, {"type": "pointerUp", "button": 0}])

    def press(self, key: str) -> None:
        value = {"Escape": "\ue00c"}.get(key, key)
        self._send("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": value},
                                                          {"type": "keyUp", "value": value}]}]})

    def page_errors(self) -> list[str]:
        self._send("session.status", {})   # reads the events that came in meanwhile
        return list(self._errors)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._send("browser.close", {})
        with contextlib.suppress(Exception):
            self.socket.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


# -- WebKitGTK: W3C WebDriver through Selenium -----------------------------------------
@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """An Xvfb display of its own (the MiniBrowser needs a screen); yields
    its DISPLAY value."""
    read, write = os.pipe()
    process = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                               pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        if not number:
            raise EngineError("Xvfb did not start")
        yield f":{number}"
    finally:
        process.terminate()
        process.wait()


class WebKitPage(EnginePage):
    """WebKitGTK's MiniBrowser through WebKitWebDriver and Selenium, on a
    virtual screen.  WebDriver gives no route to the console here: errors
    are those the page raises after `collect_errors()` (called by the
    scenario once the page is ready)."""

    name = "webkit"

    def __init__(self, width: int = 1280, height: int = 800) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self._screen = virtual_screen()
        display = self._screen.__enter__()
        try:
            options = Options()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
            self.driver = webdriver.WebKitGTK(options=options, service=service)
            self.driver.set_script_timeout(300)
            self.driver.set_window_rect(0, 0, width, height)
        except BaseException:
            self._screen.__exit__(None, None, None)
            raise

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    # WebKitWebDriver now and then loses a script's result on a busy machine, with this message
    # and no page error behind it (seen once in a full test run, never alone).  Every script the
    # tests and the bench run here reads the page or sets what it sets, so asking again is safe.
    LOST_RESULT = "Could not parse script result"
    RUN_TRIES = 3

    def run(self, function: str, *args: Any) -> Any:
        from selenium.common.exceptions import JavascriptException, WebDriverException

        for tries_left in reversed(range(self.RUN_TRIES)):
            try:
                value = self.driver.execute_script("return " + script(function, args))
                break
            except JavascriptException as error:
                raise EngineError(f"webkit: the script threw: {error.msg}") from error
            except WebDriverException as error:
                if self.LOST_RESULT not in str(error.msg) or not tries_left:
                    raise
        return None if value is None else json.loads(value)

    def _pointer(self) -> Any:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        return ActionBuilder(self.driver)

    def _perform(self, actions: Any) -> None:
        """WebKitWebDriver now and then fails an action with "unknown error" and no message
        on a busy machine (once in a CI run of the whole suite, never alone): LostInput."""
        from selenium.common.exceptions import WebDriverException

        try:
            actions.perform()
        except WebDriverException as error:
            if error.msg:
                raise
            raise LostInput("webkit: the driver failed a gesture with no message") from error

    def tap(self, x: float, y: float) -> None:
        actions = self._pointer()
        actions.pointer_action.move_to_location(round(x), round(y)).click()
        self._perform(actions)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        (x0, y0), (x1, y1) = start, end
        actions = self._pointer()
        pointer = actions.pointer_action
        pointer.move_to_location(round(x0), round(y0)).pointer_down()
        pointer.move_to_location(round(x0 + 10), round(y0 + 10))
        for k in range(1, 7):
            pointer.move_to_location(round(x0 + (x1 - x0) * k / 6), round(y0 + (y1 - y0) * k / 6))
        pointer.pointer_up()
        self._perform(actions)

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).send_keys({"Escape": Keys.ESCAPE}.get(key, key)).perform()

    def collect_errors(self) -> None:
        self.run(COLLECT_ERRORS_JS)

    def page_errors(self) -> list[str]:
        return list(self.run("() => window.__engineErrors || []"))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self._screen.__exit__(None, None, None)


def open_engine(name: str, width: int = 1280, height: int = 800) -> EnginePage:
    """A new tab of the named engine ('firefox' or 'webkit'), in a new profile."""
    engines: dict[str, Callable[[int, int], EnginePage]] = {"firefox": FirefoxPage, "webkit": WebKitPage}
    return engines[name](width, height)
