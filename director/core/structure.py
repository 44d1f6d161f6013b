"""Blind structures (R8, R10): levels and breaks, each lasting minutes or hands.

A level has a small and a big blind, an optional ante (per player) or a big
blind ante (paid by the big blind for the whole table), and its betting:
no limit, pot limit or limit (with a small bet and a big bet), so one
structure may mix them. A level lasts a number of seconds or a number of
hands; a break lasts a number of seconds and can carry a note such as
"colour up the 25s".

Before each level carried its own betting, a structure had one ``limit`` flag
for all its levels; ``upcast_structure`` turns such a stored structure into
the per-level form, so old logs and files replay the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from director.core.errors import RuleViolation
from director.core.frozen import Record, dataclass
from director.core.ids import MINUTE_MS, SECOND_MS

MAX_ITEMS = 200
MAX_AMOUNT = 10**12


class Betting(StrEnum):
    """How much a player may bet at a level."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    """The largest raise is the pot after the call."""
    LIMIT = "limit"
    """Bets and raises of the level's small bet, then big bet."""


class AnteKind(StrEnum):
    """No ante, an ante from every player, or one big blind ante for the table."""

    NONE = "none"
    EVERY_PLAYER = "every_player"
    BIG_BLIND = "big_blind"


@dataclass(frozen=True, eq=False, repr=False)
class Level(Record):
    """One blind level. Exactly one of ``seconds`` and ``hands`` is positive."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    seconds: int = 20 * 60
    hands: int = 0
    small_bet: int = 0
    big_bet: int = 0
    note: str = ""
    betting: Betting = Betting.NO_LIMIT

    @property
    def timed(self) -> bool:
        return self.hands <= 0

    @property
    def limited(self) -> bool:
        """A limit level with its bets set: the bets, not the blinds, are its figures."""
        return self.betting is Betting.LIMIT and self.small_bet > 0

    @property
    def duration_ms(self) -> int:
        """Length in milliseconds; 0 for a level counted in hands."""
        return self.seconds * SECOND_MS if self.timed else 0

    @property
    def minimum_bet(self) -> int:
        """The opening bet: the big blind, or the small bet in a limit game (R10)."""
        return self.small_bet or self.big_blind


@dataclass(frozen=True, eq=False, repr=False)
class Break(Record):
    """A pause in play; its note is shown on the display."""

    seconds: int = 10 * 60
    note: str = ""

    @property
    def timed(self) -> bool:
        return True

    @property
    def duration_ms(self) -> int:
        return self.seconds * SECOND_MS


Item = Level | Break


@dataclass(frozen=True, eq=False, repr=False)
class Structure(Record):
    """The levels and breaks of an event, in order."""

    items: tuple[Level | Break, ...] = ()
    chips: tuple[int, ...] = ()
    """The denominations on the table, smallest first (R28: which go at a break)."""

    @property
    def limit(self) -> bool:
        """Whether any level is played limit (the structure sheet then shows the bets)."""
        return any(item.betting is Betting.LIMIT for _index, item in self.levels())

    def levels(self) -> list[tuple[int, Level]]:
        """(index in ``items``, level) for every level."""
        return [(index, item) for index, item in enumerate(self.items) if isinstance(item, Level)]

    def level_number(self, index: int) -> int:
        """1-based number of the level at ``index`` (breaks are not counted)."""
        return sum(1 for item in self.items[: index + 1] if isinstance(item, Level))

    def next_level_index(self, index: int) -> int | None:
        """Index of the first level after ``index``, if any."""
        for later in range(index + 1, len(self.items)):
            if isinstance(self.items[later], Level):
                return later
        return None

    def total_ms(self) -> int:
        """The length of every timed item added up."""
        return sum(item.duration_ms for item in self.items)


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """Something wrong (``ERROR``, refused) or odd (``WARNING``) at item ``index``."""

    index: int
    code: str
    severity: Severity
    field: str = ""


def check(structure: Structure) -> list[Problem]:
    """Every problem in ``structure``: errors make it unusable, warnings do not."""
    problems: list[Problem] = []
    error, warning = Severity.ERROR, Severity.WARNING
    if not any(isinstance(item, Level) for item in structure.items):
        problems.append(Problem(-1, "structure_without_levels", error))
    if len(structure.items) > MAX_ITEMS:
        problems.append(Problem(-1, "structure_too_long", error))
    previous: Level | None = None
    for index, item in enumerate(structure.items):
        if isinstance(item, Break):
            if item.seconds <= 0:
                problems.append(Problem(index, "duration_not_positive", error, "seconds"))
            continue
        for name in ("small_blind", "big_blind", "ante", "small_bet", "big_bet"):
            value = getattr(item, name)
            if value < 0:
                problems.append(Problem(index, "amount_negative", error, name))
            elif value > MAX_AMOUNT:
                problems.append(Problem(index, "amount_too_large", error, name))
        limit = item.betting is Betting.LIMIT
        if item.big_blind <= 0 and not limit:
            problems.append(Problem(index, "big_blind_not_positive", error, "big_blind"))
        if item.big_blind < item.small_blind:
            problems.append(Problem(index, "big_blind_below_small_blind", error, "big_blind"))
        if item.seconds < 0 or item.hands < 0 or (item.seconds <= 0 and item.hands <= 0):
            problems.append(Problem(index, "duration_not_positive", error, "seconds"))
        if item.ante_kind is AnteKind.NONE and item.ante:
            problems.append(Problem(index, "ante_without_kind", error, "ante"))
        if item.ante_kind is not AnteKind.NONE and item.ante <= 0:
            problems.append(Problem(index, "ante_kind_without_ante", error, "ante"))
        if limit:
            if item.small_bet <= 0:
                problems.append(Problem(index, "small_bet_not_positive", error, "small_bet"))
            if item.big_bet < item.small_bet:
                problems.append(Problem(index, "big_bet_below_small_bet", error, "big_bet"))
        if previous is not None and (
            item.big_blind < previous.big_blind or item.small_blind < previous.small_blind
        ):
            problems.append(Problem(index, "blinds_go_down", warning, "big_blind"))
        previous = item
    return problems


def errors(structure: Structure) -> list[Problem]:
    return [problem for problem in check(structure) if problem.severity is Severity.ERROR]


def require_valid(structure: Structure) -> None:
    """Raise ``RuleViolation`` for the first error in ``structure``."""
    found = errors(structure)
    if found:
        first = found[0]
        raise RuleViolation(first.code, row=first.index + 1)


def frozen_prefix_kept(old: Structure, new: Structure, upto: int) -> bool:
    """Whether ``new`` keeps ``old``'s items before index ``upto`` unchanged."""
    return len(new.items) >= upto and tuple(new.items[:upto]) == tuple(old.items[:upto])


