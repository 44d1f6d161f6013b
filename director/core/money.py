"""Money rules of a tournament and of a cash game (R2-R6, R29, R32).

Money is in minor units (cents), chips in chips: integers everywhere. A
purchase's price is split four ways: the house fee (kept apart, R2), the
season pot (a part of each entry a league sets aside for its final), the
bounty (paid to whoever eliminates the player, R6) and the rest, which goes
to the prize pool (R29).
"""

from __future__ import annotations

from math import gcd
from typing import NamedTuple

from director.core.errors import RuleViolation, require
from director.core.frozen import Record, dataclass

BASIS_POINTS = 10_000
MAX_MONEY = 10**11
MAX_CHIPS = 10**12


@dataclass(frozen=True, eq=False, repr=False)
class Fee(Record):
    """A house fee: a fixed amount, or a percentage in basis points (1000 = 10%)."""

    fixed: int = 0
    percent_bp: int = 0

    def of(self, price: int) -> int:
        """The fee taken from ``price`` (a percentage rounds down to the cent)."""
        return self.fixed + price * self.percent_bp // BASIS_POINTS


@dataclass(frozen=True, eq=False, repr=False)
class RebuyRule(Record):
    """R3: while the level number is at most ``until_level``, a player who is out,
    or at or below ``threshold`` chips, may buy ``chips`` for ``price``, at most
    ``max_per_player`` times (0: no limit).

    ``through_break``: the period ends at the end of the break that follows level
    ``until_level``; otherwise (the common practice, and the default) it ends
    with the level itself, so the break after it offers only the add-on."""

    price: int
    chips: int
    until_level: int
    threshold: int = 0
    max_per_player: int = 0
    fee: Fee = Fee()
    bounty: int = 0
    through_break: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class AddonRule(Record):
    """R4: once per player, from level ``from_level`` to ``until_level`` (and the
    break after it)."""

    price: int
    chips: int
    from_level: int
    until_level: int
    fee: Fee = Fee()
    bounty: int = 0


FIXED_BOUNTY = "fixed"
"""R6: the whole bounty goes to the eliminator in cash."""
PROGRESSIVE = "progressive"
"""Progressive knockout: a share in cash, the rest added to the eliminator's bounty."""
MYSTERY = "mystery"
"""Mystery bounties: from the mystery phase each knockout draws an envelope."""
BOUNTY_KINDS = (FIXED_BOUNTY, PROGRESSIVE, MYSTERY)
MAX_ENVELOPES = 10_000


@dataclass(frozen=True, eq=False, repr=False)
class Envelope(Record):
    """Mystery bounties: ``count`` envelopes of ``amount`` each."""

    amount: int
    count: int


@dataclass(frozen=True, eq=False, repr=False)
class BountySettings(Record):
    """How the bounty part of each purchase is won.

    ``cash_share_bp``: in a progressive knockout, the part of the busted player's
    bounty paid to the eliminator in cash (basis points, 5000 = half); the rest
    goes on the eliminator's own bounty. ``unit``: bounty money is split in
    whole units of this (odd units by R22). Mystery: the ``envelopes`` are drawn
    from level ``mystery_from_level`` on, or from the money with
    ``mystery_in_the_money`` (0 and False: from the start).
    """

    kind: str = FIXED_BOUNTY
    cash_share_bp: int = 5_000
    unit: int = 1
    envelopes: tuple[Envelope, ...] = ()
    mystery_from_level: int = 0
    mystery_in_the_money: bool = False

    @property
    def envelope_total(self) -> int:
        return sum(envelope.amount * envelope.count for envelope in self.envelopes)

    @property
    def envelope_count(self) -> int:
        return sum(envelope.count for envelope in self.envelopes)


@dataclass(frozen=True, eq=False, repr=False)
class MoneySettings(Record):
    """A tournament's buy-in and what may be bought after it."""

    buy_in: int = 0
    chips: int = 0
    fee: Fee = Fee()
    bounty: int = 0
    rebuy: RebuyRule | None = None
    addon: AddonRule | None = None
    late_until_level: int = 0
    reentry: bool = False
    max_reentries: int = 0
    season_pot: int = 0
    """Money of each entry (buy-in or re-entry) set aside for the league's season
    pot, out of the prize pool like the fee (0: none)."""
    bounties: BountySettings = BountySettings()
    added: int = 0
    """Money the host adds to the prize pool."""
    guarantee: int = 0
    """The least prize pool: the host tops it up to this (the overlay)."""


RAKE_NONE = ""
RAKE_POT = "pot"
"""A percentage of each pot, up to a cap per pot."""
RAKE_HOUR = "hour"
"""A fixed charge per hour to each player in the game (time collection)."""
RAKE_PLAYER = "player"
"""A fixed charge per player, once a night (a seat fee)."""
RAKE_KINDS = (RAKE_NONE, RAKE_POT, RAKE_HOUR, RAKE_PLAYER)


