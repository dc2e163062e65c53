"""Nim, a game that exists only for the tests: the proof that a third game adds folders and
edits no platform file (issue 42, item 5). Its engine (`engine.py`), its rules of the table
(`rules.py`), its presentation with its components and controller (`presenter.py`), its
command group (`cog.py`) and its terminal game (`terminal.py`) plug in through the two
registries alone; `plug.install()` registers them and `plug.uninstall()` takes them out again.
"""
