"""How each event changes the state, one module per part of the night. Importing
this package registers every applier with ``apply``.

Kept apart from the rules that decide commands (``handlers``): replaying a log
needs only the events and these, not the commands (``director status`` and
opening an event import no command class).
"""

from director.core.appliers import clock, formats, meta, payouts, players, shot_clock, tables, tv

__all__ = ["clock", "formats", "meta", "payouts", "players", "shot_clock", "tables", "tv"]
