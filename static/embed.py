"""Composition root of embed.html: the game alone, for another site's iframe.

The same start-up as static/main.py (harpui/startup.py), with harpui.embed's
stand-in dialogs (the embed page has no dialog windows), its own storage
keys, and a postMessage link to the framing page: see harpui/embed.py for
the messages and docs/embedding.md for hosts.  Theme and language come
from the URL too; static/embed-boot.js applies them before the first paint.
"""

from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from harpui import embed
from harpui.dom import listen, nil, proxy
from harpui.startup import Page, start_page


options = embed.params(str(window.location.search), str(window.location.hash))
host_origin = embed.clean_origin(options.get("origin"))
framed = window.parent != window
reporter = embed.Reporter()
sizer = embed.Sizer()


def post(message: dict[str, Any] | None) -> None:
    """Send message to the host, only at the origin it named; else nothing."""
    if host_origin is None or message is None or not framed:
        return
    window.parent.postMessage(to_js(message), host_origin)


def host_fields(event: Any) -> dict[str, Any] | None:
    """The fields of a host's message: from the parent window at its origin,
    a plain object; else None."""
    if host_origin is None or str(event.origin) != host_origin or event.source != window.parent:
        return None
    data = event.data
    if nil(data) or str(window.Object.prototype.toString.call(data)) != "[object Object]":
        return None
    fields: dict[str, Any] = {}
    for name in ("type", "code"):
        value = getattr(data, name, None)
        fields[name] = None if nil(value) else value
    return fields


def play_as_asked(page: Page) -> None:
    """The game the URL names, then the link to the host: a message after each
    change, and the host's requests for another deal."""
    controller, dialogs = page.controller, page.dialogs
    assert isinstance(dialogs, embed.EmbedDialogs)      # as start_page below makes them
    wanted_game = embed.clean_game(options.get("game"))
    if wanted_game and controller.game.game_id != wanted_game:
        opened_code = options.get("code") and controller.game.code.upper() == options["code"].upper()
        if not opened_code:                 # a deal code in the URL wins over its game
            controller.new_game(wanted_game, controller.options_for(wanted_game), "new")
    controller.on_change.append(lambda: post(reporter.changed(controller.game.view())))

    def on_message(event: Any) -> None:
        fields = host_fields(event)
        message = embed.incoming(fields) if fields is not None else None
        if message is None:
            return
        if "code" in message:
            dialogs.open_code(message["code"])
        else:
            dialogs.new_deal()

    listen(window, "message", on_message)


def report_size(*_: object) -> None:
    root = document.documentElement
    post(sizer.changed(float(root.scrollWidth), float(root.scrollHeight)))


page = start_page(embed.EmbedDialogs, embed.STORAGE_NAMESPACE, started=play_as_asked,
                  language=options.get("lang"))
post(reporter.ready(page.controller.game.view()))
window.ResizeObserver.new(proxy(report_size)).observe(document.documentElement)
