"""R9 on the screens: the console and TV data and ``status --json`` show the
blinds of the hand being played, and the blinds the next hand will use."""

from __future__ import annotations

from director.app.display import display_data
from director.app.status import clock_section
from director.core import commands as c
from director.core.structure import Level, Structure
from tests.core.helpers import T0, created, run

STRUCTURE = Structure(
    items=(
        Level(small_blind=25, big_blind=50, seconds=60),
        Level(small_blind=50, big_blind=100, seconds=60),
        Level(small_blind=100, big_blind=200, seconds=20 * 60),
    )
)


def test_r9_two_levels_out_during_one_hand_screens_show_the_blinds_played() -> None:
    """Seed 000: the increase "ne s'applique qu'au prochain tour de jeu ("main")"."""
    state = run(created(STRUCTURE), c.StartClock(), T0)
    state = run(state, c.NextHand(), T0 + 1000)
    now = T0 + 150_000
    data = display_data(state, now)
    assert data.blinds_text == "25 / 50"
    assert data.pending_text == "Next hand: 100 / 200"
    section = clock_section(state, now)
    assert section["blinds"]["big_blind"] == 50
    assert section["next_hand"]["big_blind"] == 200
