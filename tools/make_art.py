#!/usr/bin/env python3
"""Generate Harp's card art and icons.

    python tools/make_art.py            # write static/cards.svg, static/icons/icon.svg, favicon.svg
    python tools/make_art.py --icons    # also render the PNG icons (needs rsvg-convert and pngquant)
    python tools/make_art.py --out DIR  # write into DIR instead of static/ (tests use this)

Standard library only. The output is deterministic: running the script again
reproduces the committed files byte for byte.

The sprite holds one <symbol> per card, each with viewBox 0 0 200 280:
    c-AS .. c-KS, c-AH .. c-KH, c-AD .. c-KD, c-AC .. c-KC   (ranks A 2-9 T J Q K;
                 suit colours: CSS --ink-S, --ink-H, --ink-D, --ink-C, red and black without them;
                 the face: --face, --face-edge, white without them; the court panels:
                 --court-black, --court-red, light tints without them)
    back         the face-down card (its colours: CSS --back, --back-edge; blue without them)
    empty        outline of an empty pile (drawn in currentColor)
    f-S f-H f-D f-C   empty foundation slots with a faint suit (currentColor)
    f-any        an empty foundation slot any suit may start: a faint A
Use it as  <svg viewBox="0 0 200 280"><use href="./static/cards.svg#c-7H"/></svg>.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED = "#c0262d"
BLACK = "#1c1d21"
COLOUR = {"S": BLACK, "C": BLACK, "H": RED, "D": RED}
# Light tints used behind the court letters, as CSS values: the page's dark
# theme sets --court-black and --court-red (style.css), as it sets the face's
# --face and --face-edge and the inks; anywhere else the art is as drawn here.
TINT = {"S": "var(--court-black,#eceff4)", "C": "var(--court-black,#eceff4)",
        "H": "var(--court-red,#fbeaea)", "D": "var(--court-red,#fbeaea)"}
FACE = "var(--face,#fff)"
FACE_EDGE = "var(--face-edge,#8b9099)"
BACK_BLUE = "#28508f"
BACK_EDGE = "#1d3c6e"
# The back's colours as CSS values: the page's card back choice sets --back and
# --back-edge on <html> (style.css); anywhere else it is blue.
BACK = f"var(--back,{BACK_BLUE})"
EDGE = f"var(--back-edge,{BACK_EDGE})"

W, H = 200, 280

# Suit outlines, each drawn in a 100 x 100 box. Paths only: no font glyphs.
SUIT_SHAPES = {
    # Heart: two lobes meeting in a point at the bottom.
    "H": '<path d="M50 94C36 80 4 60 4 32C4 15 16 5 29 5C39 5 46 11 50 20'
         'C54 11 61 5 71 5C84 5 96 15 96 32C96 60 64 80 50 94Z"/>',
    # Diamond: slightly curved sides.
    "D": '<path d="M50 2Q67 28 88 50Q67 72 50 98Q33 72 12 50Q33 28 50 2Z"/>',
    # Spade: an upside-down heart on a flared stem.
    "S": '<path d="M50 3C40 20 5 38 5 62C5 77 16 86 28 86C37 86 43 82 47 76'
         'C46 85 41 92 33 97H67C59 92 54 85 53 76C57 82 63 86 72 86'
         'C84 86 95 77 95 62C95 38 60 20 50 3Z"/>',
    # Club: three round leaves on a flared stem, one path whose parts all
    # wind clockwise, so overlaps fill once (no seams when drawn faintly).
    "C": '<path d="M28 27a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z'
         'M4 60a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z'
         'M52 60a22 22 0 1 1 44 0a22 22 0 1 1-44 0Z'
         'M50 36L70 62H30Z'
         'M53 58C53 78 58 89 69 97H31C42 89 47 78 47 58Z"/>',
}

RANK_TEXT = {"T": "10"}
FONT = 'font-family="system-ui, sans-serif" font-weight="700"'


def _num(x: float) -> str:
    """Short, stable number formatting."""
    s = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def suit_use(suit: str, x: float, y: float, size: float, extra: str = "") -> str:
    return (f'<use href="#suit-{suit}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{_num(size)}" height="{_num(size)}"{extra}/>')


def ink(suit: str) -> str:
    """A suit's colour as a CSS value: the page's --ink-<suit> (its four-colour
    deck sets them on <html>), else the usual red or black."""
    return f"var(--ink-{suit},{COLOUR[suit]})"


def card_symbol(rank: str, suit: str) -> str:
    colour = ink(suit)
    label = RANK_TEXT.get(rank, rank)
    parts = [f'<symbol id="c-{rank}{suit}" viewBox="0 0 {W} {H}">', '<use href="#face"/>',
             f'<g style="fill:{colour}">']
    # Corner index: the top strip (about a quarter of the card) is all a
    # stacked column shows, so rank and suit sit side by side, large.
    # Everything in it stays above y = 66 (under 24 % of the height).
    squeeze = ' textLength="96" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    parts.append(f'<text x="11" y="64" font-size="72" {FONT}{squeeze}>{label}</text>')
    parts.append(suit_use(suit, 132, 10, 56))
    if rank in "JQK":
        # Court: a tinted panel with a big letter over a suit pip.
        parts.append(f'<rect x="30" y="88" width="140" height="176" rx="12" '
                     f'style="fill:{TINT[suit]};stroke:{colour}" stroke-width="3"/>')
        parts.append(f'<text x="100" y="180" font-size="96" text-anchor="middle" '
                     f'{FONT}>{label}</text>')
        parts.append(suit_use(suit, 77, 208, 46))
    elif rank == "A":
        parts.append(suit_use(suit, 35, 110, 130))
    else:
        parts.append(suit_use(suit, 48, 122, 104))
    parts.append("</g></symbol>")
    return "".join(parts)


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """Diagonal lines both ways, clipped to the rectangle, as one path."""
    segs = []
    w, h = x1 - x0, y1 - y0
    # Lines x - y = c (down-right) and x + y = c (down-left), in local coordinates.
    k = -math.floor(h / step)
    while k * step < w:
        c = k * step
        # down-right: points (c + t, t), 0 <= t <= h, clipped to 0 <= x <= w
        t0 = max(0.0, -c)
        t1 = min(h, w - c)
        if t1 > t0:
            segs.append(f"M{_num(x0 + c + t0)} {_num(y0 + t0)}L{_num(x0 + c + t1)} {_num(y0 + t1)}")
        k += 1
    k = 1
    while k * step < w + h:
        c = k * step
        # down-left: points (c - t, t)
        t0 = max(0.0, c - w)
        t1 = min(h, c)
        if t1 > t0:
            segs.append(f"M{_num(x0 + c - t0)} {_num(y0 + t0)}L{_num(x0 + c - t1)} {_num(y0 + t1)}")
        k += 1
    return "".join(segs)


def back_symbol() -> str:
    lattice = _lattice(22, 22, 178, 258, 19.5)
    return (
        f'<symbol id="back" viewBox="0 0 {W} {H}">'
        f'<rect x="1.5" y="1.5" width="197" height="277" rx="14" style="fill:{BACK};stroke:{EDGE}" '
        f'stroke-width="3"/>'
        f'<path d="{lattice}" stroke="#fff" stroke-opacity=".2" stroke-width="2.5" fill="none"/>'
        f'<rect x="14" y="14" width="172" height="252" rx="8" fill="none" stroke="#fff" '
        f'stroke-opacity=".75" stroke-width="4"/>'
        f'<path d="M100 104L136 140L100 176L64 140Z" style="fill:{BACK}" stroke="#fff" '
        f'stroke-opacity=".75" stroke-width="4"/>'
        f'<path d="M100 122L118 140L100 158L82 140Z" fill="#fff" fill-opacity=".75"/>'
        "</symbol>"
    )


def empty_outline() -> str:
    return ('<rect x="4" y="4" width="192" height="272" rx="14" fill="currentColor" '
            'fill-opacity=".08" stroke="currentColor" stroke-opacity=".55" stroke-width="4" '
            'stroke-dasharray="14 10"/>')


def empty_symbols() -> list[str]:
    out = [f'<symbol id="empty" viewBox="0 0 {W} {H}">{empty_outline()}</symbol>']
    for s in SUITS:
        out.append(f'<symbol id="f-{s}" viewBox="0 0 {W} {H}">{empty_outline()}'
                   f'<g fill="currentColor" opacity=".35">'
                   f'{suit_use(s, 45, 85, 110)}</g></symbol>')
    out.append(f'<symbol id="f-any" viewBox="0 0 {W} {H}">{empty_outline()}'
               f'<text x="100" y="178" font-size="110" text-anchor="middle" fill="currentColor" '
               f'opacity=".35" font-family="system-ui, sans-serif" font-weight="700">A</text></symbol>')
    return out


def sprite() -> str:
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Harp card sprite, generated by tools/make_art.py: do not edit by hand. -->",
    ]
    for s in SUITS:
        parts.append(f'<symbol id="suit-{s}" viewBox="0 0 100 100">{SUIT_SHAPES[s]}</symbol>')
    parts.append(f'<symbol id="face" viewBox="0 0 {W} {H}"><rect x="1.5" y="1.5" width="197" '
                 f'height="277" rx="14" style="fill:{FACE};stroke:{FACE_EDGE}" stroke-width="3"/></symbol>')
    for s in SUITS:
        for r in RANKS:
            parts.append(card_symbol(r, s))
    parts.append(back_symbol())
    parts.extend(empty_symbols())
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ---------------------------------------------------------------- icons

ICON_GREEN = "#1d6b47"
ICON_GREEN_DARK = "#155236"


def _icon_body() -> str:
    """Two fanned cards, a back and a heart, kept inside the central circle
    (radius 40 % of the width) so the icon survives any maskable crop."""
    heart = SUIT_SHAPES["H"].replace("<path ", f'<path fill="{RED}" ')
    return (
        # scaled 1.2 about the centre: the farthest corner stays 199 from it
        '<g transform="translate(256 256) scale(1.2) translate(-256 -256)">'
        # back card, tilted left
        '<g transform="rotate(-13 256 256)">'
        f'<rect x="128" y="150" width="150" height="210" rx="16" fill="{BACK_BLUE}" '
        'stroke="#fff" stroke-width="6"/>'
        '<rect x="143" y="165" width="120" height="180" rx="8" fill="none" stroke="#fff" '
        'stroke-opacity=".7" stroke-width="5"/>'
        f'<path d="M203 222L236 255L203 288L170 255Z" fill="#fff" fill-opacity=".8"/></g>'
        # face card, tilted right
        '<g transform="rotate(11 256 256)">'
        '<rect x="226" y="140" width="150" height="210" rx="16" fill="#fff" '
        'stroke="#d5d8dd" stroke-width="4"/>'
        f'<g transform="translate(240 154) scale(.36)">{heart}</g>'
        f'<g transform="translate(256 215) scale(.9)">{heart}</g></g></g>'
    )


def icon_svg() -> str:
    """The app icon, full bleed (the build rounds the corners of the "any" PNGs)."""
    bg = (f'<rect width="512" height="512" fill="{ICON_GREEN}"/>'
          f'<circle cx="256" cy="256" r="200" fill="{ICON_GREEN_DARK}" fill-opacity=".35"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            '<title>Harp</title>' + bg + _icon_body() + "</svg>\n")


def favicon_svg() -> str:
    """One card, simple enough to read at 16 px."""
    suit_h = SUIT_SHAPES["H"].replace("<path ", f'<path fill="{RED}" ')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<title>Harp</title>'
            f'<rect width="64" height="64" rx="12" fill="{ICON_GREEN}"/>'
            '<rect x="14" y="6" width="36" height="52" rx="5" fill="#fff"/>'
            f'<g transform="translate(17 17) scale(.3)">{suit_h}</g>'
            "</svg>\n")


def write_svgs(out_static: Path) -> list[Path]:
    icons = out_static / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    files = {
        out_static / "cards.svg": sprite(),
        icons / "icon.svg": icon_svg(),
        icons / "favicon.svg": favicon_svg(),
    }
    for path, text in files.items():
        path.write_bytes(text.encode("utf-8"))
    return list(files)


def render_pngs(out_static: Path) -> list[Path]:
    """The PNG icons, rendered from out_static/icons/icon.svg as the build
    renders them (buildtools.offline.render_icons)."""
    sys.path.insert(0, str(ROOT))
    from buildtools.offline import ICONS, render_icons

    if not render_icons(out_static.parent):
        sys.exit("rsvg-convert and pngquant are needed: apt-get install librsvg2-bin pngquant")
    return [out_static / "icons" / name for name, _, _ in ICONS]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "static",
                    help="folder to write into (default: static/)")
    ap.add_argument("--icons", action="store_true", help="also render PNG icons with rsvg-convert and pngquant")
    args = ap.parse_args(argv)
    written = write_svgs(args.out)
    if args.icons:
        written += render_pngs(args.out)
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
