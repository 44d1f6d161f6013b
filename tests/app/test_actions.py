"""The one action catalogue (``app.night.actions``) and the surfaces that take their actions
from it: the remote's, the dealers' and the helpers' request readers accept exactly
the catalogue's keys for their surface, their views list the catalogue's actions,
and the console's hotkeys are the catalogue's. An entry added to the catalogue is
offered at once where it says, with each surface's rights still applying."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from director.app.club.names import order_key
from director.app.night import actions
from director.app.night.actions import (
    CATALOGUE,
    Action,
    BadRequest,
    Hotkey,
    Need,
    Request,
    Surface,
    command,
    parse,
)
from director.app.night.session import TournamentSession
from director.app.phones import dealers, helpers, remote
from director.app.phones.remote import SessionTarget
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.players import Bust
from director.i18n import N_
from director.persistence.db import open_database
from tests.app.night import night
from tests.conftest import FakeClock

OFFERED = {
    Surface.CONSOLE: {
        "start_pause",
        "next_level",
        "previous_level",
        "add_minute",
        "remove_minute",
        "next_hand",
        "hand_done",
        "bust",
        "rebuy",
        "addon",
        "buy_in",
        "reentry",
        "pay",
        "revert",
        "pay_out",
        "remove",
        "top_up",
        "cash_out",
        "rake",
        "move_done",
        "shot_clock",
        "time_bank",
        "shot_clock_stop",
        "show_display",
        "help",
        "undo",
        "redo",
    },
    Surface.REMOTE: {
        "start",
        "pause",
        "next_level",
        "previous_level",
        "add_minute",
        "remove_minute",
        "hand_done",
        "bust",
        "rebuy",
    },
    Surface.DEALER: {
        "hand_done",
        "bust",
        "move_done",
        "shot_clock",
        "time_bank",
        "shot_clock_stop",
        "call_floor",
    },
    Surface.HELPER: {"buy_in", "rebuy", "reentry", "addon", "pay", "new_player"},
}


@pytest.fixture
def session(file_path: Path, clock: FakeClock) -> Iterator[TournamentSession]:
    database = open_database(file_path)
    opened = night(database, clock)
    yield opened
    opened.close()
    database.close()


def test_the_catalogue_lists_every_action_once_with_where_it_is_offered() -> None:
    keys = [action.key for action in CATALOGUE]
    assert len(keys) == len(set(keys))
    assert set(keys) == set().union(*OFFERED.values())
    for surface, offered in OFFERED.items():
        assert CATALOGUE.keys(surface) == offered, surface
    for action in CATALOGUE:
        assert action.label and action.surfaces, action.key
        # A phone may only be offered what it can send: every need has its fields.
        if any(phone in action.surfaces for phone in actions.PHONES):
            assert Need.RUNNING not in action.needs, action.key
    # Only what the surface does itself is not a command.
    not_commands = {action.key for action in CATALOGUE if action.build is None}
    assert not_commands == {"call_floor", "show_display", "help", "undo", "redo"}


def test_the_console_and_the_phones_build_the_same_command() -> None:
    asked = Request(player=PlayerId(3), eliminator=PlayerId(4))
    bust = c.BustPlayers(busts=(Bust(player=PlayerId(3), eliminator=PlayerId(4)),))
    assert command("bust", asked) == bust
    assert remote.command_for({"action": "bust", "player": 3, "eliminator": 4}) == bust
    assert command("start_pause", Request(running=True)) == c.PauseClock()
    assert command("start_pause", Request(running=False)) == c.StartClock()
    assert command("add_minute") == remote.command_for({"action": "add_minute"})


def _sample(action: Action, surface: Surface, player: int, table: int) -> dict[str, Any]:
    """A request ``surface`` could send for ``action``: every field it may carry filled."""
    data: dict[str, Any] = {"action": action.key}
    for need in action.needs:
        if need is Need.PAID:
            data["paid"] = False
        elif need is Need.MOVE:
            data.update(to_table=table, to_seat=1)
        elif need is Need.TABLE:
            data["table"] = table
        elif need in (Need.PLAYER, Need.ELIMINATOR):
            data[need.value] = player
        elif need is Need.NAME:
            data["name"] = "Newcomer"
        elif need is not Need.RUNNING:
            data[need.value] = 1000
    return {name: value for name, value in data.items() if name in action.fields(surface)}


def _readers(
    session: TournamentSession,
) -> dict[Surface, tuple[Callable[[object], object], dict[str, Any]]]:
    """Each phone's request reader, and the player and table to name in its samples."""
    state = session.state
    table, seats = min(state.tables.tables.items())
    player = int(min(seats.seats.values()))
    return {
        Surface.REMOTE: (remote.command_for, {"player": player, "table": table}),
        Surface.DEALER: (
            lambda data: dealers.command_for(data, table, state),
            {"player": player, "table": table},
        ),
        Surface.HELPER: (
            lambda data: helpers.read(data, state),
            {"player": player, "table": table},
        ),
    }


