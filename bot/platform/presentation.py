"""The Discord side of a game: what the turn flow, DMs, lobbies and table delivery ask of a
game's presentation (`bot/games/<game>/presenter.py`); its rules of the table are
`bot.platform.rules.TableRules`.

They never look inside a state, a decision, an event or a read model: a game answers with
Discord messages drawn from its own read models (the public table, one player's hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import discord

from bot.i18n import current_locale
from bot.platform.registry import all_presentations, presentation_of
from bot.platform.rules import Pause, Table, TableRules
from engine.api import Event
from storage import Game as GameRecord

__all__ = ["Message", "Pause", "Picture", "Presentation", "Table", "presentation"]


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture for a message, drawn only when the message goes out with pictures on (in
    `bot.ui.pictures`, after the commit and outside every game lock).

    A table picture may be drawn in a worker process (PICTURE_WORKERS=process), so `draw` must
    pickle: a module-level function, or `functools.partial` of one over the read model, never
    a lambda or closure. It draws in `locale`, the reader's when the picture was made."""

    filename: str  # "table.png"; the first picture is the embed's image (attachment://...)
    draw: Callable[[], bytes]  # the PNG bytes, from the read model the message was made from
    description: str  # alt text (screen readers); the embed's text says it all anyway
    locale: str = field(default_factory=current_locale)


@dataclass(frozen=True, slots=True)
class Message:
    """A message a game drew from a read model: the text (embed) always stands alone; its
    pictures add to it, and are left off when pictures are off (server or reader).

    With `short` the message is laid out picture first (Components V2, `bot.ui.layout`): the
    picture, then `short` under it, then the buttons; without its picture, the embed's whole
    text instead of `short`. A table is laid out so for its whole life: Discord never turns a
    Components V2 message back into an embed."""

    embed: discord.Embed
    view: discord.ui.View
    pictures: tuple[Picture, ...] = ()
    short: str | None = None  # markdown: what the picture does not show (turn, last events)


class Presentation(Protocol):
    """One game's presentation; `PRESENTATION` in `bot/games/<game>/presenter.py`."""

    @property
    def rules(self) -> TableRules:
        """The game's rules of the table (its title, its read models); read-only, so that a
        game's presentation may hold its own rules class."""
        ...

    command: str
    """The slash-command group ("loveletter"), for hints such as "use `/loveletter end`"."""
    dynamic_items: Sequence[type[discord.ui.DynamicItem[Any]]]
    cog: str
    """The extension with the game's slash-command group ("cogs.loveletter"), loaded by name."""

    # ------------------------------------------------------------ Discord messages

    def event_lines(
        self, events: Sequence[Event], record: GameRecord, viewer: str | None
    ) -> list[str]:
        """The events as lines for `viewer` (None: the public)."""
        ...

    def lobby_message(self, record: GameRecord) -> Message: ...

    def table_message(self, table: Any) -> Message:
        """The public table message; its pictures replace the old ones on every edit."""
        ...

    def hand_message(self, hand: Any, *, reply: Sequence[str] = ()) -> Message:
        """One player's hand (ephemeral or DM), its pictures above the buttons."""
        ...

    def ping_text(self, record: GameRecord, state: Any, player_id: str) -> str | None:
        """A channel line mentioning a player the game waits for out of turn (a chased-to
        hobbit), posted with a button to their private controls; None: no ping."""
        ...

    def ping_view(self, record: GameRecord) -> discord.ui.View:
        """The button(s) under a `ping_text` line (e.g. the game's "My pack")."""
        ...

    def dm_place(self, record: GameRecord) -> str:
        """How a DM names the game it is about ("Love Letter in #games (game 7)")."""
        ...

    def turn_text(self, record: GameRecord, state: Any, player_id: str) -> str:
        """The line over a DM that brings a player their decision buttons."""
        ...

    def mention_text(self, user_id: int) -> str:
        """The channel line for a player to decide whose DMs are closed."""
        ...

    def dealt_text(self, record: GameRecord, state: Any, hand: Any) -> str | None:
        """A DM line for a player who was dealt in anew (None: nothing to tell them)."""
        ...

    def closed_dms_text(self) -> str:
        """Told once to a player whose DMs are closed: where their private controls are (the
        button on the table and the game's own slash command)."""
        ...


def presentation(name: str) -> Presentation:
    """The presentation of game `name` (registered by its package); KeyError names the known."""
    return cast(Presentation, presentation_of(name))


def presentations() -> dict[str, Presentation]:
    """Every registered game's presentation by game name."""
    return {name: cast(Presentation, found) for name, found in all_presentations().items()}
