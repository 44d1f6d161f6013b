"""The database tables, all in one place (SQLModel).

An event's truth is its log: ``entry`` rows (one per command, undo or redo)
and the ``event`` rows each command produced. ``tournament`` is a summary
kept in step with the log in the same transaction, so the event list opens
without replaying anything; ``snapshot`` rows make opening a long log fast.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Index, Integer, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

WIDE = Integer().with_variant(BigInteger(), "postgresql")
"""Milliseconds since 1970 and a league's log ids: SQLite's INTEGER is 64-bit
already, PostgreSQL's is not (BIGINT there)."""


class TournamentRow(SQLModel, table=True):
    """One event (tournament or cash game) and its summary for the event list."""

    __tablename__ = "tournament"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    kind: str
    status: str
    archived: bool = False
    event_date: str = ""
    created_at: int = Field(sa_type=WIDE)
    updated_at: int = Field(sa_type=WIDE)
    last_entry: int = 0
    last_event: int = 0
    # While the clock runs the app notes here every few seconds that it is
    # alive, so that after a crash the organizer can resume the clock from
    # where it stood. It is a liveness mark, not clock state: the clock itself
    # is derived from the log.
    alive_at: int | None = Field(default=None, sa_type=WIDE)


class EntryRow(SQLModel, table=True):
    """One line of the log: a command with its events, an undo or a redo."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("tournament_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True, sa_type=WIDE)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    seq: int
    action: str  # "command", "undo" or "redo"
    target: int | None = None  # the entry an undo or redo refers to
    type: str = ""
    version: int = 1
    payload: str = "{}"
    label: str = "{}"
    at: int = Field(sa_type=WIDE)
    # Where a command came from when not from this copy's console: a paired phone
    # ({"device": 3, "name": "Ann's phone"} as JSON), "" otherwise.
    origin: str = Field(default="", sa_column_kwargs={"server_default": ""})


class EventRow(SQLModel, table=True):
    """One event, produced by the command of entry ``entry_seq``."""

    __tablename__ = "event"
    __table_args__ = (
        UniqueConstraint("tournament_id", "seq"),
        Index("ix_event_tournament_entry", "tournament_id", "entry_seq"),
    )

    id: int | None = Field(default=None, primary_key=True, sa_type=WIDE)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    seq: int
    entry_seq: int
    type: str
    version: int
    payload: str
    at: int = Field(sa_type=WIDE)


class SnapshotRow(SQLModel, table=True):
    """The state and undo history after entry ``entry_seq``, to skip replaying."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("tournament_id", "entry_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    entry_seq: int
    event_seq: int
    state_format: int
    state: str
    history: str
    created_at: int = Field(sa_type=WIDE)


class PlayerRow(SQLModel, table=True):
    """A person in the roster shared by every event of the database.

    ``name_key`` is the name folded for comparison (case and accents), so
    that "Zoé" and "zoe" are the same person. A record merged into another
    keeps its id (old events refer to it) and points at the one kept.
    """

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)
    nickname: str = ""
    contact: str = ""
    merged_into: int | None = Field(default=None, foreign_key="player.id")
    created_at: int = Field(sa_type=WIDE)


class DraftRow(SQLModel, table=True):
    """Work in progress on a page that is not part of the event's record, such as
    the floor's calculators; kept so that a restart loses nothing."""

    __tablename__ = "draft"
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    name: str
    payload: str
    updated_at: int = Field(sa_type=WIDE)


class IdentityRow(SQLModel, table=True):
    """The database's identity, one row: a random id written when the database is
    made (or upgraded), copied into each of its backups, so that a backup can be
    told from another database's with the same file name."""

    __tablename__ = "database_identity"

    id: int | None = Field(default=None, primary_key=True)
    uuid: str


class LeaseRow(SQLModel, table=True):
    """Which copy of director writes an event (on a shared server), since when and
    until when unless renewed. Times are the server's, in milliseconds."""

    __tablename__ = "lease"

    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE", primary_key=True)
    holder: str
    token: str
    since: int = Field(sa_type=WIDE)
    expires: int = Field(sa_type=WIDE)


class RemoteDeviceRow(SQLModel, table=True):
    """A phone paired as a remote for the clock, or as one table's dealer phone. Only a
    hash of its token is kept (SHA-256 of 32 random bytes): the token itself lives on
    the phone alone."""

    __tablename__ = "remote_device"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    token_hash: str = Field(unique=True)
    paired_at: int = Field(sa_type=WIDE)
    last_seen: int | None = Field(default=None, sa_type=WIDE)
    last_address: str = ""
    revoked_at: int | None = Field(default=None, sa_type=WIDE)
    event_id: int | None = None
    """A dealer's phone: the event and the table it deals for (None: a remote)."""
    table_number: int | None = None


class AssetRow(SQLModel, table=True):
    """A picture or a sound of the TV's looks, kept in the database by content, so that
    backups, copies and other copies of director reading the same database have it.

    ``name`` is the SHA-256 of ``data`` and the kind (``<hex>.png``), as looks name
    it; ``data`` is a BLOB (``bytea`` on PostgreSQL); ``stored_at`` is when it was
    first stored, in milliseconds.
    """

    __tablename__ = "tv_asset"

    name: str = Field(primary_key=True)
    kind: str
    size: int
    data: bytes = Field(sa_type=LargeBinary)
    stored_at: int = Field(sa_type=WIDE)


# The league tables and the club's journal live in their own modules; importing
# them here keeps the whole schema declared by importing ``tables``.
from director.persistence import club_tables, league_tables  # noqa: E402, F401
