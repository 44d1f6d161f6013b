"""The guard against a C extension that leaks or drops references all night long.

PySide6 6.12.0 on CPython 3.11 drops one reference to None on every
``QPainter.setFont()``: the clock paints text every second, so after about
twenty minutes None's count reaches zero and the interpreter aborts
("none_dealloc"). These tests paint every widget that repaints during a night
a few thousand times and check that the reference counts of None, True, False
and the small ints do not drift; they check in batches, so such a fault fails
the test long before it could abort the run.

On CPython 3.12 and later these objects are immortal (PEP 683): their count is
a fixed number, so the check still runs there but cannot see a drift. The
guard is meant for the Python CI runs first (3.11, the oldest supported).
"""

from __future__ import annotations

import pytest

from tests.soak import (
    IMMORTAL_OBJECTS,
    FakeClock,
    RefcountDrift,
    check_drift,
    close_night,
    night_widgets,
    open_night,
    paint_many,
    refcounts,
)

PAINTS = 2_000
"""Paints of each widget: at one drop per setFont, about 30 000 lost references
to None for the clock face alone, far more than None holds."""
PAGE_PAINTS = 300
"""Whole console pages (a table of every player) are slower to paint: fewer."""


def paints_for(name: str) -> int:
    if name.endswith("page"):
        return PAGE_PAINTS
    if name.startswith("table view") and not name.endswith(" 1"):
        return PAGE_PAINTS  # the same widget as table 1's
    return PAINTS


@pytest.fixture
def night(qapp, db_path):
    window = open_night(db_path, FakeClock())
    yield window
    close_night(window)


def test_every_widget_of_the_night_paints_without_refcount_drift(night) -> None:
    widgets = night_widgets(night)
    assert {"TV clock", "TV seating board", "console clock", "players page", "payouts page"} <= set(
        widgets
    )
    assert any(name.startswith("table view") for name in widgets)
    drifts = paint_many(widgets, {name: paints_for(name) for name in widgets})
    assert set(drifts) == set(widgets)
    for name, moved in drifts.items():
        assert all(abs(delta) <= 8 for delta in moved.values()), (name, moved)


def test_the_finished_event_paints_without_refcount_drift(night) -> None:
    """The TV and console after the winner is known paint the final standings."""
    from director.core import commands as c
    from director.core.players import Bust

    controller = night.controller
    while len(controller.state.alive()) > 1:
        alive = sorted(controller.state.alive())
        controller.run(c.BustPlayers(busts=(Bust(player=alive[0], eliminator=alive[1]),)))
    night.ticker.update()
    assert night.display.face.data.finished
    widgets = night_widgets(night)
    paint_many({key: widgets[key] for key in ("TV clock", "console clock")}, PAINTS // 2)


def test_the_guard_sees_a_dropped_reference() -> None:
    """The check itself: a drop of references to None is reported, not ignored."""
    held = [None] * 100
    before = refcounts()
    del held
    if IMMORTAL_OBJECTS:
        assert check_drift(before, refcounts(), tolerance=8, where="test") == dict.fromkeys(
            before, 0
        )
        return
    with pytest.raises(RefcountDrift, match="None"):
        check_drift(before, refcounts(), tolerance=8, where="test")


def test_the_tv_with_a_logo_a_background_and_a_scrolling_message_paints_without_drift(
    night, tmp_path
) -> None:
    """The club's look all night: the logo and the background under its veil on every
    paint, and the message scrolling by repainting its band about 30 times a second."""
    from director.core import commands as c
    from director.core.tv import THEMES, Picture, TvLook
    from director.gui.media import choose_picture
    from tests.app.tv_files import jpeg, png

    logo_file, background_file = tmp_path / "logo.png", tmp_path / "felt.jpg"
    logo_file.write_bytes(png())
    background_file.write_bytes(jpeg())
    logo = choose_picture(logo_file, night.assets)
    background = choose_picture(background_file, night.assets)
    look = TvLook(
        theme=THEMES["felt"],
        logo=logo.name,
        background=Picture(background.name, background.low, background.high),
        veil=70,
    )
    controller = night.controller
    controller.run(c.SetTvLook(look=look))
    controller.run(c.SetRoomMessage(text="Last orders at the bar in ten minutes " * 3))
    night.ticker.update()
    face = night.display.face
    face.resize(1280, 720)
    assert face.look == look and set(face.pictures) == {logo.name, background.name}
    assert face.message_scrolls()
    moment = {"ms": 0}

    def scrolling() -> int:
        moment["ms"] += 33
        return moment["ms"]

    face.scroll_clock = scrolling

    class MessageBand:
        """Paints what the scrolling timer paints: the message's band alone."""

        def grab(self) -> None:
            band = face.message_rect()
            assert band is not None
            face.repaint(band)

    band_paints = face.message_paints
    drifts = paint_many({"TV with pictures": face, "scrolling message": MessageBand()}, PAINTS)
    assert face.message_paints - band_paints >= PAINTS  # the band alone, each time
    for name, moved in drifts.items():
        assert all(abs(delta) <= 8 for delta in moved.values()), (name, moved)
