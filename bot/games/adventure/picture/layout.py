"""Where each place of the project's board (ADV-2) sits on our own map drawing.

Coordinates are pixels on the 1200 × 880 picture: west on the left, north at the top, placed
so that the names (drawn under their symbol) never overlap and every road stays short. The
geography is only loosely Tolkien's; the roads and distances are the engine's.
"""

from __future__ import annotations

from typing import Final

WIDTH: Final = 1200
HEIGHT: Final = 880

POS: Final[dict[str, tuple[int, int]]] = {
    "grey_havens": (70, 420),
    "ered_luin": (120, 245),
    "hobbiton": (230, 400),
    "old_forest": (300, 520),
    "barrow_downs": (205, 660),
    "bree": (400, 610),
    "north_downs": (330, 265),
    "weathertop": (470, 460),
    "carn_dum": (380, 80),
    "mount_gram": (530, 250),
    "trollshaws": (560, 600),
    "ettenmoors": (650, 380),
    "rivendell": (690, 530),
    "high_pass": (785, 420),
    "hollin": (610, 720),
    "moria": (720, 770),
    "lorien": (855, 745),
    "gladden_fields": (800, 630),
    "carrock": (880, 505),
    "brown_lands": (1000, 800),
    "rhosgobel": (990, 620),
    "dol_guldur": (1100, 720),
    "forest_road": (900, 395),
    "mirkwood": (1100, 575),
    "long_marshes": (1000, 290),
    "thranduil_s_halls": (1110, 445),
    "lake_town": (1120, 235),
    "dale": (1020, 170),
    "erebor": (1125, 120),
    "iron_hills": (1150, 40),
    "withered_heath": (930, 80),
    "grey_mountains": (780, 150),
    "gundabad": (590, 90),
}
"""Every place's centre, by place id."""
