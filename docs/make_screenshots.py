"""Remake the README screenshots from a real game: the bot on SimCord, seen in a real browser.

    apt-get install -y chromium           # Debian's browser; never `playwright install`
    .venv/bin/pip install 'simcord[preview]' playwright
    .venv/bin/python docs/make_screenshots.py [--seed N] [--out docs/screenshots]

Eight players (ann hosts; the others join) play the Pegasus edition through the bot's buttons
and menus, as players would, and four moments are captured as PNGs: the lobby, the table
mid-round (also as a phone shows it, 400 px wide), a hand with its target menu open, and a
round's result. SimCord's preview renders user mentions as `<@id>`; Discord shows names.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

import simcord
from screenshot_kit import PHONE, controls, text, use_debian_chromium

from bot.runtime.client import create_bot
from bot.runtime.config import Settings

OUT = Path(__file__).resolve().parent / "screenshots"
NAMES = ("ann", "bob", "cid", "dee", "eve", "fay", "gus", "hal")


class Table:
    """The game as its players see it: the newest table message and whose turn it is."""

    def __init__(self, env: Any, channel: Any, members: list[Any], rng: random.Random) -> None:
        self.env, self.channel, self.members, self.rng = env, channel, members, rng
        self.game_id = 0

    def message(self) -> Any:
        def is_table(m: Any) -> bool:
            ids = (c.get("custom_id", "") for c in controls(m))
            return any(i.startswith(("ll:hand:", "ll:next:", "ll:rules:")) for i in ids)

        return [m for m in self.channel.history() if is_table(m)][-1]

    def in_break(self) -> bool:
        return any(c.get("label") == "Next round" for c in controls(self.message()))

    def actor(self) -> Any:
        said = text(self.message())
        return next(m for m in self.members if f"<@{m.id}>" in said)

    async def version(self) -> int:
        game = await self.env.bot.storage.get_game(self.game_id)
        return int(game.version)

    async def running(self) -> bool:
        game = await self.env.bot.storage.get_game(self.game_id)
        return bool(game.status == "running")

    async def play(self, on_target_menu: Any = None) -> None:
        """The player to move opens My hand and picks offered options at random; with a
        target menu open, `on_target_menu(actor, hand)` runs first (once it returns True,
        no more)."""
        if self.in_break():
            await self.rng.choice(self.members).click(self.message(), label="Next round")
            return
        actor = self.actor()
        hand = (await actor.click(self.message(), label="My hand")).response
        start = await self.version()
        while await self.version() == start:
            offered = controls(hand)
            menus = [c for c in offered if c["type"] == 3]
            if menus:
                menu = menus[0]
                if on_target_menu and menu.get("placeholder") == "Choose a player":
                    await on_target_menu(actor, hand)
                values = [self.rng.choice(menu["options"])["value"]]
                res = await actor.select(hand, values, custom_id=menu["custom_id"])
            else:
                picks = [c for c in offered if c["custom_id"].startswith(("ll:pick", "ll:dec"))]
                res = await actor.click(hand, custom_id=self.rng.choice(picks)["custom_id"])
            hand = res.response


async def make(seed: int, out: Path) -> list[Path]:
    use_debian_chromium()
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_path=Path(folder) / "bot.db", ai_turn_delay_seconds=0)
        bot = create_bot(settings)
        bot.seed_source = random.Random(seed)  # type: ignore[attr-defined]
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Game night")
            channel = guild.create_text_channel("love-letter")
            members = [guild.add_member(env.create_user(n)) for n in NAMES]
            rng = random.Random(seed)
            async with env.preview(channel, viewers=members, layout="channel") as pv:

                async def shot(
                    name: str, target: Any, viewer: Any = None, width: int = 760
                ) -> None:
                    """One message as `viewer` sees it, tall enough for its buttons; `width`
                    400: as a phone shows it."""
                    path = out / f"{name}.png"
                    await pv.screenshot(
                        path,
                        target=target,
                        viewer=viewer or members[0],
                        layout="message",
                        allow_incomplete=True,
                        viewport=(width, 1400),
                    )
                    made.append(path)

                res = await members[0].slash(channel, "loveletter new", edition="pegasus")
                lobby = res.response
                for m in members[1:]:
                    await m.click(lobby, label="Join")
                await shot("lobby", lobby)
                await members[0].click(lobby, label="Start")
                table = Table(env, channel, members, rng)
                table.game_id = (await bot.storage.get_game_in_channel(channel.id)).id
                taken: set[str] = set()

                async def target_menu(actor: Any, hand: Any) -> None:
                    if "hand" not in taken:
                        taken.add("hand")
                        await shot("hand", hand, actor)

                for move in range(400):
                    if table.in_break():
                        if "result" not in taken:
                            taken.add("result")
                            await shot("result", table.message())
                    elif move >= 9 and "table" not in taken:
                        taken.add("table")
                        await shot("table", table.message())
                        await shot("table_phone", table.message(), width=PHONE)
                    if len(taken) == 4 or not await table.running():
                        break
                    await table.play(target_menu)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for path in asyncio.run(make(args.seed, args.out)):
        print(path)


if __name__ == "__main__":
    main()
