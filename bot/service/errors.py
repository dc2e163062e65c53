"""Refusals the service raises; each message is shown to the user as an ephemeral answer.

None of these change any state. The cog turns them into replies; it never inspects rules.
"""

from __future__ import annotations

import re

from bot.i18n import _
from bot.i18n.shown import shown_command


class GameError(Exception):
    """A rejected request; `str(error)` is written for the player.

    The platform names no game: a message may say `{game}` (the game's title) and `{command}`
    (its slash-command group), which the adapter fills in with `for_game`. Each message is
    written (`_`) where it is raised: in the clicker's language, as it is their answer. A
    subcommand after `{command}` is written in English in every language (`/{command} end`):
    it is shown as the reader's Discord names it (`/loveletter beenden` in German).
    """

    def for_game(self, title: str, command: str) -> str:
        """The message with the game's `title` and its command group (`command`) filled in."""
        text = str(self).replace("{game}", title)
        return _COMMAND.sub(lambda found: shown_command(command + found[1]), text)


_COMMAND = re.compile(r"\{command\}((?: [a-z]+)?)")


class NoGame(GameError):
    def __init__(self, what: str | None = None) -> None:
        what = what or _("There is no {game} game in this channel.")
        super().__init__(what + " " + _("Start one with `/{command} new`."))


class ChannelHasGame(GameError):
    def __init__(self) -> None:
        super().__init__(
            _("This channel already has a {game} game. Finish it (or `/{command} end`) first.")
        )


class NotAPlayer(GameError):
    def __init__(self) -> None:
        super().__init__(_("You are not playing in this game."))


class NotYourTurn(GameError):
    def __init__(self, name: str) -> None:
        super().__init__(_("It's {name}'s turn.", name=name))


class NotForYou(GameError):
    def __init__(self) -> None:
        super().__init__(_("That choice is not for you."))


class HostOnly(GameError):
    """Only the host may do this; the message says what ("Only the host can start the game.")."""


class LobbyProblem(GameError):
    """Joining, leaving or starting a lobby was refused (full, already seated, too few ...)."""


class Rejected(GameError):
    """The engine refused the move (IllegalMove); the message is the engine's reason."""


class StaleView(GameError):
    """The click came from a view drawn for an older state version."""

    def __init__(self, game_id: int) -> None:
        super().__init__(_("That view is out of date. Here is your current hand."))
        self.game_id = game_id


class InPause(GameError):
    """The game is paused (Love Letter: between rounds): nothing can be played yet. The
    message is the game's own ("The next round starts in 9 s ...")."""
