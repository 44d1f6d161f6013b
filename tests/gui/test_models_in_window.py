"""Every item model of the window, fed by the session on the demo night, passes Qt's
own model checks (QAbstractItemModelTester, fatal on any breach) while commands,
undo and redo change the event under it."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel

from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import Bust, EntrantStatus


def models_of(window) -> dict[str, QAbstractItemModel]:
    """Each item model of the window's pages, built now."""
    console = window.console
    payouts = console.page("payouts")
    floor = console.page("floor")
    return {
        "events": window.events_page.model,
        "players": console.page("players").model,
        "structure": console.page("structure").model,
        "places": payouts.places_model,
        "deal": payouts.deal_model,
        "floor players": floor.players_model,
        "pots": floor.pots_model,
        "hands": floor.hands_model,
    }


def test_every_model_passes_qts_checks_while_the_demo_night_changes(
    qtbot, demo_window, refusals_fail, model_checks
) -> None:
    window = demo_window
    for model in models_of(window).values():
        model_checks(model)
    controller = window.controller
    for key in list(window.console.keys()):  # every page drawn from the session's state
        window.console.show_page(key)
        qtbot.wait(1)
    state = controller.state
    playing = [p for p, entrant in state.players.items() if entrant.status is EntrantStatus.PLAYING]
    controller.dispatch(c.BustPlayers(busts=(Bust(player=playing[-1]),)))
    controller.dispatch(c.RenameTournament(name="Demo, renamed"))
    controller.dispatch(c.BuyIn(player=PlayerId(max(state.players) + 1), name="Late Larry"))
    qtbot.wait(1)
    for _ in range(3):
        controller.undo()
        qtbot.wait(1)
    for _ in range(2):
        controller.redo()
        qtbot.wait(1)
    for key in list(window.console.keys()):
        window.console.show_page(key)
        qtbot.wait(1)
    window.show_events()
    window.refresh_events()
    qtbot.wait(1)
    assert controller.state.name == "Demo, renamed"


def test_every_model_passes_qts_checks_on_an_empty_event_filled_and_undone(
    qtbot, event_window, refusals_fail, model_checks
) -> None:
    """A new event, no levels and nobody in: the models start from no rows at all."""
    from director.app.files import structures
    from director.core.money import MoneySettings

    window = event_window(shown=True)
    for model in models_of(window).values():
        model_checks(model)
    for key in list(window.console.keys()):
        window.console.show_page(key)
        qtbot.wait(1)
    controller = window.controller
    controller.dispatch(
        c.SetStructure(structure=structures.find("regular-5000").template.structure)
    )
    controller.dispatch(c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)))
    for number in range(1, 4):
        controller.dispatch(c.BuyIn(player=PlayerId(number), name=f"Player {number}"))
    controller.dispatch(c.BustPlayers(busts=(Bust(player=PlayerId(3)),)))
    qtbot.wait(1)
    for _ in range(6):
        controller.undo()
        qtbot.wait(1)
    for key in list(window.console.keys()):
        window.console.show_page(key)
        qtbot.wait(1)
    assert not controller.state.players
    assert not controller.state.structure.items
