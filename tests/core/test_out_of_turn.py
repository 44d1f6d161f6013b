"""Action out of turn (seed 001): binding when the action has not changed.

Seed 001: "Si le joueur oublié ne change pas l'action (fold, check ou call) alors
le joueur hors position devra se conformer à sa déclaration. Si le joueur oublié
change l'action (ouvre ou relance), le joueur fautif ne sera plus lié par sa
déclaration."
"""

from __future__ import annotations

import pytest

from director.core.betting import BettingRound
from director.core.errors import RuleViolation
from director.core.out_of_turn import TurnKeeper


def flop(*players: str, stack: int = 10_000) -> TurnKeeper:
    """A betting round after the flop, ``players`` in acting order, big blind 200."""
    return TurnKeeper(
        BettingRound(stacks={p: stack for p in players}, order=list(players), big_blind=200)
    )


def test_seed001_a_check_out_of_turn_binds_when_the_forgotten_player_checks() -> None:
    """Ann is to act; Carl says "check" out of turn; Ann checks, Bob checks: Carl's
    turn comes with the action unchanged, so his check stands (carried out)."""
    keeper = flop("Ann", "Bob", "Carl", "Dan")
    keeper.speak("Carl", "check")
    assert keeper.round.to_act == "Ann" and keeper.pending
    keeper.speak("Ann", "check")
    keeper.speak("Bob", "check")
    assert keeper.round.history[-1] == ("Carl", "check", 0)
    assert keeper.round.to_act == "Dan"
    assert [(s.declaration.player, s.binding) for s in keeper.settled] == [("Carl", True)]


def test_seed001_a_bet_in_between_releases_the_out_of_turn_player() -> None:
    """Carl says "check" out of turn; Ann checks, then Bob bets 400: the action
    changed, Carl is no longer bound and acts anew (he may raise)."""
    keeper = flop("Ann", "Bob", "Carl")
    keeper.speak("Carl", "check")
    keeper.speak("Ann", "check")
    keeper.speak("Bob", "raise", 400)
    assert keeper.round.to_act == "Carl"
    assert [(s.declaration.player, s.binding) for s in keeper.settled] == [("Carl", False)]
    assert keeper.may_raise("Carl")
    keeper.speak("Carl", "raise", 1_200)
    assert keeper.round.current_bet == 1_200


def test_seed001_a_call_out_of_turn_does_not_change_the_action_for_the_next() -> None:
    """Bob bets 400; Dan calls out of turn past Carl; Carl calls: Dan's call binds
    (a call does not change the action)."""
    keeper = flop("Ann", "Bob", "Carl", "Dan")
    keeper.speak("Ann", "check")
    keeper.speak("Bob", "raise", 400)
    keeper.speak("Dan", "call")
    keeper.speak("Carl", "call")
    assert keeper.round.history[-1] == ("Dan", "call", 400)
    assert keeper.round.to_act == "Ann"


def test_seed001_a_raise_out_of_turn_binds_when_the_action_is_unchanged() -> None:
    keeper = flop("Ann", "Bob", "Carl")
    keeper.speak("Bob", "raise", 600)  # Ann is forgotten
    keeper.speak("Ann", "check")
    assert keeper.round.history[-1] == ("Bob", "bet", 600)
    assert keeper.round.to_act == "Carl"


def test_seed001_three_players_out_of_turn_stand_and_the_forgotten_may_only_fold_or_call() -> None:
    """ "Si au moins 3 joueurs ont pris action hors position [...] leurs actions seront
    maintenues et le joueur oublié [...] ne peut qu'abandonner ou suivre"."""
    keeper = flop("Ann", "Bob", "Carl", "Dan", "Eve")
    keeper.speak("Ann", "raise", 400)
    # Bob is forgotten: Carl, Dan and Eve speak.
    keeper.speak("Carl", "call")
    keeper.speak("Dan", "fold")
    keeper.speak("Eve", "call")
    assert "Bob" in keeper.limited and not keeper.may_raise("Bob")
    with pytest.raises(RuleViolation) as refused:
        keeper.speak("Bob", "raise", 1_200)
    assert refused.value.code == "out_of_turn_fold_or_call"
    keeper.speak("Bob", "call")
    assert [entry[:2] for entry in keeper.round.history[-4:]] == [
        ("Bob", "call"),
        ("Carl", "call"),
        ("Dan", "fold"),
        ("Eve", "call"),
    ]
    assert keeper.round.over()
    assert all(settled.binding for settled in keeper.settled)


def test_seed001_two_players_out_of_turn_leave_the_forgotten_player_free() -> None:
    keeper = flop("Ann", "Bob", "Carl", "Dan")
    keeper.speak("Carl", "check")
    keeper.speak("Dan", "check")
    assert not keeper.limited and keeper.may_raise("Ann")
    keeper.speak("Ann", "raise", 400)
    keeper.speak("Bob", "call")
    assert keeper.round.to_act == "Carl"
    assert [s.binding for s in keeper.settled] == [False]
    assert keeper.declaration_of("Dan") is not None  # his turn has not come yet


def test_out_of_turn_refusals_say_why() -> None:
    keeper = flop("Ann", "Bob", "Carl")
    keeper.speak("Ann", "raise", 400)
    keeper.speak("Bob", "fold")
    with pytest.raises(RuleViolation) as refused:
        keeper.speak("Bob", "call")
    assert refused.value.code == "out_of_turn_not_in_hand"
    keeper = flop("Ann", "Bob", "Carl")
    keeper.speak("Carl", "check")
    with pytest.raises(RuleViolation) as refused:
        keeper.speak("Carl", "check")
    assert refused.value.code == "out_of_turn_already_spoken"
    with pytest.raises(RuleViolation) as refused:
        keeper.speak("Zed", "check")
    assert refused.value.code == "player_not_in_hand"


def test_seed001_a_fold_out_of_turn_binds_when_the_action_is_unchanged() -> None:
    keeper = flop("Ann", "Bob", "Carl")
    keeper.speak("Carl", "fold")
    keeper.speak("Ann", "check")
    keeper.speak("Bob", "check")
    assert keeper.round.history[-1] == ("Carl", "fold", 0)  # a fold unchanged binds
    assert keeper.round.over()
