"""Compare a picture with its committed reference PNG, tolerantly.

Font rasterising may shift a few edge pixels between FreeType builds, so a picture matches
when it has the same size and at most `SHARE` of its pixels differ by more than `LEVEL` in
some channel. `REGENERATE_PICTURES=1 pytest tests/bot/games/loveletter/pictures` rewrites
the references (look at them before committing).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

REFERENCES = Path(__file__).with_name("reference")
LEVEL = 48  # a channel difference below this is antialiasing noise
SHARE = 0.005  # at most this share of pixels may differ


def differing_share(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose largest channel difference exceeds LEVEL."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    worst = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    over = worst.point(lambda v: 255 if v > LEVEL else 0).histogram()[255]
    return over / (a.width * a.height)


def check(name: str, png: bytes) -> None:
    """Assert `png` matches reference/<name>.png (or write it when regenerating)."""
    path = REFERENCES / f"{name}.png"
    if os.environ.get("REGENERATE_PICTURES") == "1":
        REFERENCES.mkdir(exist_ok=True)
        path.write_bytes(png)
        pytest.skip(f"rewrote {path.name}")
    got = Image.open(io.BytesIO(png))
    want = Image.open(path)
    assert got.size == want.size, f"{name}: {got.size} != reference {want.size}"
    share = differing_share(got, want)
    assert share <= SHARE, f"{name}: {share:.2%} of pixels differ from the reference"
