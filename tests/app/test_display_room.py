"""What the TV tells the room besides the clock: late registration (R5), the add-on
on offer (R4), the chip race's result (R28), a move made, a break's note, a paused
clock; all worked out in the app layer (``director.app.views.display``)."""

from __future__ import annotations

import pytest

from director.app.views.display import (
    MoveRow,
    NoteRow,
    RaceRow,
    SectionKind,
    break_note,
    display_data,
    paused_status,
)
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.money import AddonRule, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.structure import Break, Level, Structure
from director.i18n import set_language
from tests.core.helpers import MIN, T0, created, run

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50),
        Level(small_blind=50, big_blind=100),
        Break(seconds=10 * 60, note="Colour up the 25s"),
        Level(small_blind=100, big_blind=200),
        Level(small_blind=200, big_blind=400),
    ),
    chips=(25, 100, 500),
)
"""Levels of 20 minutes; the break (minutes 40 to 50) removes the 25s."""
ON_BREAK = T0 + 45 * MIN
SETTINGS = MoneySettings(
    buy_in=2000,
    chips=5000,
    rebuy=RebuyRule(price=1500, chips=5000, until_level=2, through_break=True),
    addon=AddonRule(price=1000, chips=7500, from_level=2, until_level=2),
    late_until_level=3,
)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def night(players: int = 4, settings: MoneySettings = SETTINGS):
    state = run(created(STRUCTURE), c.SetMoneySettings(settings=settings), T0)
    for number in range(1, players + 1):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"Player {number}"), T0)
    state = run(state, c.SetTableOptions(seats_per_table=6), T0)
    state = run(state, c.DrawSeats(), T0)
    return run(state, c.StartClock(), T0)


def stat(data, key: str):
    return next((s for s in data.stats if s.key == key), None)


def test_r5_the_tv_says_late_registration_is_open_and_until_when() -> None:
    """R5: "Until the end of a given level": the room sees it while it is open, and
    no longer once it closed."""
    state = night()
    late = stat(display_data(state, T0 + MIN), "late")
    assert late is not None
    assert (late.caption, late.value) == ("Late registration to the end of level 3", "Open")
    assert stat(display_data(state, T0 + 71 * MIN), "late") is None  # level 4
    set_language("fr")
    late = stat(display_data(state, T0 + MIN), "late")
    assert late is not None and late.caption == "Inscriptions tardives jusqu'à la fin du niveau 3"
    # Through the break that follows the level, when one does.
    through = run(night(), c.SetMoneySettings(settings=_late(2)), T0)
    set_language("en")
    late = stat(display_data(through, ON_BREAK), "late")
    assert late is not None and late.caption == "Late registration to the break after level 2"


def _late(level: int) -> MoneySettings:
    from dataclasses import replace

    return replace(SETTINGS, late_until_level=level)


def test_r4_the_add_on_on_offer_is_said_during_its_level_and_its_break() -> None:
    """R4: "usually at the break ending the re-buy period; its own price and chips"."""
    state = night()
    assert stat(display_data(state, T0 + MIN), "addon") is None  # level 1: not yet
    level = display_data(state, T0 + 21 * MIN)
    offer = stat(level, "addon")
    assert offer is not None
    assert (offer.caption, offer.value) == ("Add-on to the break after level 2", "Available")
    assert level.addon_text == ""
    pause = display_data(state, ON_BREAK)
    assert pause.on_break and pause.addon_text == "Add-on: 7,500 chips for €10.00"
    assert display_data(state, T0 + 51 * MIN).addon_text == ""  # over with the break
    assert stat(display_data(state, T0 + 51 * MIN), "addon") is None
    set_language("fr")
    assert display_data(state, ON_BREAK).addon_text.startswith("Add-on : 7")


def test_r28_the_chip_race_result_is_on_the_tv_during_its_break() -> None:
    """R28: the highest cards win a chip of the next denomination; the room sees who."""
    state = night()
    seated = state.tables.seated()
    holdings = tuple(c.RaceChips(player=player, chips=3) for player in seated)
    assert display_data(state, ON_BREAK).sections[0].kind is not SectionKind.CHIP_RACE
    state = run(state, c.ChipRace(table=1, denomination=25, holdings=holdings), ON_BREAK)
    section = next(s for s in display_data(state, ON_BREAK).sections if s.kind == "chip_race")
    assert section.title == "Chip race"
    assert section.rows[0] == NoteRow("The 25s change into 100s", "race")
    winners = [row for row in section.rows if isinstance(row, RaceRow)]
    result = state.tables.races[-1].result
    assert len(winners) == sum(entry.won for entry in result.entries) > 0
    assert {row.text for row in winners} == {"wins a 100"}
    assert {row.name for row in winners} <= {f"Player {n}" for n in range(1, 5)}
    # Still shown in the level after the break, gone in the one after that.
    kinds = [s.kind for s in display_data(state, T0 + 55 * MIN).sections]
    assert SectionKind.CHIP_RACE in kinds
    kinds = [s.kind for s in display_data(state, T0 + 75 * MIN).sections]
    assert SectionKind.CHIP_RACE not in kinds


def test_r28_the_break_note_and_the_chip_race_are_two_sentences() -> None:
    """The note and "Chip race: the 25s go." were run together without a full stop."""
    assert break_note(STRUCTURE, 2) == "Colour up the 25s. Chip race: the 25s go."
    set_language("fr")
    french = "Retirer les jetons de 25. Course aux jetons : les 25 partent."
    assert break_note(STRUCTURE, 2) == french
    assert display_data(night(), ON_BREAK).note.endswith(". Course aux jetons : les 25 partent.")


def test_a_move_made_is_marked_done_on_the_tv() -> None:
    """Marked done, a move stays on the screen two minutes marked as made (the TV
    paints it so: tests/gui/test_tv_room_lines.py)."""
    state = night(players=12)
    first = [p for p, (t, _s) in state.tables.seated().items() if t == 1]
    for player in first[:3]:
        state = run(state, c.BustPlayers(busts=(Bust(player=player),)), T0 + MIN)
    move = state.tables.pending[0]
    state = run(state, c.ConfirmMove(move=move), T0 + MIN)
    section = next(s for s in display_data(state, T0 + MIN).sections if s.kind == "moves")
    row = next(r for r in section.rows if isinstance(r, MoveRow) and r.name)
    assert row.done


def test_the_header_says_paused_when_the_clock_is_stopped() -> None:
    state = night()
    assert paused_status(state) == ""
    paused = run(state, c.PauseClock(), T0 + MIN)
    assert paused_status(paused) == "Paused"
    set_language("fr")
    assert paused_status(paused) == "En pause"
