"""What the screens say about the tournament formats: each level's betting on the
"Next:" line, the chips and their colours, the stacks a chip set must make, every
player's bounty."""

from __future__ import annotations

from dataclasses import replace

import pytest

from director.app.views import format_display as formats
from director.app.views.display import display_data, level_summary, mixed_betting
from director.core import commands as c
from director.core.chip_sets import Chip, ChipSet
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.money import PROGRESSIVE, AddonRule, BountySettings, MoneySettings, RebuyRule
from director.core.players import Bust
from director.core.structure import AnteKind, Betting, Level, Structure
from director.i18n import set_language
from tests.core.helpers import MIN, T0, created, run

NL = Level(50, 100)
PL = Level(50, 100, betting=Betting.POT_LIMIT)
LIMIT = Level(100, 200, small_bet=200, big_bet=400, betting=Betting.LIMIT)
LATE = Level(200, 400, ante=50, ante_kind=AnteKind.EVERY_PLAYER)


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_level_summary_says_the_betting_and_a_limit_levels_bets_and_blinds() -> None:
    assert level_summary(LATE) == "200 / 400 · Ante 50"
    assert level_summary(LATE, mixed=True) == "No limit 200 / 400 · Ante 50"
    assert level_summary(PL) == "Pot limit 50 / 100"
    assert level_summary(LIMIT) == "Limit 200 / 400 · Blinds 100 / 200"
    assert mixed_betting(Structure(items=(NL, LIMIT))) and not mixed_betting(Structure((NL,)))


def test_next_line_says_limit_with_the_blinds_coming() -> None:
    """R9 and the betting per level: "Next:" names the coming level's betting, and a
    limit level shows its bets and the blinds that will be posted."""
    state = created(Structure(items=(NL, PL, LIMIT, LATE)))
    state = run(state, c.StartClock(), T0 + 1)
    seen = []
    for step in range(3):
        data = display_data(state, T0 + 2 + step)
        seen.append((data.blinds_text, data.ante_text, data.next_text))
        state = run(state, c.NextLevel(), T0 + 2 + step)
    assert seen == [
        ("50 / 100", "No limit", "Next: Pot limit 50 / 100"),
        ("50 / 100", "Pot limit", "Next: Limit 200 / 400 · Blinds 100 / 200"),
        ("Limit 200 / 400", "Blinds 100 / 200", "Next: No limit 200 / 400 · Ante 50"),
    ]


def test_next_line_in_french() -> None:
    set_language("fr")
    state = run(created(Structure(items=(PL, LIMIT))), c.StartClock(), T0 + 1)
    assert display_data(state, T0 + 2).next_text == (
        "Ensuite : Limit 200 / 400 · Blinds 100 / 200"  # French players' own words
    )


def chips_state(colours: tuple[str, ...]):
    state = created(Structure(items=(NL, LATE)))
    values = (25, 100, 500)
    chips = tuple(Chip(value, 100, colour) for value, colour in zip(values, colours, strict=True))
    return run(state, c.SetChipSet(chip_set=ChipSet(name="Home", chips=chips)), T0 + 1)


def test_chip_colours_are_a_name_or_a_swatch_never_the_code() -> None:
    state = chips_state(("Blanc", "#FF0000", "green"))
    assert formats.chip_rows(state, T0 + 2) == [
        ("25 · white", 25, "#f5f5f5"),
        ("100", 100, "#ff0000"),
        ("500 · green", 500, "#27ae60"),
    ]
    section = next(s for s in display_data(state, T0 + 2).sections if s.kind.value == "chips")
    assert [row.figures[0].colour for row in section.rows] == ["#f5f5f5", "#ff0000", "#27ae60"]
    assert not any("#" in row.text for row in section.rows)
    set_language("fr")
    assert formats.chip_rows(state, T0 + 2)[0][0] == "25 · blanc"


@pytest.mark.parametrize("colour", ["#zzzzzz", "transparent", "#fff", "redd"])
def test_chip_colour_must_be_a_name_or_rrggbb(colour) -> None:
    state = created(Structure(items=(NL,)))
    chip_set = ChipSet(name="Home", chips=(Chip(25, 100, colour),))
    with pytest.raises(RuleViolation) as refused:
        run(state, c.SetChipSet(chip_set=chip_set), T0 + 1)
    assert refused.value.code == "chip_colour_unknown"


def stacks_night(rebuy_chips: int, addon_chips: int):
    state = created(Structure(items=(NL, LATE)))
    money = MoneySettings(
        buy_in=2000,
        chips=2000,
        rebuy=RebuyRule(price=2000, chips=rebuy_chips, until_level=2),
        addon=AddonRule(price=1000, chips=addon_chips, from_level=1, until_level=2),
        reentry=True,
        late_until_level=2,
    )
    state = run(state, c.SetMoneySettings(settings=money), T0 + 1)
    state = run(state, c.StartClock(), T0 + 2)
    for number in range(1, 13):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0 + 2 + number)
    return state


