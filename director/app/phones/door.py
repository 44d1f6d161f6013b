"""The door: players check themselves in on arrival, the organizer turns each
arrival into a buy-in with one action.

An arrival is kept beside the event's log (a draft of the event, in the same
database), not logged as a command: anyone in the room may check in from the
public page, and a stranger's typing must never enter the event's record nor the
organizer's undo history. Nothing is bought at the door; the buy-in that follows
is the console's own command, logged and undoable as always.

Names offered at the door come from the roster by the roster's rule (the name as
typed or its start: ``app.club.names``), never more than a few, never a contact. No Qt
and no HTTP here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from typing import Any

from director.app.club.names import START, fold, match
from director.app.club.roster import Roster, RosterPlayer
from director.app.night.actions import Request, catalogue, whole_number
from director.app.phones.remote import Target
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import EntrantStatus
from director.core.state import TournamentState
from director.persistence import store
from director.persistence.db import Database

DRAFT = "door"
"""The arrivals' name among the event's drafts."""
WAITING_MAX = 300
"""Arrivals waiting at once: more is a flood, refused until some are handled."""
TYPED_MIN = 2
"""Letters typed before the roster is searched (one letter would list half of it)."""
OFFERED_MAX = 6
"""Names offered for what was typed, at most."""
DISMISSED_KEPT = 50
"""Dismissed arrivals kept to be brought back: the latest ones."""

Opens = Callable[[], AbstractContextManager[Database]]


@dataclass(frozen=True)
class Arrival:
    """Someone who checked in: the name, when, and his roster record when he chose
    one (None: a new name, added to the roster on buy-in)."""

    id: int
    name: str
    at: int
    roster: PlayerId | None = None

    @property
    def new(self) -> bool:
        return self.roster is None

    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "at": self.at, "roster": self.roster}


def _arrival(data: object) -> Arrival | None:
    """An arrival as stored, or None when it was changed into something else."""
    if not isinstance(data, dict):
        return None
    key, name, at, roster = (data.get(k) for k in ("id", "name", "at", "roster"))
    if type(key) is not int or type(name) is not str or type(at) is not int:
        return None
    if roster is not None and type(roster) is not int:
        return None
    return Arrival(key, name, at, PlayerId(roster) if roster is not None else None)


def offered(typed: str, people: list[RosterPlayer]) -> list[RosterPlayer]:
    """The roster's records ``typed`` names by the roster's rule (the name or
    nickname as typed, or its start), best first, at most ``OFFERED_MAX``; none for
    fewer than ``TYPED_MIN`` letters."""
    if len(fold(typed).replace(" ", "")) < TYPED_MIN:
        return []
    found = []
    for person in people:
        level = match(typed, (person.name, person.nickname))
        if level is not None and level <= START:
            found.append((level, fold(person.name), person))
    found.sort(key=lambda item: (item[0], item[1]))
    return [person for _level, _name, person in found[:OFFERED_MAX]]


def fresh_id(state: TournamentState) -> PlayerId:
    """An id no player of the event has: to ask the rules about a newcomer's buy-in
    before he is added to the roster."""
    return PlayerId(max((int(p) for p in state.players), default=0) + 1)


def already_in(state: TournamentState, player: PlayerId | None, name: str) -> bool:
    """Whether this person is playing in the event already (nothing to check in)."""
    key = fold(name)
    for known, entrant in state.players.items():
        if entrant.status is EntrantStatus.PLAYING and (
            known == player or fold(entrant.name) == key
        ):
            return True
    return False


class Door:
    """One database's door: the roster it offers names from, and each event's
    arrivals. ``reading`` and ``writing`` give the database for a moment (the app's
    own, or for ``director serve`` one opened just then)."""

    def __init__(self, reading: Opens, writing: Opens) -> None:
        self._reading = reading
        self._writing = writing

    @classmethod
    def of(cls, database: Database) -> Door:
        """The door of an open, writable database (the app's)."""

        @contextmanager
        def same() -> Iterator[Database]:
            yield database

        return cls(same, same)

    # -- the roster -----------------------------------------------------------------

    def people(self) -> list[RosterPlayer]:
        with self._reading() as database:
            return Roster(database).all()

    def offer(self, typed: str) -> list[dict[str, Any]]:
        """The names offered for ``typed``: id and name only (never a contact)."""
        return [{"id": int(p.id), "name": p.display_name} for p in offered(typed, self.people())]

    def person(self, player: PlayerId) -> RosterPlayer | None:
        """The roster's record kept for ``player`` (following merges), None if gone."""
        try:
            with self._reading() as database:
                return Roster(database).resolve(player)
        except RuleViolation:
            return None

    def record(self, name: str) -> RosterPlayer:
        """The roster's record for ``name``: the one of that name, or a new one."""
        with self._writing() as database:
            return Roster(database).find_or_add(name)

    def enrol(self, name: str) -> tuple[PlayerId, str, str]:
        """``record`` as the catalogue's newcomer needs it: id, name, nickname."""
        person = self.record(name)
        return person.id, person.name, person.nickname

    # -- the arrivals ---------------------------------------------------------------

    def waiting(self, event: int) -> list[Arrival]:
        """The arrivals not handled yet, in the order they came."""
        with self._reading() as database, database.reading() as connection:
            return self._read(connection, event)[0]

    def dismissed(self, event: int) -> list[Arrival]:
        """The arrivals dismissed, the latest last (at most ``DISMISSED_KEPT``): each
        can be brought back (``restore``)."""
        with self._reading() as database, database.reading() as connection:
            return self._read(connection, event)[1]

    @staticmethod
    def _read(connection: Any, event: int) -> tuple[list[Arrival], list[Arrival]]:
        data = store.load_draft(connection, event, DRAFT)
        lists = []
        for key in ("arrivals", "dismissed"):
            rows = data.get(key) if isinstance(data, dict) else None
            found = [_arrival(row) for row in rows] if isinstance(rows, list) else []
            lists.append([arrival for arrival in found if arrival is not None])
        return lists[0], lists[1]

    def check_in(
        self, state: TournamentState, event: int, typed: str, chosen: int | None, now: int
    ) -> tuple[Arrival | None, bool]:
        """Check in ``typed`` (cleaned already), as the roster's record ``chosen``
        when he picked one that was offered for it. Returns the arrival and whether
        it is new; (None, False) when he plays in the event already. The same person
        twice is one arrival. ``RuleViolation("door_unknown_choice")`` for a record
        not offered for that name, ``"door_full"`` when too many wait."""
        people = self.people()
        person: RosterPlayer | None = None
        if chosen is not None:
            person = next((p for p in offered(typed, people) if p.id == chosen), None)
            if person is None:
                raise RuleViolation("door_unknown_choice")
        else:
            # "I am new" with a name the roster has: that record, never a twin.
            key = fold(typed)
            person = next((p for p in people if fold(p.name) == key), None)
        name = person.name if person is not None else typed
        roster = person.id if person is not None else None
        if already_in(state, roster, name):
            return None, False
        with self._writing() as database, database.transaction() as connection:
            arrivals, dismissed = self._read(connection, event)
            for arrival in arrivals:
                same = arrival.roster == roster if roster is not None else False
                if same or fold(arrival.name) == fold(name):
                    return arrival, False
            if len(arrivals) >= WAITING_MAX:
                raise RuleViolation("door_full")
            fresh = max((a.id for a in (*arrivals, *dismissed)), default=0) + 1
            arrival = Arrival(fresh, name, now, roster)
            self._save(connection, event, [*arrivals, arrival], dismissed, now)
        return arrival, True

    def handled(self, event: int, arrival: int, now: int) -> bool:
        """Take an arrival bought in off the list (his buy-in is the log's, undone
        there); False when gone."""
        with self._writing() as database, database.transaction() as connection:
            arrivals, dismissed = self._read(connection, event)
            kept = [item for item in arrivals if item.id != arrival]
            if len(kept) == len(arrivals):
                return False
            self._save(connection, event, kept, dismissed, now)
        return True

    def dismiss(self, event: int, arrival: int, now: int) -> bool:
        """Take an arrival off the list, kept aside to be brought back (``restore``,
        after a restart too); False when gone."""
        with self._writing() as database, database.transaction() as connection:
            arrivals, dismissed = self._read(connection, event)
            gone = [item for item in arrivals if item.id == arrival]
            if not gone:
                return False
            kept = [item for item in arrivals if item.id != arrival]
            aside = [*dismissed, *gone][-DISMISSED_KEPT:]
            self._save(connection, event, kept, aside, now)
        return True

    def restore(self, event: int, arrival: int, now: int) -> bool:
        """Bring a dismissed arrival back to the list, in the place his arrival time
        gives him; False when he is not among the dismissed any more. One of the same
        name who checked in again meanwhile stays the one arrival."""
        with self._writing() as database, database.transaction() as connection:
            arrivals, dismissed = self._read(connection, event)
            back = [item for item in dismissed if item.id == arrival]
            if not back:
                return False
            aside = [item for item in dismissed if item.id != arrival]
            (person,) = back
            if not any(fold(item.name) == fold(person.name) for item in arrivals):
                arrivals = sorted([*arrivals, person], key=lambda item: (item.at, item.id))
            self._save(connection, event, arrivals, aside, now)
        return True

    @staticmethod
    def _save(
        connection: Any, event: int, arrivals: list[Arrival], dismissed: list[Arrival], now: int
    ) -> None:
        data = {
            "arrivals": [arrival.to_data() for arrival in arrivals],
            "dismissed": [arrival.to_data() for arrival in dismissed],
        }
        store.save_draft(connection, event, DRAFT, data, at=now)


# -- turning an arrival into a buy-in ---------------------------------------------------


def probe(arrival: Arrival, state: TournamentState, *, paid: bool, amount: int = 0) -> c.BuyIn:
    """The buy-in an arrival would be, to ask the rules first: a newcomer under an id
    no player has (he is added to the roster only when it is done)."""
    player = arrival.roster if arrival.roster is not None else fresh_id(state)
    return c.BuyIn(player=player, name=arrival.name, paid=paid, amount=amount)


def buy_in(arrival: Arrival, door: Door, *, paid: bool, amount: int = 0) -> c.BuyIn:
    """The console's buy-in for an arrival: his roster record, a newcomer added to
    the roster now (ask the rules about ``probe`` first: nothing is added then)."""
    person = door.person(arrival.roster) if arrival.roster is not None else None
    if person is None:
        person = door.record(arrival.name)
    return c.BuyIn(
        player=person.id, name=person.name, nickname=person.nickname, paid=paid, amount=amount
    )


# -- a helper's phone registering a newcomer -------------------------------------------


def new_player(request: Request, target: Target, door: Door) -> c.Command:
    """A helper's phone's ``{"action": "new_player", "name": "Zoé", "paid": true}``
    (the catalogue's entry, read by ``actions.parse``): the rules are asked about the
    newcomer under an id no player has first (their refusal is raised: nothing added
    to the roster), then the roster's record of that name (added when new) is bought
    in."""
    action = catalogue()["new_player"]
    state = target.state
    probe = action.command(replace(request, enrol=lambda name: (fresh_id(state), name, "")))
    refused = target.refusal(probe)
    if refused is not None:
        raise refused
    return action.command(replace(request, enrol=door.enrol))


def chosen_id(data: Mapping[str, Any]) -> int | None:
    """The roster record a check-in chose (None: "I am new")."""
    if data.get("player") is None:
        return None
    return whole_number(data, "player")
