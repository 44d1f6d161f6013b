"""Players, entries and money: the organizer's actions and their events.

Every rule refuses with a code and the reason's values (the period's last
level, the limit reached...), so the console can say why.
"""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.bounties import (
    check_bounty_change,
    check_winners,
    clockwise_winners,
    current_bounty,
    in_log_order,
)
from director.core.decide import NAME_MAX_LENGTH, clean_line, clean_name, handles
from director.core.errors import RuleViolation, require
from director.core.frozen import evolve
from director.core.ids import Instant, PlayerId
from director.core.ledger import BANK, figures
from director.core.money import (
    MAX_CHIPS,
    RAKE_NONE,
    RAKE_PLAYER,
    RAKE_POT,
    Fee,
    check_amount,
    check_cash_settings,
    check_settings,
    chips_for,
    money_for,
    pot_rake,
    split,
)
from director.core.periods import addon_open, rebuy_period_over
from director.core.periods import late_registration_open as late_registration_open
from director.core.periods import level_now as level_now
from director.core.periods import rebuys_open as rebuys_open
from director.core.players import (
    PURCHASES,
    BustRecord,
    Entrant,
    EntrantStatus,
    Movement,
    MovementKind,
)
from director.core.state import TournamentState

# -- helpers ----------------------------------------------------------------------


def _entrant(state: TournamentState, player: PlayerId) -> Entrant:
    entrant = state.players.get(player)
    if entrant is None:
        raise RuleViolation("player_not_in_event", player=str(player))
    return entrant


def _tournament_only(state: TournamentState) -> None:
    require(not state.is_cash, "not_in_a_cash_game")


def _cash_only(state: TournamentState) -> None:
    require(state.is_cash, "only_in_a_cash_game")


def _purchase(
    state: TournamentState,
    *,
    now: Instant,
    kind: MovementKind,
    player: PlayerId,
    price: int,
    fee: Fee,
    bounty: int,
    chips: int,
    paid: bool,
    season: int = 0,
) -> Movement:
    parts = split(price, fee, bounty, season)
    entrant = state.players.get(player)
    revived = entrant is not None and entrant.status is EntrantStatus.BUSTED
    return Movement(
        at=now,
        kind=kind,
        player=player,
        price=price,
        fee=parts.fee,
        bounty=parts.bounty,
        prize=parts.prize,
        cash=price if paid else 0,
        chips=chips,
        revived=revived,
        season=parts.season,
    )


def can_rebuy(
    state: TournamentState, player: PlayerId, now: Instant, stack: int | None = None
) -> RuleViolation | None:
    """Why ``player`` may not re-buy now, or None if they may (R3)."""
    rule = state.money.rebuy
    entrant = state.players.get(player)
    if state.is_cash:
        return RuleViolation("not_in_a_cash_game")
    if rule is None:
        return RuleViolation("rebuys_not_allowed")
    if entrant is None:
        return RuleViolation("player_not_in_event", player=str(player))
    if entrant.entries == 0:
        return RuleViolation("player_not_bought_in", player=entrant.name)
    if rebuy_period_over(state, now):
        code = "rebuy_period_over_break" if rule.through_break else "rebuy_period_over"
        return RuleViolation(code, level=rule.until_level)
    if rule.max_per_player and entrant.rebuys >= rule.max_per_player:
        return RuleViolation("rebuy_limit_reached", player=entrant.name, limit=rule.max_per_player)
    if entrant.status is EntrantStatus.BUSTED:
        return None
    if entrant.status is not EntrantStatus.PLAYING:
        return RuleViolation("player_not_playing", player=entrant.name)
    if stack is None:
        if rule.threshold == 0:
            return RuleViolation("rebuy_only_when_out", player=entrant.name)
        return RuleViolation("rebuy_needs_stack", threshold=rule.threshold)
    if stack > rule.threshold:
        if rule.threshold == 0:
            return RuleViolation("rebuy_only_when_out", player=entrant.name)
        return RuleViolation("rebuy_stack_above_threshold", stack=stack, threshold=rule.threshold)
    return None


