"""Hand ranking (R20), checked against an independent brute-force evaluator."""

from __future__ import annotations

import doctest
import random
from collections import Counter
from itertools import combinations

import pytest

from director.core import hands
from director.core.errors import RuleViolation
from director.core.hands import DECK, evaluate, parse_cards, rank_players

RANK = {rank: index + 2 for index, rank in enumerate("23456789TJQKA")}


def five_card_value(cards: tuple[str, ...]) -> tuple[int, tuple[int, ...]]:
    """A plain 5-card evaluator: sort, group, compare. Written apart from ``hands``."""
    ranks = sorted((RANK[c[0]] for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    if distinct == [14, 5, 4, 3, 2]:
        top = 5
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [count for _rank, count in groups]
    ordered = tuple(rank for rank, _count in groups)
    if top and flush:
        return 8, (top,)
    if shape == [4, 1]:
        return 7, ordered
    if shape == [3, 2]:
        return 6, ordered
    if flush:
        return 5, tuple(ranks)
    if top:
        return 4, (top,)
    if shape == [3, 1, 1]:
        return 3, ordered
    if shape == [2, 2, 1]:
        return 2, ordered
    if shape == [2, 1, 1, 1]:
        return 1, ordered
    return 0, tuple(ranks)


def brute_force(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    return max(five_card_value(five) for five in combinations(cards, 5))


def test_doctests() -> None:
    assert doctest.testmod(hands).failed == 0


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Ah Kh Qh Jh Th 2c 3d", "straight_flush"),
        ("5d 4d 3d 2d Ad Kc Qc", "straight_flush"),
        ("9s 9h 9d 9c 2s 3h 4d", "four_of_a_kind"),
        ("9s 9h 9d 2c 2s 3h 4d", "full_house"),
        ("9s 9h 9d 2c 2s 2h 4d", "full_house"),
        ("Ah 9h 7h 5h 3h Kc Qc", "flush"),
        ("Ah 2c 3d 4s 5h 9c Jd", "straight"),
        ("Ts Jh Qd Kc As 2c 3d", "straight"),
        ("7s 7h 7d Ac Kd 2c 3h", "three_of_a_kind"),
        ("7s 7h 5d 5c Ah Kd 2c", "two_pair"),
        ("7s 7h 5d 5c 3h 3d Ac", "two_pair"),
        ("7s 7h Ad Kc 9h 4d 2c", "pair"),
        ("As Kh 9d 7c 5h 3d 2c", "high_card"),
    ],
)
def test_r20_categories(cards: str, category: str) -> None:
    value = evaluate(parse_cards(cards))
    assert value.category == category
    assert len(value.best) == 5 and set(value.best) <= set(parse_cards(cards))
    assert five_card_value(value.best) == brute_force(parse_cards(cards))


def test_r20_ties_are_broken_by_ranks_then_kickers_never_suits() -> None:
    assert evaluate(parse_cards("4h 5c 6d 7s 8h")) < evaluate(parse_cards("5h 6c 7d 8s 9h"))
    assert evaluate(parse_cards("Ah Ad Kc 7s 2h")) > evaluate(parse_cards("Ac As Qc 7d 2s"))
    assert evaluate(parse_cards("Ah Kh Qh Jh 9h")) == evaluate(parse_cards("As Ks Qs Js 9s"))
    # Seed 000: 7-2 in hand, board 9 to K: the board's straight plays; an ace makes 10-A.
    board = parse_cards("9c Td Jh Qs Kd")
    assert evaluate([*board, "7h", "2s"]) < evaluate([*board, "Ac", "3h"])


def test_rank_players_groups_equal_hands() -> None:
    board = parse_cards("2c 3c 4d 8h 9s")
    values = {
        "Ann": evaluate(board + parse_cards("As Kd")),
        "Bob": evaluate(board + parse_cards("Ah Kc")),
        "Cat": evaluate(board + parse_cards("5s 6s")),
    }
    assert rank_players(values) == [["Cat"], ["Ann", "Bob"]]


def test_typing_cards_as_people_do() -> None:
    assert parse_cards("As Kd") == ["As", "Kd"]
    assert parse_cards("10h, 9H ah") == ["Th", "9h", "Ah"]
    assert parse_cards("AsKd") == ["As", "Kd"]
    for bad in ("1s", "Ax", "As K", "Zz"):
        with pytest.raises(RuleViolation) as caught:
            parse_cards(bad)
        assert caught.value.code == "bad_card"
    with pytest.raises(RuleViolation) as caught:
        evaluate(["As", "As", "Kd", "Qc", "Jh"])
    assert caught.value.code == "card_twice"
    with pytest.raises(RuleViolation):
        evaluate(["As", "Kd"])


def test_agrees_with_brute_force_on_100000_random_seven_card_hands() -> None:
    rng = random.Random(20261121)
    deck = list(DECK)
    for _ in range(100_000):
        cards = rng.sample(deck, 7)
        value = evaluate(cards)
        expected_category, expected_ranks = brute_force(cards)
        assert (value.score >> 20, value.ranks) == (expected_category, expected_ranks), cards
