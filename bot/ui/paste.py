"""Pasting a cached RGBA picture (a card, a seat panel) onto an RGB canvas, quickly.

Pillow's `paste(image, xy, image)` blends every pixel through the alpha channel, even where
the picture is fully opaque: a Love Letter seat panel (788 x 126) cost 0.3-0.7 ms that way,
most of a table picture's drawing. Our cached pictures are opaque but for their rounded
edges, so each is split once into blocks: the opaque ones are copied without a mask (a plain
copy, twenty times faster) and only the edges are blended. Pixels of alpha 250 or more
count as opaque (Lanczos scaling leaves 252-254 near an edge): copied, they differ from the
blend by at most one level of colour.
"""

from __future__ import annotations

from PIL import Image

from bot.ui.lru import SizedLru

Block = tuple[tuple[int, int], Image.Image, bool]  # (offset, pixels, blend through alpha)
_PLANS: SizedLru[tuple[Image.Image, list[Block]]] = SizedLru(8 * 2**20, "paste plans")
SMALL = 4_000  # pixels: a smaller picture (a tally, a badge) is blended whole in one call
OPAQUE = bytes(255 if a >= 250 else 0 for a in range(256))  # nearly opaque counts as opaque


def paste(canvas: Image.Image, image: Image.Image, xy: tuple[int, int]) -> None:
    """`canvas.paste(image, xy, image)`, for a picture drawn once and pasted many times. The
    blocks go straight to Pillow's core: its `Image.paste` checks cost more than a small copy."""
    if canvas.mode != "RGB" or image.mode != "RGBA" or canvas.readonly:
        canvas.paste(image, xy, image)
        return
    x, y = xy
    core = canvas.im
    for (dx, dy), block, blend in _plan(image):
        w, h = block.size
        box = (x + dx, y + dy, x + dx + w, y + dy + h)
        if blend:
            core.paste(block.im, box, block.im)  # through the block's alpha
        else:
            core.paste(block.im, box)


def _plan(image: Image.Image) -> list[Block]:
    """The image's blocks, worked out once per image (kept while the image is cached)."""
    found = _PLANS.get(id(image))
    if found is not None and found[0] is image:
        return found[1]
    blocks = _blocks(image)
    w, h = image.size
    _PLANS.put(id(image), (image, blocks), w * h * 4)  # its blocks (the image is cached)
    return blocks


def _blocks(image: Image.Image) -> list[Block]:
    """Runs of fully opaque rows, copied whole; between them the runs of other rows (the
    rounded ends), each blended at its sides and copied in the middle, where all its rows
    are opaque."""
    w, h = image.size
    if w * h < SMALL:
        return [((0, 0), image, True)]
    alpha = image.getchannel("A").tobytes().translate(OPAQUE)
    spans = [_opaque_span(alpha[r * w : (r + 1) * w]) for r in range(h)]
    blocks: list[Block] = []
    top = 0
    while top < h:
        full = spans[top] == (0, w)
        bottom = top + 1
        while bottom < h and (spans[bottom] == (0, w)) == full:
            bottom += 1
        left = max(span[0] for span in spans[top:bottom])
        right = min(span[1] for span in spans[top:bottom])
        if right <= left:
            left = right = w
        for x0, x1, blend in ((0, left, True), (left, right, False), (right, w, True)):
            if x1 > x0:
                block = image.crop((x0, top, x1, bottom))
                blocks.append(((x0, top), block if blend else block.convert("RGB"), blend))
        top = bottom
    return blocks


def _opaque_span(row: bytes) -> tuple[int, int]:
    """The run of opaque pixels (255) in a row of alpha values, if it is one; else (0, 0)."""
    left = row.find(255)
    if left < 0:
        return 0, 0
    right = row.rfind(255) + 1
    if row.count(255, left, right) != right - left:
        return 0, 0
    return left, right
