"""Leagues: points for each event's places, season standings over many events.

Pure and typed. Points are kept in hundredths (``centipoints``, integers) so
that a formula with a square root still ranks the same on every machine and
ties share exactly: a tied group gets the mean of the points of the places it
covers (the way R23 shares places and prizes), rounded down to the hundredth.

Formulas:

- ``table``: fixed points by place (place 1 first); places past the table get 0.
- ``field``: ``entrants - place + 1``.
- ``expression``: an expression over named variables (``entrants``, ``place``,
  ``buyin``, ``paid``, ``knockouts``, ``prize``) with + - * / // **, numbers
  and sqrt/min/max/round/floor/ceil, read with ``ast`` and evaluated by a small
  walker (never ``eval``).

Bonuses are added to every counted result: ``participation`` for playing,
``knockout`` for each player knocked out, ``bubble`` for the first player out
of the money. Points are never negative.
"""

from __future__ import annotations

import ast
import functools
import math
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field, replace
from fractions import Fraction
from typing import Final

from director.core.errors import RuleViolation, require
from director.core.frozen import dataclass
from director.core.ids import PlayerId
from director.core.money import MAX_CHIPS
from director.core.payouts import default_shares
from director.core.state import TournamentState

FORMULA_KINDS: Final = ("table", "field", "expression")
TIE_BREAKS: Final = ("shared", "wins", "best_place", "net")
"""How players with the same points are ordered: not at all (they share the
rank), by more wins (then more cashes), by best single place, or by best net."""
VARIABLES: Final = ("entrants", "place", "buyin", "paid", "knockouts", "prize")
FUNCTIONS: Final = ("sqrt", "min", "max", "round", "floor", "ceil")
EXPRESSION_MAX: Final = 300
POINTS_MAX: Final = 10**9
"""No result may be worth more than this many points (a typo such as ``9**99``)."""
SAMPLE_FIELDS: Final = (6, 10, 20, 40)
RESULTS_FORMAT: Final = 2
"""The format of a finished event's results as ``event_results`` works them out,
kept with each results summary: bump it whenever what that gives for the same log
changes (places, prizes, bounties, knock-outs, money in and out: the results,
ledger or bounty rules), and every summary written before is rebuilt from its log
when next read. 1: summaries written before the format was kept."""


# -- safe expressions ---------------------------------------------------------

Number = Fraction
"""Expressions work on exact fractions (no floating point in the core): the same
formula gives the same points on every machine."""

