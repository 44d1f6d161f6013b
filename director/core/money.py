"""Money rules of a tournament and of a cash game (R2-R6, R29, R32).

Money is in minor units (cents), chips in chips: integers everywhere. A
purchase's price is split three ways: the house fee (kept apart, R2), the
bounty (paid to whoever eliminates the player, R6) and the rest, which goes
to the prize pool (R29).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from director.core.errors import RuleViolation, require
from director.core.frozen import Record

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


class Split(NamedTuple):
    """Where the money of one purchase goes."""

    fee: int
    bounty: int
    prize: int

    @property
    def total(self) -> int:
        return self.fee + self.bounty + self.prize


def split(price: int, fee: Fee, bounty: int) -> Split:
    """Split ``price`` into fee, bounty and prize-pool parts (R2, R6, R29)."""
    fee_amount = min(fee.of(price), price)
    bounty_amount = min(bounty, price - fee_amount)
    return Split(fee=fee_amount, bounty=bounty_amount, prize=price - fee_amount - bounty_amount)


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
    check_fee(settings.fee)
    require(settings.chips > 0, "starting_chips_missing")
    # The whole fee counts: ``split`` caps it at the price, which would let a fee
    # larger than the buy-in pass unnoticed.
    require(
        settings.fee.of(settings.buy_in) + settings.bounty <= settings.buy_in,
        "fee_and_bounty_exceed_buy_in",
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
        require(addon.fee.of(addon.price) <= addon.price, "fee_and_bounty_exceed_buy_in")


def check_cash_settings(settings: CashSettings) -> None:
    require(settings.chip_money > 0 and settings.chip_count > 0, "chip_value_invalid")
    require(settings.ends_at == 0 or settings.ends_at > settings.starts_at, "cash_end_before_start")
    check_amount(settings.min_buy_in)
    check_amount(settings.max_buy_in)
    require(
        settings.max_buy_in == 0 or settings.max_buy_in >= settings.min_buy_in,
        "cash_buy_in_limits_invalid",
    )


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
