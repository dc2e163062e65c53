"""Refusals the service raises; each message is shown to the user as an ephemeral answer.

None of these change any state. The cog turns them into replies; it never inspects rules.
"""

from __future__ import annotations


class GameError(Exception):
    """A rejected request; `str(error)` is written for the player."""


class NoGame(GameError):
    def __init__(self, what: str = "There is no Love Letter game in this channel.") -> None:
        super().__init__(what + " Start one with `/loveletter new`.")


class ChannelHasGame(GameError):
    def __init__(self) -> None:
        super().__init__(
            "This channel already has a Love Letter game. Finish it (or `/loveletter end`) first."
        )


class NotAPlayer(GameError):
    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class NotYourTurn(GameError):
    def __init__(self, name: str) -> None:
        super().__init__(f"It's {name}'s turn.")


class NotForYou(GameError):
    def __init__(self) -> None:
        super().__init__("That choice is not for you.")


class HostOnly(GameError):
    def __init__(self, action: str) -> None:
        super().__init__(f"Only the host can {action}.")


class LobbyProblem(GameError):
    """Joining, leaving or starting a lobby was refused (full, already seated, too few ...)."""


class Rejected(GameError):
    """The engine refused the move (IllegalMove); the message is the engine's reason."""


class StaleView(GameError):
    """The click came from a view drawn for an older state version."""

    def __init__(self, game_id: int) -> None:
        super().__init__("That view is out of date. Here is your current hand.")
        self.game_id = game_id


class InRoundBreak(GameError):
    """The round just ended and the next one has not started: nothing can be played yet."""

    def __init__(self, seconds_left: int) -> None:
        super().__init__(
            f"The next round starts in {seconds_left} s — or press **Next round** on the table."
        )