def rebuy_stack_question(state: TournamentState, player: PlayerId) -> int | None:
    """R3: the threshold to ask a player still in about (his chips must be at or
    under it to re-buy), or None when his re-buy needs no stack."""
    rule = state.money.rebuy
    entrant = state.players.get(player)
    if rule is None or rule.threshold == 0 or entrant is None:
        return None
    return rule.threshold if entrant.status is EntrantStatus.PLAYING else None


def can_addon(state: TournamentState, player: PlayerId, now: Instant) -> RuleViolation | None:
    """Why ``player`` may not take the add-on now, or None (R4)."""
    rule = state.money.addon
    entrant = state.players.get(player)
    if state.is_cash:
        return RuleViolation("not_in_a_cash_game")
    if rule is None:
        return RuleViolation("addon_not_offered")
    if entrant is None:
        return RuleViolation("player_not_in_event", player=str(player))
    if entrant.status is not EntrantStatus.PLAYING:
        return RuleViolation("player_not_playing", player=entrant.name)
    if entrant.addons >= 1:
        return RuleViolation("addon_already_taken", player=entrant.name)
    if not addon_open(state, now):
        return RuleViolation("addon_not_now", first=rule.from_level, last=rule.until_level)
    return None


def can_reenter(state: TournamentState, player: PlayerId, now: Instant) -> RuleViolation | None:
    """Why ``player`` may not re-enter now, or None (R5)."""
    entrant = state.players.get(player)
    if state.is_cash:
        return RuleViolation("not_in_a_cash_game")
    if not state.money.reentry:
        return RuleViolation("reentry_not_allowed")
    if entrant is None:
        return RuleViolation("player_not_in_event", player=str(player))
    if entrant.status is not EntrantStatus.BUSTED:
        return RuleViolation("reentry_only_when_out", player=entrant.name)
    if not late_registration_open(state, now):
        return RuleViolation("late_registration_closed", level=state.money.late_until_level)
    limit = state.money.max_reentries
    if limit and entrant.reentries >= limit:
        return RuleViolation("reentry_limit_reached", player=entrant.name, limit=limit)
    return None


# -- decide ------------------------------------------------------------------------


@handles(c.SetMoneySettings)
def _money(state: TournamentState, command: c.SetMoneySettings, now: Instant) -> list[e.Event]:
    _tournament_only(state)
    check_settings(command.settings)
    require(command.settings != state.money, "options_unchanged")
    check_bounty_change(state, command.settings)
    return [e.MoneySettingsChanged(at=now, settings=command.settings)]


@handles(c.SetCashSettings)
def _cash(state: TournamentState, command: c.SetCashSettings, now: Instant) -> list[e.Event]:
    _cash_only(state)
    check_cash_settings(command.settings)
    require(command.settings != state.cash, "options_unchanged")
    return [e.CashSettingsChanged(at=now, settings=command.settings)]


def _registration(
    state: TournamentState, player: PlayerId, name: str, nickname: str, now: Instant
) -> list[e.Event]:
    if player in state.players:
        return []
    require(player > 0, "player_not_in_event", player=str(player))
    return [
        e.PlayerRegistered(
            at=now,
            player=player,
            name=clean_name(name),
            nickname=clean_line(nickname, maximum=NAME_MAX_LENGTH),
        )
    ]


@handles(c.RegisterPlayer)
def _register(state: TournamentState, command: c.RegisterPlayer, now: Instant) -> list[e.Event]:
    require(command.player not in state.players, "player_already_registered", player=command.name)
    return _registration(state, command.player, command.name, command.nickname, now)


