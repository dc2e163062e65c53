"""Process wiring for Tabletop games for Discord (Love Letter, The Hobbit Adventure Boardgame):
settings, CLI, game service, rendering."""
