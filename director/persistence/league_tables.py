"""The tables of leagues (declared apart from ``tables`` so that each concern
keeps its own module; ``tables`` imports this one so the schema is whole).

``result_summary`` holds each finished tournament's results per roster player,
written in the same transaction as the event's log and rebuilt from the log
when missing or out of date (``last_entry`` differs from the event's, or
``results_format`` is older than the results logic's), so a season's standings
never replay events.
"""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from director.persistence.tables import WIDE


class LeagueRow(SQLModel, table=True):
    __tablename__ = "league"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str = Field(unique=True)
    rule: str = "{}"
    created_at: int = Field(sa_type=WIDE)


class SeasonRow(SQLModel, table=True):
    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id", ondelete="CASCADE")
    name: str
    start_date: str = ""
    end_date: str = ""
    created_at: int = Field(sa_type=WIDE)


class SeasonEventRow(SQLModel, table=True):
    """An event chosen into a season (``counted``) or kept out of it (the final)."""

    __tablename__ = "season_event"
    __table_args__ = (UniqueConstraint("season_id", "tournament_id"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", ondelete="CASCADE")
    tournament_id: int = Field(foreign_key="tournament.id", ondelete="CASCADE")
    counted: bool = True


class SeasonImportRow(SQLModel, table=True):
    """Past results imported into the league, chosen into a season (``counted``) or
    kept out of it, one event at a time."""

    __tablename__ = "season_import"
    __table_args__ = (UniqueConstraint("season_id", "imported_event_id"),)

    id: int | None = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id", ondelete="CASCADE")
    imported_event_id: int = Field(foreign_key="imported_event.id", ondelete="CASCADE")
    counted: bool = True


class ResultSummaryRow(SQLModel, table=True):
    __tablename__ = "result_summary"

    tournament_id: int = Field(primary_key=True, foreign_key="tournament.id", ondelete="CASCADE")
    last_entry: int = Field(sa_type=WIDE)
    data: str
    results_format: int = Field(default=1, sa_column_kwargs={"server_default": "1"})
    """The format of the results logic that wrote ``data`` (``RESULTS_FORMAT``); an
    older one is rebuilt from the log when read."""


class ImportBatchRow(SQLModel, table=True):
    """One import (players or past results): one undo takes it all back."""

    __tablename__ = "import_batch"

    id: int | None = Field(default=None, primary_key=True)
    kind: str
    payload: str = "{}"
    created_at: int = Field(sa_type=WIDE)


class ImportedEventRow(SQLModel, table=True):
    """A past event's results brought in from a CSV file, for one league."""

    __tablename__ = "imported_event"

    id: int | None = Field(default=None, primary_key=True)
    batch_id: int = Field(foreign_key="import_batch.id", ondelete="CASCADE")
    league_id: int = Field(foreign_key="league.id", ondelete="CASCADE")
    name: str
    event_date: str
    data: str
