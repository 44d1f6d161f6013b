"""The club's money journal (declared apart from ``tables``, like the leagues'; ``tables``
imports this one so the schema is whole).

``club_entry`` holds what happens to the club's money between nights: a payment
between two players or with the club, a write-off, and the entry that takes one
back. It only grows: an undo is an entry of its own, and no entry ever changes a
night's log. ``seq`` numbers the entries 1, 2, 3... and is unique: a copy writes
the entry after the last one it saw, so two copies recording at once on a club's
server cannot both write theirs (the second is told the journal changed).
"""

from __future__ import annotations

from sqlmodel import Field, SQLModel

from director.persistence.tables import WIDE


class ClubEntryRow(SQLModel, table=True):
    __tablename__ = "club_entry"

    id: int | None = Field(default=None, primary_key=True)
    seq: int = Field(sa_type=WIDE, unique=True)
    kind: str
    """``payment``, ``write_off``, ``expense`` or ``undo``."""
    payer: int | None = Field(default=None)
    """The roster player who pays (None: the club)."""
    payee: int | None = Field(default=None)
    """The roster player paid (None: the club)."""
    amount: int = Field(sa_type=WIDE)
    """Minor units, always positive."""
    method: str = ""
    entry_date: str = ""
    note: str = ""
    undoes: int | None = Field(default=None, sa_type=WIDE)
    """For an undo: the ``seq`` of the entry it takes back; for a redo (an entry taken
    back, recorded again): the ``seq`` of the undo it reverses."""
    created_at: int = Field(sa_type=WIDE)
    shares: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """A shared expense: JSON ``[[player, amount], ...]``, its sharers and their parts."""
    event: int | None = Field(default=None)
    """The night an expense belongs to (None: none in particular)."""
    split: str = Field(default="", sa_column_kwargs={"server_default": ""})
    """How an expense was split: ``all``, ``hours`` or ``chosen`` ("" for one recorded
    before the rule was kept, and for payments and write-offs)."""


class ClubNightRow(SQLModel, table=True):
    """One event's money still to settle per player, as the club's book read it from
    the event's log up to ``last_entry`` (rebuilt from the log when the event moved
    on, or when ``night_format`` is older than the book's): the balances of a long
    season never replay every night."""

    __tablename__ = "club_night"

    tournament_id: int = Field(primary_key=True, foreign_key="tournament.id", ondelete="CASCADE")
    last_entry: int = Field(sa_type=WIDE)
    night_format: int
    data: str
