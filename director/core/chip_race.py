"""The chip race (colour-up) when a denomination leaves the table (R28, TDA 24).

At a break the structure names, the smallest chips stop being needed: every
later amount is a multiple of a larger chip. Each player changes his chips of
the leaving denomination into whole chips of the next one; what is left (his
odd chips) is raced: one card per odd chip, dealt from seat 1 clockwise; the
highest card (rank, then suit: spades > hearts > diamonds > clubs) wins one
chip of the next denomination, the next highest card of another player the
next chip, and so on: at most one chip per player. As many chips are raced as
the odd chips are worth, rounded to the nearest chip (half goes up). Nobody is
raced out of the tournament: a player whose odd chips were all he had and who
wins nothing gets one chip all the same.

>>> import random
>>> result = race(
...     [Holding(player="A", seat=1, chips=3), Holding(player="B", seat=4, chips=2)],
...     denomination=25, next_denomination=100, rng=random.Random(1))
>>> result.raced, sum(entry.won for entry in result.entries)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from director.core.errors import require
from director.core.frozen import Record, dataclass
from director.core.structure import Level, Structure

if TYPE_CHECKING:
    import random  # the rules take a generator; they never make one

RANKS = "23456789TJQKA"
SUITS = "cdhs"


class Holding(NamedTuple):
    """What a player has of the leaving denomination; ``nothing_else``: those chips
    are his whole stack (so he cannot be raced out)."""

    player: str
    seat: int
    chips: int
    nothing_else: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class RaceEntry(Record):
    player: str
    seat: int
    chips: int
    """Chips of the leaving denomination he had."""
    changed: int
    """Chips of the next denomination he got for them whole."""
    odd: int
    """Chips of the leaving denomination left over and raced."""
    cards: tuple[str, ...] = ()
    won: int = 0
    """Chips of the next denomination won in the race (0 or 1)."""
    kept_in: bool = False
    """Given a chip so as not to be raced out of the tournament."""


@dataclass(frozen=True, eq=False, repr=False)
class RaceResult(Record):
    denomination: int
    next_denomination: int
    entries: tuple[RaceEntry, ...]
    raced: int
    """Chips of the next denomination the odd chips were worth, rounded."""


def card_strength(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


def race(
    holdings: Sequence[Holding],
    *,
    denomination: int,
    next_denomination: int,
    rng: random.Random,
) -> RaceResult:
    """Colour up ``holdings`` of ``denomination`` chips into ``next_denomination``."""
    require(0 < denomination < next_denomination, "chip_race_denominations")
    require(next_denomination % denomination == 0, "chip_race_denominations")
    players = [holding.player for holding in holdings]
    require(len(set(players)) == len(players), "player_listed_twice")
    require(all(holding.chips >= 0 for holding in holdings), "amount_negative", row=0)
    per = next_denomination // denomination
    ordered = sorted(holdings, key=lambda holding: holding.seat)
    odd = {holding.player: holding.chips % per for holding in ordered}
    require(sum(odd.values()) <= 52, "chip_race_too_many_cards")
    raced = (2 * sum(odd.values()) + per) // (2 * per)
    # One card per odd chip, dealt round from the lowest seat (TDA: from seat 1).
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    cards: dict[str, list[str]] = {holding.player: [] for holding in ordered}
    left = dict(odd)
    while any(left.values()):
        for holding in ordered:
            if left[holding.player]:
                cards[holding.player].append(deck.pop())
                left[holding.player] -= 1
    dealt = sorted(
        ((card, player) for player, hand in cards.items() for card in hand),
        key=lambda pair: card_strength(pair[0]),
        reverse=True,
    )
    winners: list[str] = []
    for _card, player in dealt:
        if len(winners) == raced:
            break
        if player not in winners:
            winners.append(player)
    entries = []
    for holding in ordered:
        won = 1 if holding.player in winners else 0
        changed = holding.chips // per
        kept_in = holding.nothing_else and holding.chips > 0 and changed == 0 and not won
        entries.append(
            RaceEntry(
                player=holding.player,
                seat=holding.seat,
                chips=holding.chips,
                changed=changed,
                odd=odd[holding.player],
                cards=tuple(cards[holding.player]),
                won=won,
                kept_in=kept_in,
            )
        )
    return RaceResult(
        denomination=denomination,
        next_denomination=next_denomination,
        entries=tuple(entries),
        raced=raced,
    )


def _amounts(level: Level) -> list[int]:
    return [
        amount
        for amount in (
            level.small_blind,
            level.big_blind,
            level.ante,
            level.small_bet,
            level.big_bet,
        )
        if amount
    ]


def smallest_chip_needed(structure: Structure, start: int) -> int | None:
    """The largest chip of the structure's set that pays every amount of every level
    from item ``start`` on (None without a chip set)."""
    chips = sorted(set(structure.chips))
    if not chips:
        return None
    amounts = [
        amount
        for item in structure.items[start:]
        if isinstance(item, Level)
        for amount in _amounts(item)
    ]
    needed = chips[0]
    for chip in chips:
        if all(amount % chip == 0 for amount in amounts):
            needed = chip
    return needed


def chips_going(structure: Structure, index: int) -> tuple[int, ...]:
    """R28: the denominations that leave the table at item ``index`` (a break):
    chips needed since the break before it that no level after it needs."""
    items = structure.items
    if not structure.chips or not 0 <= index < len(items):
        return ()
    previous = max((i for i in range(index) if not isinstance(items[i], Level)), default=-1)
    before = smallest_chip_needed(structure, previous + 1)
    after = smallest_chip_needed(structure, index + 1)
    if before is None or after is None:
        return ()
    return tuple(chip for chip in sorted(set(structure.chips)) if before <= chip < after)


def next_chip(structure: Structure, chip: int) -> int | None:
    """The next larger denomination of the structure's set."""
    larger = sorted(c for c in set(structure.chips) if c > chip)
    return larger[0] if larger else None
