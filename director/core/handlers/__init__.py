"""The rules that decide commands, one module per part of the night: each checks
its commands and returns the events they cause (how each event changes the
state is in ``appliers``). Importing this package registers them all."""

from director.core.handlers import (
    clock,
    formats,
    meta,
    payouts,
    players,
    setup,
    shot_clock,
    tables,
    tv,
)

__all__ = [
    "clock",
    "formats",
    "meta",
    "payouts",
    "players",
    "setup",
    "shot_clock",
    "tables",
    "tv",
]
