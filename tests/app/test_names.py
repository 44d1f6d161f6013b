"""One rule for a typed name, wherever it is typed (app.club.names)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from director.app.club.names import PART, START, WHOLE, WORD, fold, match, order_key, pick, ranked

PEOPLE = [
    (1, ("Zoë Martin", "")),
    (2, ("Joanna Lee", "Jo")),
    (3, ("John Smith", "")),
    (4, ("Mary Ann", "")),
    (5, ("Annabel", "")),
]


def test_case_accents_and_spaces_never_matter() -> None:
    assert fold("  ZOË   Martin ") == "zoe martin"
    assert match("zoe martin", ("Zoë Martin",)) == WHOLE


def test_levels_best_first() -> None:
    assert match("jo", ("Joanna Lee", "Jo")) == WHOLE  # the nickname, whole
    assert match("joh", ("John Smith",)) == START
    assert match("smi", ("John Smith",)) == WORD
    assert match("mit", ("John Smith",)) == PART
    assert match("xyz", ("John Smith",)) is None
    assert match("", ("John Smith",)) is None


def test_pick_takes_the_best_level_only_when_it_names_one_player() -> None:
    assert pick("jo", PEOPLE) == 2  # Jo's nickname, whole, before John's start
    assert pick("john", PEOPLE) == 3
    assert pick("ann", PEOPLE) == 5  # Annabel starts with it; Mary Ann only has a word
    assert pick("an", PEOPLE) == 5  # Annabel's start, before the words and parts
    assert pick("a", PEOPLE) == 5
    assert pick("n", PEOPLE) is None  # several parts: a question, not a guess
    assert pick("smith", PEOPLE) == 3
    assert pick("smith", PEOPLE, deepest=START) is None  # a word only: not from the roster
    assert pick("nobody", PEOPLE) is None


def test_two_players_starting_alike_are_never_guessed() -> None:
    assert pick("jo", [(1, ("Joe",)), (2, ("John",))]) is None


def test_ranked_lists_the_best_matches_first_then_by_name() -> None:
    assert ranked("ann", PEOPLE) == [5, 4, 2]  # start, word, part (JoANNa)


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6, unique_by=fold))
def test_every_whole_name_picks_its_player(names: list[str]) -> None:
    candidates = [(index, (name,)) for index, name in enumerate(names)]
    for index, name in enumerate(names):
        if fold(name):
            assert pick(name, candidates) == index


def test_names_are_listed_with_numbers_in_their_order() -> None:
    """A helper's phone lists "Player 2" before "Player 10", and "zoe" with "Zoë"."""
    names = ["Player 10", "player 2", "Zoë", "Player 1", "Ann", "zoe b", "Player 2b"]
    assert sorted(names, key=order_key) == [
        "Ann",
        "Player 1",
        "player 2",
        "Player 2b",
        "Player 10",
        "Zoë",
        "zoe b",
    ]