_BINARY: Final[dict[type[ast.operator], Callable[[Number, Number], Number]]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: Fraction(a // b),
    ast.Pow: lambda a, b: _power(a, b),
}
SQRT_DIGITS: Final = 9
"""Square roots are exact to this many decimal places (rounded down)."""


def _power(base: Number, exponent: Number) -> Number:
    if exponent.denominator != 1:
        raise ValueError("powers must be whole numbers (use sqrt for a square root)")
    if abs(exponent) > 64 or abs(base) > 10**6:
        raise ValueError("power too large")
    if base == 0 and exponent < 0:
        raise ZeroDivisionError("zero to a negative power")
    return Fraction(base**exponent.numerator)


def _sqrt(value: Number) -> Number:
    if value < 0:
        raise ValueError("sqrt of a negative number")
    scale = 10**SQRT_DIGITS
    return Fraction(math.isqrt(math.floor(value * scale * scale)), scale)


def _round(value: Number, digits: Number = Fraction(0)) -> Number:
    """A spreadsheet's ROUND: halves away from zero (2.5 -> 3, -2.5 -> -3), not
    Python's banker's rounding (2.5 -> 2), which organizers do not expect."""
    scale = Fraction(10) ** int(digits)
    scaled = Fraction(value) * scale
    rounded = math.floor(abs(scaled) + Fraction(1, 2))
    return Fraction(rounded if scaled >= 0 else -rounded) / scale


_FUNCTIONS: Final[dict[str, Callable[..., Number]]] = {
    "sqrt": _sqrt,
    "min": lambda *values: min(values),
    "max": lambda *values: max(values),
    "round": _round,
    "floor": lambda value: Fraction(math.floor(value)),
    "ceil": lambda value: Fraction(math.ceil(value)),
}


@dataclass(frozen=True)
class Expression:
    """A checked points expression; ``evaluate`` works it out for given variables."""

    text: str
    tree: ast.Expression = field(compare=False, repr=False)

    @property
    def names(self) -> frozenset[str]:
        """The variables the expression uses."""
        return frozenset(
            node.id
            for node in ast.walk(self.tree)
            if isinstance(node, ast.Name) and node.id in VARIABLES
        )

    def evaluate(self, variables: Mapping[str, Number]) -> Number:
        try:
            return _walk(self.tree.body, variables)
        except ZeroDivisionError:
            raise RuleViolation("formula_divides_by_zero", formula=self.text) from None
        except (ArithmeticError, ValueError, TypeError) as error:
            raise RuleViolation(
                "formula_cannot_compute", formula=self.text, detail=str(error)
            ) from None


def parse_expression(text: str) -> Expression:
    """Check ``text`` and return it ready to evaluate; ``RuleViolation`` naming the
    problem if it is not a points expression."""
    text = text.strip()
    require(bool(text), "formula_empty")
    require(len(text) <= EXPRESSION_MAX, "formula_too_long", maximum=EXPRESSION_MAX)
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise RuleViolation("formula_syntax", formula=text) from None
    for node in ast.walk(tree):
        _check_node(node, text)
    return Expression(text=text, tree=tree)


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> Expression:
    return parse_expression(text)


def _check_node(node: ast.AST, text: str) -> None:
    allowed = (
        ast.Expression,
        ast.BinOp,
        ast.UnaryOp,
        ast.Constant,
        ast.Name,
        ast.Call,
        ast.Load,
        ast.UAdd,
        ast.USub,
        *_BINARY,
    )
    if not isinstance(node, allowed):
        raise RuleViolation("formula_not_allowed", formula=text, part=type(node).__name__)
    if isinstance(node, ast.Constant) and (
        isinstance(node.value, bool) or not isinstance(node.value, numbers.Real)
    ):
        raise RuleViolation("formula_not_allowed", formula=text, part=repr(node.value))
    if isinstance(node, ast.Name) and node.id not in VARIABLES and node.id not in FUNCTIONS:
        raise RuleViolation("formula_unknown_name", formula=text, name=node.id)
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            raise RuleViolation("formula_not_allowed", formula=text, part="call")
        if node.keywords or not node.args:
            raise RuleViolation("formula_not_allowed", formula=text, part=node.func.id)


def _walk(node: ast.expr, variables: Mapping[str, Number]) -> Number:
    if isinstance(node, ast.Constant):
        # repr gives the decimal as written (0.1 -> "0.1"), read exactly.
        return Fraction(repr(node.value))
    if isinstance(node, ast.Name):
        if node.id not in variables:
            raise ValueError(f"{node.id} is a function")
        return Fraction(variables[node.id])
    if isinstance(node, ast.UnaryOp):
        value = _walk(node.operand, variables)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left = _walk(node.left, variables)
        right = _walk(node.right, variables)
        if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > 10**6):
            raise ValueError("power too large")
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        if node.func.id in variables:
            raise ValueError(f"{node.func.id} is not a function")
        arguments = [_walk(argument, variables) for argument in node.args]
        return _FUNCTIONS[node.func.id](*arguments)
    raise ValueError(type(node).__name__)


# -- the points rule ------------------------------------------------------------


