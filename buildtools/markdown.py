"""Markdown to HTML: the small part of it the help pages' prose uses (buildtools/help.py).

"## Heading {#id}" and "### Heading" (``HEADING``; the page generator writes them, as they
feed its table of contents), paragraphs, "- " and "1. " lists, pipe tables (a |---| line
makes the first row a header; without one, the first cell of each row heads it),
**strong**, *em*, `code`, [text](link), and HTML where that is not enough (a block that
starts with "<" is copied as it is).  ``block`` renders one block, ``inline`` a line.
"""

from __future__ import annotations

import html
import re

INLINE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)"), r'<a href="\2">\1</a>'),
    (re.compile(r"\*\*(.+?)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"\*(.+?)\*"), r"<em>\1</em>"),
)
HEADING = re.compile(r"^(#{2,3}) (.+?)(?: \{#([\w-]+)\})?$")
ITEM = re.compile(r"^(?:- |\d+\. )")
RAW_BLOCK = re.compile(r"</?(?:div|figure|details|dl|ol|ul|p|table|section|nav|aside|blockquote|pre)\b")


def inline(text: str) -> str:
    """Inline Markdown to HTML; HTML already in the text is kept as it is."""
    codes: list[str] = []

    def stash(match: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(match.group(1), quote=False)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = re.sub(r"`([^`]+)`", stash, text)
    for pattern, replacement in INLINE_RULES:
        text = pattern.sub(replacement, text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def cells(line: str) -> list[str]:
    """The cells of a pipe-table row."""
    return [inline(c.strip()) for c in line.strip().strip("|").split("|")]


def table(rows: list[list[str]], header: list[str] | None, caption: str = "") -> str:
    """A table in its scrolling wrapper: a header row, or row headers in the first column."""
    out = ['<div class="table-wrap">', "<table>"]
    if caption:
        out.append(f"<caption>{caption}</caption>")
    if header:
        out.append("<thead><tr>" + "".join(f'<th scope="col">{c}</th>' for c in header) + "</tr></thead>")
    out.append("<tbody>")
    for row in rows:
        first = f"<td>{row[0]}</td>" if header else f'<th scope="row">{row[0]}</th>'
        out.append("<tr>" + first + "".join(f"<td>{c}</td>" for c in row[1:]) + "</tr>")
    out += ["</tbody>", "</table>", "</div>"]
    return "\n".join(out)


def block(lines: list[str]) -> str:
    """One Markdown block (no blank lines inside) as HTML."""
    first = lines[0]
    if RAW_BLOCK.match(first):
        return "\n".join(lines)
    if ITEM.match(first):
        tag = "ul" if first.startswith("- ") else "ol"
        items = [f"<li>{inline(ITEM.sub('', line))}</li>" for line in lines]
        return "\n".join([f"<{tag}>", *items, f"</{tag}>"])
    if first.startswith("|"):
        rows = [cells(line) for line in lines]
        if len(lines) > 1 and re.fullmatch(r"\|?[\s:|-]+\|?", lines[1].strip()):
            return table(rows[2:], rows[0])
        return table(rows, None)
    return f"<p>{inline(' '.join(line.strip() for line in lines))}</p>"
