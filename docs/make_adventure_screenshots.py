"""Remake the README's Adventure screenshots from a real game: the bot on SimCord, seen in a
real browser.

    apt-get install -y chromium           # Debian's browser; never `playwright install`
    .venv/bin/pip install 'simcord[preview]' playwright
    .venv/bin/python docs/make_adventure_screenshots.py [--seed N] [--out docs/screenshots]

Four hobbits (ann hosts, bob joins, two AI hobbits) play through the bot's buttons and menus,
as players would, until a human hobbit is at its fight's reroll step; the public table (the
board picture first, with its highlighted places after a roll; also as a phone shows it, 400
px wide), the fighter's pack and the table during the fight are captured as PNGs.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

import simcord
from screenshot_kit import PHONE, controls, use_debian_chromium

from bot.runtime.client import create_bot
from bot.runtime.config import Settings

OUT = Path(__file__).resolve().parent / "screenshots"


async def make(seed: int, out: Path) -> list[Path]:
    use_debian_chromium()
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(database_path=Path(folder) / "bot.db", ai_turn_delay_seconds=0)
        bot = create_bot(settings)
        bot.seed_source = random.Random(seed)  # type: ignore[attr-defined]
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Game night")
            channel = guild.create_text_channel("adventure")
            members = [guild.add_member(env.create_user(n)) for n in ("ann", "bob")]
            async with env.preview(channel, viewers=members, layout="channel") as pv:

                async def shot(name: str, target: Any, viewer: Any, width: int = 760) -> None:
                    """`width` 400: as a phone shows it."""
                    path = out / f"{name}.png"
                    await pv.screenshot(
                        path,
                        target=target,
                        viewer=viewer,
                        layout="message",
                        allow_incomplete=True,
                        viewport=(width, 1400),
                    )
                    made.append(path)

                lobby = (await members[0].slash(channel, "adventure new", timer=0)).response
                await members[1].click(lobby, label="Join")
                for _ in range(2):
                    await members[0].slash(channel, "adventure addbot")
                await members[0].click(lobby, label="Start")
                game = await bot.storage.get_game_in_channel(channel.id)

                def table() -> Any:
                    return [
                        m
                        for m in channel.history()
                        if any(c.get("custom_id", "").startswith("adv:rules") for c in controls(m))
                    ][-1]

                for _ in range(600):
                    _, state = await bot.service.running(game.id)
                    actor = next((m for m in members if str(m.id) == state.pending.player), None)
                    if actor is None:  # an AI hobbit decides
                        await env.advance_time(1)
                        continue
                    pack = (await actor.click(table(), label="My pack")).response
                    kind = state.pending.kind
                    if kind == "travel" and not any("board" in str(p) for p in made):
                        await shot("adventure_board", table(), members[0])
                        await shot("adventure_board_phone", table(), members[0], width=PHONE)
                    if kind == "reroll":
                        await shot("adventure_fight", pack, actor)
                        await shot("adventure_table_fight", table(), actor)
                        break
                    version = (await bot.storage.get_game(game.id)).version
                    while (await bot.storage.get_game(game.id)).version == version:
                        offered = [c for c in controls(pack) if not c.get("disabled")]
                        menus = [c for c in offered if c["type"] == 3]
                        if menus:
                            value = rng.choice(menus[0]["options"])["value"]
                            res = await actor.select(pack, [value], custom_id=menus[0]["custom_id"])
                        else:
                            go = [
                                c for c in offered if c["custom_id"].startswith(("adv:d", "adv:go"))
                            ]
                            res = await actor.click(pack, custom_id=rng.choice(go)["custom_id"])
                        pack = res.response or pack
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for path in asyncio.run(make(args.seed, args.out)):
        print(path)


if __name__ == "__main__":
    main()