@dataclass(frozen=True)
class PointsRule:
    """How a league turns a place into points (all point values in hundredths)."""

    kind: str = "field"
    table: tuple[int, ...] = ()
    expression: str = ""
    participation: int = 0
    knockout: int = 0
    bubble: int = 0
    best_of: int = 0
    """Count only each player's best ``best_of`` events (0: all of them)."""
    tie_break: str = "wins"
    final_table: int = 9
    """Places that make the final table (for the standings' count)."""
    min_events: int = 0
    """Events a player must have played to be ranked (0: one is enough); players
    below it are listed after the ranked ones, without a rank."""
    guests: tuple[int, ...] = ()
    """Roster players who play this league's events as guests: they earn no points
    and are not ranked. A guest still takes a place: the others' points come from
    the places the event gave them (a guest who finishes second leaves the third
    player third), so a night's points never depend on who was a guest."""
    qualify_top: int = 0
    """The season final takes the ranked players down to this rank (0: no such line)."""
    qualify_events: int = 0
    """The season final takes the ranked players with at least this many events (0:
    no such line); with ``qualify_top`` as well, a qualifier meets both."""
    bonus_base: int = 0
    """The final's starting stack in chips before the bonus (0: no final stacks)."""
    bonus_per_point: int = 0
    """Chips added to the final's stack for each whole season point."""
    bonus_cap: int = 0
    """The most bonus chips a qualifier gets (0: no cap)."""

    def check(self) -> PointsRule:
        """The rule itself, or ``RuleViolation`` naming what is wrong."""
        require(self.kind in FORMULA_KINDS, "formula_kind_unknown", kind=self.kind)
        if self.kind == "table":
            require(bool(self.table), "points_table_empty")
            for value in self.table:
                _check_points(value)
        for value in (self.participation, self.knockout, self.bubble):
            _check_points(value)
        require(self.best_of >= 0, "best_of_negative", value=self.best_of)
        require(self.tie_break in TIE_BREAKS, "tie_break_unknown", rule=self.tie_break)
        require(self.final_table >= 1, "final_table_too_small", value=self.final_table)
        for value in (
            self.min_events,
            self.qualify_top,
            self.qualify_events,
            self.bonus_base,
            self.bonus_per_point,
            self.bonus_cap,
        ):
            require(0 <= value <= MAX_CHIPS, "league_number_invalid", value=value)
        for guest in self.guests:
            require(type(guest) is int and guest > 0, "league_guest_invalid", value=guest)
        if self.kind == "expression":
            parse_expression(self.expression)
            # A formula that cannot be worked out for a plain night (a division by
            # the place less one, a huge power) would only fail once a season counts
            # it: it is refused now, as the preview would show it.
            for size in SAMPLE_FIELDS:
                for place in range(1, size + 1):
                    self.place_points(place, size, buyin=Fraction(10), paid=sample_paid(size))
        return self

    @property
    def per_player(self) -> bool:
        """Whether the points of a place depend on the player's own night (an
        expression using ``knockouts`` or ``prize``), not only on the place."""
        return self.kind == "expression" and bool(
            _parsed(self.expression).names & {"knockouts", "prize"}
        )

    @property
    def uses_buy_in(self) -> bool:
        """Whether the points depend on the event's buy-in (an expression using
        ``buyin``): its preview needs a sample buy-in."""
        return self.kind == "expression" and "buyin" in _parsed(self.expression).names

    def place_points(
        self,
        place: int,
        entrants: int,
        *,
        buyin: Number = Fraction(0),
        paid: int = 0,
        knockouts: int = 0,
        prize: Number = Fraction(0),
    ) -> int:
        """Points (hundredths) for finishing at ``place`` of ``entrants``, before bonuses;
        ``knockouts`` and ``prize`` (in whole money, like ``buyin``) are the player's."""
        if self.kind == "table":
            value = self.table[place - 1] if 1 <= place <= len(self.table) else 0
        elif self.kind == "field":
            value = max(0, entrants - place + 1) * 100
        else:
            expression = _parsed(self.expression)
            raw = expression.evaluate(
                {
                    "entrants": Fraction(entrants),
                    "place": Fraction(place),
                    "buyin": buyin,
                    "paid": Fraction(paid),
                    "knockouts": Fraction(knockouts),
                    "prize": prize,
                }
            )
            value = math.floor(raw * 100)
        return min(max(0, value), POINTS_MAX * 100)

    def shared_points(
        self,
        best: int,
        worst: int,
        entrants: int,
        *,
        buyin: Number = Fraction(0),
        paid: int = 0,
        knockouts: int = 0,
        prize: Number = Fraction(0),
        cache: dict[tuple[int, int, Number, int, int, Number], int] | None = None,
    ) -> int:
        """Points for a place shared by players tied at ``best``..``worst`` (R23):
        the mean of those places' points, rounded down to the hundredth.
        ``cache`` keeps places already worked out (a season repeats field sizes)."""
        total = 0
        for place in range(best, worst + 1):
            key = (place, entrants, buyin, paid, knockouts, prize)
            value = None if cache is None else cache.get(key)
            if value is None:
                value = self.place_points(
                    place, entrants, buyin=buyin, paid=paid, knockouts=knockouts, prize=prize
                )
                if cache is not None:
                    cache[key] = value
            total += value
        return total // (worst - best + 1)


def _check_points(value: int) -> None:
    """A number of points (hundredths) from 0 to ``POINTS_MAX``."""
    require(value >= 0, "points_negative", value=value)
    require(value <= POINTS_MAX * 100, "points_too_large", maximum=POINTS_MAX)


