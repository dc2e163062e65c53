"""Each game's presentation, one subpackage per game (`bot/games/<game>/`), and the registry
(`bot.platform.registry`) through which the platform finds them without naming any."""