@dataclass(frozen=True, eq=False, repr=False)
class RakeRule(Record):
    """What the house takes from a cash game, for the club's own account.

    ``pot``: ``percent_bp`` of each pot (basis points), at most ``cap`` (money) a
    pot (0: no cap), taken in chips from the pot; ``hour``: ``amount`` from each
    player in the game each time the hour's charge is collected; ``player``:
    ``amount`` once from each player.
    """

    kind: str = RAKE_NONE
    percent_bp: int = 0
    cap: int = 0
    amount: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class CashSettings(Record):
    """A cash game (R1, R32): times fixed in advance and what chips are worth.

    ``chip_money`` minor units buy ``chip_count`` chips (100 cents for 100 chips).
    """

    starts_at: int = 0
    ends_at: int = 0
    chip_money: int = 1
    chip_count: int = 1
    min_buy_in: int = 0
    max_buy_in: int = 0
    live_straddle: bool = False
    """The game allows a live straddle (a blind raise of two big blinds)."""
    straddle_in_limit: bool = False
    """...in limit levels too, which the seed allows only when the game says so
    (seed 002 §4.1.17)."""
    rake: RakeRule = RakeRule()
    """The house's rake (none by default)."""


class Split(NamedTuple):
    """Where the money of one purchase goes."""

    fee: int
    bounty: int
    prize: int
    season: int = 0
    """Set aside for the league's season pot."""

    @property
    def total(self) -> int:
        return self.fee + self.season + self.bounty + self.prize


def split(price: int, fee: Fee, bounty: int, season: int = 0) -> Split:
    """Split ``price`` into fee, season pot, bounty and prize-pool parts (R2, R6,
    R29); each part is taken from what the ones before it left, so they always add
    up to ``price`` and none is negative.

    >>> split(2500, Fee(fixed=200), bounty=500, season=300)
    Split(fee=200, bounty=500, prize=1500, season=300)
    """
    fee_amount = min(fee.of(price), price)
    season_amount = min(season, price - fee_amount)
    bounty_amount = min(bounty, price - fee_amount - season_amount)
    return Split(
        fee=fee_amount,
        bounty=bounty_amount,
        prize=price - fee_amount - season_amount - bounty_amount,
        season=season_amount,
    )