def sample_paid(entrants: int) -> int:
    """Places paid on a sample field of ``entrants`` (the default payout table's)."""
    return len(default_shares(entrants))


def preview(
    rule: PointsRule,
    fields: Sequence[int] = SAMPLE_FIELDS,
    places: int = 10,
    *,
    buy_in: int = 0,
    unit: int = 100,
) -> list[tuple[int, list[int]]]:
    """Points (hundredths) a player scores for places 1..``places`` on each sample
    field size, worked out as a season counts them (``event_points``): place points,
    the participation bonus, and the bubble bonus at the first place out of the money
    (``sample_paid`` places paid; shown even past ``places``). Knock-outs, which
    depend on the night, are not in them. ``buy_in`` (minor units, ``unit`` to the
    whole) is the sample events' buy-in, which a formula's ``buyin`` reads."""
    rule.check()
    require(buy_in >= 0, "sample_buy_in_negative")
    rows = []
    for size in fields:
        paid = sample_paid(size)
        shown = min(size, max(places, paid + 1 if rule.bubble else 0))
        sample = EventResults(
            event=0,
            name="",
            date="",
            entrants=size,
            entries=size,
            paid=paid,
            buy_in=buy_in,
            lines=tuple(
                ResultLine(player=PlayerId(place), name="", best=place, worst=place)
                for place in range(1, size + 1)
            ),
        )
        points = event_points(rule, sample, unit=unit)
        rows.append((size, [points[PlayerId(place)] for place in range(1, shown + 1)]))
    return rows


# -- results and standings -----------------------------------------------------


@dataclass(frozen=True)
class ResultLine:
    """One player's result in one finished event (from the event's summary)."""

    player: PlayerId
    name: str
    best: int | None
    """Place (``best``..``worst`` when tied); None if no place (still in, removed)."""
    worst: int | None
    prize: int = 0
    bounties: int = 0
    knockouts: int = 0
    money_in: int = 0
    money_out: int = 0


@dataclass(frozen=True)
class EventResults:
    """A finished event as a league reads it."""

    event: int
    name: str
    date: str
    entrants: int
    entries: int
    paid: int
    buy_in: int
    lines: tuple[ResultLine, ...]
    season_pot: int = 0
    """Money its ledger set aside for the league's season pot (0 for an event played
    without one, or imported from a spreadsheet)."""


def event_points(
    rule: PointsRule,
    event: EventResults,
    *,
    unit: int = 100,
    cache: dict[tuple[int, int, Number, int, int, Number], int] | None = None,
) -> dict[PlayerId, int]:
    """Each player's points (hundredths) for one event, bonuses included. An
    expression's ``knockouts`` and ``prize`` are each player's own (the prize in
    whole money, like the buy-in)."""
    points: dict[PlayerId, int] = {}
    cache = {} if cache is None else cache
    buyin = Fraction(event.buy_in, unit)
    own = rule.per_player
    for line in event.lines:
        value = rule.participation + rule.knockout * line.knockouts
        if line.best is not None and line.worst is not None:
            value += rule.shared_points(
                line.best,
                line.worst,
                event.entrants,
                buyin=buyin,
                paid=event.paid,
                knockouts=line.knockouts if own else 0,
                prize=Fraction(line.prize, unit) if own else Fraction(0),
                cache=cache,
            )
            if event.paid and line.best <= event.paid + 1 <= line.worst:
                value += rule.bubble
        points[line.player] = points.get(line.player, 0) + max(0, value)
    return points


@dataclass(frozen=True)
class Standing:
    rank: int
    player: PlayerId
    name: str
    points: int
    """Hundredths of a point."""
    played: int
    wins: int
    final_tables: int
    cashes: int
    knockouts: int
    money_in: int
    money_out: int
    best_place: int | None
    counted: int
    """Events whose points count (``best_of``)."""
    ranked: bool = True
    """False for a guest or a player below the minimum of events (``rank`` is 0)."""
    guest: bool = False
    qualified: bool = False
    """Above the season final's qualification line."""
    final_stack: int = 0
    """The qualifier's starting stack for the final (chips; 0 when none)."""

    @property
    def net(self) -> int:
        return self.money_out - self.money_in