@handles(c.SetStartingStack)
def _starting_stack(
    state: TournamentState, command: c.SetStartingStack, now: Instant
) -> list[e.Event]:
    _tournament_only(state)
    entrant = _entrant(state, command.player)
    chips = check_amount(command.chips, maximum=MAX_CHIPS)
    # His stack is his first buy-in's: once he has bought in, it is in play.
    require(entrant.entries == 0, "starting_stack_after_buy_in", player=entrant.name)
    if chips == entrant.starting_stack:
        return []
    return [e.StartingStackSet(at=now, player=command.player, chips=chips)]


@handles(c.BuyIn)
def _buy_in(state: TournamentState, command: c.BuyIn, now: Instant) -> list[e.Event]:
    entrant = state.players.get(command.player)
    events = _registration(
        state,
        command.player,
        command.name or (entrant.name if entrant else ""),
        command.nickname,
        now,
    )
    if state.is_cash:
        settings = state.cash
        amount = check_amount(command.amount)
        require(amount > 0, "amount_missing")
        if settings.min_buy_in:
            require(
                amount >= settings.min_buy_in, "cash_buy_in_too_small", minimum=settings.min_buy_in
            )
        if settings.max_buy_in:
            require(
                amount <= settings.max_buy_in, "cash_buy_in_too_large", maximum=settings.max_buy_in
            )
        if entrant is not None:
            require(
                entrant.status is not EntrantStatus.PLAYING, "already_seated", player=entrant.name
            )
        return [*events, *_cash_purchase(state, command, now, MovementKind.BUY_IN, amount)]
    money = state.money
    require(money.chips > 0, "money_settings_missing")
    if entrant is not None:
        if entrant.status is EntrantStatus.PLAYING:
            raise RuleViolation("already_bought_in", player=entrant.name)
        if entrant.status is EntrantStatus.BUSTED:
            raise RuleViolation("busted_use_reentry", player=entrant.name)
    require(
        late_registration_open(state, now), "late_registration_closed", level=money.late_until_level
    )
    return [*events, *_tournament_purchase(state, command, now, MovementKind.BUY_IN)]


@handles(c.Reentry)
def _reentry(state: TournamentState, command: c.Reentry, now: Instant) -> list[e.Event]:
    _refuse_if(can_reenter(state, command.player, now))
    return _tournament_purchase(state, command, now, MovementKind.REENTRY)


@handles(c.Rebuy)
def _rebuy(state: TournamentState, command: c.Rebuy, now: Instant) -> list[e.Event]:
    if command.stack is not None:
        check_amount(command.stack, maximum=MAX_CHIPS)
    _refuse_if(can_rebuy(state, command.player, now, command.stack))
    return _tournament_purchase(state, command, now, MovementKind.REBUY)


@handles(c.Addon)
def _addon(state: TournamentState, command: c.Addon, now: Instant) -> list[e.Event]:
    _refuse_if(can_addon(state, command.player, now))
    return _tournament_purchase(state, command, now, MovementKind.ADDON)


def _refuse_if(refusal: RuleViolation | None) -> None:
    if refusal is not None:
        raise refusal


def _tournament_purchase(
    state: TournamentState,
    command: c.BuyIn | c.Reentry | c.Rebuy | c.Addon,
    now: Instant,
    kind: MovementKind,
) -> list[e.Event]:
    """The money movement of a tournament buy-in, re-entry, re-buy or add-on, at
    the price the event's settings give for ``kind`` (checked by the caller)."""
    money = state.money
    price, fee, bounty, chips = money.buy_in, money.fee, money.bounty, money.chips
    # The season pot takes its part of each entry (a buy-in or a re-entry).
    season = money.season_pot
    if kind is MovementKind.REBUY:
        assert money.rebuy is not None
        rebuy = money.rebuy
        price, fee, bounty, chips = rebuy.price, rebuy.fee, rebuy.bounty, rebuy.chips
        season = 0
    elif kind is MovementKind.ADDON:
        assert money.addon is not None
        addon = money.addon
        price, fee, bounty, chips = addon.price, addon.fee, addon.bounty, addon.chips
        season = 0
    elif kind is MovementKind.BUY_IN:
        entrant = state.players.get(command.player)
        if entrant is not None and entrant.starting_stack > 0:
            chips = entrant.starting_stack
    movement = _purchase(
        state,
        now=now,
        kind=kind,
        player=command.player,
        price=price,
        fee=fee,
        bounty=bounty,
        chips=chips,
        paid=command.paid,
        season=season,
    )
    return [e.MoneyMoved(at=now, movement=movement)]


