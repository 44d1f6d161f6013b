"""The TV's look as rules: WCAG contrast, themes, layouts, sounds, the message line,
and the room's moments (bubble, final table) announced once."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.core import commands as c
from director.core.clock import Cue, CueKind
from director.core.colours import (
    AA_LARGE,
    AA_NORMAL,
    blended_luminance,
    colour_text,
    contrast_ratio,
    luminance,
    parse_colour,
    rounded,
    worst_ratio,
)
from director.core.errors import RuleViolation
from director.core.moments import Moments, moment_cues, moments
from director.core.money import MoneySettings
from director.core.state import EventKind
from director.core.tv import (
    COLOUR_ROLES,
    PLACES,
    PRESETS,
    TEXT_CHECKS,
    THEMES,
    CueSound,
    Element,
    Ground,
    Layout,
    Picture,
    Place,
    Slot,
    Theme,
    TvLook,
    contrast_problems,
    least_veil,
    require_valid_layout,
    require_valid_look,
)
from tests.core.helpers import MIN, T0, created, run

PNG = "a" * 64 + ".png"
WAV = "b" * 64 + ".wav"


# -- WCAG, by its own worked numbers ---------------------------------------------------


def test_wcag_relative_luminance_and_contrast_ratio_by_the_formula() -> None:
    """WCAG 2: L = 0.2126 R + 0.7152 G + 0.0722 B of linearised sRGB; ratio
    (L1 + 0.05) / (L2 + 0.05)."""
    assert luminance("#000000") == 0
    assert luminance("#ffffff") == 1
    assert contrast_ratio("#000000", "#ffffff") == 21
    assert contrast_ratio("#ffffff", "#ffffff") == 1
    # The usual reference pairs: #767676 is the lightest grey passing AA on white,
    # #777777 just fails (4.48:1).
    assert rounded(contrast_ratio("#767676", "#ffffff")) == "4.54"
    assert rounded(contrast_ratio("#777777", "#ffffff")) == "4.47"
    assert contrast_ratio("#777777", "#ffffff") < AA_NORMAL <= contrast_ratio("#767676", "#ffffff")
    # Pure red on white: 3.99:1, large text only.
    assert rounded(contrast_ratio("#ff0000", "#ffffff")) == "3.99"
    # The linear part of the curve below 0.04045 (10/255 is 0.0392).
    assert abs(luminance("#0a0a0a") - Decimal(10) / 255 / Decimal("12.92")) < Decimal("1e-25")


@given(
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
)
def test_contrast_is_symmetric_between_1_and_21(first, second) -> None:
    ratio = contrast_ratio(first, second)
    assert ratio == contrast_ratio(second, first)
    assert 1 <= ratio <= 21
    assert colour_text(first) == colour_text(parse_colour(colour_text(first)))


RGB = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


@given(RGB, RGB, st.integers(0, 100))
def test_the_tones_of_a_picture_bound_what_shows_through_its_veil(one, two, opacity) -> None:
    """Under a veil, a pixel's luminance lies between the veil over the picture's least
    channels and the veil over its greatest: the bounds the contrast check uses."""
    low = tuple(min(a, b) for a, b in zip(one, two, strict=True))
    high = tuple(max(a, b) for a, b in zip(one, two, strict=True))
    least = blended_luminance("#102030", low, opacity)
    most = blended_luminance("#102030", high, opacity)
    for pixel in (one, two):
        shown = blended_luminance("#102030", pixel, opacity)
        assert least <= shown <= most
        # The worst contrast over the range is never better than against the pixel.
        assert worst_ratio("#ffffff", least, most) <= (1 + Decimal("0.05")) / (
            shown + Decimal("0.05")
        )


@pytest.mark.parametrize("text", ["", "red", "#12345", "#1234567", "#gggggg", "12345678", 12])
def test_a_colour_that_is_not_hex_is_refused(text) -> None:
    with pytest.raises(RuleViolation) as refused:
        parse_colour(text)
    assert refused.value.code == "bad_colour"


# -- themes ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_shipped_theme_passes_wcag_aa_for_every_text(name) -> None:
    theme = THEMES[name]
    assert theme.name == name
    assert contrast_problems(TvLook(theme=theme)) == ()
    for check in TEXT_CHECKS:
        ratio = contrast_ratio(getattr(theme, check.colour), getattr(theme, check.ground.value))
        assert ratio >= (AA_LARGE if check.large else AA_NORMAL), (name, check.key)


@pytest.mark.parametrize("check", TEXT_CHECKS, ids=lambda check: check.key)
def test_an_unreadable_colour_is_refused_naming_the_text(check) -> None:
    """Each text made the colour of what it is drawn on is refused by its own name."""
    theme = THEMES["dark"]
    ground = getattr(theme, check.ground.value)
    changed = replace(theme, name="custom", **{check.colour: ground})
    problems = contrast_problems(TvLook(theme=changed))
    assert check.key in {problem.key for problem in problems}
    state = created()
    with pytest.raises(RuleViolation) as refused:
        run(state, c.SetTvLook(look=TvLook(theme=changed)), T0)
    assert refused.value.code == "tv_contrast"
    assert refused.value.args_map["ratio"] == "1.00"


def test_the_worst_text_is_named_first_with_its_ratio() -> None:
    theme = replace(THEMES["light"], name="custom", dim="#b0b0b0", next="#999999")
    problems = contrast_problems(TvLook(theme=theme))
    keys = [problem.key for problem in problems]
    assert keys[0] == "tv_text_dim"
    assert {"tv_text_next", "tv_text_captions"} <= set(keys)
    assert [problem.ratio for problem in problems] == sorted(p.ratio for p in problems)
    assert problems[0].needed == AA_NORMAL


def test_a_background_picture_counts_through_its_veil() -> None:
    """Texts over a picture are read against the veil over the picture's darkest and
    lightest tones: a dark picture passes where a black-and-white one fails."""
    dark_picture = Picture(PNG, low="#000000", high="#203020")
    any_picture = Picture(PNG, low="#000000", high="#ffffff")
    dark = TvLook(background=dark_picture, veil=40)
    assert contrast_problems(dark) == ()
    wide = TvLook(background=any_picture, veil=40)
    keys = {problem.key for problem in contrast_problems(wide)}
    assert "tv_text_dim" in keys and "tv_text_main" in keys
    # Panels stay opaque: what is drawn on them is not affected.
    assert not keys & {"tv_text_figures", "tv_text_captions", "tv_text_headings"}
    veil = least_veil(wide)
    assert veil is not None and veil > 40
    assert contrast_problems(replace(wide, veil=veil)) == ()
    assert contrast_problems(replace(wide, veil=veil - 5)) != ()
    # A full veil hides the picture: only the colours count.
    assert contrast_problems(replace(wide, veil=100)) == ()


def test_least_veil_is_none_when_the_colours_themselves_fail() -> None:
    theme = replace(THEMES["dark"], name="custom", text="#0d1117")
    assert least_veil(TvLook(theme=theme, background=Picture(PNG))) is None


# -- layouts -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_a_valid_layout(name) -> None:
    layout = PRESETS[name]
    assert layout.preset == name
    require_valid_layout(layout)
    assert layout.place_of(Element.BLINDS) is Place.MAIN


def test_each_element_goes_once_and_only_where_it_may() -> None:
    twice = Layout(slots=(Slot(Element.BLINDS, Place.MAIN), Slot(Element.BLINDS, Place.MAIN)))
    with pytest.raises(RuleViolation) as refused:
        require_valid_layout(twice)
    assert refused.value.code == "layout_repeats"
    for element, places in PLACES.items():
        for place in set(Place) - places:
            with pytest.raises(RuleViolation) as refused:
                require_valid_layout(Layout(preset="custom", slots=(Slot(element, place),)))
            assert refused.value.code == "layout_bad_place"
    with pytest.raises(RuleViolation):
        require_valid_layout(Layout(side_width=80))
    with pytest.raises(RuleViolation):
        require_valid_layout(Layout(preset="mystery"))


def test_a_look_names_only_stored_files() -> None:
    for look in (
        TvLook(logo="../../etc/passwd"),
        TvLook(logo=WAV),
        TvLook(background=Picture("logo.png")),
        TvLook(sounds=(CueSound(CueKind.BUBBLE, asset=PNG),)),
        TvLook(sounds=(CueSound(CueKind.BUBBLE, asset="/tmp/" + WAV),)),
    ):
        with pytest.raises(RuleViolation) as refused:
            require_valid_look(look)
        assert refused.value.code == "bad_asset_name"
    require_valid_look(
        TvLook(
            logo=PNG,
            background=Picture(PNG, low="#000000", high="#101010"),
            sounds=(CueSound(CueKind.BUBBLE, WAV),),
        )
    )


def test_sounds_once_per_cue_with_a_volume_from_0_to_100() -> None:
    with pytest.raises(RuleViolation) as refused:
        require_valid_look(
            TvLook(sounds=(CueSound(CueKind.BUBBLE), CueSound(CueKind.BUBBLE, silent=True)))
        )
    assert refused.value.code == "cue_repeats"
    with pytest.raises(RuleViolation) as refused:
        require_valid_look(TvLook(sounds=(CueSound(CueKind.BUBBLE, volume=101),)))
    assert refused.value.code == "volume_out_of_range"
    with pytest.raises(RuleViolation) as refused:
        require_valid_look(TvLook(sounds=(CueSound(CueKind.MESSAGE),)))
    assert refused.value.code == "bad_cue"
    assert TvLook().sound_for(CueKind.BUBBLE) == CueSound(CueKind.BUBBLE)


# -- the commands ----------------------------------------------------------------------------


def test_the_look_is_an_ordinary_command_of_the_event_and_replays() -> None:
    from director.core.apply import fold
    from director.core.decide import decide

    state = created()
    look = TvLook(theme=THEMES["felt"], layout=PRESETS["tables"], logo=PNG)
    events = decide(state, c.SetTvLook(look=look), T0)
    after = fold(events, state)
    assert after.tv_look == look
    assert fold(events, state) == after  # replaying gives the same state
    with pytest.raises(RuleViolation) as refused:
        run(after, c.SetTvLook(look=look), T0)
    assert refused.value.code == "tv_look_unchanged"
    back = run(after, c.SetTvLook(look=None), T0)
    assert back.tv_look is None
    assert c.SetTvLook(look=look).label(after).code == "set_tv_look"


def test_the_message_line_is_one_clean_line_and_can_be_cleared() -> None:
    state = run(created(), c.SetRoomMessage(text="  Last   orders at the bar  "), T0)
    assert state.room_message == "Last orders at the bar"
    for text, code in [
        ("Last orders at the bar", "message_unchanged"),
        ("x" * 201, "message_too_long"),
        ("Two\nlines", "text_control_character"),
        ("\x1b[31mred", "text_control_character"),
    ]:
        with pytest.raises(RuleViolation) as refused:
            run(state, c.SetRoomMessage(text=text), T0)
        assert refused.value.code == code
    cleared = run(state, c.SetRoomMessage(text=""), T0)
    assert cleared.room_message == ""
    with pytest.raises(RuleViolation) as refused:
        run(cleared, c.SetRoomMessage(text="   "), T0)
    assert refused.value.code == "no_message"
    assert c.SetRoomMessage(text="").label(state).code == "clear_room_message"
    assert c.SetRoomMessage(text="Hi").label(state).code == "set_room_message"


def test_the_look_and_the_message_still_change_once_the_event_is_over() -> None:
    from director.core.ids import PlayerId
    from director.core.players import Bust
    from director.core.state import Status

    state = run(created(), c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)), T0)
    for number in (1, 2):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=PlayerId(1)),)), T0 + MIN)
    assert state.status is Status.FINISHED
    state = run(state, c.SetRoomMessage(text="Thanks for coming"), T0 + 2 * MIN)
    state = run(state, c.SetTvLook(look=TvLook(theme=THEMES["light"])), T0 + 2 * MIN)
    assert state.room_message == "Thanks for coming"


# -- the room's moments -----------------------------------------------------------------------


def test_the_bubble_is_reached_by_a_bust_only() -> None:
    before = Moments(left=5, paid=3, tables_in_use=1, seats_per_table=9)
    bubble = before._replace(left=4)
    assert moment_cues(before, bubble, 2) == [Cue(CueKind.BUBBLE, 2)]
    # Undoing the bust that put the room in the money comes back to the bubble: not again.
    in_the_money = before._replace(left=3)
    assert moment_cues(in_the_money, bubble, 2) == []
    # Two out at once, straight past the bubble: no bubble to announce.
    assert moment_cues(before, in_the_money, 2) == []
    # After a deal there is no bubble.
    assert moment_cues(before, bubble._replace(deal=True), 2) == []
    # Nothing paid: no bubble.
    assert not Moments(left=4, paid=0).on_the_bubble


def test_the_final_table_is_when_the_players_left_fit_at_one_of_several() -> None:
    two_tables = Moments(left=10, paid=3, tables_in_use=2, seats_per_table=9)
    assert moment_cues(two_tables, two_tables._replace(left=9), 0) == [Cue(CueKind.FINAL_TABLE, 0)]
    # A night that starts at one table never announces it.
    one_table = Moments(left=8, paid=3, tables_in_use=1, seats_per_table=9)
    assert moment_cues(one_table, one_table._replace(left=7), 0) == []
    # Nor does a re-entry that takes the room back over, then out again... only once
    # the room goes down to one table from several.
    assert moment_cues(two_tables._replace(left=9), two_tables, 0) == []


def test_a_new_message_is_a_moment_and_clearing_is_not() -> None:
    quiet = Moments()
    said = quiet._replace(message="Add-on at the break")
    assert moment_cues(quiet, said, 0) == [Cue(CueKind.MESSAGE, 0)]
    assert moment_cues(said, quiet, 0) == []
    assert moment_cues(said, said, 0) == []


def test_moments_of_a_state() -> None:
    from director.core.ids import PlayerId

    state = run(created(), c.SetMoneySettings(settings=MoneySettings(buy_in=2000, chips=5000)), T0)
    for number in range(1, 13):
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), T0)
    state = run(state, c.SetTableOptions(seats_per_table=6), T0)
    state = run(state, c.DrawSeats(), T0)
    found = moments(state, paid=3)
    assert (found.left, found.paid, found.tables_in_use, found.seats_per_table) == (12, 3, 2, 6)
    assert moments(created(kind=EventKind.CASH), 3) == Moments()


def test_the_colour_roles_are_the_themes_fields() -> None:
    assert set(COLOUR_ROLES) == set(Theme().colours())
    assert {check.ground for check in TEXT_CHECKS} == set(Ground)
