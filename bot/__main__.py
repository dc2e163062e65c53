"""`python -m bot`: the same CLI as the `tabletop-bot` (or `loveletter-bot`) console script."""

from bot.cli import main

raise SystemExit(main())
