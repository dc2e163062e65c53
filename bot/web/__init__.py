"""The live table: the games' tables in a web page, one WebSocket per viewer (docs/live-table.md).

An aiohttp app (`app.py`) over the same game service as the Discord side: a move from the page
is a decision like a click (lock, check, apply, save), and each viewer's frames carry only
their own view (`frames.py`; per game `frames_<game>.py`). After a commit the mover announces
the change (`announce.py`) and every socket watching that game gets its fresh frames.
`python -m bot play --web` serves a local game against AIs (`local.py`).
"""
