"""The shot clock from a table's dealer phone over real HTTP (issue 34, item 4): a
player at that table only, the rules' length limits, the time bank and Stop; every
hostile request refused with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from director.core import commands as c
from director.core.ids import PlayerId
from director.core.shot_clock import MAX_SECONDS
from tests.conftest import FakeClock
from tests.web.helpers import Served, serve
from tests.web.test_dealers_http import act, look, pair_dealer, seated_at


@pytest.fixture
def served(qtbot, tmp_path: Path, clock: FakeClock):
    with serve(tmp_path, clock, players=12) as made:  # two tables of six
        made.server.dealers_enabled = True
        yield made


def test_a_dealer_phone_starts_its_players_shot_clock_and_counts_it_down(
    qtbot, served: Served
) -> None:
    token = pair_dealer(qtbot, served, 1)
    player = seated_at(served, 1)[2]
    shown = look(qtbot, served, token).json()
    assert shown["shot_clock"] is None
    offered = next(row for row in shown["players"] if row["id"] == player)
    assert offered["shot_clock"] == {"ok": True, "why": ""}
    answer = act(qtbot, served, token, {"action": "shot_clock", "player": player})
    assert answer.status == 200, answer.body
    name = served.session.state.player_name(player)
    assert answer.json()["done"] == f"start the shot clock for {name}"
    served.clock.advance(21_500)
    shot = look(qtbot, served, token).json()["shot_clock"]
    assert shot["name"] == name and shot["seconds"] == 9
    assert shot["ends_at"] == served.session.state.shot_clocks.running[1].ends_at
    assert shot["stop"]["ok"] and not shot["time_bank"]["ok"]  # no time bank set
    assert act(qtbot, served, token, {"action": "shot_clock_stop"}).status == 200
    assert look(qtbot, served, token).json()["shot_clock"] is None
    # The other table's phone sees nothing of it.
    other = pair_dealer(qtbot, served, 2)
    served.session.dispatch(c.StartShotClock(player=PlayerId(player)))
    assert look(qtbot, served, other).json()["shot_clock"] is None


def test_hostile_shot_clock_requests_are_refused_and_change_nothing(qtbot, served: Served) -> None:
    token = pair_dealer(qtbot, served, 1)
    mine, other = seated_at(served, 1), seated_at(served, 2)
    done = served.session.history.done_count
    forbidden = [  # another table's player: not this phone's
        {"action": "shot_clock", "player": other[0]},
        {"action": "time_bank", "player": other[0]},
        {"action": "shot_clock_stop", "table": 2},  # another table's clock
    ]
    for data in forbidden:
        answer = act(qtbot, served, token, data)
        assert answer.status == 403, (data, answer.body)
    malformed = [
        {"action": "shot_clock"},
        {"action": "shot_clock", "player": "1"},
        {"action": "shot_clock", "player": 10**40},
        {"action": "shot_clock", "player": mine[0], "seconds": -5},
        {"action": "shot_clock", "player": mine[0], "seconds": 10**12},
        {"action": "shot_clock", "player": mine[0], "seconds": 1.5},
        {"action": "shot_clock", "player": mine[0], "seconds": True},
        {"action": "shot_clock", "player": mine[0], "table": 2},
        {"action": "time_bank"},
        {"action": "shot_clock", "player": 999},
    ]
    for data in malformed:
        answer = act(qtbot, served, token, data)
        assert answer.status == 400, (data, answer.body)
    refused = [  # understood, and refused by the rules
        {"action": "shot_clock", "player": mine[0], "seconds": MAX_SECONDS + 1},
        {"action": "shot_clock", "player": mine[0], "seconds": 2**31 - 1},
        {"action": "shot_clock", "player": mine[0], "seconds": 0},
        {"action": "shot_clock_stop"},
        {"action": "time_bank", "player": mine[0]},
    ]
    for data in refused:
        answer = act(qtbot, served, token, data, lang="fr")
        assert answer.status == 409, (data, answer.body)
        assert answer.json()["why"]
    assert served.session.history.done_count == done
    assert not served.session.state.shot_clocks.running


def test_a_shot_clock_running_out_is_pushed_at_that_moment(qtbot, served: Served) -> None:
    """The moment a shot clock runs out, the display is pushed with it over: the phones
    and the live page show "Time!" when the TV does, not when their own clock says (its
    passing seconds are still not pushed). The feed is woken as its driver would."""
    player = seated_at(served, 1)[0]
    served.session.dispatch(c.StartShotClock(player=PlayerId(player), seconds=5))
    served.tick()
    channel = served.server.channel
    pushes = channel.revision
    ends_at = served.session.state.shot_clocks.running[1].ends_at
    for _ in range(30):
        wake = served.feed.tick.wake_in
        assert wake is not None
        served.tick(wake)
        if channel.revision != pushes:
            break
    assert served.clock() == ends_at  # not a second before, not when it leaves the screens
    assert channel.revision == pushes + 1
    shown = json.loads(channel.state_message("en"))["display"]["display"]["shot_clocks"]
    assert [shot["over"] for shot in shown] == [True]
    served.tick(1000)
    assert channel.revision == pushes + 1
