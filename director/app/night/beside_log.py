"""What is written beside an event's log, in the same transaction as the entry that
changes it: the event list's summary line, a finished tournament's results (what
leagues read) and the pictures and sounds a TV look names. A log entry and what
reads it elsewhere never disagree, whatever stops the write half-way."""

from __future__ import annotations

from collections.abc import Sequence

from director.core.state import EventKind, Status, TournamentState
from director.persistence import store
from director.persistence.db import Database


def summary_of(state: TournamentState) -> store.Summary:
    return store.Summary(
        name=state.name,
        kind=state.kind.value,
        status=state.status.value,
        archived=state.archived,
        event_date=state.event_date,
    )


def keep_results_summary(
    connection: store.AnyConnection,
    tournament_id: int,
    last_entry: int,
    old: TournamentState,
    new: TournamentState,
) -> None:
    """Keep a finished tournament's results summary (what leagues read) in step
    with its log, in the same transaction as the entry that changed it."""
    if new.kind is EventKind.TOURNAMENT and new.status is Status.FINISHED:
        from director.core.leagues import RESULTS_FORMAT, encode_results, event_results
        from director.persistence import league_store

        data = encode_results(event_results(new, tournament_id))
        league_store.save_summary(connection, tournament_id, last_entry, data, RESULTS_FORMAT)
    elif old.status is Status.FINISHED:
        from director.persistence import league_store

        league_store.delete_summary(connection, tournament_id)


def keep_look_assets(
    connection: store.AnyConnection, database: Database, names: Sequence[str], *, strict: bool
) -> None:
    """In the transaction recording a look: every picture and sound it names is in the
    database (see ``AssetStore.keep``). After the entry is written: on a server, a
    removal of unused pictures running meanwhile has then either seen this look or
    finished (it holds back new entries while it runs)."""
    from director.app.tv.tv_assets import AssetStore

    AssetStore.of(database).keep(connection, names, strict=strict)
