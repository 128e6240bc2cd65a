"""The tests' one PNG reader, standard library only (not a test module): for
Playwright's screenshots (tests/browser) and the build's icons (test_build.py).
8-bit RGB, RGBA or palette images, not interlaced: what those are."""

from __future__ import annotations

import functools
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
BYTES_A_PIXEL = {2: 3, 3: 1, 6: 4}   # by colour type: RGB, palette, RGBA


class Png:
    """A PNG's size, colour type and rows (decoded when first asked for)."""

    def __init__(self, data: bytes) -> None:
        assert data[:8] == SIGNATURE, "not a PNG"
        chunks: dict[bytes, bytes] = {}
        pos = 8
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            chunks[kind] = chunks.get(kind, b"") + data[pos + 8:pos + 8 + length]   # IDATs joined in order
            pos += 12 + length
        self.width, self.height, depth, self.colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
        assert depth == 8 and self.colour in BYTES_A_PIXEL and not interlace, \
            f"only 8-bit RGB, RGBA or palette PNGs, not interlaced (depth {depth}, colour type {self.colour})"
        self.step = BYTES_A_PIXEL[self.colour]
        self.transparency = chunks.get(b"tRNS", b"")   # a palette's: the alpha of its first entries
        self._compressed = chunks.get(b"IDAT", b"")

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    @functools.cached_property
    def rows(self) -> list[bytes]:
        """Each row's bytes with its filter undone: step bytes a pixel (a palette index, RGB or RGBA)."""
        raw, step, stride = zlib.decompress(self._compressed), self.step, self.width * self.step
        rows: list[bytes] = []
        prev = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            for i in range(stride if kind else 0):
                left = line[i - step] if i >= step else 0
                up, corner = prev[i], prev[i - step] if i >= step else 0
                if kind == 1:
                    line[i] = (line[i] + left) & 255
                elif kind == 2:
                    line[i] = (line[i] + up) & 255
                elif kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 255
                elif kind == 4:
                    guess = left + up - corner
                    pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                    line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
            rows.append(bytes(line))
            prev = line
        return rows

    def alpha(self, x: int, y: int) -> int:
        """One pixel's alpha: RGBA's, a palette entry's (255 past the tRNS entries), 255 for RGB."""
        row = self.rows[y]
        if self.colour == 3:
            return self.transparency[row[x]] if row[x] < len(self.transparency) else 255
        return row[x * 4 + 3] if self.colour == 6 else 255


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows) of an 8-bit RGB or RGBA PNG, such as Playwright's
    screenshots; each row holds 3 or 4 bytes a pixel."""
    png = Png(data)
    assert png.colour in (2, 6), "an RGB or RGBA PNG"
    return png.width, png.height, png.rows