@handles(c.TopUp)
def _top_up(state: TournamentState, command: c.TopUp, now: Instant) -> list[e.Event]:
    _cash_only(state)
    entrant = _entrant(state, command.player)
    require(entrant.status is EntrantStatus.PLAYING, "player_not_playing", player=entrant.name)
    amount = check_amount(command.amount)
    require(amount > 0, "amount_missing")
    return _cash_purchase(state, command, now, MovementKind.TOP_UP, amount)


def _cash_purchase(
    state: TournamentState,
    command: c.BuyIn | c.TopUp,
    now: Instant,
    kind: MovementKind,
    amount: int,
) -> list[e.Event]:
    """A cash-game buy-in or top-up: chips at the game's rate, no fee, no bounty."""
    movement = _purchase(
        state,
        now=now,
        kind=kind,
        player=command.player,
        price=amount,
        fee=Fee(),
        bounty=0,
        chips=chips_for(amount, state.cash),
        paid=command.paid,
    )
    return [e.MoneyMoved(at=now, movement=movement)]


@handles(c.PayDebt)
def _pay_debt(state: TournamentState, command: c.PayDebt, now: Instant) -> list[e.Event]:
    entrant = _entrant(state, command.player)
    check_amount(command.amount)
    owed = entrant.owed
    require(owed > 0, "nothing_owed", player=entrant.name)
    amount = command.amount or owed
    require(amount <= owed, "payment_more_than_owed", owed=owed)
    movement = Movement(at=now, kind=MovementKind.PAYMENT, player=command.player, cash=amount)
    return [e.MoneyMoved(at=now, movement=movement)]


@handles(c.PayOutDue)
def _pay_out(state: TournamentState, command: c.PayOutDue, now: Instant) -> list[e.Event]:
    entrant = _entrant(state, command.player)
    check_amount(command.amount)
    due = entrant.due
    require(due > 0, "nothing_due", player=entrant.name)
    amount = command.amount or due
    require(amount <= due, "payment_more_than_due", due=due)
    movement = Movement(at=now, kind=MovementKind.PAYOUT, player=command.player, cash=-amount)
    return [e.MoneyMoved(at=now, movement=movement)]


@handles(c.CashOut)
def _cash_out(state: TournamentState, command: c.CashOut, now: Instant) -> list[e.Event]:
    _cash_only(state)
    entrant = _entrant(state, command.player)
    require(entrant.status is EntrantStatus.PLAYING, "player_not_playing", player=entrant.name)
    chips = check_amount(command.chips, maximum=MAX_CHIPS)
    value = money_for(chips, state.cash)
    movement = Movement(
        at=now,
        kind=MovementKind.CASH_OUT,
        player=command.player,
        price=-value,
        cash=-value if command.paid else 0,
        chips=-chips,
    )
    return [e.MoneyMoved(at=now, movement=movement)]


