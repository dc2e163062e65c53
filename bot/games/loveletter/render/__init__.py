"""Rendering: engine events and read models -> text and Discord embed dicts (no discord import)."""
