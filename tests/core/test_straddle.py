"""The live straddle (seed 002 §4.1.17).

Seed 002 §4.1.17: "Un "live straddel" (une relance à l'aveuglette) n'est pas autorisé
dans les parties de limite, sauf si cela est spécifié."
"""

from __future__ import annotations

from director.core.betting import BettingRound
from director.core.money import CashSettings
from director.core.state import EventKind, TournamentState
from director.core.straddle import straddle_amount, straddle_order, straddle_refusal
from director.core.structure import Betting, Level


def cash(**settings: bool) -> TournamentState:
    return TournamentState(kind=EventKind.CASH, cash=CashSettings(**settings))


NO_LIMIT = Level(small_blind=50, big_blind=100)
LIMIT = Level(small_blind=50, big_blind=100, betting=Betting.LIMIT, small_bet=100, big_bet=200)


def test_seed002_4_1_17_no_live_straddle_in_limit_unless_the_game_says_so() -> None:
    allowed = cash(live_straddle=True)
    assert straddle_refusal(allowed, NO_LIMIT) is None
    refused = straddle_refusal(allowed, LIMIT)
    assert refused is not None and refused.code == "straddle_not_in_limit"
    assert straddle_refusal(cash(live_straddle=True, straddle_in_limit=True), LIMIT) is None


def test_a_straddle_needs_the_game_to_allow_it_and_a_tournament_has_none() -> None:
    assert straddle_refusal(cash(), NO_LIMIT).code == "straddle_not_allowed"
    assert straddle_refusal(TournamentState(), NO_LIMIT).code == "straddle_not_in_tournaments"


def test_the_straddler_acts_last_and_the_next_raise_is_one_straddle_more() -> None:
    order = straddle_order(["UTG", "HJ", "BTN", "SB", "BB"])
    assert order == ["HJ", "BTN", "SB", "BB", "UTG"]
    straddle = straddle_amount(100)
    round_ = BettingRound(
        stacks=dict.fromkeys(order, 10_000),
        order=order,
        big_blind=straddle,
        posted={"SB": 50, "BB": 100, "UTG": straddle},
    )
    assert round_.to_act == "HJ" and round_.call_amount("HJ") == 200
    assert round_.min_raise_to("HJ") == 400
    for player in ("HJ", "BTN", "SB", "BB"):
        round_.call(player)
    assert round_.to_act == "UTG"  # the straddler's option
    assert round_.min_raise_to("UTG") == 400
