"""Pure Love Letter rules engine: standard library only, deterministic."""