@dataclass
class _Tally:
    name: str
    scores: list[int] = field(default_factory=list)
    wins: int = 0
    final_tables: int = 0
    cashes: int = 0
    knockouts: int = 0
    money_in: int = 0
    money_out: int = 0
    best_place: int | None = None


def best_of(scores: Iterable[int], count: int) -> list[int]:
    """The ``count`` best scores (all when ``count`` is 0)."""
    ordered = sorted(scores, reverse=True)
    return ordered if count <= 0 else ordered[:count]


def standings(
    rule: PointsRule,
    events: Iterable[EventResults],
    *,
    names: Mapping[PlayerId, str] | None = None,
    same: Mapping[PlayerId, PlayerId] | None = None,
    unit: int = 100,
    worked_out: Mapping[int, Mapping[PlayerId, int]] | None = None,
) -> list[Standing]:
    """Season standings, best first: the ranked players, then the unranked ones
    (guests and players below ``rule.min_events``, rank 0) by points.

    A guest's place stands in each event and the others' points are those of
    their own places (the guest is not taken out of the places that score); the
    guest's own points are dropped. ``same`` maps a merged roster record to the one
    kept, so a person is counted once; ``names`` gives each kept record's name.
    ``worked_out``: events' points already worked out under ``rule`` by
    ``event_points``, by event number, for a caller that works the same season out
    again (the TV's live table, at each bust: only the night's points change).
    """
    return points_after_each(
        rule, events, names=names, same=same, unit=unit, every=False, worked_out=worked_out
    )[0]


def points_after_each(
    rule: PointsRule,
    events: Iterable[EventResults],
    *,
    names: Mapping[PlayerId, str] | None = None,
    same: Mapping[PlayerId, PlayerId] | None = None,
    unit: int = 100,
    every: bool = True,
    worked_out: Mapping[int, Mapping[PlayerId, int]] | None = None,
) -> tuple[list[Standing], list[dict[PlayerId, int]]]:
    """The season's standings (as ``standings``) and, when ``every``, each
    player's points in the standings after each of ``events`` in turn (the points
    race): the events are tallied once, not the first k events anew for each k."""
    tallies: dict[PlayerId, _Tally] = {}
    same = same or {}
    cache: dict[tuple[int, int, Number, int, int, Number], int] = {}
    after: list[dict[PlayerId, int]] = []
    for event in events:
        per_event: dict[PlayerId, _Tally] = {}
        known = None if worked_out is None else worked_out.get(event.event)
        points = event_points(rule, event, unit=unit, cache=cache) if known is None else known
        merged_points: dict[PlayerId, int] = {}
        for player, value in points.items():
            key = same.get(player, player)
            merged_points[key] = merged_points.get(key, 0) + value
        for line in event.lines:
            key = same.get(line.player, line.player)
            tally = per_event.setdefault(key, _Tally(name=line.name))
            tally.knockouts += line.knockouts
            tally.money_in += line.money_in
            tally.money_out += line.money_out
            if line.best is not None:
                tally.wins += line.best == 1
                tally.final_tables += line.best <= rule.final_table
                if tally.best_place is None or line.best < tally.best_place:
                    tally.best_place = line.best
            tally.cashes += line.prize > 0
        for key, part in per_event.items():
            total = tallies.setdefault(key, _Tally(name=(names or {}).get(key, part.name)))
            total.scores.append(merged_points.get(key, 0))
            total.wins += min(part.wins, 1)
            total.final_tables += min(part.final_tables, 1)
            total.cashes += min(part.cashes, 1)
            total.knockouts += part.knockouts
            total.money_in += part.money_in
            total.money_out += part.money_out
            if part.best_place is not None and (
                total.best_place is None or part.best_place < total.best_place
            ):
                total.best_place = part.best_place
        if every:
            after.append(
                {player: _season_points(rule, player, t.scores) for player, t in tallies.items()}
            )
    return _rows(rule, tallies), after


def _season_points(rule: PointsRule, player: PlayerId, scores: Iterable[int]) -> int:
    """A player's season points: his best ``best_of`` events; none for a guest."""
    return 0 if player in rule.guests else sum(best_of(scores, rule.best_of))


