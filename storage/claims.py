"""Claims: exactly one process acts on each piece of work nobody clicked.

A due turn deadline (or an AI turn) may be seen by every process sharing the database. Before
acting, a process claims the game at its current version for ``lease`` seconds; others skip
it meanwhile. The claim needs no release: the move the claimant saves changes the version
(which voids it), and a claimant that dies simply lets it run out, after which any process
takes the work over. The move itself is still saved under the version check, so even an
expired claim whose holder wakes up late cannot apply a second move.
"""

from __future__ import annotations

from storage.db import Database
from storage.records import DueDeadline

# A claim is free when nobody holds it, it has run out, or it was for an older version.
FREE = "(claimed_until IS NULL OR claimed_until <= ? OR claimed_version <> version)"
DUE = "status = 'running' AND turn_deadline IS NOT NULL AND turn_deadline <= ?"


class ClaimsRepo(Database):
    async def claim_due_deadlines(
        self, now: float, owner: str, *, lease: float, limit: int = 100
    ) -> list[DueDeadline]:
        """Claim (for ``owner``, until ``now + lease``) the running games whose deadline has
        passed and which nobody else holds; earliest first. Several processes calling this at
        once never get the same game."""
        if await self.fetchone(f"SELECT id FROM games WHERE {DUE} AND {FREE} LIMIT 1", (now, now)):
            async with self.transaction() as conn:
                rows = await conn.execute_fetchall(
                    "UPDATE games SET claimed_by = ?, claimed_until = ?, claimed_version = version"
                    f" WHERE id IN (SELECT id FROM games WHERE {DUE} AND {FREE}"
                    f" ORDER BY turn_deadline, id LIMIT ?{self.skip_locked})"
                    " RETURNING id, version, turn_deadline, paused",
                    (owner, now + lease, now, now, limit),
                )
            due = [DueDeadline(g, v, d, bool(p)) for g, v, d, p in rows]
            return sorted(due, key=lambda d: (d.turn_deadline, d.game_id))
        return []

    async def claim(
        self, game_id: int, version: int, owner: str, *, now: float, lease: float
    ) -> bool:
        """Claim a running game at ``version`` (an AI turn); False if it moved on or another
        owner holds it. ``owner`` may renew its own claim."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET claimed_by = ?, claimed_until = ?, claimed_version = version"
                " WHERE id = ? AND version = ? AND status = 'running'"
                " AND (claimed_until IS NULL OR claimed_until <= ? OR claimed_version <> version"
                " OR claimed_by = ?)",
                (owner, now + lease, game_id, version, now, owner),
            )
            return bool(cursor.rowcount == 1)

    async def resume_paused(self, game_id: int, version: int, deadline: float | None) -> bool:
        """End the pause of a running game at ``version``: the next turn's ``deadline``
        replaces it. False (nothing changed) if it is not paused any more or moved on, so of
        two processes ending one pause at once exactly one does."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE games SET turn_deadline = ?, paused = 0, claimed_until = NULL,"
                " updated_at = ?, revision = revision + 1 WHERE id = ? AND version = ?"
                " AND status = 'running'"
                " AND paused = 1 AND turn_deadline IS NOT NULL",
                (deadline, self.clock(), game_id, version),
            )
            return bool(cursor.rowcount == 1)
