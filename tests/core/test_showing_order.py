"""Who shows first at the showdown (seed 000 §2; TDA 16).

Seed 000 §2: "Les joueurs restants révèlent leurs cartes de main, en commençant par
le joueur qui a relancé en dernier («showdown»). Si personne ne relance, le premier
joueur à gauche du croupier révèle ses cartes."
"""

from __future__ import annotations

from director.core.betting import BettingRound
from director.core.showing_order import clockwise_from_button, last_bettor, showing_order


def test_seed000_the_last_to_bet_or_raise_shows_first_then_clockwise() -> None:
    order = showing_order(["Ann", "Bob", "Cat", "Dan"], "Cat")
    assert order.order == ("Cat", "Dan", "Ann", "Bob") and order.first_bet_last


def test_seed000_with_no_bet_the_first_left_of_the_button_shows_first() -> None:
    order = showing_order(["Ann", "Bob", "Cat"], None)
    assert order.order == ("Ann", "Bob", "Cat") and not order.first_bet_last
    # A bettor who is no longer in (folded later) does not count.
    assert showing_order(["Ann", "Bob"], "Zed").order == ("Ann", "Bob")


def test_the_last_bettor_is_read_from_the_round_and_a_call_all_in_is_not_a_bet() -> None:
    round_ = BettingRound(
        stacks={"Ann": 5000, "Bob": 5000, "Cat": 300}, order=["Ann", "Bob", "Cat"], big_blind=200
    )
    assert last_bettor(round_) is None
    round_.check("Ann")
    round_.raise_to("Bob", 400)
    round_.all_in("Cat")  # 300: a call for less
    assert last_bettor(round_) == "Bob"
    round_.raise_to("Ann", 1200)
    assert last_bettor(round_) == "Ann"


def test_before_the_flop_the_blinds_come_first_clockwise_from_the_button() -> None:
    acting = ["UTG", "HJ", "BTN", "SB", "BB"]
    assert clockwise_from_button(acting, preflop=True) == ["SB", "BB", "UTG", "HJ", "BTN"]
    assert clockwise_from_button(acting, preflop=False) == acting
    # Heads-up the button posts the small blind and acts first before the flop.
    assert clockwise_from_button(["BTN", "BB"], preflop=True) == ["BB", "BTN"]