def _rows(rule: PointsRule, tallies: Mapping[PlayerId, _Tally]) -> list[Standing]:
    rows = []
    for player, tally in tallies.items():
        counted = best_of(tally.scores, rule.best_of)
        rows.append(
            Standing(
                rank=0,
                player=player,
                name=tally.name,
                points=sum(counted),
                played=len(tally.scores),
                wins=tally.wins,
                final_tables=tally.final_tables,
                cashes=tally.cashes,
                knockouts=tally.knockouts,
                money_in=tally.money_in,
                money_out=tally.money_out,
                best_place=tally.best_place,
                counted=len(counted),
            )
        )
    return qualify(rule, rows)


def qualify(rule: PointsRule, rows: Iterable[Standing]) -> list[Standing]:
    """Rank ``rows`` under ``rule``'s league rules: guests (no points) and players
    below the minimum of events listed apart, unranked; the final's qualifiers
    marked, each with the starting stack ``final_stack`` gives."""
    guests = set(rule.guests)
    ranked: list[Standing] = []
    apart: list[Standing] = []
    for row in rows:
        if row.player in guests:
            apart.append(replace(row, points=0, counted=0, ranked=False, guest=True))
        elif row.played < rule.min_events:
            apart.append(replace(row, ranked=False))
        else:
            ranked.append(row)
    result = []
    for row in rank_standings(ranked, rule.tie_break):
        lined = rule.qualify_top > 0 or rule.qualify_events > 0
        qualified = (
            lined
            and (rule.qualify_top == 0 or row.rank <= rule.qualify_top)
            and (row.played >= rule.qualify_events)
        )
        stack = final_stack(rule, row.points) if qualified else 0
        result.append(replace(row, qualified=qualified, final_stack=stack))
    apart.sort(key=lambda r: (r.guest, -r.points, r.name.casefold()))
    result.extend(replace(row, rank=0) for row in apart)
    return result


