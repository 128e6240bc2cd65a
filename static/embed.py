"""Composition root of embed.html: the game alone, for another site's iframe.

The same UI pieces as static/main.py (renderer, controller, input), with
harpui.embed's stand-in dialogs (the embed page has no dialog windows), its
own storage keys, and a postMessage link to the framing page: see
harpui/embed.py for the messages and README.md ("Embedding") for hosts.
Theme and language come from the URL too; static/embed-boot.js applies them
before the first paint.
"""

from pyscript import document, window
from pyscript.ffi import to_js

from harpui import embed
from harpui.controller import Controller
from harpui.dom import by_id, later, listen, local_storage, nil, proxy
from harpui.input import Input
from harpui.render import Renderer
from harpui.store import Store
from harpui.thinking import SlicedSolver


search, fragment = str(window.location.search), str(window.location.hash)
options = embed.params(search, fragment)
host_origin = embed.clean_origin(options.get("origin"))
framed = window.parent != window


def post(message):
    """Send message to the host, only at the origin it named; else nothing."""
    if host_origin is None or message is None or not framed:
        return
    window.parent.postMessage(to_js(message), host_origin)


renderer = Renderer()
controller = Controller(Store(local_storage(), namespace=embed.STORAGE_NAMESPACE), renderer, SlicedSolver())
dialogs = embed.EmbedDialogs(controller, renderer)
controller.dialogs = dialogs
keyboard_and_pointer = Input(controller, renderer, dialogs)
controller.start(search, fragment)

wanted_game = embed.clean_game(options.get("game"))
if wanted_game and controller.game.game_id != wanted_game:
    opened_code = options.get("code") and controller.game.code.upper() == options["code"].upper()
    if not opened_code:                 # a deal code in the URL wins over its game
        controller.new_game(wanted_game, controller.options_for(wanted_game), "new")

reporter = embed.Reporter()
controller.on_change.append(lambda: post(reporter.changed(controller.game.view())))


def on_message(event):
    """The host's messages: from the parent window at its origin, well formed."""
    if host_origin is None or str(event.origin) != host_origin or event.source != window.parent:
        return
    data = event.data
    if nil(data) or str(window.Object.prototype.toString.call(data)) != "[object Object]":
        return
    fields = {}
    for name in ("type", "code"):
        value = getattr(data, name, None)
        fields[name] = None if nil(value) else value
    message = embed.incoming(fields)
    if message is None:
        return
    if "code" in message:
        dialogs.open_code(message["code"])
    else:
        controller.dialogs.new_deal()


def tick(*_):
    renderer.show_clock(int(controller.clock.seconds()))


class Relayout:
    """Re-lay the columns after the frame changes size, at most once per 100 ms."""

    pending = False

    @classmethod
    def soon(cls, *_):
        if not cls.pending:
            cls.pending = True
            later(0.1, cls.run)

    @classmethod
    def run(cls):
        cls.pending = False
        controller.relayout()


sizer = embed.Sizer()


def report_size(*_):
    root = document.documentElement
    post(sizer.changed(float(root.scrollWidth), float(root.scrollHeight)))


listen(window, "resize", Relayout.soon)
listen(window, "message", on_message)
window.setInterval(proxy(tick), 1000)

for button in document.querySelectorAll(".tools button"):
    button.disabled = False
by_id("loader").hidden = True
controller.relayout()
document.documentElement.setAttribute("data-harp-ready", "")
post(reporter.ready(controller.game.view()))
window.ResizeObserver.new(proxy(report_size)).observe(document.documentElement)
