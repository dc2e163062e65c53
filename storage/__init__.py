"""SQLite persistence (aiosqlite): migrations, games, tallies, settings."""
