"""Side pots and splitting them (R21, R22, seed 000 §5, TDA 20-21).

An all-in player can win from each opponent at most what he put in (R21):
the chips are cut into layers at each all-in amount, each layer a pot that
only the players who reached it can win. Folded players' chips stay in the
pots. What the biggest bettor put in beyond everyone else was not called and
goes back to him. Each pot is awarded on its own to the best hand among its
players; a tie splits it, the odd chips going one each, clockwise from the
first winner left of the button (R22).

>>> split = build_pots({"SB": 100, "BB": 300, "BTN": 500})
>>> [(pot.amount, sorted(pot.eligible)) for pot in split.pots]
[(300, ['BB', 'BTN', 'SB']), (400, ['BB', 'BTN'])]
>>> split.returned
{'BTN': 200}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import NamedTuple

from director.core.errors import RuleViolation, require
from director.core.frozen import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: frozenset[str]


class PotSplit(NamedTuple):
    pots: list[Pot]
    """Main pot first; no two pots with the same eligible players."""
    returned: dict[str, int]
    """Uncalled chips given back (folded chips stay in the pots)."""


def build_pots(
    contributions: Mapping[str, int], folded: Collection[str] = (), *, dead: int = 0
) -> PotSplit:
    """The pots made by ``contributions`` (chips each player put in the hand,
    antes included), plus ``dead`` money that belongs to no player's stake (a big
    blind ante, a dead small blind posted by a player who missed blinds): it goes
    to the main pot.

    >>> [pot.amount for pot in build_pots({"A": 100, "B": 300}, dead=50).pots]
    [250]
    """
    if not isinstance(dead, int) or isinstance(dead, bool):
        raise RuleViolation("amount_not_whole", value=str(dead))
    require(dead >= 0, "amount_negative", value=dead)
    for amount in contributions.values():
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise RuleViolation("amount_not_whole", value=str(amount))
        require(amount >= 0, "amount_negative", value=amount)
    folded_set = set(folded)
    for player in folded_set:
        require(player in contributions, "player_not_in_hand", player=player)
    paid = {player: amount for player, amount in contributions.items() if amount > 0}
    live = [player for player in contributions if player not in folded_set]
    require(bool(live), "everyone_folded")
    returned: dict[str, int] = {}
    if paid:
        ranked = sorted(paid.items(), key=lambda item: item[1], reverse=True)
        top_player, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if top > second and top_player not in folded_set:
            returned[top_player] = top - second
            paid[top_player] = second
            if second == 0:
                del paid[top_player]
    levels = sorted({paid.get(player, 0) for player in live if paid.get(player, 0) > 0})
    pots: list[Pot] = []
    previous = 0
    for number, level in enumerate(levels):
        last = number == len(levels) - 1
        amount = 0
        for contribution in paid.values():
            upper = contribution if last else min(contribution, level)
            amount += max(0, upper - previous)
        eligible = frozenset(p for p in live if paid.get(p, 0) >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    if not levels and paid:
        # Only folded players put chips in: they go to whoever is left.
        pots.append(Pot(sum(paid.values()), frozenset(live)))
    if dead:
        if pots:
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            pots.append(Pot(dead, frozenset(live)))
    return PotSplit(pots=pots, returned=returned)


def award(
    pots: Sequence[Pot],
    ranking: Sequence[Collection[str]],
    *,
    order: Sequence[str],
    unit: int = 1,
) -> dict[str, int]:
    """Chips won per player: each pot to the best hand among its players.

    ``ranking`` groups players from best hand to worst (equal hands share a
    group); ``order`` lists every player clockwise from the first seat left of
    the button; ``unit`` is the smallest chip in play (R22).
    """
    require(unit > 0, "unit_not_positive")
    won: dict[str, int] = {}
    position = {player: index for index, player in enumerate(order)}
    for pot in pots:
        winners: list[str] = []
        for group in ranking:
            winners = [player for player in group if player in pot.eligible]
            if winners:
                break
        if not winners:
            raise RuleViolation("no_winner_for_pot", amount=pot.amount)
        for player in winners:
            require(player in position, "player_not_in_hand", player=player)
        winners.sort(key=lambda player: position[player])
        units, crumbs = divmod(pot.amount, unit)
        share, odd = divmod(units, len(winners))
        for index, player in enumerate(winners):
            amount = share * unit + (unit if index < odd else 0)
            if index == 0:
                amount += crumbs  # less than a chip: to the first winner clockwise
            won[player] = won.get(player, 0) + amount
    return won