def _understood(reader: Callable[[object], object], data: dict[str, Any]) -> bool:
    """Whether ``reader`` takes ``data`` as one of its actions: it makes the command,
    or leaves the refusal to the rules (a move not planned); refused before the rules
    (not understood, not this phone's to ask) is not taken."""
    try:
        reader(data)
    except (BadRequest, dealers.NotAllowed, helpers.NotAllowed):
        return False
    except RuleViolation:
        return True
    return True


def _samples(
    readers: dict[Surface, tuple[Callable[[object], object], dict[str, Any]]],
) -> Iterator[tuple[Surface, Action, bool]]:
    for surface, (reader, named) in readers.items():
        for action in actions.catalogue():
            data = _sample(action, surface, named["player"], named["table"])
            yield surface, action, _understood(reader, data)


def test_each_phone_takes_exactly_the_catalogues_actions_for_it(
    session: TournamentSession,
) -> None:
    for surface, action, understood in _samples(_readers(session)):
        assert understood == (surface in action.surfaces), (surface, action.key)


def test_another_phones_action_is_refused_as_not_its_own() -> None:
    """A dealer's or a helper's phone asking for what another phone may do is told
    it may not (403), not that it is not understood; the remote, that it is unknown."""
    state = None
    with pytest.raises(dealers.NotAllowed):
        dealers.command_for({"action": "buy_in", "player": 1}, 1, state)  # type: ignore[arg-type]
    with pytest.raises(helpers.NotAllowed):
        helpers.command_for({"action": "call_floor"}, state)  # type: ignore[arg-type]
    with pytest.raises(BadRequest, match="unknown action"):
        remote.command_for({"action": "buy_in", "player": 1})
    # The console's own actions are no phone's: not understood.
    with pytest.raises(BadRequest, match="unknown action"):
        dealers.command_for({"action": "undo"}, 1, state)  # type: ignore[arg-type]


def test_a_phone_sends_only_the_fields_its_surface_may() -> None:
    rebuy = CATALOGUE["rebuy"]
    assert rebuy.fields(Surface.REMOTE) == {"action", "player", "stack", "paid"}
    assert rebuy.fields(Surface.HELPER) == {"action", "player", "paid"}
    with pytest.raises(BadRequest, match="unknown field: stack"):
        parse({"action": "rebuy", "player": 1, "stack": 900}, Surface.HELPER)
    # A dealer's table is its own: it may leave it out.
    action, request = parse({"action": "hand_done"}, Surface.DEALER)
    assert action.key == "hand_done" and request.table is None
    with pytest.raises(BadRequest):
        parse({"action": "hand_done"}, Surface.REMOTE)


def test_the_hotkeys_are_the_catalogues() -> None:
    from director.gui import hotkeys

    expected = [
        (hotkey.keys, action.key, hotkey.description) for action, hotkey in CATALOGUE.hotkeys()
    ]
    assert [(h.keys, h.action, h.description) for h in hotkeys.table()] == expected
    assert hotkeys.table() == hotkeys.HOTKEYS
    assert [h.action for h in hotkeys.table() if h.numbered] == ["hand_done"]


ADDON_EVERYWHERE = Action(
    "addon",
    N_("Add-on"),
    frozenset({Surface.CONSOLE, Surface.REMOTE, Surface.HELPER}),
    (Need.PLAYER, Need.PAID),
    lambda request: c.Addon(player=request.player or PlayerId(0), paid=request.paid),
    Hotkey(("Ctrl+D",), N_("Add-on for the selected player")),
)
REBUY_AT_THE_TABLE = Action(
    "table_rebuy",
    N_("Re-buy"),
    frozenset({Surface.DEALER}),
    (Need.PLAYER,),
    lambda request: c.Rebuy(player=request.player or PlayerId(0)),
)
PUT_BACK_AT_THE_DOOR = Action(
    "revert",
    N_("Put back in"),
    frozenset({Surface.CONSOLE, Surface.HELPER}),
    (Need.PLAYER,),
    lambda request: c.RevertBust(player=request.player or PlayerId(0)),
    Hotkey(("Ctrl+U",), N_("Put back in")),
)