def minutes(value: int) -> int:
    """Seconds in ``value`` minutes."""
    return value * MINUTE_MS // SECOND_MS


def simple(
    blinds: Sequence[tuple[int, int] | tuple[int, int, int]],
    *,
    level_minutes: int = 20,
    break_every: int = 0,
    break_minutes: int = 10,
) -> Structure:
    """A structure from (small, big[, ante]) tuples, for tests and templates."""
    items: list[Level | Break] = []
    for number, amounts in enumerate(blinds, start=1):
        ante = amounts[2] if len(amounts) == 3 else 0
        items.append(
            Level(
                small_blind=amounts[0],
                big_blind=amounts[1],
                ante=ante,
                ante_kind=AnteKind.EVERY_PLAYER if ante else AnteKind.NONE,
                seconds=minutes(level_minutes),
            )
        )
        if break_every and number % break_every == 0 and number < len(blinds):
            items.append(Break(seconds=minutes(break_minutes)))
    return Structure(items=tuple(items))


def upcast_structure(data: object) -> object:
    """A stored structure of the old shape (one ``limit`` flag for every level) in
    the per-level shape: each level of a limit structure is a limit level.

    Works on the JSON form, for the upcasters of the records and files that hold
    a structure; anything else is returned as it is.
    """
    if not isinstance(data, dict) or "limit" not in data:
        return data
    limit = data["limit"] is True
    upcast = {key: value for key, value in data.items() if key != "limit"}
    items = upcast.get("items")
    if limit and isinstance(items, list):
        upcast["items"] = [
            {**item, "betting": Betting.LIMIT.value}
            if isinstance(item, dict) and item.get("type") == "Level"
            else item
            for item in items
        ]
    return upcast