def test_chip_set_check_counts_every_stack_given_out_not_the_players() -> None:
    """12 players, one re-entry: 13 starting stacks went out; a set that makes 12
    says so."""
    state = stacks_night(2000, 2000)
    twelve = ChipSet(name="Twelve", chips=(Chip(100, 120), Chip(500, 24)))  # 12 x (10 + 2)
    assert formats.event_stack_check(state, twelve, 2000).ok
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(1)),)), T0 + MIN)
    state = run(state, c.Reentry(player=PlayerId(1)), T0 + MIN + 1)
    assert formats.stacks_given(state, 2000) == (13, ())
    check = formats.event_stack_check(state, twelve, 2000)
    assert not check.ok and check.players == 13 and check.most_players == 12
    assert "makes at most 12 stacks of 2,000, not 13" in formats.stack_check_text(check)
    # A refunded entry gives its stack back.
    state = run(state, c.RemoveEntry(player=PlayerId(1)), T0 + MIN + 2)
    assert formats.stacks_given(state, 2000) == (12, ())


def test_chip_set_check_counts_rebuys_and_addons_as_stacks_of_their_size() -> None:
    state = stacks_night(2000, 1000)
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(2)),)), T0 + MIN - 1)
    state = run(state, c.Rebuy(player=PlayerId(2)), T0 + MIN)
    state = run(state, c.Addon(player=PlayerId(3)), T0 + MIN + 1)
    state = run(state, c.Addon(player=PlayerId(4)), T0 + MIN + 2)
    # The re-buy is one more starting stack; the add-ons are two stacks of 1,000.
    assert formats.stacks_given(state, 2000) == (13, ((1000, 2),))
    enough = ChipSet(name="Enough", chips=(Chip(100, 150), Chip(500, 30)))
    check = formats.event_stack_check(state, enough, 2000)
    assert check.ok and check.stacks == 15 and check.others == ((1000, 2),)
    assert "The 2 re-buy and add-on stacks of other sizes come first." in (
        formats.stack_check_text(check)
    )
    short = ChipSet(name="Short", chips=(Chip(100, 130), Chip(500, 26)))  # 13 x 2,000 only
    check = formats.event_stack_check(state, short, 2000)
    assert not check.ok and check.code == "chip_set_too_few_chips_with_others"
    assert "Besides the 2 re-buy and add-on stacks" in formats.stack_check_text(check)


def test_tv_lists_every_players_bounty() -> None:
    state = created(Structure(items=(NL, LATE)))
    money = MoneySettings(
        buy_in=3000, chips=5000, bounty=1000, bounties=BountySettings(kind=PROGRESSIVE)
    )
    state = run(state, c.SetMoneySettings(settings=money), T0 + 1)
    for number in range(1, 10):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0 + 1 + number)
    state = run(
        state, c.BustPlayers(busts=(Bust(player=PlayerId(9), eliminator=PlayerId(1)),)), T0 + MIN
    )
    section = next(s for s in display_data(state, T0 + MIN).sections if s.kind.value == "bounties")
    assert len(section.rows) == 8  # every player still in, not the top five
    assert section.rows[0].text == "P1 · €15.00"
    assert [row.figures[0].value for row in section.rows] == [1500] + [1000] * 7


def test_mystery_envelopes_out_of_step_are_said_before_the_next_knockout() -> None:
    """A re-entry after the draws began brings bounty money with no envelope: the
    next knockout would be refused, so the organizer is told at once; before the
    mystery phase, the envelopes may still be set later."""
    from director.core.money import MYSTERY, Envelope

    envelopes = (Envelope(amount=2000, count=1), Envelope(amount=500, count=4))
    state = created(Structure(items=(NL, LATE)))
    money = MoneySettings(
        buy_in=3000,
        chips=5000,
        bounty=1000,
        reentry=True,
        late_until_level=2,
        bounties=BountySettings(kind=MYSTERY, envelopes=envelopes, mystery_from_level=2),
    )
    state = run(state, c.SetMoneySettings(settings=money), T0 + 1)
    state = run(state, c.StartClock(), T0 + 2)
    for number in range(1, 5):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0 + 2 + number)
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(4)),)), T0 + MIN)
    state = run(state, c.Reentry(player=PlayerId(4)), T0 + MIN + 1)
    assert formats.envelopes_warning(state, T0 + MIN + 2) == ""  # level 1: no draw yet
    state = run(state, c.NextLevel(), T0 + 2 * MIN)
    warning = formats.envelopes_warning(state, T0 + 2 * MIN + 1)
    assert warning.startswith("The envelopes add up to €40.00 but the bounty money is €50.00")
    bust = c.BustPlayers(busts=(Bust(player=PlayerId(3), eliminator=PlayerId(1)),))
    with pytest.raises(RuleViolation) as refused:
        run(state, bust, T0 + 2 * MIN + 2)
    assert refused.value.code == "mystery_envelopes_do_not_match"
    # The organizer adds the re-entry's envelope; the knockout draws.
    more = BountySettings(
        kind=MYSTERY, envelopes=(*envelopes, Envelope(1000, 1)), mystery_from_level=2
    )
    state = run(state, c.SetMoneySettings(settings=replace(money, bounties=more)), T0 + 3 * MIN)
    assert formats.envelopes_warning(state, T0 + 3 * MIN) == ""
    state = run(state, bust, T0 + 3 * MIN + 1)
    assert len(state.draws) == 1