def test_a_new_entry_is_offered_on_its_surfaces_at_once(
    session: TournamentSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: "A new action (say an add-on from a phone) is then one entry"."""
    monkeypatch.setattr(
        actions,
        "CATALOGUE",
        CATALOGUE.adding(ADDON_EVERYWHERE, REBUY_AT_THE_TABLE, PUT_BACK_AT_THE_DOOR),
    )
    target = SessionTarget(session)
    state = session.state
    table, seats = min(state.tables.tables.items())
    mine = min(seats.seats.values())
    elsewhere = next(
        player
        for number, other in state.tables.tables.items()
        if number != table
        for player in other.seats.values()
    )
    # The remote: an add-on from the organizer's phone, listed for each player.
    addon = remote.command_for({"action": "addon", "player": 3, "paid": False})
    assert addon == c.Addon(player=PlayerId(3), paid=False)
    shown = remote.controls(target)["players"]
    assert shown and all("addon" in player for player in shown)
    # A dealer's phone: a re-buy at its table, refused for a player at another.
    rebuy = dealers.command_for({"action": "table_rebuy", "player": int(mine)}, table, state)
    assert rebuy == c.Rebuy(player=mine)
    with pytest.raises(dealers.NotAllowed):
        dealers.command_for({"action": "table_rebuy", "player": int(elsewhere)}, table, state)
    listed = dealers.view(target, table, now=int(session.now()))["players"]
    assert all("table_rebuy" in player for player in listed)
    # A helper's phone: putting a player back in, listed for each player.
    assert helpers.command_for({"action": "revert", "player": 3}, state) == c.RevertBust(
        player=PlayerId(3)
    )
    assert all("revert" in player for player in helpers.view(target)["players"])
    # The phones that were not given them still refuse them.
    with pytest.raises(dealers.NotAllowed):
        dealers.command_for({"action": "addon", "player": int(mine)}, table, state)
    with pytest.raises(helpers.NotAllowed):
        helpers.command_for({"action": "table_rebuy", "player": 3}, state)
    with pytest.raises(BadRequest):
        remote.command_for({"action": "revert", "player": 3})
    # The console's hotkeys have the new key.
    from director.gui import hotkeys

    assert ("Ctrl+U",) in [hotkey.keys for hotkey in hotkeys.table()]
    # Every surface still takes exactly what the catalogue offers it.
    for surface, action, understood in _samples(_readers(session)):
        assert understood == (surface in action.surfaces), (surface, action.key)


def test_a_helpers_phone_lists_the_players_with_numbers_in_their_order(session) -> None:
    """ "Player 2" before "Player 10" on the helper's list, as on the console."""
    names = [player["name"] for player in helpers.view(SessionTarget(session))["players"]]
    assert len(names) > 10
    assert names == sorted(names, key=order_key)
    numbered = [name for name in names if name.startswith("Player ")]
    assert numbered == sorted(numbered, key=lambda name: int(name.split()[1]))


def test_a_helpers_newcomer_is_the_catalogues_entry_read_from_his_typed_name(
    session: TournamentSession,
) -> None:
    """The helper's "new player" is one entry: its name read and cleaned by the
    catalogue's parser, its command the roster's record (added by ``enrol``) bought
    in; hostile names are refused before anything is enrolled."""
    state = session.state
    action, asked = helpers.read(
        {"action": "new_player", "name": "  Zoé \u00a0Durand ", "paid": False}, state
    )
    assert action is CATALOGUE["new_player"] and asked.name == "Zoé Durand"
    enrolled: list[str] = []

    def enrol(name: str) -> tuple[PlayerId, str, str]:
        enrolled.append(name)
        return PlayerId(99), name, "Z"

    built = action.command(replace(asked, enrol=enrol))
    assert built == c.BuyIn(player=PlayerId(99), name="Zoé Durand", nickname="Z", paid=False)
    with pytest.raises(BadRequest):
        action.command(asked)  # no roster to enrol him in: nothing is made up
    for hostile in ("", "   ", "x" * 10_000, "x\ny", "Zo\x1be", 7, None):
        with pytest.raises((BadRequest, RuleViolation)):
            helpers.read({"action": "new_player", "name": hostile}, state)
    with pytest.raises(BadRequest):
        helpers.read({"action": "new_player", "name": "Zoé", "player": 3}, state)
    assert enrolled == ["Zoé Durand"]
