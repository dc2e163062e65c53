"""Process wiring for the Love Letter Discord bot: settings, CLI, game service, rendering."""