def final_stack(rule: PointsRule, points: int) -> int:
    """A qualifier's starting stack for the final: ``bonus_base`` plus
    ``bonus_per_point`` chips for each whole season point (``points`` in
    hundredths), the bonus capped at ``bonus_cap`` when one is set."""
    if rule.bonus_base <= 0:
        return 0
    bonus = rule.bonus_per_point * (max(0, points) // 100)
    if rule.bonus_cap > 0:
        bonus = min(bonus, rule.bonus_cap)
    return rule.bonus_base + bonus


def _tie_key(row: Standing, tie_break: str) -> tuple[int, ...]:
    if tie_break == "wins":
        return (-row.wins, -row.cashes)
    if tie_break == "best_place":
        return (row.best_place if row.best_place is not None else 10**9,)
    if tie_break == "net":
        return (-row.net,)
    return ()


def rank_standings(rows: Iterable[Standing], tie_break: str) -> list[Standing]:
    """Order by points, then the tie-break; players still equal share a rank."""
    ordered = sorted(rows, key=lambda r: (-r.points, _tie_key(r, tie_break), r.name.casefold()))
    ranked: list[Standing] = []
    for index, row in enumerate(ordered):
        key = (row.points, _tie_key(row, tie_break))
        if ranked and (ranked[-1].points, _tie_key(ranked[-1], tie_break)) == key:
            rank = ranked[-1].rank
        else:
            rank = index + 1
        ranked.append(_with_rank(row, rank))
    return ranked


def _with_rank(row: Standing, rank: int) -> Standing:
    return replace(row, rank=rank)


def usual_buy_in(events: Iterable[EventResults]) -> int:
    """The buy-in most of ``events`` had (the latest of equally common ones), for a
    formula's preview; events without one (0: results imported without a buy-in
    column) are left out; 0 when none has one."""
    counts: dict[int, int] = {}
    latest: dict[int, tuple[str, int]] = {}
    for event in events:
        if event.buy_in > 0:
            counts[event.buy_in] = counts.get(event.buy_in, 0) + 1
            latest[event.buy_in] = max(latest.get(event.buy_in, ("", 0)), (event.date, event.event))
    if not counts:
        return 0
    return max(counts, key=lambda amount: (counts[amount], latest[amount]))


def season_pot(events: Iterable[EventResults]) -> int:
    """Money set aside for the season's final: what the ledgers of the events it
    counts hold for it."""
    return sum(event.season_pot for event in events)


# -- player history --------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    event: int
    name: str
    date: str
    entrants: int
    best: int | None
    worst: int | None
    prize: int
    bounties: int
    knockouts: int
    money_in: int
    money_out: int

    @property
    def net(self) -> int:
        return self.money_out - self.money_in


def player_history(
    player: PlayerId,
    events: Iterable[EventResults],
    *,
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> list[HistoryLine]:
    """Every event of one person (merged records counted once), oldest first."""
    same = same or {}
    kept = same.get(player, player)
    lines = []
    for event in events:
        mine = [line for line in event.lines if same.get(line.player, line.player) == kept]
        if not mine:
            continue
        places = [line.best for line in mine if line.best is not None]
        worsts = [line.worst for line in mine if line.worst is not None]
        lines.append(
            HistoryLine(
                event=event.event,
                name=event.name,
                date=event.date,
                entrants=event.entrants,
                best=min(places) if places else None,
                worst=min(worsts) if worsts else None,
                prize=sum(line.prize for line in mine),
                bounties=sum(line.bounties for line in mine),
                knockouts=sum(line.knockouts for line in mine),
                money_in=sum(line.money_in for line in mine),
                money_out=sum(line.money_out for line in mine),
            )
        )
    lines.sort(key=lambda line: (line.date, line.event))
    return lines


def points_text(centipoints: int) -> str:
    """``1250`` -> ``"12.5"``, ``1200`` -> ``"12"`` (points are shown without
    trailing zeros)."""
    whole, part = divmod(centipoints, 100)
    return str(whole) if part == 0 else f"{whole}.{part:02d}".rstrip("0")


def event_results(state: TournamentState, event: int) -> EventResults:
    """What a league reads of a finished tournament: each player's place, prize,
    bounties, knockouts and money in and out."""
    from director.core.ledger import figures
    from director.core.results import player_results, prize_amounts

    numbers = figures(state.players, state.ledger)
    lines = tuple(
        ResultLine(
            player=result.player,
            name=result.name,
            best=result.place.best if result.place else None,
            worst=result.place.worst if result.place else None,
            prize=result.prize,
            bounties=result.bounties,
            knockouts=result.knockouts,
            money_in=result.bought,
            money_out=result.total,
        )
        for result in player_results(state)
    )
    return EventResults(
        event=event,
        name=state.name,
        date=state.event_date,
        entrants=len(lines),
        entries=numbers.entries,
        paid=len(prize_amounts(state)),
        buy_in=state.money.buy_in,
        lines=lines,
        season_pot=numbers.season_pot,
    )


def encode_results(results: EventResults) -> dict[str, object]:
    """``results`` as plain JSON data (for the summary kept beside the log)."""
    return {
        "season_pot": results.season_pot,
        "event": results.event,
        "name": results.name,
        "date": results.date,
        "entrants": results.entrants,
        "entries": results.entries,
        "paid": results.paid,
        "buy_in": results.buy_in,
        "lines": [
            [
                line.player,
                line.name,
                line.best,
                line.worst,
                line.prize,
                line.bounties,
                line.knockouts,
                line.money_in,
                line.money_out,
            ]
            for line in results.lines
        ],
    }


def decode_results(data: Mapping[str, object]) -> EventResults:
    """The reverse of ``encode_results``; ``ValueError`` if ``data`` is not one."""
    try:
        raw_lines = data["lines"]
        if not isinstance(raw_lines, list):
            raise ValueError("lines")
        lines = []
        for raw in raw_lines:
            player, name, best, worst, prize, bounties, knockouts, money_in, money_out = raw
            lines.append(
                ResultLine(
                    player=PlayerId(_whole(player)),
                    name=str(name),
                    best=None if best is None else _whole(best),
                    worst=None if worst is None else _whole(worst),
                    prize=_whole(prize),
                    bounties=_whole(bounties),
                    knockouts=_whole(knockouts),
                    money_in=_whole(money_in),
                    money_out=_whole(money_out),
                )
            )
        return EventResults(
            event=_whole(data["event"]),
            name=str(data["name"]),
            date=str(data["date"]),
            entrants=_whole(data["entrants"]),
            entries=_whole(data["entries"]),
            paid=_whole(data["paid"]),
            buy_in=_whole(data["buy_in"]),
            lines=tuple(lines),
            # Absent from a summary written before events had a season pot.
            season_pot=_whole(data.get("season_pot", 0)),
        )
    except (KeyError, TypeError) as error:
        raise ValueError(str(error)) from None


def _whole(value: object) -> int:
    if type(value) is not int:
        raise ValueError(repr(value))
    return value
