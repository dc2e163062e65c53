"""What the platform asks of a game's presentation (`bot/games/<game>/`), besides its engine.

The service, the turn flow, DMs and table delivery call only these; they never look inside a
state, a decision, an event or a read model. A game answers with its own read models (the
public table, one player's hand) and Discord messages drawn from them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.i18n import current_locale
from engine.api import Event, Game
from storage import Game as GameRecord


@dataclass(frozen=True, slots=True)
class Pause:
    """A pause the game asked for (Love Letter: between rounds), ending at `until`."""

    until: float  # epoch seconds
    seconds_left: int


class Table(Protocol):
    """The public read model of a game: what the table message shows."""

    game_id: int
    version: int

    @property
    def paused(self) -> bool: ...


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


class Presenter(Protocol):
    """One game's presentation; `PRESENTER` in `bot/games/<game>/__init__.py`."""

    game: Game
    command: str
    """The slash-command group ("loveletter"), for hints such as "use `/loveletter end`"."""
    timeout_level: str
    """The AI level that plays a timed-out turn, and a seat an AI takes over."""
    dynamic_items: Sequence[type[discord.ui.DynamicItem[Any]]]
    cog: str
    """The extension with the game's slash-command group ("cogs.loveletter"), loaded by name."""

    def title(self, variant: str | None = None) -> str:
        """The game's name, or one variant's, as the reader reads it (the engine's `title` is
        the English: "The Hobbit Adventure Boardgame" is "Der Hobbit: Das Abenteuer-Brettspiel")."""
        ...

    # ------------------------------------------------------------ rules of the table

    def pause_after(self, state: Any, events: Sequence[Event]) -> bool:
        """Whether the move that made `events` starts a pause (the game goes on after it)."""
        ...

    def pause_info(self, state: Any, pause: Pause) -> Any | None:
        """What the table and hands show during `pause`; None if the state has no pause."""
        ...

    def announced(self, events: Sequence[Event], paused: bool) -> Sequence[Event]:
        """The events players hear now: during a pause, not what happens after it."""
        ...

    def starts_anew(self, events: Sequence[Event]) -> bool:
        """Whether everyone is dealt in again (each hears their new hand)."""
        ...

    def timeout_decision(self, legal: Sequence[Any]) -> Any | None:
        """The decision a timed-out player makes without an AI (e.g. keep a card), if any."""
        ...

    def side_decision(self, decision: Any) -> bool:
        """A decision that is not a turn (refused as "not for you" rather than "not your turn")."""
        ...

    def ai_name(self, level: str, number: int) -> str:
        """The display name of the AI seat `ai<number>` of `level` (unique within a game)."""
        ...

    def turn_of(self, state: Any, player_id: str) -> tuple[int, bool] | None:
        """Which turn `player_id`'s decisions now belong to: (turn number, whether it is their
        own turn rather than a decision out of turn). Several decisions of one turn share one
        turn DM and one timeout; None: every decision is a turn of its own (Love Letter)."""
        ...

    # ------------------------------------------------------------ read models

    def table(
        self,
        record: GameRecord,
        state: Any,
        pause: Any | None,
        events: Sequence[Event] = (),
        before: Any | None = None,
    ) -> Table:
        """The public table; `events` are the last move's, shown during a pause, and `before`
        the state that move started from (what the table showed just before it), if known."""
        ...

    def hand(self, record: GameRecord, state: Any, player_id: str, pause: Any | None) -> Any:
        """What one player may see privately, with their decisions when they must decide."""
        ...

    # ------------------------------------------------------------ Discord messages

    def event_lines(
        self, events: Sequence[Event], record: GameRecord, viewer: str | None
    ) -> list[str]:
        """The events as lines for `viewer` (None: the public)."""
        ...

    def lobby_message(self, record: GameRecord) -> Message: ...

    def warm_pictures(self) -> None:
        """Draw once what every picture pastes (card faces, the board's background), at
        start-up and off the loop: else the first pictures after a start draw it on the way."""
        ...

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
