"""The announcer's news between processes: PostgreSQL NOTIFY out, LISTEN in.

A change announced in this process (a move from a page, a Discord click through the commit
hook) is NOTIFYed to the others; another process's news is announced here as a remote
`Change`, which fans out fresh frames to this process's sockets and is not sent on again.
"""

from __future__ import annotations

from bot.web.announce import Announcer, Change
from storage.postgres.notify import GameNews, News


class Bridge:
    """Joins an in-process `Announcer` to the database's `game_changed` channel."""

    def __init__(self, announcer: Announcer, news: GameNews) -> None:
        self.announcer = announcer
        self.news = news
        self._unsubscribe = announcer.subscribe(self._out)
        news.subscribe(self._in)

    async def _out(self, change: Change) -> None:
        if not change.remote:
            await self.news.send(
                change.game_id, change.moved_to, followed=change.followed, resumed=change.resumed
            )

    async def _in(self, news: News) -> None:
        change = Change(
            news.game_id,
            moved_to=news.moved_to,
            remote=True,
            followed=news.followed,
            resumed=news.resumed,
        )
        await self.announcer.publish(change)

    async def close(self) -> None:
        self._unsubscribe()
        await self.news.close()
