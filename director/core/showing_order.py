"""Who shows first at the showdown, and who may muck (seed 000 §2; TDA 16).

Seed 000 §2: "Les joueurs restants révèlent leurs cartes de main, en commençant
par le joueur qui a relancé en dernier («showdown»). Si personne ne relance, le
premier joueur à gauche du croupier révèle ses cartes." The others follow
clockwise, each showing or mucking in turn. When a player is all-in and the
betting is over, every hand is turned face up before the board is dealt out
(TDA 16): nobody mucks.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core.betting import BettingRound
from director.core.errors import require
from director.core.frozen import dataclass

AGGRESSIVE = ("bet", "raise", "all_in")
"""The history's actions that bet or raise (an all-in that only calls is a call)."""


@dataclass(frozen=True)
class ShowingOrder:
    order: tuple[str, ...]
    """The players still in, in the order they show."""
    first_bet_last: bool
    """The first is the last to bet or raise (else: the first left of the button)."""
    everyone_shows: bool
    """A player is all-in with the betting over: every hand is tabled, none mucked."""


def last_bettor(round_: BettingRound) -> str | None:
    """The last player still in who bet or raised in ``round_``, if any."""
    for player, action, _amount in reversed(round_.history):
        if action in AGGRESSIVE and player not in round_.folded:
            return player
    return None


def showing_order(
    left_of_button: Sequence[str], bettor: str | None = None, *, all_in: bool = False
) -> ShowingOrder:
    """The order of showing for the players still in, given clockwise from the first
    left of the button, and the last player to bet or raise on the last round."""
    players = tuple(left_of_button)
    require(len(players) >= 1 and len(set(players)) == len(players), "betting_needs_two_players")
    first = players.index(bettor) if bettor in players else 0
    return ShowingOrder(
        order=players[first:] + players[:first],
        first_bet_last=bettor in players,
        everyone_shows=all_in,
    )


def clockwise_from_button(
    acting_order: Sequence[str], *, preflop: bool, straddled: bool = False
) -> list[str]:
    """The players clockwise from the first left of the button, from a betting
    round's acting order: after the flop they are the same; before it the blinds
    act last, so they come first (heads-up, the button posts the small blind and
    acts first: the big blind is left of him); a live straddle acts after them."""
    players = list(acting_order)
    if not preflop or len(players) < 2:
        return players
    if len(players) == 2:
        return [players[1], players[0]]
    last = 3 if straddled and len(players) >= 3 else 2
    return players[-last:] + players[:-last]
