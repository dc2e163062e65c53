"""Tournaments (issue 45): pairing and standings as pure functions (pairing.py,
standings.py), and the service that runs a tournament on storage (service.py)."""
