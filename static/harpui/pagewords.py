"""The page in the player's language: the words of the markup, <html lang>
and the web app manifest.

The templates mark each text with data-i18n="key" (data-i18n-html for the
few with markup, data-i18n-attr="attribute:key ..." for attributes); the
build fills them in English (buildtools/pages.py) and this module fills them
again in the page's language, at start-up and whenever Options changes it.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from .dom import nil
from .words import LANGUAGES, language, pick_language, set_language, t

# Each language's web app manifest, as buildtools/offline.py names them.
MANIFESTS = {lang: "./manifest.webmanifest" if lang == LANGUAGES[0] else f"./manifest.{lang}.webmanifest"
             for lang in LANGUAGES}


def browser_languages() -> list[str]:
    """The browser's languages, most wanted first (navigator.languages)."""
    nav = window.navigator
    tags = getattr(nav, "languages", None)
    found = [str(tag) for tag in tags] if tags is not None and not isinstance(tags, str) else []
    return found or [str(getattr(nav, "language", "") or "")]


def use_language(chosen: Any) -> str:
    """Make the page speak chosen ('auto' or a language code), as the browser
    asks when it is 'auto'; returns the language in use."""
    lang = set_language(pick_language(chosen, browser_languages()))
    fill(document)
    return lang


def fill(root: Any) -> None:
    """Every marked text and attribute under root in the page's language."""
    html = document.documentElement
    html.setAttribute("lang", language())
    for el in root.querySelectorAll("[data-i18n]"):
        el.textContent = t(str(el.getAttribute("data-i18n")))
    for el in root.querySelectorAll("[data-i18n-html]"):
        el.innerHTML = t(str(el.getAttribute("data-i18n-html")))   # the catalogues' own markup
    for el in root.querySelectorAll("[data-i18n-attr]"):
        for pair in str(el.getAttribute("data-i18n-attr")).split():
            name, key = pair.split(":", 1)
            el.setAttribute(name, t(key))
    manifest = document.querySelector('link[rel="manifest"]')
    if not nil(manifest) and manifest.getAttribute("href") in MANIFESTS.values():
        manifest.setAttribute("href", MANIFESTS.get(language(), MANIFESTS[LANGUAGES[0]]))
