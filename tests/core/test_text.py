"""Texts typed by the organizer: no control characters anywhere, lengths limited."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing

import pytest

from director.core import commands as c
from director.core.apply import fold
from director.core.commands import COMMANDS
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.ids import Instant, PlayerId
from director.core.money import Fee, MoneySettings
from director.core.state import TournamentState
from director.core.structure import Level, Structure
from director.core.text import NAME_MAX_LENGTH, VENUE_MAX_LENGTH

NOW = Instant(1_795_000_000_000)
HOSTILE = [
    "\x1b[31mred",  # ESC: terminal colours and worse
    "bell\x07",
    "nul\x00byte",
    "tab\there",
    "two\nlines",
    "carriage\rreturn",
    "del\x7f",
    "csi\x9b2J",  # a C1 control
    "next\x85line",
    "line\u2028separator",
    "lone\ud800surrogate",
    "Ann\u202eeno",  # RIGHT-TO-LEFT OVERRIDE: shows "Ann" then "one" backwards
    "isolate\u2067here",
]


def created() -> TournamentState:
    return fold(decide(TournamentState(), c.CreateTournament(name="Friday"), NOW))


def hostile_value(hint: object, text: str) -> object:
    """A value of type ``hint`` whose every text is ``text``."""
    while hasattr(hint, "__supertype__"):
        hint = hint.__supertype__  # type: ignore[attr-defined]
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return hostile_value(options[0], text)
    if origin in (tuple, list, frozenset):
        return ()
    if origin is not None and origin.__name__ in ("Mapping", "dict"):
        return {}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(
            **{f.name: hostile_value(hints[f.name], text) for f in dataclasses.fields(hint)}
        )
    return {int: 1, str: text, bool: False}.get(hint)  # type: ignore[call-overload]


def has_text(value: object) -> bool:
    if isinstance(value, str) and not isinstance(value, enum.Enum):
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(has_text(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


COMMANDS_WITH_TEXT = [cls for cls in COMMANDS.classes() if has_text(hostile_value(cls, "x"))]


@pytest.mark.parametrize("cls", COMMANDS_WITH_TEXT, ids=lambda cls: cls.__name__)
def test_r0_every_text_of_every_command_refuses_control_characters(cls: type) -> None:
    state = created()
    for text in HOSTILE:
        command = hostile_value(cls, text)
        with pytest.raises(RuleViolation) as caught:
            decide(state, command, NOW)  # type: ignore[arg-type]
        assert caught.value.code == "text_control_character", (cls.__name__, text)


def test_commands_with_texts_are_all_covered() -> None:
    names = {cls.__name__ for cls in COMMANDS_WITH_TEXT}
    assert {"CreateTournament", "RenameTournament", "EditDetails", "RegisterPlayer", "BuyIn"} <= (
        names
    )


def test_a_note_deep_in_the_structure_is_checked_too() -> None:
    structure = Structure(items=(Level(small_blind=25, big_blind=50, note="a\x1bb"),))
    with pytest.raises(RuleViolation) as caught:
        decide(created(), c.SetStructure(structure=structure), NOW)
    assert caught.value.code == "text_control_character"


def test_names_at_the_limit_are_accepted_and_one_more_is_refused() -> None:
    state = fold(decide(created(), c.RenameTournament(name="N" * NAME_MAX_LENGTH), NOW), created())
    assert len(state.name) == NAME_MAX_LENGTH
    with pytest.raises(RuleViolation) as caught:
        decide(state, c.RenameTournament(name="N" * (NAME_MAX_LENGTH + 1)), NOW)
    assert caught.value.code == "name_too_long"


def test_the_venue_has_a_length_limit() -> None:
    state = created()
    accepted = decide(state, c.EditDetails(event_date="", venue="V" * VENUE_MAX_LENGTH), NOW)
    assert accepted
    for venue in ("V" * (VENUE_MAX_LENGTH + 1), "V" * 100_000):
        with pytest.raises(RuleViolation) as caught:
            decide(state, c.EditDetails(event_date="", venue=venue), NOW)
        assert caught.value.code in ("venue_too_long", "text_too_long")
    with pytest.raises(RuleViolation):
        decide(TournamentState(), c.CreateTournament(name="F", venue="V" * 100_000), NOW)


def test_ordinary_unicode_is_welcome() -> None:
    for name in ("Zoë Łucja", "株式会社", "👩‍👩‍👧 family", "María José", "عربي"):
        state = fold(decide(created(), c.RenameTournament(name=name), NOW), created())
        assert state.name == name


def test_r2_a_fee_larger_than_the_buy_in_is_refused_not_capped() -> None:
    """R2: the house fee is taken from the buy-in; it cannot be more than the buy-in."""
    state = created()
    for fee in (Fee(fixed=5000), Fee(fixed=2001), Fee(percent_bp=10_001)):
        with pytest.raises(RuleViolation) as caught:
            decide(
                state,
                c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000, fee=fee)),
                NOW,
            )
        assert caught.value.code in ("fee_and_bounty_exceed_buy_in", "fee_percent_out_of_range")
    settings = MoneySettings(buy_in=2000, chips=5000, fee=Fee(fixed=2000))
    assert decide(state, c.SetMoneySettings(settings=settings), NOW)


def test_a_player_name_with_a_newline_is_refused_in_one_line() -> None:
    with pytest.raises(RuleViolation) as caught:
        decide(created(), c.BuyIn(player=PlayerId(1), name="Ann\nBob"), NOW)
    assert caught.value.code == "text_control_character"
    from director.i18n import describe_error

    assert "\n" not in describe_error(caught.value)


def test_names_are_put_in_order_without_their_accents_first() -> None:
    """A French list: an accented first letter goes with its letter (a plain comparison
    put "Éloïse" after "Zoé"), then case and accents break ties, always the same way."""
    from director.core.text import name_order

    names = ["Zoé", "Théophile", "Éloïse", "eric", "Gwendoline", "Géraldine", "Eric", "Érica"]
    assert sorted(names, key=name_order) == [
        "Éloïse",
        "Eric",
        "eric",
        "Érica",
        "Géraldine",
        "Gwendoline",
        "Théophile",
        "Zoé",
    ]
    assert sorted(reversed(names), key=name_order) == sorted(names, key=name_order)
