"""How players, entries, money and busts change the state."""

from __future__ import annotations

from director.core import clock as clk
from director.core import events as e
from director.core.apply import applies
from director.core.frozen import evolve
from director.core.ids import PlayerId
from director.core.players import (
    BustRecord,
    Entrant,
    EntrantStatus,
    Movement,
    MovementKind,
    busts_of,
)
from director.core.state import Status, TournamentState


@applies(e.MoneySettingsChanged)
def _money_changed(state: TournamentState, event: e.MoneySettingsChanged) -> TournamentState:
    return evolve(state, money=event.settings)


@applies(e.CashSettingsChanged)
def _cash_changed(state: TournamentState, event: e.CashSettingsChanged) -> TournamentState:
    return evolve(state, cash=event.settings)


@applies(e.PlayerRegistered)
def _registered(state: TournamentState, event: e.PlayerRegistered) -> TournamentState:
    entrant = Entrant(
        player=event.player, name=event.name, nickname=event.nickname, joined_at=event.at
    )
    return evolve(state, players={**state.players, event.player: entrant})


@applies(e.StartingStackSet)
def _starting_stack(state: TournamentState, event: e.StartingStackSet) -> TournamentState:
    entrant = evolve(state.players[event.player], starting_stack=event.chips)
    return evolve(state, players={**state.players, event.player: entrant})


def _counted(entrant: Entrant, movement: Movement) -> Entrant:
    kind = movement.kind
    changes: dict[str, object] = {
        "price": entrant.price + movement.price
        if kind is not MovementKind.CASH_OUT
        else entrant.price,
        "chips": entrant.chips + movement.chips,
    }
    if movement.cash > 0 or (movement.cash < 0 and kind is MovementKind.REFUND):
        changes["paid"] = entrant.paid + movement.cash
    elif movement.cash < 0:
        changes["paid_out"] = entrant.paid_out - movement.cash
    if kind is MovementKind.BUY_IN:
        changes.update(entries=entrant.entries + 1, status=EntrantStatus.PLAYING)
    elif kind is MovementKind.REENTRY:
        changes.update(
            entries=entrant.entries + 1,
            reentries=entrant.reentries + 1,
            status=EntrantStatus.PLAYING,
        )
    elif kind is MovementKind.REBUY:
        changes.update(rebuys=entrant.rebuys + 1, status=EntrantStatus.PLAYING)
    elif kind is MovementKind.ADDON:
        changes.update(addons=entrant.addons + 1)
    elif kind is MovementKind.CASH_OUT:
        changes.update(cashed_out=entrant.cashed_out - movement.price, status=EntrantStatus.LEFT)
    elif kind is MovementKind.REFUND:
        refunded = movement.refunded
        if refunded in (MovementKind.BUY_IN, MovementKind.REENTRY):
            entries = entrant.entries - 1
            changes["entries"] = entries
            if refunded is MovementKind.REENTRY:
                changes["reentries"] = entrant.reentries - 1
            changes["status"] = (
                EntrantStatus.REMOVED
                if entries == 0
                else EntrantStatus.BUSTED
                if movement.revived
                else entrant.status
            )
        elif refunded is MovementKind.REBUY:
            changes["rebuys"] = entrant.rebuys - 1
            if movement.revived:
                changes["status"] = EntrantStatus.BUSTED
        elif refunded is MovementKind.ADDON:
            changes["addons"] = entrant.addons - 1
    return evolve(entrant, **changes)


def _without_bust_of(records: tuple[BustRecord, ...], player: PlayerId) -> tuple[BustRecord, ...]:
    """The bust records with ``player``'s latest bust taken out."""
    for position in range(len(records) - 1, -1, -1):
        record = records[position]
        if any(bust.player == player for bust in record.busts):
            kept = tuple(bust for bust in record.busts if bust.player != player)
            replaced = (evolve(record, busts=kept),) if kept else ()
            return records[:position] + replaced + records[position + 1 :]
    return records


@applies(e.MoneyMoved)
def _moved(state: TournamentState, event: e.MoneyMoved) -> TournamentState:
    movement = event.movement
    if movement.player not in state.players:  # the rake of a pot: nobody's own
        return evolve(state, ledger=(*state.ledger, movement))
    updated = _counted(state.players[movement.player], movement)
    busts = state.busts
    draws = state.draws
    if updated.status is EntrantStatus.REMOVED:
        # An entry made by mistake: its busts were mistakes too (their envelopes go back).
        busts = tuple(
            evolve(record, busts=kept)
            for record in busts
            if (kept := tuple(b for b in record.busts if b.player != movement.player))
        )
        draws = tuple(draw for draw in draws if draw.busted != movement.player)
    return evolve(
        state,
        players={**state.players, movement.player: updated},
        ledger=(*state.ledger, movement),
        busts=busts,
        draws=draws,
    )


@applies(e.PlayersBusted)
def _busted(state: TournamentState, event: e.PlayersBusted) -> TournamentState:
    players = dict(state.players)
    for bust in event.record.busts:
        players[bust.player] = evolve(players[bust.player], status=EntrantStatus.BUSTED)
    status = state.status
    clock = state.clock
    left = sum(1 for entrant in players.values() if entrant.status is EntrantStatus.PLAYING)
    if left <= 1:
        # The winner is known: the event is over and its clock stops for good at
        # the last bust (derived from the bust itself, so a restart, a replay or
        # an undo of the bust all agree).
        status = Status.FINISHED
        if clock.running:
            clock = clk.pause(clk.reanchor(clock, state.structure, event.at))
    record = event.record
    busts = state.busts
    if record.hand_for_hand and busts and busts[-1].hand_for_hand and busts[-1].hand == record.hand:
        # R23, R27: busts on the same hand-for-hand hand, at any table, share
        # one record, so they tie across tables.
        record = evolve(busts[-1], busts=(*busts[-1].busts, *record.busts))
        busts = busts[:-1]
    return evolve(state, players=players, busts=(*busts, record), status=status, clock=clock)


@applies(e.BustReverted)
def _reverted(state: TournamentState, event: e.BustReverted) -> TournamentState:
    entrant = state.players[event.player]
    status = state.status
    if status is Status.FINISHED:
        status = Status.RUNNING if state.clock.started else Status.SETUP
    # The envelope his latest bust drew, if it drew one, goes back among those left
    # (an envelope an earlier bust of his drew stays won).
    latest = busts_of(state.busts, event.player)
    draws = tuple(
        draw for draw in state.draws if not (draw.busted == event.player and draw.bust == latest)
    )
    return evolve(
        state,
        players={**state.players, event.player: evolve(entrant, status=EntrantStatus.PLAYING)},
        busts=_without_bust_of(state.busts, event.player),
        status=status,
        draws=draws,
    )