def check_amount(value: int, code: str = "amount_negative", *, maximum: int = MAX_MONEY) -> int:
    """A money or chip amount must be a whole number from 0 to ``maximum``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation("amount_not_whole", value=str(value))
    require(value >= 0, code, value=value)
    require(value <= maximum, "amount_too_large", value=value)
    return value


def check_fee(fee: Fee) -> None:
    check_amount(fee.fixed)
    require(0 <= fee.percent_bp <= BASIS_POINTS, "fee_percent_out_of_range")


def check_settings(settings: MoneySettings) -> None:
    """Raise ``RuleViolation`` for settings that cannot run a tournament."""
    check_amount(settings.buy_in)
    check_amount(settings.chips, maximum=MAX_CHIPS)
    check_amount(settings.bounty)
    check_amount(settings.season_pot)
    check_fee(settings.fee)
    require(settings.chips > 0, "starting_chips_missing")
    # The whole fee counts: ``split`` caps it at the price, which would let a fee
    # larger than the buy-in pass unnoticed.
    kept = settings.fee.of(settings.buy_in) + settings.bounty
    require(kept <= settings.buy_in, "fee_and_bounty_exceed_buy_in")
    require(
        kept + settings.season_pot <= settings.buy_in,
        "season_pot_exceeds_buy_in",
        pot=settings.season_pot,
        most=settings.buy_in - kept,
    )
    require(settings.late_until_level >= 0, "level_number_negative")
    require(settings.max_reentries >= 0, "amount_negative", value=settings.max_reentries)
    if settings.rebuy is not None:
        rule = settings.rebuy
        check_amount(rule.price)
        check_amount(rule.chips, maximum=MAX_CHIPS)
        check_amount(rule.threshold, maximum=MAX_CHIPS)
        check_amount(rule.bounty)
        check_fee(rule.fee)
        require(rule.chips > 0, "rebuy_chips_missing")
        require(rule.until_level >= 1, "rebuy_period_missing")
        require(rule.max_per_player >= 0, "amount_negative", value=rule.max_per_player)
        require(rule.fee.of(rule.price) + rule.bounty <= rule.price, "fee_and_bounty_exceed_buy_in")
    if settings.addon is not None:
        addon = settings.addon
        check_amount(addon.price)
        check_amount(addon.chips, maximum=MAX_CHIPS)
        check_fee(addon.fee)
        require(addon.chips > 0, "addon_chips_missing")
        require(1 <= addon.from_level <= addon.until_level, "addon_levels_invalid")
        check_amount(addon.bounty)
        require(
            addon.fee.of(addon.price) + addon.bounty <= addon.price, "fee_and_bounty_exceed_buy_in"
        )
    check_amount(settings.added)
    check_amount(settings.guarantee)
    check_bounty_settings(settings)


def bounty_parts(settings: MoneySettings) -> int:
    """The largest bounty part of any purchase (0: the event has no bounties)."""
    return max(
        settings.bounty,
        settings.rebuy.bounty if settings.rebuy is not None else 0,
        settings.addon.bounty if settings.addon is not None else 0,
    )


def check_bounty_settings(settings: MoneySettings) -> None:
    """A progressive knockout or mystery bounties need a bounty part; a mystery
    needs its envelopes; the cash share is a percentage."""
    bounties = settings.bounties
    require(bounties.kind in BOUNTY_KINDS, "unknown_bounty_kind", kind=bounties.kind)
    require(0 <= bounties.cash_share_bp <= BASIS_POINTS, "bounty_share_out_of_range")
    require(0 < bounties.unit <= MAX_MONEY, "unit_not_positive")
    require(bounties.mystery_from_level >= 0, "level_number_negative")
    if bounties.kind != FIXED_BOUNTY:
        require(bounty_parts(settings) > 0, "bounty_kind_needs_bounty")
    for envelope in bounties.envelopes:
        check_amount(envelope.amount)
        require(envelope.amount > 0, "envelope_amount_missing")
        require(0 < envelope.count <= MAX_ENVELOPES, "envelope_count_invalid")
    amounts = [envelope.amount for envelope in bounties.envelopes]
    require(len(set(amounts)) == len(amounts), "envelope_listed_twice")
    require(bounties.envelope_count <= MAX_ENVELOPES, "envelope_count_invalid")
    if bounties.kind == MYSTERY:
        require(bool(bounties.envelopes), "mystery_needs_envelopes")


def check_cash_settings(settings: CashSettings) -> None:
    require(settings.chip_money > 0 and settings.chip_count > 0, "chip_value_invalid")
    require(settings.ends_at == 0 or settings.ends_at > settings.starts_at, "cash_end_before_start")
    check_amount(settings.min_buy_in)
    check_amount(settings.max_buy_in)
    require(
        settings.max_buy_in == 0 or settings.max_buy_in >= settings.min_buy_in,
        "cash_buy_in_limits_invalid",
    )
    check_rake(settings.rake)


def check_rake(rule: RakeRule) -> None:
    """A rake rule the house can apply: a known kind with its figures."""
    require(rule.kind in RAKE_KINDS, "rake_kind_unknown", kind=rule.kind)
    check_amount(rule.cap)
    check_amount(rule.amount)
    if rule.kind == RAKE_POT:
        require(0 < rule.percent_bp <= BASIS_POINTS, "rake_percent_out_of_range")
    elif rule.kind in (RAKE_HOUR, RAKE_PLAYER):
        require(rule.amount > 0, "rake_amount_missing")


def pot_rake(pot: int, settings: CashSettings) -> int:
    """The chips the house takes from a pot of ``pot`` chips: the rule's percentage,
    no more than its cap, rounded down to chips worth whole cents.

    >>> rule = RakeRule(kind=RAKE_POT, percent_bp=500, cap=300)
    >>> pot_rake(4000, CashSettings(chip_money=1, chip_count=1, rake=rule))
    200
    >>> pot_rake(10000, CashSettings(chip_money=1, chip_count=1, rake=rule))
    300
    """
    rule = settings.rake
    chips = pot * rule.percent_bp // BASIS_POINTS
    if rule.cap:
        chips = min(chips, rule.cap * settings.chip_count // settings.chip_money)
    # Only chips worth whole cents: a multiple of the smallest such number of chips.
    step = settings.chip_count // gcd(settings.chip_money, settings.chip_count)
    return chips - chips % step


def chips_for(money: int, settings: CashSettings) -> int:
    """Chips bought with ``money`` in a cash game; it must buy a whole number of chips."""
    chips, rest = divmod(money * settings.chip_count, settings.chip_money)
    require(rest == 0, "amount_not_whole_chips", amount=money)
    return chips


def money_for(chips: int, settings: CashSettings) -> int:
    """What ``chips`` are worth in a cash game; they must be worth whole cents."""
    money, rest = divmod(chips * settings.chip_money, settings.chip_count)
    require(rest == 0, "chips_not_whole_money", chips=chips)
    return money
