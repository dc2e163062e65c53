"""The table picture drawn from the table (`PublicTable`, public information only): what the
drawing worker is sent with every move. No discord import: the worker loads this module when
it warms (`warm_pictures`), not at its first picture."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games.loveletter.models import PublicTable
from bot.games.loveletter.pictures import table_png
from bot.games.loveletter.pictures.table import picture_view
from engine.loveletter.events import event_from_dict
from engine.loveletter.views import PlayerView


def table_picture(t: PublicTable) -> bytes:
    """The table drawn from the spectators' view only; in a break, the finished round and
    the public events of the move that ended it (`recent`), whose card is marked."""
    assert t.view is not None
    result = t.round_break.result if t.round_break is not None else None
    ending = [event_from_dict(e) for e in t.recent] if result is not None else ()
    return table_png(t.view, result, names=t.names, discards=t.piles, ending=ending)


def running_table_picture(view: PlayerView, names: dict[str, str]) -> bytes:
    """The table of a round under way, from the spectators' view."""
    return table_png(view, names=names)


@dataclass(frozen=True, slots=True)
class RunningTable:
    """A running table's picture, drawn from the spectators' view. Pickled to the drawing
    worker with every move, it takes only what the picture reads (`picture_view`: of the
    round's log the last move); drawn here, from the view itself."""

    view: PlayerView
    names: dict[str, str]

    def __call__(self) -> bytes:
        return running_table_picture(self.view, self.names)

    def __reduce__(self) -> tuple[Any, ...]:
        return (RunningTable, (picture_view(self.view), self.names))
