"""What every game's command group shares, declared once: `GameCog`, a `commands.GroupCog`
whose subclasses (one per game, `group_name=` naming the group) inherit the shared slash
commands: new, join, leave, addbot, kick, start, end, history, leaderboard, stats, rules.

The games word some of them differently ("an AI hobbit") and offer different options (Love
Letter's edition, the Adventure's rules topic), so a game's cog states its `wording`
(cogs/wording.py): per command and option, the description, choices, Discord name or length
it has in that game. `__init_subclass__` turns the declared command into the game's copy
before discord.py's `CogMeta` collects the class's commands; what the game then does with the
answer (its boards, stats, rules) are the hooks at the end of the class. A game's own commands
(Love Letter's `play`, the Adventure's `pack`) are declared in its cog as usual.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import N_, _
from bot.platform.controller import GameController
from bot.runtime.client import GameBot
from bot.service import GameError, GameService
from bot.service.achievements import Feats, achievements
from bot.service.boards import BoardPage, user_rating, user_stats
from bot.service.records import Game, Seat, UserStats
from bot.service.seasons import user_season
from bot.ui.achievements import with_achievements
from bot.ui.history import show_page
from bot.ui.lobbies import post_lobby, refresh_lobby, show_lobby
from bot.ui.locales import in_server_language
from bot.ui.long_text import respond_text
from bot.ui.ratings import stats_reply
from bot.ui.seasons import MAX_SEASON, show_season_board, with_season
from cogs.kick import kick_bot, kick_user
from cogs.wording import Option, word_shared


class GameCog(commands.GroupCog):
    """A game's command group. `game` names it, `controller` builds its controller, `ai_seat`
    is what its messages call an AI seat, `wording` words the shared commands for it; every
    handler runs its body through `_run` for the shared error replies."""

    game: ClassVar[str]
    controller: ClassVar[type[GameController]]
    ai_seat: ClassVar[str] = N_("AI")  # translated where shown
    default_variant: ClassVar[str] = "classic"  # the lobby's variant when `new` asks none
    wording: ClassVar[Mapping[str, str | Option]] = {}
    SHARED: ClassVar[tuple[str, ...]] = (
        "new",
        "join",
        "leave",
        "addbot",
        "kick",
        "start",
        "end",
        "history",
        "leaderboard",
        "stats",
        "rules",
    )

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each shared command as this game words it, set on the class before discord.py's
        `CogMeta` collects its commands (so the game's copy replaces the declared one)."""
        super().__init_subclass__(**kwargs)
        word_shared(cls, {name: getattr(GameCog, name) for name in GameCog.SHARED}, cls.wording)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.ctl = self.controller(bot)

    @classmethod
    def declared(cls) -> app_commands.Group:
        """The group as this class declares it, without a bot (help texts, README, tests)."""
        group = cls.__new__(cls).app_command
        assert group is not None
        return group

    @property
    def service(self) -> GameService:
        return self.bot.service

    @property
    def group(self) -> app_commands.Group:
        """This cog's command group (`/loveletter`)."""
        group = self.app_command
        assert group is not None
        return group

    def ai_label(self, seat: Seat) -> str | None:
        """An AI seat named with its level, as this game's messages name it; None: the game's
        AI names say it all ("Expert bot 1")."""
        return None

    async def _in_channel(self, interaction: discord.Interaction) -> Game:
        return await self.service.in_channel(interaction.channel_id or 0, self.game)

    async def _running(self, interaction: discord.Interaction) -> Game:
        game = await self._in_channel(interaction)
        if game.status != "running":
            raise GameError(_("The game has not started yet."))
        interaction.extras["game_id"] = game.id
        return game

    async def _run(
        self, interaction: discord.Interaction, body: Callable[[], Awaitable[None]]
    ) -> None:
        await self.ctl.guarded(interaction, interaction.extras.get("game_id"), body)

    # The shared commands. Each game's cog words them (`wording`); the descriptions here are
    # what a game that words nothing shows.

    @app_commands.command(name="new", description="Open a lobby in this channel")
    @app_commands.describe(
        edition="Which edition to play",
        setting="An option of the edition",
        timer="Seconds per turn before the AI plays it (0 = no timer)",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        edition: app_commands.Choice[str] | None = None,
        setting: app_commands.Choice[str] | None = None,
        timer: app_commands.Range[int, 0, 86400] | None = None,
    ) -> None:
        async def body() -> None:
            variant, options = self.lobby_options(
                edition.value if edition else None, setting.value if setting else None
            )
            user = interaction.user
            game = await self.service.new_lobby(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                user.id,
                user.display_name,
                self.game,
                variant,
                options,
                self.bot.settings.turn_timer_seconds if timer is None else timer,
            )
            await post_lobby(self.bot, interaction, game)

        await self._run(interaction, body)

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            user = interaction.user
            game = await self.service.join(
                interaction.channel_id or 0, user.id, user.display_name, self.game
            )
            text = _("You took seat {seat} in the lobby.", seat=len(game.seats))
            await show_lobby(self.bot, interaction, game, text)

        await self._run(interaction, body)

    @app_commands.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            channel_id = interaction.channel_id or 0
            game = await self.service.leave(channel_id, interaction.user.id, self.game)
            await show_lobby(self.bot, interaction, game, _("You left the lobby."))

        await self._run(interaction, body)

    @app_commands.command(name="addbot", description="Host: fill a lobby seat with an AI")
    @app_commands.describe(level="How well the AI plays (default standard)")
    async def addbot(
        self, interaction: discord.Interaction, level: app_commands.Choice[str] | None = None
    ) -> None:
        """Host: an AI of `level` (default standard) takes the next lobby seat."""

        async def body() -> None:
            game = await self.service.add_bot(
                interaction.channel_id or 0,
                interaction.user.id,
                level.value if level else "standard",
                self.game,
            )
            seat = game.seats[-1]
            who = self.ai_label(seat) or seat.display_name
            await show_lobby(self.bot, interaction, game, _("{name} took a seat.", name=who))

        await self._run(interaction, body)

    @app_commands.command(name="kick", description="Host: remove a player or a bot")
    @app_commands.describe(
        user="The player to remove (an AI takes their seat in a running game)",
        bot="A bot to remove from the lobby",
    )
    async def kick(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        bot: str | None = None,
    ) -> None:
        """Host: remove a user (an AI plays on in a running game) or a lobby AI."""

        async def body() -> None:
            if (user is None) == (bot is None):
                raise GameError(_("Name either a user or a bot to remove."))
            if bot is not None:
                await kick_bot(self, interaction, bot)
            else:
                assert user is not None
                await kick_user(self, interaction, user)

        await self._run(interaction, body)

    @kick.autocomplete("bot")
    async def _ac_bot(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The lobby's AI seats whose names contain `current`."""
        return await self._suggest(
            interaction,
            current,
            lambda game: ((s.display_name, s.player_id) for s in game.seats if s.user_id is None),
        )

    async def _suggest(
        self,
        interaction: discord.Interaction,
        current: str,
        pairs: Callable[[Game], Iterable[tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from this channel's game: the (label, value) `pairs(game)` whose label
        contains `current`, as many and as long as Discord takes; none without a game."""
        try:
            game = await self._in_channel(interaction)
        except GameError:
            return []
        needle = current.lower()
        return [  # in the clicker's language: the command tree set it (bot/runtime/client.py)
            app_commands.Choice(name=label[:100], value=value)
            for label, value in pairs(game)
            if needle in label.lower()
        ][:25]

    @app_commands.command(name="start", description="Host: start the game in this channel")
    async def start(self, interaction: discord.Interaction) -> None:
        """Host: start the lobby's game and post its table."""

        async def body() -> None:
            game = await self.service.start(
                interaction.channel_id or 0, interaction.user.id, kind=self.game
            )
            await refresh_lobby(self.bot, game)  # its buttons go: the game has started
            await self.ctl.start_table(interaction, game.id)

        await self._run(interaction, body)

    @app_commands.command(name="end", description="Host or Manage Server: end this channel's game")
    async def end(self, interaction: discord.Interaction) -> None:
        """Host or Manage Server: end the channel's game; no tallies or ratings change."""

        async def body() -> None:
            perms = getattr(interaction.user, "guild_permissions", None)
            can_manage = bool(perms and perms.manage_guild)
            game = await self.service.end(
                interaction.channel_id or 0, interaction.user.id, can_manage, self.game
            )
            async with in_server_language(self.bot, interaction.guild_id):  # public
                text = _(
                    "The game was ended by {user}. Nobody's tallies or ratings change. (game {id})",
                    user=interaction.user.mention,
                    id=game.id,
                )
            await interaction.response.send_message(text)

        await self._run(interaction, body)

    @app_commands.command(name="history", description="Finished games in this server, with replays")
    @app_commands.describe(mine="Only the games you played", player="Only this player's games")
    async def history(
        self,
        interaction: discord.Interaction,
        mine: bool = False,
        player: discord.User | None = None,
    ) -> None:
        """The server's finished games of this game (or one player's), newest first."""

        async def body() -> None:
            who = player.id if player is not None else interaction.user.id if mine else None
            await show_page(interaction, self.game, who, 0, edit=False)

        await self._run(interaction, body)

    @app_commands.command(name="leaderboard", description="This server's leaderboard")
    @app_commands.describe(
        edition="One edition (default: all)",
        tally="What to rank by",
        season="A season's table by its number (0: the running one)",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        edition: app_commands.Choice[str] | None = None,
        tally: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 0, MAX_SEASON] | None = None,
    ) -> None:
        async def body() -> None:
            if season is not None:  # a season's own table (bot/ui/seasons.py)
                await show_season_board(self.bot, interaction, self.game, season)
                return
            if interaction.guild_id is None:
                raise GameError(_("Leaderboards belong to a server; use this in a server channel."))
            board = await self.board(
                interaction.guild_id,
                edition.value if edition else None,
                tally.value if tally else None,
            )
            async with in_server_language(self.bot, interaction.guild_id):  # public
                embed, view = self.board_message(board)
            await interaction.response.send_message(embed=discord.Embed.from_dict(embed), view=view)

        await self._run(interaction, body)

    @app_commands.command(name="stats", description="Your stats on this server")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        async def body() -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise GameError(_("Stats belong to a server; use this in a server channel."))
            who = user or interaction.user
            result = await user_stats(self.bot.storage, guild_id, who.id, self.game)
            render = await self.stats_embed(guild_id, who.id, result)
            rating = await user_rating(self.bot.storage, guild_id, who.id, self.game)
            running = await user_season(self.bot.storage, guild_id, who.id, self.game)
            found = await achievements(self.bot.storage, guild_id, who.id, self.game, self.feats())
            async with in_server_language(self.bot, guild_id):  # public
                embed = with_season(with_achievements(render(), self.game, found), running)
                reply = stats_reply(embed, rating, who.display_name)
            await interaction.response.send_message(**reply)

        await self._run(interaction, body)

    @app_commands.command(name="rules", description="The rules in short")
    @app_commands.describe(topic="One part of the rules", card="One card to explain")
    async def rules(
        self,
        interaction: discord.Interaction,
        topic: app_commands.Choice[str] | None = None,
        card: str | None = None,
    ) -> None:
        async def body() -> None:
            text = await self.rules_text(interaction, topic.value if topic else None, card)
            await respond_text(interaction, text, ephemeral=True)

        await self._run(interaction, body)

    @rules.autocomplete("card")
    async def _ac_rules_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.card_suggestions(interaction, current)

    # What each game answers the shared commands with.

    def lobby_options(self, edition: str | None, setting: str | None) -> tuple[str, dict[str, str]]:
        """`/new`'s variant and options from its edition and setting (refused: GameError)."""
        return edition or self.default_variant, {}

    async def board(self, guild_id: int, edition: str | None, tally: str | None) -> BoardPage:
        """One page of this server's leaderboard."""
        raise NotImplementedError

    def board_message(self, board: BoardPage) -> tuple[dict[str, Any], discord.ui.View]:
        """The page as an embed and its page buttons, in the current language."""
        raise NotImplementedError

    async def stats_embed(
        self, guild_id: int, user_id: int, stats: UserStats
    ) -> Callable[[], dict[str, Any]]:
        """What renders `stats` (the player's totals) as an embed, in the reader's language."""
        raise NotImplementedError

    def feats(self) -> Feats | None:
        """The game's own achievements found in its stored games (bot/games/<game>/feats.py),
        besides the first win per edition every game has."""
        return None

    async def rules_text(
        self, interaction: discord.Interaction, topic: str | None, card: str | None
    ) -> str:
        """The answer to `/rules`: the rules in short, one topic, or one card."""
        raise NotImplementedError

    async def card_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """`/rules card:` autocomplete."""
        return []
