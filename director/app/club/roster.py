"""The roster: every player known to this database, shared by all its events.

Names are unique regardless of case and accents. Two records of the same
person can be merged: the second one then points at the first, and lists and
searches show only the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from director.app.club.names import fold, ranked
from director.app.night.timesource import Now, wall_clock
from director.core.decide import NAME_MAX_LENGTH, clean_line, clean_name
from director.core.errors import RuleViolation, require
from director.core.ids import PlayerId
from director.persistence import roster_store
from director.persistence.db import Database

# The rows are read and written by ``persistence.roster_store``; listing them (the
# players page, at start-up) reads through the driver, without SQLAlchemy.

CONTACT_MAX = 200


@dataclass(frozen=True)
class RosterPlayer:
    id: PlayerId
    name: str
    nickname: str = ""
    contact: str = ""
    merged_into: PlayerId | None = None

    @property
    def display_name(self) -> str:
        return f"{self.name} ({self.nickname})" if self.nickname else self.name


def _checked_row(row: tuple[Any, ...]) -> RosterPlayer | None:
    """A ``player`` row as a ``RosterPlayer``, or None if a column has the wrong type."""
    key, name, nickname, contact, merged_into = row
    if type(key) is not int or not all(type(text) is str for text in (name, nickname, contact)):
        return None
    if merged_into is not None and type(merged_into) is not int:
        return None
    return RosterPlayer(
        id=PlayerId(key),
        name=name,
        nickname=nickname,
        contact=contact,
        merged_into=PlayerId(merged_into) if merged_into else None,
    )


class Roster:
    def __init__(self, database: Database, *, clock: Now = wall_clock) -> None:
        self.database = database
        self._clock = clock

    def all(self, *, include_merged: bool = False) -> list[RosterPlayer]:
        """Every player, by name."""
        players = []
        for row in roster_store.player_rows(self.database):
            player = _checked_row(row)
            # A row changed by hand is left out: the roster only suggests names
            # (each event keeps its own), so the others stay usable.
            if player is not None:
                players.append(player)
        if not include_merged:
            players = [player for player in players if player.merged_into is None]
        return sorted(players, key=lambda player: fold(player.name))

    def get(self, player: PlayerId) -> RosterPlayer:
        for found in self.all(include_merged=True):
            if found.id == player:
                return found
        raise RuleViolation("player_unknown", player=str(player))

    def resolve(self, player: PlayerId) -> RosterPlayer:
        """The record kept for ``player`` (following merges)."""
        found = self.get(player)
        seen = {found.id}
        while found.merged_into is not None and found.merged_into not in seen:
            found = self.get(found.merged_into)
            seen.add(found.id)
        return found

    def find(self, name: str) -> RosterPlayer | None:
        key = fold(name)
        for player in self.all(include_merged=True):
            if fold(player.name) == key:
                return self.resolve(player.id)
        return None

    def search(self, text: str, *, limit: int = 20) -> list[RosterPlayer]:
        """Players whose name or nickname matches ``text`` as typed, best first (the
        whole name, its start, a word's start, a part: ``app.club.names``)."""
        players = self.all()
        if not fold(text):
            return players[:limit]
        return ranked(text, ((p, (p.name, p.nickname)) for p in players))[:limit]

    def add(self, name: str, nickname: str = "", contact: str = "") -> RosterPlayer:
        """A new player; ``RuleViolation("player_name_taken")`` if the name exists."""
        name = clean_name(name)
        nickname = clean_line(nickname, maximum=NAME_MAX_LENGTH)
        contact = clean_line(contact, maximum=CONTACT_MAX, too_long="contact_too_long")
        require(self.find(name) is None, "player_name_taken", player=name)
        new_id = roster_store.insert_player(
            self.database,
            name=name,
            name_key=fold(name),
            nickname=nickname,
            contact=contact,
            at=self._clock(),
        )
        if new_id is None:  # added by another copy meanwhile
            raise RuleViolation("player_name_taken", player=name)
        return RosterPlayer(id=PlayerId(new_id), name=name, nickname=nickname, contact=contact)

    def find_or_add(self, name: str) -> RosterPlayer:
        return self.find(name) or self.add(name)

    def edit(
        self, player: PlayerId, *, name: str, nickname: str = "", contact: str = ""
    ) -> RosterPlayer:
        current = self.get(player)
        name = clean_name(name)
        nickname = clean_line(nickname, maximum=NAME_MAX_LENGTH)
        contact = clean_line(contact, maximum=CONTACT_MAX, too_long="contact_too_long")
        other = self.find(name)
        require(other is None or other.id == current.id, "player_name_taken", player=name)
        roster_store.update_player(
            self.database,
            player,
            name=name,
            name_key=fold(name),
            nickname=nickname,
            contact=contact,
        )
        return self.get(player)

    def merge(self, keep: PlayerId, drop: PlayerId) -> None:
        """Make ``drop`` a second record of ``keep`` (the same person)."""
        require(keep != drop, "merge_same_player")
        kept = self.resolve(keep)
        dropped = self.get(drop)
        require(dropped.merged_into is None, "player_already_merged", player=dropped.name)
        roster_store.merge_players(
            self.database,
            kept.id,
            drop,
            dropped_key=f"{fold(dropped.name)}#merged{drop}",
            nickname=dropped.nickname if not kept.nickname and dropped.nickname else None,
            contact=dropped.contact if not kept.contact and dropped.contact else None,
        )