@handles(c.TakeRake)
def _take_rake(state: TournamentState, command: c.TakeRake, now: Instant) -> list[e.Event]:
    """The house's rake, by the game's rule, for the club's own account: from a pot,
    the chips taken off the table; else each player in the game charged the hour's
    (each time it is collected) or the seat's charge (once a night)."""
    _cash_only(state)
    rule = state.cash.rake
    require(rule.kind != RAKE_NONE, "rake_none")
    pot = check_amount(command.pot, maximum=MAX_CHIPS)
    if rule.kind == RAKE_POT:
        require(pot > 0, "rake_pot_missing")
        chips = pot_rake(pot, state.cash)
        require(chips > 0, "rake_nothing_to_take")
        movement = Movement(
            at=now,
            kind=MovementKind.RAKE,
            player=BANK,
            fee=money_for(chips, state.cash),
            chips=-chips,
        )
        return [e.MoneyMoved(at=now, movement=movement)]
    require(pot == 0, "rake_pot_only")
    charged = {m.player for m in state.ledger if m.kind is MovementKind.RAKE}
    events: list[e.Event] = []
    for player, entrant in state.players.items():
        if entrant.status is not EntrantStatus.PLAYING:
            continue
        if rule.kind == RAKE_PLAYER and player in charged:
            continue
        movement = Movement(
            at=now,
            kind=MovementKind.RAKE,
            player=player,
            price=rule.amount,
            fee=rule.amount,
            cash=rule.amount if command.paid else 0,
        )
        events.append(e.MoneyMoved(at=now, movement=movement))
    require(bool(events), "rake_nothing_to_take")
    return events


@handles(c.BustPlayers)
def _bust(state: TournamentState, command: c.BustPlayers, now: Instant) -> list[e.Event]:
    _tournament_only(state)
    busts = command.busts
    require(bool(busts), "no_player_chosen")
    players = [bust.player for bust in busts]
    require(len(set(players)) == len(players), "player_listed_twice")
    for bust in busts:
        entrant = _entrant(state, bust.player)
        if entrant.status is EntrantStatus.BUSTED:
            raise RuleViolation("player_already_out", player=entrant.name)
        require(entrant.status is EntrantStatus.PLAYING, "player_not_playing", player=entrant.name)
        if bust.start_stack is not None:
            check_amount(bust.start_stack, maximum=MAX_CHIPS)
        if bust.eliminator is not None:
            eliminator = _entrant(state, bust.eliminator)
            require(bust.eliminator not in players, "eliminator_is_out", player=eliminator.name)
            require(
                eliminator.status is EntrantStatus.PLAYING,
                "eliminator_is_out",
                player=eliminator.name,
            )
        check_winners(state, bust, players)
    # Several winners share the bounty; odd units go by R22, from the button.
    busts = tuple(clockwise_winners(state, bust) for bust in busts)
    left = len(state.alive())
    require(left - len(busts) >= 1, "cannot_bust_everyone")
    tables = state.tables
    if tables.hand_for_hand:
        # R27: the hand-for-hand round is the "hand"; each bust knows its table.
        seated = tables.seated()
        busts = tuple(
            evolve(bust, table=seated.get(bust.player, (bust.table, 0))[0]) for bust in busts
        )
        record = BustRecord(
            hand=tables.round,
            busts=busts,
            at=now,
            hand_for_hand=True,
            after_movements=len(state.ledger),
            after_deal=state.deal is not None,
        )
    else:
        record = BustRecord(
            hand=len(state.busts) + 1,
            busts=tuple(busts),
            at=now,
            after_movements=len(state.ledger),
            after_deal=state.deal is not None,
        )
    return [e.PlayersBusted(at=now, record=record)]


@handles(c.RevertBust)
def _revert(state: TournamentState, command: c.RevertBust, now: Instant) -> list[e.Event]:
    entrant = _entrant(state, command.player)
    require(entrant.status is EntrantStatus.BUSTED, "player_not_out", player=entrant.name)
    return [e.BustReverted(at=now, player=command.player)]


