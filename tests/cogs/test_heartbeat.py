"""The running bot keeps its heartbeat file fresh for `python -m bot health` (issue 32)."""

from __future__ import annotations

from pathlib import Path

from bot.runtime.heartbeat import BEAT_EVERY, read_beat


async def test_the_bot_beats_at_start_and_every_interval_and_removes_the_file_on_close(
    simcord_env, tmp_path: Path
) -> None:
    bot = simcord_env.bot
    beat_file = tmp_path / "loveletter.db.heartbeat"  # beside DATABASE_PATH by default
    assert read_beat(beat_file) > 0  # beaten once at start
    times = iter([1000.0, 1015.0])
    bot.heartbeat.clock = lambda: next(times)  # the wall clock the health check compares with
    await simcord_env.advance_time(BEAT_EVERY + 1)
    assert read_beat(beat_file) == 1000.0
    await simcord_env.advance_time(BEAT_EVERY)
    assert read_beat(beat_file) == 1015.0
    await bot.close()
    assert not beat_file.exists()
