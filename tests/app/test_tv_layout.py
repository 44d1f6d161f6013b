"""Where everything goes on the TV, for every layout at every size: inside the screen,
never overlapping, the time's band and the texts big enough."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.app.tv.tv_layout import (
    DIGITS,
    MIN_TEXT,
    SIDE_LEAST,
    TIME_DIGITS_AT_LEAST,
    TIME_FONT,
    TIME_MIN,
    Needs,
    plan,
    separate_boxes,
)
from director.core.tv import PLACES, PRESETS, Element, Layout, LogoPlace, Side, Slot

SIZES = [(1024, 576), (1366, 768), (1920, 1080), (3840, 2160)]


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    elements = draw(st.lists(st.sampled_from(list(Element)), unique=True))
    slots = tuple(Slot(e, draw(st.sampled_from(sorted(PLACES[e])))) for e in elements)
    return Layout(
        preset="custom",
        slots=slots,
        side=draw(st.sampled_from(list(Side))),
        side_width=draw(st.integers(20, 50)),
        logo=draw(st.sampled_from(list(LogoPlace))),
    )


@st.composite
def needs_now(draw: st.DrawFn) -> Needs:
    # "00:00" at its natural width, and the widest time now as narrow as it may be
    # drawn: from "00:00" condensed (about 2.5) to "+1:00:00" condensed (about 4).
    time_em = draw(st.floats(2.8, 3.6))
    return Needs(
        side=draw(st.booleans()),
        figures=draw(st.booleans()),
        message=draw(st.booleans()),
        logo=draw(st.booleans()),
        qr=draw(st.booleans()),
        time_em=time_em,
        time_em_least=draw(st.floats(time_em * 0.7, 4.2)),
        logo_aspect=draw(st.floats(0.2, 8.0)),
    )


needs = needs_now()


def least_main(em: float, height: int) -> float:
    """The main column's least width for a time of ``em`` with digits a quarter high."""
    return em * TIME_DIGITS_AT_LEAST / DIGITS * height / 0.96 + 2 * 0.025 * height


def check(layout: Layout, width: int, height: int, wanted: Needs) -> None:
    made = plan(layout, width, height, wanted)
    boxes = made.boxes
    for name, box in boxes.items():
        assert box.inside(width, height), (name, box)
        assert box.w >= 0 and box.h >= 0, name
    names = separate_boxes(made)
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            assert not boxes[first].overlaps(boxes[second]), (first, second)
    # The time: its band, and a main column wide enough for its digits.
    assert boxes["time"].h >= TIME_MIN * height - 0.5
    digits = min(made.fonts["time"], boxes["time"].w * 0.96 / wanted.time_em_least) * DIGITS
    assert digits >= 0.25 * height or made.side_dropped
    # The side column gives way only as far as the time needs.
    if "side" in boxes:
        given = width * layout.side_width / 100
        for_natural = max(SIDE_LEAST * width, width - least_main(wanted.time_em, height))
        for_least = width - least_main(wanted.time_em_least, height)
        assert boxes["side"].w + 0.025 * height >= min(given, for_natural, for_least) - 1
    assert made.fonts["time"] == boxes["time"].h * TIME_FONT
    # No text under 3% of the height (the side column's lines are 3/4 of their height).
    for key, pixels in made.fonts.items():
        size = pixels * 0.75 if key == "line" else pixels
        assert size >= MIN_TEXT * height - 0.01, key
    # Nothing covers the time: the logo, the message, the side column, the QR code.
    for other in ("logo", "message", "side", "qr", "lines"):
        if other in boxes:
            assert not boxes[other].overlaps(boxes["time"]), other


@given(layouts(), st.sampled_from(SIZES), needs)
def test_any_layout_at_any_tv_size_keeps_the_rules(layout, size, wanted) -> None:
    check(layout, *size, wanted)


