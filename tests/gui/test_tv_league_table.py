"""The live league table as a TV element (issue 33): placed in the side column
like the others, drawn from the feed's section, readable at every size, in
English and French."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from director.app.views.feed import ClockFeed
from director.core.tv import PRESETS, Element, Layout, Place, Slot, TvLook
from director.gui.clock_face import ClockFace, side_lines
from director.i18n import set_language
from tests.app.test_live_league import tonight  # noqa: F401 (a night in a season)

SHOTS = os.environ.get("DIRECTOR_TV_SHOTS")


def with_league_table() -> Layout:
    full = PRESETS["full"]
    return Layout(
        preset="custom",
        slots=(*full.slots, Slot(Element.LEAGUE_TABLE, Place.SIDE)),
        side=full.side,
        side_width=full.side_width,
    )


def test_the_league_table_shows_where_placed_and_only_there(tonight) -> None:  # noqa: F811
    session, _people = tonight
    feed = ClockFeed(session)
    placed = [line.text for line in side_lines(feed.data, TvLook(layout=with_league_table()))]
    assert "Friday, live" in placed
    assert "1. Ann" in placed
    plain = [line.text for line in side_lines(feed.data, TvLook(layout=PRESETS["full"]))]
    assert not any("Ann" in text for text in plain)
    feed.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_league_table_on_the_tv_is_readable(
    qtbot,
    tonight,  # noqa: F811
    tmp_path,
    language,
    size,
) -> None:
    session, _people = tonight
    set_language(language)
    try:
        feed = ClockFeed(session)
        face = ClockFace()
        qtbot.addWidget(face)
        face.resize(*size)
        face.set_look(TvLook(layout=with_league_table()))
        face.set_data(feed.data)
        image = face.grab().toImage()
        feed.close()
    finally:
        set_language("en")
    shots = Path(SHOTS) if SHOTS else tmp_path
    image.save(str(shots / f"league-table-{language}-{size[0]}x{size[1]}.png"))
    drawn = {key for key in face.font_pixels if key.startswith("line")}
    assert drawn, "the side column drew lines"
    assert min(face.font_pixels[key] for key in drawn) >= int(size[1] * 0.03)
    assert not {key for key in face.elided if key.startswith("line")}
