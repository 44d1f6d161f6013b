"""The roster's rows: every player known to a database (``app.club.roster`` decides, this
writes). The same statements serve SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from director.persistence.db import Database


def player_rows(database: Database) -> list[tuple[Any, ...]]:
    """Every ``player`` row as (id, name, nickname, contact, merged_into), unchecked."""
    with database.reading() as connection:
        rows = connection.execute(
            "SELECT id, name, nickname, contact, merged_into FROM player"
        ).fetchall()
    return [tuple(row) for row in rows]


def insert_player(
    database: Database, *, name: str, name_key: str, nickname: str, contact: str, at: int
) -> int | None:
    """Add a player; its id, or None when ``name_key`` is taken (the unique key)."""
    from sqlalchemy.exc import IntegrityError

    from director.persistence.tables import PlayerRow

    try:
        with database.write() as connection:
            result = connection.execute(
                PlayerRow.__table__.insert().values(  # type: ignore[attr-defined]
                    name=name, name_key=name_key, nickname=nickname, contact=contact, created_at=at
                )
            )
            key = result.inserted_primary_key
            assert key is not None  # an insert of one row has its key
            return int(key[0])
    except IntegrityError:
        return None


def update_player(
    database: Database, player: int, *, name: str, name_key: str, nickname: str, contact: str
) -> None:
    from sqlalchemy import update
    from sqlmodel import col

    from director.persistence.tables import PlayerRow

    with database.write() as connection:
        connection.execute(
            update(PlayerRow)
            .where(col(PlayerRow.id) == player)
            .values(name=name, name_key=name_key, nickname=nickname, contact=contact)
        )


def merge_players(
    database: Database,
    keep: int,
    drop: int,
    *,
    dropped_key: str,
    nickname: str | None = None,
    contact: str | None = None,
) -> None:
    """Point ``drop`` (and what pointed at it) at ``keep`` in one transaction; give
    ``keep`` the ``nickname`` or ``contact`` it takes over, when given."""
    from sqlalchemy import update
    from sqlmodel import col

    from director.persistence.tables import PlayerRow

    with database.write() as connection:
        connection.execute(
            update(PlayerRow).where(col(PlayerRow.merged_into) == drop).values(merged_into=keep)
        )
        connection.execute(
            update(PlayerRow)
            .where(col(PlayerRow.id) == drop)
            .values(merged_into=keep, name_key=dropped_key)
        )
        if nickname is not None:
            connection.execute(
                update(PlayerRow).where(col(PlayerRow.id) == keep).values(nickname=nickname)
            )
        if contact is not None:
            connection.execute(
                update(PlayerRow).where(col(PlayerRow.id) == keep).values(contact=contact)
            )
