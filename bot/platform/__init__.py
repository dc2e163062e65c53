"""What every game plugs into: the registry, each game's `TableRules` (no Discord: pauses,
timeouts, side decisions, whose turn, read models) and its `Presentation` (messages, items,
the cog), the one decision reference and the one controller.

The rules side (`registry`, `rules`, `decisions`) imports no discord and no `bot.ui`, so the
service (`bot/service`) can use it; the presentation side (`presentation`, `items`,
`controller`) is Discord's. Nothing here names a game: games register themselves when their
package is imported (`registry.discover`).
"""
