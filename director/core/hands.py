"""Poker hands (R20): the value of the best five of five to seven cards.

Cards are two characters, rank then suit: "As", "Td", "9c" (ranks
23456789TJQKA, suits shdc). ``parse_cards`` also takes what people type:
"10h", "ah", commas.

The value is one integer: the category in the high bits, then the ranks that
break ties, highest first, four bits each. Suits never break a tie, so equal
values split a pot. The seven cards are read directly (counts of ranks and
suits, a bit mask for straights) rather than trying all 21 five-card hands.

>>> evaluate(["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"]).category
'straight_flush'
>>> evaluate(["Ah", "2d", "3c", "4s", "5h"]) < evaluate(["2h", "3d", "4c", "5s", "6h"])
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import field
from functools import cached_property

from director.core.errors import RuleViolation
from director.core.frozen import dataclass

RANKS = "23456789TJQKA"
SUITS = "shdc"
CATEGORIES = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
_RANK_VALUE = {rank: index + 2 for index, rank in enumerate(RANKS)}
_CATEGORY_SHIFT = 20
_WHEEL = 0b1_0000_0000_1111  # A-2-3-4-5: the ace plays low (R20)
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


def _key(category: int, ranks: Iterable[int]) -> int:
    key = category
    count = 0
    for rank in ranks:
        key = (key << 4) | rank
        count += 1
    return key << (4 * (5 - count))


@dataclass(frozen=True, order=True)
class HandValue:
    """Totally ordered and hashable; equal values split a pot."""

    score: int
    cards: tuple[str, ...] = field(compare=False, repr=False)

    @property
    def category(self) -> str:
        return CATEGORIES[self.score >> _CATEGORY_SHIFT]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks that decide ties (2..14), highest first, without padding."""
        found = []
        for shift in range(16, -1, -4):
            value = (self.score >> shift) & 0xF
            if value:
                found.append(value)
        return tuple(found)

    @cached_property
    def best(self) -> tuple[str, ...]:
        """The five cards that play."""
        return _best_five(self)


def card(text: str) -> str:
    """One card in canonical form ("As"); raises ``RuleViolation("bad_card")``."""
    cleaned = text.strip()
    if len(cleaned) == 3 and cleaned[:2] == "10":
        cleaned = "T" + cleaned[2]
    if len(cleaned) != 2:
        raise RuleViolation("bad_card", card=text)
    rank, suit = cleaned[0].upper(), cleaned[1].lower()
    if rank not in RANKS or suit not in SUITS:
        raise RuleViolation("bad_card", card=text)
    return rank + suit


def parse_cards(text: str) -> list[str]:
    """Cards as people type them: "As Kd", "as,kd", "10h 9h", "AsKd"."""
    compact = text.replace(",", " ").strip()
    if not compact:
        return []
    tokens = compact.split()
    cards: list[str] = []
    for token in tokens:
        pieces = re.findall(r"(10|[2-9TJQKAtjqka])([shdcSHDC])", token)
        joined = "".join(rank + suit for rank, suit in pieces)
        if joined.lower() != token.lower():
            raise RuleViolation("bad_card", card=token)
        cards.extend(card(rank + suit) for rank, suit in pieces)
    return cards


def check_distinct(cards: Iterable[str]) -> None:
    seen: set[str] = set()
    for one in cards:
        if one in seen:
            raise RuleViolation("card_twice", card=one)
        seen.add(one)


def _straight_top(mask: int) -> int:
    """The top rank of the highest straight in a rank bit mask (bit r for rank r), or 0."""
    run = mask & (mask << 1) & (mask << 2) & (mask << 3) & (mask << 4)
    if run:
        return run.bit_length() - 1
    if mask & _WHEEL == _WHEEL:
        return 5
    return 0


