"""Records returned by (and handed to) the repository. Plain frozen dataclasses, no SQL."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

GameStatus = Literal["lobby", "running", "finished", "abandoned"]
DmStatus = Literal["unknown", "ok", "refused"]


@dataclass(frozen=True, slots=True)
class Seat:
    game_id: int
    seat: int
    player_id: str  # the game's identity for this seat, exactly as the service passed it
    user_id: int | None  # None for a bot seat
    ai_level: str | None  # set for bots, and for humans whose seat an AI took over
    display_name: str
    dm_status: DmStatus = "unknown"
    timeouts_in_a_row: int = 0
    dm_hint_shown: bool = False  # told (once per game) to use "My hand" since DMs are closed


@dataclass(frozen=True, slots=True)
class Game:
    id: int
    guild_id: int
    channel_id: int
    game: str  # which game is played (a registry name); storage never interprets it
    variant: str  # the game's variant (a rule set, a scenario ...)
    options: dict[str, Any]
    status: GameStatus
    state: str | None  # the game's state JSON (None in the lobby)
    version: int  # number of moves saved; pass it back as expected_version
    table_message_id: int | None
    host_id: int
    timer_seconds: int
    turn_deadline: float | None
    created_at: float
    updated_at: float
    # turn_deadline is the end of a pause the game asked for (a break between two rounds,
    # say), not a turn's time limit
    paused: bool = False
    # bumped by every write to the game or its seats: with `version`, what a cached copy is
    # checked against (GamesRepo.stamp)
    revision: int = 0
    seats: tuple[Seat, ...] = ()

    def seat_of(self, player_id: str) -> Seat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the append-only log. Which round a move was in (for a game with rounds)
    is not stored: replaying the log from the initial state tells."""

    game_id: int
    seq: int  # 1, 2, ...: the game's version once this move was applied
    player: str
    move: str  # JSON
    created_at: float


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    """A change to one seat saved together with a move (turn timer bookkeeping)."""

    player_id: str
    timeouts_in_a_row: int | None = None  # None = unchanged
    ai_level: str | None = None  # not None = an AI takes this seat over


@dataclass(frozen=True, slots=True)
class GameEnd:
    """What save_move needs when the move ends the game: written to results and tallies.

    Every human seat's tallies get ``games_played`` +1 and ``games_won`` +1 if it is among
    ``winners`` (+0 otherwise), plus each metric of ``gains[player]``, all named by the game.
    """

    winners: tuple[str, ...] = ()  # player ids
    # player id -> metric -> amount added to that player's tally (zeros create the row too)
    gains: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    scores: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # shown in results
    summary: Mapping[str, Any] = field(default_factory=dict)  # the game's own, e.g. rounds


@dataclass(frozen=True, slots=True)
class Result:
    game_id: int
    winners: tuple[str, ...]  # player ids
    winner_user_ids: tuple[int, ...]  # the human winners' users
    scores: dict[str, dict[str, int]]  # player id -> name -> value
    summary: dict[str, Any]
    finished_at: float


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int  # 1-based position in the ordering (ties broken deterministically)
    user_id: int
    values: dict[str, int]  # column name -> the sum of its metrics


@dataclass(frozen=True, slots=True)
class UserStats:
    guild_id: int
    user_id: int
    game: str
    per_variant: dict[str, dict[str, int]]  # variant -> metric -> value (empty: never played)


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    dm_enabled: bool = True
    pictures: bool = True  # pictures in this user's own messages (hand, DMs)


@dataclass(frozen=True, slots=True)
class DueDeadline:
    game_id: int
    version: int
    turn_deadline: float
    paused: bool = False  # the deadline ends a pause the game asked for, not a turn
