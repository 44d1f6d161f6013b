"""The TV's still layer (issue 36): the background, pictures, captions, blinds,
figures and side column drawn once per change, only the time and what counts down
with it drawn each second. Whatever changes, the face shows what a new face would."""

from __future__ import annotations

import itertools

from PySide6.QtGui import QImage

from director.app.views.display import display_data
from director.core import commands as c
from director.core.players import Bust
from director.core.tv import THEMES, Element, Layout, Place, Slot, TvLook, require_valid_layout
from director.gui.clock_face import ClockFace, main_figures
from tests.core.helpers import MIN, T0, run
from tests.gui.test_clock_display import _night_with_moves

SECOND = 1000


def face_for(qtbot, size: tuple[int, int], look: TvLook | None = None) -> ClockFace:
    face = ClockFace()
    qtbot.addWidget(face)
    face.scroll_clock = lambda: 0  # the side column's first page, the message still
    if look is not None:
        face.set_look(look)
    face.resize(*size)
    return face


def fresh_image(qtbot, face: ClockFace) -> QImage:
    """What a new face, never painted, shows of the same data, look and size."""
    other = face_for(qtbot, (face.width(), face.height()), face.look)
    assert face.data is not None
    other.set_data(face.data)
    return other.grab().toImage()


def same_picture(one: QImage, other: QImage) -> bool:
    """Whether the two show the same: no pixel (every third) differs by more than a
    quarter of a channel's range (a glyph's edge drawn from Qt's cache or not may
    differ by a shade; another text, colour or place differs by far more)."""
    if one.size() != other.size():
        return False
    for y in range(0, one.height(), 3):
        for x in range(0, one.width(), 3):
            a, b = one.pixel(x, y), other.pixel(x, y)
            if a != b and any(abs((a >> s & 255) - (b >> s & 255)) > 64 for s in (0, 8, 16)):
                return False
    return True


def test_the_still_layer_is_drawn_once_while_only_the_time_moves(qtbot) -> None:
    state = _night_with_moves()
    face = face_for(qtbot, (1920, 1080))
    face.set_data(display_data(state, T0 + 5 * MIN))
    face.grab()
    builds = face.layer_builds
    for second in range(1, 6):
        data = display_data(state, T0 + 5 * MIN + second * SECOND)
        face.set_data(data)
        image = face.grab().toImage()
        assert same_picture(image, fresh_image(qtbot, face)), f"second {second}"
    assert face.layer_builds == builds
    assert any(stat.key == "next_break" for stat in data.stats)


def test_the_still_layer_is_drawn_again_when_what_it_shows_changes(qtbot) -> None:
    """A new level, a bust, a new look and a new size each draw the layer again: the
    face then shows exactly what a new face shows (never the old blinds, the old
    count of players, the old colours or the old size's layout)."""
    state = _night_with_moves()
    face = face_for(qtbot, (1920, 1080))
    now = T0 + 5 * MIN
    face.set_data(display_data(state, now))
    face.grab()

    def changed(what: str) -> None:
        builds = face.layer_builds
        image = face.grab().toImage()
        assert face.layer_builds == builds + 1, what
        assert same_picture(image, fresh_image(qtbot, face)), what

    level = display_data(state, now)
    now = T0 + 21 * MIN  # level 2 (its blinds on the next hand, R9)
    face.set_data(display_data(state, now))
    assert face.data is not None and face.data.level_label != level.level_label
    changed("a new level")

    seated = [player for player in state.tables.seated() if player in state.players]
    state = run(state, c.BustPlayers(busts=(Bust(player=seated[-1]),)), now)
    face.set_data(display_data(state, now))
    changed("a bust")

    face.set_look(TvLook(theme=THEMES["felt"]))
    changed("a new look")

    face.resize(1366, 768)
    changed("a new size")


def side_break_look() -> TvLook:
    """The full layout with "Next break" in the side column instead of the main one."""
    slots = [slot for slot in Layout().slots if slot.element is not Element.NEXT_BREAK]
    slots.insert(0, Slot(Element.NEXT_BREAK, Place.SIDE))
    layout = Layout(preset="custom", slots=tuple(slots))
    require_valid_layout(layout)
    return TvLook(layout=layout)


def test_the_still_layer_is_drawn_once_with_next_break_in_the_side_column(qtbot) -> None:
    """ "Next break" counts down with the clock wherever the layout puts it: in the side
    column too, its value is drawn each second over the layer, which is not drawn
    again (it was, every second); each second the face shows what a new face shows."""
    state = _night_with_moves()
    face = face_for(qtbot, (1920, 1080), side_break_look())
    face.set_data(display_data(state, T0 + 5 * MIN))
    face.grab()
    builds = face.layer_builds
    shown = []
    for second in range(1, 6):
        data = display_data(state, T0 + 5 * MIN + second * SECOND)
        face.set_data(data)
        image = face.grab().toImage()
        assert same_picture(image, fresh_image(qtbot, face)), f"second {second}"
        shown.append(image.copy(face.regions["side"].toAlignedRect()))
    assert face.layer_builds == builds
    assert "next_break" not in {stat.key for stat in main_figures(data, face.look)}
    assert all(one != other for one, other in itertools.pairwise(shown))  # its value moves


def test_a_new_second_compares_the_screen_data_field_by_field_twice_not_more(
    qtbot, monkeypatch
) -> None:
    """A new second's still data (the screen but for what changes each second), once
    found equal to the last second's, is the last second's: the plan's key, asked for
    several times a paint, and the still layer's key find it unchanged by identity.
    Each field-by-field comparison of the whole screen's data costs some 0.2 ms at
    1920x1080; five or more a paint were a sixth of the TV's paint."""
    from director.app.views.display_data import DisplayData
    from director.core import frozen

    state = _night_with_moves()
    face = face_for(qtbot, (1920, 1080))
    face.set_data(display_data(state, T0 + 5 * MIN))
    face.grab()
    compared: list[int] = []
    equal = frozen.Record.__eq__

    def counting(self, other):  # type: ignore[no-untyped-def]
        if type(self) is DisplayData:
            compared.append(1)
        return equal(self, other)

    monkeypatch.setattr(frozen.Record, "__eq__", counting)
    for second in range(1, 4):
        compared.clear()
        face.set_data(display_data(state, T0 + 5 * MIN + second * SECOND))
        face.grab()
        face.current_plan()
        face.current_plan()
        # Once to tell whether the screen changed (``set_data``), once to find the
        # still data unchanged: the plan's key and the still layer's then find it
        # unchanged by identity.
        assert len(compared) <= 2, f"second {second}: {len(compared)} comparisons"
    assert face.layer_builds == 1
