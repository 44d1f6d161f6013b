"""The phones paired in one database: pair, check a token, note when seen, revoke.
Each is the organizer's remote, or one table's dealer phone for one event.

Every server on the database shares them (the app's, ``director serve``'s): a
phone paired on one is paired on the others, and a revoked one stops on all.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager
from typing import Any, Protocol

from director.app.phones.remote import TOKEN_SHAPE, Device, new_token, token_hash
from director.persistence import devices as stored
from director.persistence.errors import StoreError

SEEN_WRITTEN_MS = 60_000
"""A phone's "last seen" is written to the database at most this often."""


class _Opens(Protocol):
    """A database to read the paired phones from and write them to."""

    def reading(self) -> AbstractContextManager[Any]: ...

    def transaction(self) -> AbstractContextManager[Any]: ...


class Devices:
    """The phones paired in one database (every server on it shares them).

    ``reading`` and ``writing`` give the database for a moment: the app's own, or,
    for ``director serve``, one opened just then (a file another copy writes can
    only be read).
    """

    def __init__(
        self,
        reading: Callable[[], AbstractContextManager[_Opens]],
        writing: Callable[[], AbstractContextManager[_Opens]],
    ) -> None:
        self._reading = reading
        self._writing = writing
        self._seen: dict[int, tuple[int, str]] = {}
        """When each phone was last seen, also when that could not be written."""
        self._written: dict[int, tuple[int, str]] = {}
        """When and from where each phone's last seen was last written."""

    @classmethod
    def of(cls, database: _Opens) -> Devices:
        """The phones of an open, writable database (the app's)."""

        def same() -> AbstractContextManager[_Opens]:
            return _Given(database)

        return cls(same, same)

    def pair(
        self, name: str, now: int, *, event: int | None = None, table: int | None = None
    ) -> tuple[Device, str]:
        """Record a phone as paired (a dealer's phone: for ``table`` of ``event``);
        returns it and its token (given out once)."""
        token = new_token()
        with self._writing() as database, database.transaction() as connection:
            device_id = stored.add_device(
                connection,
                name=name,
                token_hash=token_hash(token),
                at=now,
                event_id=event,
                table_number=table,
            )
        return Device(device_id, name, now, None, event=event, table=table), token

    def check(self, token: object, now: int, address: str = "") -> Device | None:
        """The phone ``token`` belongs to, if it is paired and not revoked (None for
        anything else: a malformed, unknown or revoked token)."""
        found = self._row(token, revoked=False)
        if found is None:
            return None
        self._seen[found.id] = (now, address)
        return _device(found, seen=now, address=address)

    def revoked_dealer(self, token: object) -> Device | None:
        """The dealer's phone ``token`` belonged to, if it was revoked (its table broke,
        or the organizer stopped it): to tell the phone why."""
        found = self._row(token, revoked=True)
        if found is None or found.table_number is None:
            return None
        return _device(found, seen=found.last_seen, address=found.last_address)

    def _row(self, token: object, *, revoked: bool) -> stored.DeviceRow | None:
        """The stored phone whose token is ``token``, among the paired ones or (with
        ``revoked``) the revoked ones; every hash compared in constant time."""
        if not isinstance(token, str) or not TOKEN_SHAPE.match(token):
            return None
        wanted = token_hash(token).encode()
        with self._reading() as database, database.reading() as connection:
            rows = stored.list_devices(connection, include_revoked=revoked)
        found = None
        for row in rows:  # a handful of phones
            if row.revoked == revoked and hmac.compare_digest(row.token_hash.encode(), wanted):
                found = row
        return found

    def note_seen(self, device: Device, now: int, address: str) -> None:
        """Note when and from where ``device`` was last seen: at once in memory (this
        copy's lists), in the database at most once a minute per phone or when its
        address changes (a dealer reporting every hand would otherwise pay a second
        durable write for each), and kept in memory when it cannot be written now."""
        self._seen[device.id] = (now, address)
        written = self._written.get(device.id)
        if (
            written is not None
            and written[1] == address
            and 0 <= now - written[0] < SEEN_WRITTEN_MS
        ):
            return
        try:
            with self._writing() as database, database.transaction() as connection:
                stored.touch_device(connection, device.id, at=now, address=address)
        except StoreError:
            return  # another copy writes the file: the console there knows its own
        self._written[device.id] = (now, address)

    def listed(self) -> list[Device]:
        """The phones paired and not revoked, oldest first."""
        with self._reading() as database, database.reading() as connection:
            rows = stored.list_devices(connection)
        devices = []
        for row in rows:
            seen, address = row.last_seen, row.last_address
            kept = self._seen.get(row.id)
            if kept is not None and (seen is None or kept[0] > seen):
                seen, address = kept
            devices.append(_device(row, seen=seen, address=address))
        return devices

    def remotes(self) -> list[Device]:
        """The organizer's paired phones (not the dealers')."""
        return [device for device in self.listed() if device.event is None]

    def helpers(self, event: int) -> list[Device]:
        """The helpers' phones of ``event``, oldest first."""
        return [device for device in self.listed() if device.event == event and device.helper]

    def dealers(self, event: int) -> list[Device]:
        """The dealers' phones of ``event``, by table, then oldest first."""
        found = [device for device in self.listed() if device.event == event and device.dealer]
        return sorted(found, key=lambda device: (device.table or 0, device.paired_at, device.id))

    def revoke_broken_tables(self, event: int, tables: Collection[int], now: int) -> list[Device]:
        """Stop the dealers' phones of ``event`` whose table is not in ``tables`` (it
        broke): their rights end with it. Returns the phones stopped."""
        gone = [device for device in self.dealers(event) if device.table not in tables]
        if not gone:
            return []
        with self._writing() as database, database.transaction() as connection:
            for device in gone:
                stored.revoke_device(connection, device.id, at=now)
        for device in gone:
            self._seen.pop(device.id, None)
        return gone

    def revoke(self, device_id: int, now: int) -> bool:
        """Stop a phone: its token works no more, from this moment."""
        with self._writing() as database, database.transaction() as connection:
            done = stored.revoke_device(connection, device_id, at=now)
        self._seen.pop(device_id, None)
        return done


class _Given(AbstractContextManager["_Opens"]):
    def __init__(self, database: _Opens) -> None:
        self.database = database

    def __enter__(self) -> _Opens:
        return self.database

    def __exit__(self, *_exc: object) -> None:
        return None


def _device(row: stored.DeviceRow, *, seen: int | None, address: str) -> Device:
    return Device(
        row.id,
        row.name,
        row.paired_at,
        seen,
        address,
        event=row.event_id,
        table=row.table_number,
    )
