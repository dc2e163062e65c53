"""Achievements in `stats`: one field, each achievement with its icon and the game that
earned it (bot/service/achievements.py finds them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import _
from bot.platform.registry import table_rules
from bot.service.achievements import Achievement


def achievement_line(game: str, found: Achievement) -> str:
    edition = table_rules(game).title(found.variant) if found.variant else ""
    text = _(found.text, edition=edition)
    return _("{icon} {text} (game {id})", icon=found.icon, text=text, id=found.game_id)


def with_achievements(
    embed: dict[str, Any], game: str, found: Sequence[Achievement]
) -> dict[str, Any]:
    """The stats embed with its Achievements field (none yet: said so)."""
    lines = [achievement_line(game, a) for a in found] or [_("None yet.")]
    field = {"name": _("Achievements"), "value": "\n".join(lines)[:1024], "inline": False}
    return {**embed, "fields": [*embed.get("fields", ()), field][:25]}
