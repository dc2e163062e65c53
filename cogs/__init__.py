"""Thin discord.py adapters: slash commands and components, no rules, no SQL."""
