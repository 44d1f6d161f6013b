"""Who wins the bounty money: fixed bounties (R6), progressive knockout, mystery.

Each purchase puts its bounty part (money settings) on the buyer's head.

- Fixed (R6): whoever knocks a player out wins his whole bounty in cash.
- Progressive knockout (PKO): the eliminator wins a share of the busted
  player's bounty in cash (``cash_share_bp``, half by default) and the rest is
  added to his own bounty, which grows as he knocks players out.
- Mystery: the bounty money is the sum of a published list of envelopes. From
  the mystery phase (a level, or the money) each knockout draws an envelope at
  random; the draw is recorded in the log (``EnvelopesDrawn``), so undoing the
  bust puts the envelope back. Before the phase a knockout wins nothing.

Several players who won a busted player's chips on one hand share his bounty
(or envelope) in proportion to the chips each won; the units left over go one
each in the order R22 gives (from the first winner left of the button). A
player knocked out with nobody recorded leaves his bounty unclaimed. The last
player keeps his own bounty (mystery: the bounty money still held); so do the
players who make a deal (R31), each his own, and knockouts after the deal move
no bounty money (mystery: the envelopes left are still drawn). Nothing
is stored but the draws: the book is worked out from the ledger and the bust
records, so undo, replay and a restart all agree, and at every moment the
bounty money put in equals what was won, what is unclaimed and what is held.

>>> shares = knockout_shares(1_000, (Winner(PlayerId(1), 2), Winner(PlayerId(2), 1)),
...                          BountySettings(kind=PROGRESSIVE))
>>> [(int(share.player), share.cash, share.head) for share in shares]
[(1, 333, 334), (2, 166, 167)]
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from director.core.errors import RuleViolation, require
from director.core.frozen import dataclass
from director.core.ids import Instant, PlayerId
from director.core.ledger import figures
from director.core.money import (
    BASIS_POINTS,
    FIXED_BOUNTY,
    MYSTERY,
    PROGRESSIVE,
    BountySettings,
    MoneySettings,
)
from director.core.players import (
    PURCHASES,
    BountyShare,
    Bust,
    BustRecord,
    EnvelopeDraw,
    Movement,
    MovementKind,
    Winner,
    busts_of,
)
from director.core.state import Status, TournamentState

if TYPE_CHECKING:
    import random  # a draw's generator, given by the caller


def split_units(amount: int, winners: Sequence[Winner], *, unit: int = 1) -> list[int]:
    """``amount`` shared among ``winners`` in proportion to the chips each won, in
    whole ``unit``s rounded down; the units left go one each in the winners'
    order (R22); less than a unit left goes to the first."""
    require(bool(winners), "no_player_chosen")
    require(unit > 0, "unit_not_positive")
    if len(winners) == 1:
        return [amount]  # the common case: one eliminator takes it all
    weights = [max(0, winner.chips) for winner in winners]
    total = sum(weights)
    if total == 0:
        weights, total = [1] * len(winners), len(winners)
    units = amount // unit
    parts = [units * weight // total for weight in weights]
    for position in range(units - sum(parts)):
        parts[position % len(parts)] += 1
    amounts = [part * unit for part in parts]
    amounts[0] += amount - units * unit
    return amounts


def knockout_shares(
    bounty: int, winners: Sequence[Winner], settings: BountySettings
) -> tuple[BountyShare, ...]:
    """What each winner gets of ``bounty``: in a progressive knockout, the cash
    share (rounded down to the unit) and the rest on his head; else all in cash."""
    parts = split_units(bounty, winners, unit=settings.unit)
    shares = []
    for winner, part in zip(winners, parts, strict=True):
        if settings.kind == PROGRESSIVE:
            cash = part * settings.cash_share_bp // BASIS_POINTS // settings.unit * settings.unit
            shares.append(BountyShare(player=winner.player, cash=cash, head=part - cash))
        else:
            shares.append(BountyShare(player=winner.player, cash=part))
    return tuple(shares)


class Knockout(NamedTuple):
    """One knockout and the bounty money it moved (an envelope's, in a mystery)."""

    busted: PlayerId
    at: Instant
    bounty: int
    shares: tuple[BountyShare, ...]
    envelope: bool = False


class BountyBook(NamedTuple):
    """The bounty money of an event at one moment."""

    kind: str
    pool: int
    """Bounty money put in (the bounty parts of every purchase, less refunds)."""
    on_head: Mapping[PlayerId, int]
    """Each player's current bounty (fixed and progressive; players still in)."""
    won: Mapping[PlayerId, int]
    """Bounty money won in cash, per player (the last player's own included)."""
    knockouts: tuple[Knockout, ...]
    unclaimed: int
    """Bounties of players knocked out with no eliminator recorded."""
    envelopes_left: tuple[int, ...] = ()
    """Mystery: the envelopes not drawn yet, largest first."""
    kept_by_winner: int = 0
    kept_at_deal: int = 0
    """Fixed and progressive bounties: what the players in a deal kept of their own
    bounties (each keeps his, as the last player keeps his at the end)."""

    @property
    def paid(self) -> int:
        return sum(self.won.values())

    @property
    def held(self) -> int:
        """Bounty money still held: on the heads of players in, or in the envelopes."""
        return self.pool - self.paid - self.unclaimed


_last_book: tuple[TournamentState, BountyBook] | None = None


def bounty_book(state: TournamentState) -> BountyBook:
    """The bounty book of ``state`` (worked out once per state)."""
    global _last_book
    if _last_book is not None and _last_book[0] is state:
        return _last_book[1]
    book = _book(state)
    _last_book = (state, book)
    return book


def _book(state: TournamentState) -> BountyBook:
    settings = state.money.bounties
    pool = figures(state.players, state.ledger).bounty_pool
    if settings.kind == MYSTERY:
        return _mystery_book(state, pool)
    on_head: dict[PlayerId, int] = {}
    won: dict[PlayerId, int] = {}
    knockouts: list[Knockout] = []
    unclaimed = 0
    deal = state.deal
    in_deal = {PlayerId(share.player) for share in deal.shares} if deal is not None else set()
    kept_at_deal = 0
    dealt = False

    def settle_deal() -> int:
        """R31 with bounties: each player in the deal keeps the bounty on his head."""
        kept = 0
        for player in sorted(in_deal):
            amount = on_head.pop(player, 0)
            if amount:
                won[player] = won.get(player, 0) + amount
                kept += amount
        return kept

    for item in in_log_order(state.ledger, state.busts):
        if isinstance(item, BustRecord) and item.after_deal and deal is not None and not dealt:
            kept_at_deal, dealt = settle_deal(), True
        if isinstance(item, Movement):
            if item.bounty and (item.kind in PURCHASES or item.kind is MovementKind.REFUND):
                on_head[item.player] = on_head.get(item.player, 0) + item.bounty
            continue
        for bust in item.busts:
            amount = on_head.pop(bust.player, 0)
            winners = bust.eliminators()
            if not winners:
                unclaimed += amount
                continue
            shares = knockout_shares(amount, winners, settings)
            for share in shares:
                if share.cash:
                    won[share.player] = won.get(share.player, 0) + share.cash
                if share.head:
                    on_head[share.player] = on_head.get(share.player, 0) + share.head
            knockouts.append(Knockout(bust.player, item.at, amount, shares))
    if deal is not None and not dealt:
        kept_at_deal = settle_deal()
    kept = 0
    alive = state.alive()
    if state.status is Status.FINISHED:
        for player in alive:
            kept += on_head.get(player, 0)
            won[player] = won.get(player, 0) + on_head.pop(player, 0)
    # Money on the head of a player who is out (only a log from before refunds of a
    # re-entry after knockouts were refused holds any) is still held, on nobody's head.
    playing = set(alive)
    heads = {player: amount for player, amount in on_head.items() if player in playing}
    return BountyBook(
        kind=settings.kind,
        pool=pool,
        on_head=heads,
        won=won,
        knockouts=tuple(knockouts),
        unclaimed=unclaimed,
        kept_by_winner=kept,
        kept_at_deal=kept_at_deal,
    )


def in_log_order(
    ledger: Sequence[Movement], records: Sequence[BustRecord]
) -> list[Movement | BustRecord]:
    """The movements and bust records merged in the order the log holds them (a
    re-entry after a bust comes after it even within one millisecond, or when the
    computer's clock was set back between them). A record from an older log, which
    does not say where it stands, is placed by its time."""
    times: list[int] | None = None
    placed: list[tuple[int, BustRecord]] = []
    for record in records:
        position = record.after_movements
        if position < 0:
            if times is None:
                times = sorted(movement.at for movement in ledger)
            position = bisect_right(times, record.at)
        placed.append((position, record))
    # A stable sort keeps the records of one position in the log's order.
    placed.sort(key=lambda item: item[0])
    merged: list[Movement | BustRecord] = []
    next_record = 0
    for position, movement in enumerate(ledger):
        while next_record < len(placed) and placed[next_record][0] <= position:
            merged.append(placed[next_record][1])
            next_record += 1
        merged.append(movement)
    merged += [record for _position, record in placed[next_record:]]
    return merged


def _mystery_book(state: TournamentState, pool: int) -> BountyBook:
    won: dict[PlayerId, int] = {}
    knockouts = []
    for draw in state.draws:
        for share in draw.shares:
            won[share.player] = won.get(share.player, 0) + share.cash
        knockouts.append(Knockout(draw.busted, draw.at, draw.amount, draw.shares, envelope=True))
    left = envelopes_left(state.money.bounties, state.draws)
    kept = 0
    if state.status is Status.FINISHED and state.alive():
        winner = state.alive()[0]
        kept = pool - sum(won.values())
        won[winner] = won.get(winner, 0) + kept
        left = ()
    return BountyBook(
        kind=MYSTERY,
        pool=pool,
        on_head={},
        won=won,
        knockouts=tuple(knockouts),
        unclaimed=0,
        envelopes_left=left,
        kept_by_winner=kept,
    )


@dataclass(frozen=True)
class EnvelopeCheck:
    """A list of mystery envelopes against the event's bounty money."""

    count: int
    total: int
    pool: int
    """The bounty money put in so far."""

    @property
    def matches(self) -> bool:
        """Whether the envelopes add up to the bounty money (as the draws need)."""
        return self.total == self.pool


def check_envelopes(state: TournamentState, settings: BountySettings) -> EnvelopeCheck:
    """``settings``' envelopes (typed, perhaps not saved yet) against ``state``'s
    bounty money: what the money form says as the organizer types."""
    return EnvelopeCheck(
        count=settings.envelope_count,
        total=settings.envelope_total,
        pool=figures(state.players, state.ledger).bounty_pool,
    )


def envelopes_left(settings: BountySettings, draws: Sequence[EnvelopeDraw]) -> tuple[int, ...]:
    """The published envelopes less those drawn, largest first."""
    left: list[int] = []
    for envelope in settings.envelopes:
        left += [envelope.amount] * envelope.count
    for draw in draws:
        if draw.amount in left:
            left.remove(draw.amount)
    return tuple(sorted(left, reverse=True))


def draw_envelope(left: list[int], rng: random.Random) -> int:
    """Take one envelope at random out of ``left`` (each envelope equally likely)."""
    require(bool(left), "no_envelope_left")
    ordered = sorted(left, reverse=True)
    amount = ordered[rng.randrange(len(ordered))]
    left.remove(amount)
    return amount


def current_bounty(state: TournamentState, player: PlayerId) -> int:
    """The bounty on ``player``'s head now (0 in a mystery or with no bounties)."""
    return bounty_book(state).on_head.get(player, 0)


def check_bounty_change(state: TournamentState, settings: MoneySettings) -> None:
    """Bounties already won are history: once a knockout has moved bounty money,
    the kind of bounty, its cash share and unit stay; once an envelope is drawn,
    the new list must still hold every envelope drawn. Envelopes may be added (a
    re-entry after the draws began brings bounty money that needs its envelope)."""
    old, new = state.money.bounties, settings.bounties
    if any(knockout.bounty for knockout in bounty_book(state).knockouts):
        require(new.kind == old.kind, "bounty_kind_locked")
        if new.kind == PROGRESSIVE:
            require(new.cash_share_bp == old.cash_share_bp, "bounty_kind_locked")
        require(new.unit == old.unit, "bounty_kind_locked")
    if state.draws:
        listed = {envelope.amount: envelope.count for envelope in new.envelopes}
        drawn: dict[int, int] = {}
        for draw in state.draws:
            drawn[draw.amount] = drawn.get(draw.amount, 0) + 1
        for amount, count in sorted(drawn.items()):
            require(
                listed.get(amount, 0) >= count,
                "envelopes_locked",
                amount=amount,
                count=count,
            )


def mystery_phase(state: TournamentState, level: int, busting: int) -> bool:
    """Whether knockouts now draw envelopes: from the chosen level, or from the
    money (the best place the ``busting`` players of this hand cover is paid)."""
    settings = state.money.bounties
    if settings.kind != MYSTERY:
        return False
    if settings.mystery_from_level == 0 and not settings.mystery_in_the_money:
        return True
    if settings.mystery_from_level and level >= settings.mystery_from_level:
        return True
    if settings.mystery_in_the_money:
        from director.core.results import prize_amounts

        paid = sum(1 for amount in prize_amounts(state) if amount)
        return len(state.alive()) - busting + 1 <= paid
    return False


def mystery_busts(state: TournamentState, level: int, record: BustRecord) -> frozenset[PlayerId]:
    """The players of ``record`` whose knockouts draw an envelope: all of them in the
    mystery phase by level; from the money, each one whose place is paid (R23: on a
    double bust across the bubble, the player who finishes in the money draws, the
    one who does not reach it does not; tied players share the better place)."""
    busting = len(record.busts)
    if not mystery_phase(state, level, busting):
        return frozenset()
    everyone = frozenset(bust.player for bust in record.busts)
    settings = state.money.bounties
    if not settings.mystery_in_the_money or (
        settings.mystery_from_level and level >= settings.mystery_from_level
    ):
        return everyone
    from director.core.results import prize_amounts
    from director.core.standings import hand_groups

    paid = sum(1 for amount in prize_amounts(state) if amount)
    better = len(state.alive()) - busting
    reached: set[PlayerId] = set()
    for group in hand_groups(record):  # best place first
        if better + 1 <= paid:
            reached.update(bust.player for bust in group)
        better += len(group)
    return frozenset(reached)


def envelope_draws(
    state: TournamentState,
    record: BustRecord,
    rng: random.Random,
    now: Instant,
    *,
    only: frozenset[PlayerId] | None = None,
) -> tuple[EnvelopeDraw, ...]:
    """The envelopes the knockouts of ``record`` draw (the caller checked the phase;
    ``only``: the busted players whose knockouts draw, see ``mystery_busts``).

    The envelopes must add up to the bounty money, or the bust is refused and
    the organizer fixes the envelopes first.
    """
    settings = state.money.bounties
    drawing = [
        bust
        for bust in record.busts
        if bust.eliminators() and (only is None or bust.player in only)
    ]
    if not drawing:
        return ()
    pool = figures(state.players, state.ledger).bounty_pool
    total = settings.envelope_total
    if total != pool:
        raise RuleViolation("mystery_envelopes_do_not_match", envelopes=total, pool=pool)
    left = list(envelopes_left(settings, state.draws))
    draws = []
    for bust in drawing:
        winners = bust.eliminators()
        if not left:
            break
        amount = draw_envelope(left, rng)
        cash_only = BountySettings(kind=FIXED_BOUNTY, unit=settings.unit)
        draws.append(
            EnvelopeDraw(
                busted=bust.player,
                amount=amount,
                shares=knockout_shares(amount, winners, cash_only),
                at=now,
                bust=busts_of(state.busts, bust.player) + 1,
            )
        )
    return tuple(draws)


def clockwise_winners(state: TournamentState, bust: Bust) -> Bust:
    """``bust`` with its winners in R22's order: clockwise from the first seat left of
    the button at the busted player's table (winners seated elsewhere after them)."""
    if len(bust.winners) < 2:
        return bust
    seated = state.tables.seated()
    where = seated.get(bust.player)
    table = state.tables.tables.get(where[0]) if where is not None else None
    if table is None or table.positions is None:
        return bust
    seats = max(state.tables.seats_per_table, *table.seats, 1)
    button = table.positions.button

    def order(winner: Winner) -> tuple[int, int]:
        spot = seated.get(winner.player)
        if spot is None or spot[0] != table.number:
            return (1, 0)
        return (0, (spot[1] - button - 1) % seats)

    ordered = tuple(sorted(bust.winners, key=order))
    return Bust(
        player=bust.player,
        eliminator=bust.eliminator,
        start_stack=bust.start_stack,
        table=bust.table,
        winners=ordered,
    )


def check_winners(state: TournamentState, bust: Bust, out: Sequence[PlayerId]) -> None:
    """Several eliminators: each still in, not out on this hand, named once, with
    the chips he won; the eliminator one of them."""
    if not bust.winners:
        return
    players = [winner.player for winner in bust.winners]
    require(len(set(players)) == len(players), "player_listed_twice")
    require(bust.eliminator in players, "eliminator_not_among_winners")
    for winner in bust.winners:
        entrant = state.players.get(winner.player)
        if entrant is None:
            raise RuleViolation("player_not_in_event", player=str(winner.player))
        require(
            winner.player not in out and entrant.in_play, "eliminator_is_out", player=entrant.name
        )
        if not isinstance(winner.chips, int) or isinstance(winner.chips, bool):
            raise RuleViolation("amount_not_whole", value=str(winner.chips))
        require(winner.chips > 0, "winner_chips_missing", player=entrant.name)
