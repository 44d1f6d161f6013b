"""Finishing places from the order of busts (R23, R27).

Places are never stored: they follow from who is still in and from the bust
records, so undoing or reverting a bust puts everybody back in the right
place. Players out on the same hand at the same table finish in the order of
their stacks when the hand began (larger stack higher); equal stacks tie.
During hand-for-hand, busts at different tables on the same hand tie: the
players of equal rank at their own table share the places they cover.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from director.core.ids import PlayerId
from director.core.players import Bust, BustRecord


class Place(NamedTuple):
    """Finishing place ``best``..``worst`` (equal when not tied), shared by ``tied`` players."""

    best: int
    worst: int

    @property
    def tied(self) -> bool:
        return self.worst > self.best


def hand_groups(record: BustRecord) -> list[list[Bust]]:
    """The players of one bust record from best place to worst, tied players together."""
    by_table: dict[int, list[Bust]] = {}
    for bust in record.busts:
        table = bust.table if record.hand_for_hand else 0
        by_table.setdefault(table, []).append(bust)
    # Within a table: larger starting stack finishes higher; unknown or equal stacks tie.
    ranked_tables: list[list[list[Bust]]] = []
    for busts in by_table.values():
        groups: list[list[Bust]] = []
        known = all(bust.start_stack is not None for bust in busts)
        if not known:
            ranked_tables.append([list(busts)])
            continue
        for bust in sorted(busts, key=lambda b: -(b.start_stack or 0)):
            if groups and groups[-1][0].start_stack == bust.start_stack:
                groups[-1].append(bust)
            else:
                groups.append([bust])
        ranked_tables.append(groups)
    # Across tables (hand-for-hand), players of the same rank at their table tie.
    depth = max(len(groups) for groups in ranked_tables)
    merged: list[list[Bust]] = []
    for rank in range(depth):
        tier = [bust for groups in ranked_tables if rank < len(groups) for bust in groups[rank]]
        merged.append(tier)
    return merged


def places(
    alive: Iterable[PlayerId], records: Sequence[BustRecord], finished: bool = False
) -> dict[PlayerId, Place]:
    """Every finishing place known so far.

    ``alive``: players still in (or who came back after their bust). A bust
    record of a player who is in again is ignored. The last player standing
    gets first place once ``finished`` (or when they are the only one left and
    someone has busted).
    """
    alive_set = set(alive)
    final: list[list[list[Bust]]] = []
    seen: set[PlayerId] = set()
    # The latest bust of each player counts; walk backwards to keep it.
    for record in reversed(records):
        groups = []
        for group in hand_groups(record):
            kept = [b for b in group if b.player not in alive_set and b.player not in seen]
            if kept:
                groups.append(kept)
        for group in groups:
            seen.update(b.player for b in group)
        if groups:
            final.append(groups)
    result: dict[PlayerId, Place] = {}
    better = len(alive_set)
    if len(alive_set) == 1 and (finished or final):
        (winner,) = alive_set
        result[winner] = Place(1, 1)
    for groups in final:  # latest record first: it holds the better places
        for group in groups:
            best = better + 1
            worst = better + len(group)
            for bust in group:
                result[bust.player] = Place(best, worst)
            better = worst
    return result


def eliminations(records: Sequence[BustRecord]) -> Mapping[PlayerId, int]:
    """How many players each eliminator knocked out (R6: one bounty each)."""
    counts: dict[PlayerId, int] = {}
    for record in records:
        for bust in record.busts:
            if bust.eliminator is not None:
                counts[bust.eliminator] = counts.get(bust.eliminator, 0) + 1
    return counts
