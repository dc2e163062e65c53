"""Records returned by (and handed to) the repository. Plain frozen dataclasses, no SQL."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

GameStatus = Literal["lobby", "running", "finished", "abandoned"]
DmStatus = Literal["unknown", "ok", "refused"]
LeaderboardOrder = Literal["tally", "games_won", "rounds_won", "games_played"]


@dataclass(frozen=True, slots=True)
class Seat:
    game_id: int
    seat: int
    player_id: str  # the engine's identity for this seat, exactly as the service passed it
    user_id: int | None  # None for a bot seat
    ai_level: str | None  # set for bots, and for humans whose seat an AI took over
    display_name: str
    dm_status: DmStatus = "unknown"
    timeouts_in_a_row: int = 0
    rounds_won: int = 0
    dm_hint_shown: bool = False  # told (once per game) to use "My hand" since DMs are closed


@dataclass(frozen=True, slots=True)
class Game:
    id: int
    guild_id: int
    channel_id: int
    edition: str
    options: dict[str, Any]
    status: GameStatus
    state: str | None  # engine state JSON (None in the lobby)
    version: int  # number of moves saved; pass it back as expected_version
    table_message_id: int | None
    host_id: int
    timer_seconds: int
    turn_deadline: float | None
    created_at: float
    updated_at: float
    round_break: bool = False  # turn_deadline is the end of the pause between rounds
    seats: tuple[Seat, ...] = ()

    def seat_of(self, player_id: str) -> Seat | None:
        return next((s for s in self.seats if s.player_id == player_id), None)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    game_id: int
    seq: int
    round: int
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
    """What save_move needs when the move ends the game: written to results and tallies."""

    winner: str | None  # player id
    rounds: int
    final_tallies: Mapping[str, int] = field(default_factory=dict)  # player id -> tally


@dataclass(frozen=True, slots=True)
class Result:
    game_id: int
    winner: str | None
    winner_user_id: int | None
    rounds: int
    final_tallies: dict[str, int]
    finished_at: float


@dataclass(frozen=True, slots=True)
class TallyRow:
    user_id: int
    edition: str | None  # None = summed over all editions
    tally: int = 0
    games_played: int = 0
    games_won: int = 0
    rounds_won: int = 0


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int  # 1-based position in the ordering (ties broken deterministically)
    row: TallyRow


@dataclass(frozen=True, slots=True)
class UserStats:
    guild_id: int
    user_id: int
    total: TallyRow
    per_edition: dict[str, TallyRow]


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    dm_enabled: bool = True


@dataclass(frozen=True, slots=True)
class DueDeadline:
    game_id: int
    version: int
    turn_deadline: float
    round_break: bool = False  # the deadline ends a pause between rounds, not a turn