@given(layouts(), st.integers(1024, 3840), needs)
def test_any_16_9_size_between_1024_and_4k(layout, width, wanted) -> None:
    check(layout, width, round(width * 9 / 16), wanted)


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("size", SIZES)
def test_the_presets_keep_their_columns_at_every_tv_size(name, size) -> None:
    layout = PRESETS[name]
    made = plan(layout, *size, Needs(side=True, message=True, logo=True, qr=True))
    check(layout, *size, Needs(side=True, message=True, logo=True, qr=True))
    assert not made.side_dropped
    assert ("stats" in made.boxes) == (name != "clock_only")
    # Clock only gives the room to the time.
    if name == "clock_only":
        assert made.boxes["time"].h > 0.45 * size[1]


def test_a_screen_too_narrow_gives_up_the_side_column_not_the_time() -> None:
    hour = Needs(side=True, time_em_least=3.3)  # "0:00:00" condensed
    made = plan(PRESETS["full"], 1024, 768, hour)
    assert made.side_dropped and "side" not in made.boxes
    assert made.boxes["time"].w * 0.96 / 3.3 * DIGITS >= 0.25 * 768
    # Narrower than 16:9 but not that narrow: the side column only gets narrower.
    narrower = plan(PRESETS["full"], 1024, 700, Needs(side=True))
    assert not narrower.side_dropped
    assert narrower.boxes["side"].w < 0.32 * 1024 - 0.025 * 700


def test_the_side_column_narrows_for_the_natural_time_then_the_glyphs_narrow() -> None:
    # Tables asks for 42%: the side column narrows so "00:00" stands at its natural
    # width (it stays over SIDE_LEAST).
    tables = plan(PRESETS["tables"], 1920, 1080, Needs(side=True, time_em=3.2))
    assert tables.boxes["time"].w * 0.96 / 3.2 * DIGITS >= 0.25 * 1080 - 0.5
    assert SIDE_LEAST * 1920 < tables.boxes["side"].w + 0.025 * 1080 < 0.42 * 1920
    # An hour-long level in Full: the side column keeps nearly all of its 32%; the
    # time is drawn narrower.
    hour = plan(PRESETS["full"], 1920, 1080, Needs(side=True, time_em=3.2, time_em_least=3.3))
    assert hour.boxes["side"].w + 0.025 * 1080 >= 0.3 * 1920
    assert hour.boxes["time"].w * 0.96 / 3.3 * DIGITS >= 0.25 * 1080


@pytest.mark.parametrize("size", [(1024, 768), (1280, 1024), (1600, 1200)])
@pytest.mark.parametrize("name", ["full", "tables"])
def test_a_4_3_screen_keeps_the_side_column_with_the_times_glyphs_narrowed(name, size) -> None:
    """On 4:3 and 5:4 screens the moves, seats and QR code stay: the side column keeps
    SIDE_LEAST of the width (or what the time leaves), the time's glyphs narrow."""
    width, height = size
    made = plan(PRESETS[name], width, height, Needs(side=True, qr=True))
    check(PRESETS[name], width, height, Needs(side=True, qr=True))
    assert not made.side_dropped and "side" in made.boxes and "qr" in made.boxes
    assert made.boxes["side"].w + 0.025 * height >= 0.25 * width
    # "00:00" no longer fits at its natural width, only narrowed.
    assert made.boxes["time"].w * 0.96 / 3.2 * DIGITS < 0.25 * height
    # A wide one keeps the side column at its width.
    wide = plan(PRESETS["full"], 1920, 1080, Needs(side=True))
    assert round(wide.boxes["side"].w + 0.025 * 1080) == round(1920 * 0.32)


def test_the_side_column_goes_left_or_right_and_the_message_top_or_bottom() -> None:
    from dataclasses import replace

    from director.core.tv import Place

    layout = replace(PRESETS["full"], side=Side.LEFT)
    made = plan(layout, 1920, 1080, Needs(side=True, message=True))
    assert made.boxes["side"].x < made.boxes["time"].x
    assert made.boxes["message"].y > made.boxes["stats"].y
    top = replace(
        layout,
        slots=tuple(
            Slot(s.element, Place.TOP) if s.element is Element.MESSAGE else s for s in layout.slots
        ),
    )
    made = plan(top, 1920, 1080, Needs(side=True, message=True))
    assert made.boxes["message"].bottom <= made.boxes["title"].y + 0.5
    assert made.boxes["message"].bottom <= made.boxes["side"].y
    assert TIME_DIGITS_AT_LEAST > 0.25
