"""PNG bytes from a Pillow picture, written for speed: every game's pictures go out this way.

Encoding was half of a table picture's cost. Measured on 60 Pegasus 4-player tables
(820 x 694 RGB, `bench render`'s positions), CPU per picture on a busy 2-core machine:

    Pillow save, compress_level=1       12.5 ms   62 KB  (tries every row filter on every row)
    rows unfiltered, zlib level 3        5.1 ms   53 KB  (rows copied behind filter bytes)
    rows unfiltered, zlib level 1        4.5 ms   56 KB
    rows unfiltered, ISA-L level 1       1.4 ms   59 KB  (isal: Intel's deflate, same format)
    ... without copying the rows         1.0 ms   59 KB  (what `png` does)

Our flat colours compress as well unfiltered (filter 0), so the rows go to deflate as Pillow
writes them, through ISA-L's deflate when the `isal` package is installed (a dependency),
else the standard zlib's. Pillow's `tobytes` writes the rows in 64 KiB pieces and joins them
(14 calls and a copy of the whole for a 4-player table): `_rows` asks its raw encoder for all
of them at once, 0.20 -> 0.13 ms of the 0.6 ms a table's PNG costs (the same bytes). Sub or
Up filters (Pillow's ImageChops) cost more than they save; levels 0 and 2, or other memory
levels, as fast as 1 and no smaller (issue 44, measured on 500 recorded bench tables). The
chunks' CRC is ISA-L's too (0.014 -> 0.004 ms for a table's 50 KB).
"""

from __future__ import annotations

import struct
import zlib
from types import ModuleType

from PIL import Image

_deflate: ModuleType
try:
    from isal import isal_zlib as _deflate

    LEVEL = 1  # ISA-L's levels are 0-3; 1 is as fast as 0 and a sixth smaller
except ImportError:  # pragma: no cover - a platform without an isal wheel
    _deflate = zlib
    LEVEL = 3

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"L": 0, "RGB": 2, "P": 3, "RGBA": 6}  # 8 bits a sample, no interlace


def png(image: Image.Image) -> bytes:
    """The picture (RGB, RGBA, L or P) as PNG bytes; ValueError for another mode."""
    if image.mode not in COLOUR_TYPES:
        raise ValueError(f"PNG pictures are RGB, RGBA, L or P, not {image.mode}")
    w, h = image.size
    # Pillow writes each row followed by a zero byte when asked for a stride one byte longer
    # than the row: after one more zero byte in front, that is each row behind its filter
    # byte (0: unfiltered), as PNG has it, without copying the rows again.
    data = memoryview(_rows(image, w * len(image.getbands()) + 1))
    deflate = _deflate.compressobj(LEVEL)
    idat = b"".join((deflate.compress(b"\0"), deflate.compress(data[:-1]), deflate.flush()))
    header = struct.pack(">IIBBBBB", w, h, 8, COLOUR_TYPES[image.mode], 0, 0, 0)
    chunks = [SIGNATURE, _chunk(b"IHDR", header)]
    if image.mode == "P":
        chunks.append(_chunk(b"PLTE", bytes(image.getpalette() or [])))
    chunks += [_chunk(b"IDAT", idat), _chunk(b"IEND", b"")]
    return b"".join(chunks)


def _rows(image: Image.Image, stride: int) -> bytes:
    """`image.tobytes("raw", image.mode, stride)`, written by Pillow's raw encoder in one go."""
    w, h = image.size
    image.load()
    encoder = Image._getencoder(image.mode, "raw", (image.mode, stride))
    try:
        encoder.setimage(image.im, (0, 0, w, h))
        _, done, data = encoder.encode(stride * h + 1)  # room for every row: one call
    finally:
        encoder.cleanup()
    if done <= 0:  # not finished in one call (or failed): Pillow's own loop
        return image.tobytes("raw", image.mode, stride)
    return data


def _chunk(tag: bytes, body: bytes) -> bytes:
    crc = _deflate.crc32(body, _deflate.crc32(tag))  # ISA-L's: a third of zlib's time
    return b"".join((struct.pack(">I", len(body)), tag, body, struct.pack(">I", crc)))