@handles(c.RemoveEntry)
def _remove(state: TournamentState, command: c.RemoveEntry, now: Instant) -> list[e.Event]:
    entrant = _entrant(state, command.player)
    last = last_purchase(state, command.player)
    require(last is not None, "nothing_to_refund", player=entrant.name)
    assert last is not None
    _check_refund_keeps_bounties(state, entrant, last)
    # The money paid for it goes back; what was still owed for it is cancelled.
    paid_back = min(last.price, max(0, last.price - entrant.owed))
    movement = Movement(
        at=now,
        kind=MovementKind.REFUND,
        player=command.player,
        price=-last.price,
        fee=-last.fee,
        bounty=-last.bounty,
        prize=-last.prize,
        season=-last.season,
        cash=-paid_back,
        chips=-last.chips,
        refunded=last.kind,
        revived=last.revived,
    )
    return [e.MoneyMoved(at=now, movement=movement)]


def _check_refund_keeps_bounties(state: TournamentState, entrant: Entrant, last: Movement) -> None:
    """A refund may not take back bounty money somebody already won (R6).

    Refunding a player's only entry removes him with his busts, so the bounty his
    bust paid goes back with them; but not the bounties he won himself: whoever he
    knocked out is put back in first. A player out who keeps an entry keeps his
    bust: the bounty of the purchase refunded was already won by his eliminator,
    so he is put back in first (his bust then gives the bounty back). A purchase
    that brought a player back (a re-entry, a re-buy after a bust), refunded,
    puts him out again: the progressive knockout shares he won since then would
    stay on the head of a player who is out, so whoever he knocked out since is
    put back in first."""
    removes = last.kind in (MovementKind.BUY_IN, MovementKind.REENTRY) and entrant.entries == 1
    back_out = last.revived and entrant.status is EntrantStatus.PLAYING
    if back_out and not removes and current_bounty(state, entrant.player) > last.bounty:
        # The purchase brought him back; refunded, he is out again. A progressive
        # knockout's share he won since then sits on his head: nobody could ever
        # win it. Whoever he knocked out since is put back in first.
        beaten = knocked_out_since(state, entrant.player, last)
        raise RuleViolation(
            "refund_after_knockouts",
            player=entrant.name,
            out=state.player_name(beaten[-1]) if beaten else "",
        )
    if removes:
        beaten = [
            bust.player
            for record in state.busts
            for bust in record.busts
            if entrant.player in {winner.player for winner in bust.eliminators()}
        ]
        if beaten:
            raise RuleViolation(
                "refund_after_knockouts",
                player=entrant.name,
                out=state.player_name(beaten[-1]),
            )
    elif entrant.status is EntrantStatus.BUSTED and last.bounty > 0:
        raise RuleViolation("refund_bounty_already_won", player=entrant.name)
    if last.bounty > 0 and state.draws:
        # Mystery: the envelopes drawn were paid from the bounty money; what is
        # left of it must still cover them.
        kept = (draw for draw in state.draws if not (removes and draw.busted == entrant.player))
        drawn = sum(draw.amount for draw in kept)
        left = figures(state.players, state.ledger).bounty_pool - last.bounty
        require(
            left >= drawn, "refund_envelopes_drawn", player=entrant.name, drawn=drawn, left=left
        )


def knocked_out_since(state: TournamentState, player: PlayerId, since: Movement) -> list[PlayerId]:
    """The players ``player`` knocked out (alone or sharing) after the movement
    ``since``, in the log's order."""
    beaten: list[PlayerId] = []
    started = False
    for item in in_log_order(state.ledger, state.busts):
        if item is since:
            started = True
        elif started and isinstance(item, BustRecord):
            beaten += [
                bust.player
                for bust in item.busts
                if player in {winner.player for winner in bust.eliminators()}
            ]
    return beaten


def last_purchase(state: TournamentState, player: PlayerId) -> Movement | None:
    """The player's latest purchase not yet refunded (refunds take back the latest first)."""
    purchases = [m for m in state.ledger if m.player == player and m.kind in PURCHASES]
    refunds = sum(1 for m in state.ledger if m.player == player and m.kind is MovementKind.REFUND)
    remaining = len(purchases) - refunds
    return purchases[remaining - 1] if remaining > 0 else None