def evaluate(cards: Iterable[str]) -> HandValue:
    """The value of the best five of 5 to 7 cards (R20)."""
    hand = tuple(cards)
    if not 5 <= len(hand) <= 7:
        raise RuleViolation("hand_needs_five_to_seven_cards", count=len(hand))
    counts = [0] * 15
    suit_masks = {"s": 0, "h": 0, "d": 0, "c": 0}
    mask = 0
    try:
        for one in hand:
            rank = _RANK_VALUE[one[0]]
            counts[rank] += 1
            suit_masks[one[1]] |= 1 << rank
            mask |= 1 << rank
    except (KeyError, IndexError):
        raise RuleViolation("bad_card", card=str(one)) from None
    if len(set(hand)) != len(hand):
        check_distinct(hand)
    if mask & (1 << 14):
        mask |= 1 << 1
    # Flush and straight flush.
    for suit_mask in suit_masks.values():
        if suit_mask.bit_count() >= 5:
            flush_mask = suit_mask | (2 if suit_mask & (1 << 14) else 0)
            top = _straight_top(flush_mask)
            if top:
                return HandValue(_key(8, (top,)), hand)
            flush_ranks = [r for r in range(14, 1, -1) if suit_mask >> r & 1][:5]
            flush_value = _key(5, flush_ranks)
            break
    else:
        flush_value = 0
    quads = trips = 0
    pairs: list[int] = []
    second_trips = 0
    for rank in range(14, 1, -1):
        count = counts[rank]
        if count == 4:
            quads = rank
        elif count == 3:
            if trips:
                second_trips = second_trips or rank
            else:
                trips = rank
        elif count == 2:
            pairs.append(rank)
    if quads:
        kicker = max(r for r in range(14, 1, -1) if counts[r] and r != quads)
        return HandValue(_key(7, (quads, kicker)), hand)
    if trips and (pairs or second_trips):
        return HandValue(_key(6, (trips, max(pairs[0] if pairs else 0, second_trips))), hand)
    if flush_value:
        return HandValue(flush_value, hand)
    top = _straight_top(mask)
    if top:
        return HandValue(_key(4, (top,)), hand)
    singles = [r for r in range(14, 1, -1) if counts[r] == 1]
    if trips:
        return HandValue(_key(3, (trips, *singles[:2])), hand)
    if len(pairs) >= 2:
        rest = [r for r in range(14, 1, -1) if counts[r] and r not in pairs[:2]]
        return HandValue(_key(2, (pairs[0], pairs[1], rest[0])), hand)
    if pairs:
        return HandValue(_key(1, (pairs[0], *singles[:3])), hand)
    return HandValue(_key(0, singles[:5]), hand)


def _best_five(value: HandValue) -> tuple[str, ...]:
    """Pick the five cards that make ``value`` out of its cards."""
    category = value.category
    cards = sorted(value.cards, key=lambda c: (-_RANK_VALUE[c[0]], SUITS.index(c[1])))
    ranks = value.ranks
    if category in ("straight", "straight_flush"):
        top = ranks[0]
        wanted = [14 if r == 1 else r for r in range(top, top - 5, -1)]
        pool = cards
        if category == "straight_flush":
            suit = next(
                s for s in SUITS if all(any(c == RANKS[r - 2] + s for c in cards) for r in wanted)
            )
            pool = [c for c in cards if c[1] == suit]
        return tuple(next(c for c in pool if _RANK_VALUE[c[0]] == rank) for rank in wanted)
    if category == "flush":
        suit = next(s for s in SUITS if sum(1 for c in cards if c[1] == s) >= 5)
        return tuple([c for c in cards if c[1] == suit][:5])
    # Grouped hands: take the cards of each deciding rank, as many as it counts.
    need = {
        "four_of_a_kind": [4, 1],
        "full_house": [3, 2],
        "three_of_a_kind": [3, 1, 1],
        "two_pair": [2, 2, 1],
        "pair": [2, 1, 1, 1],
        "high_card": [1, 1, 1, 1, 1],
    }[category]
    chosen: list[str] = []
    used: set[str] = set()
    for rank, amount in zip(ranks, need, strict=False):
        matching = [c for c in cards if _RANK_VALUE[c[0]] == rank and c not in used][:amount]
        chosen.extend(matching)
        used.update(matching)
    return tuple(chosen)


def rank_players(hands: dict[str, HandValue]) -> list[list[str]]:
    """Players grouped from best hand to worst; equal hands share a group."""
    ordered = sorted(hands.items(), key=lambda item: item[1], reverse=True)
    groups: list[list[str]] = []
    previous: HandValue | None = None
    for player, value in ordered:
        if previous is not None and value == previous:
            groups[-1].append(player)
        else:
            groups.append([player])
        previous = value
    return groups
