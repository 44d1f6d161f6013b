"""The rules, one module per part of the night: each decides its commands and
applies its events. Importing this package registers them all."""

from director.core.handlers import clock, formats, meta, payouts, players, setup, tables, tv

__all__ = ["clock", "formats", "meta", "payouts", "players", "setup", "tables", "tv"]
