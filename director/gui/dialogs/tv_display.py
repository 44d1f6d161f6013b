"""The TV display dialog: make the TV the club's own.

A theme or the club's own colours (every text's contrast checked as it is
edited, the failing ones named), the logo and a background picture, the
layout (a preset, or what goes where), the sound of each cue with its volume
and a test button, and the message line. A live preview shows the TV as it
will look. "Apply to this event" records the look in the event (one undoable
step); "Save as default" keeps it in the settings for events without their
own. A look travels to another club as one file (Export / Import).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from director.app.storage.databases import StoreError
from director.app.tv.tv_bundle import export_look, import_bundle
from director.app.views.display import DisplayData, LeagueRow, PlaceRow, Section, SectionKind, Stat
from director.core import commands as c
from director.core.clock import CueKind
from director.core.colours import parse_colour
from director.core.errors import RuleViolation
from director.core.tv import (
    COLOUR_ROLES,
    PLACES,
    PRESETS,
    SIDE_WIDTH_RANGE,
    SOUND_CUES,
    THEMES,
    CueSound,
    Element,
    Layout,
    LogoPlace,
    Picture,
    Place,
    Side,
    Slot,
    TvLook,
    contrast_problems,
    least_veil,
    require_valid_look,
)
from director.gui.clock_face import ClockFace
from director.gui.common import confirm
from director.gui.media import LoadedPicture, check_picture_bytes, choose_picture, choose_sound
from director.gui.widgets import InlineError
from director.i18n import N_, _, describe_error, format_money, format_size
from director.messages import MESSAGES

if TYPE_CHECKING:
    from director.app.tv.tv_assets import AssetStore
    from director.gui.controller import SessionController
    from director.gui.sound import SoundPlayer

THEME_NAMES = {
    "dark": N_("Dark"),
    "light": N_("Light (daylight rooms)"),
    "contrast": N_("High contrast"),
    "felt": N_("Felt green"),
    "custom": N_("Your own colours"),
}
ROLE_NAMES = {
    "background": N_("Background"),
    "panel": N_("Panels (figures, side column, message)"),
    "text": N_("Time, blinds, names"),
    "dim": N_("Event name, caption above the time"),
    "next": N_("Next level, captions"),
    "accent": N_("Level, headings"),
    "warn": N_("Overtime, moves, next-hand banner"),
    "alert": N_("PAUSED banner"),
    "rest": N_("Breaks"),
}
PRESET_NAMES = {
    "clock_only": N_("Clock only"),
    "full": N_("Full"),
    "tables": N_("Tables and moves"),
    "custom": N_("Your own arrangement"),
}
PLACE_NAMES = {place: f"tv_place_{place.value}" for place in Place}
SIDE_NAMES = {Side.LEFT: N_("On the left"), Side.RIGHT: N_("On the right")}
LOGO_PLACES = {
    LogoPlace.TITLE_LEFT: N_("Top left, beside the event's name"),
    LogoPlace.TITLE_RIGHT: N_("Top right, beside the level"),
    LogoPlace.SIDE_TOP: N_("At the top of the side column"),
}
CUE_NAMES = {
    CueKind.ONE_MINUTE: N_("One minute left"),
    CueKind.LEVEL_START: N_("Level up"),
    CueKind.BREAK_START: N_("Break"),
    CueKind.BREAK_END: N_("Break over"),
    CueKind.BUBBLE: N_("Bubble"),
    CueKind.FINAL_TABLE: N_("Final table"),
}
ELEMENT_ORDER: tuple[Element, ...] = tuple(Element)


def element_name(element: Element) -> str:
    return _(MESSAGES[f"tv_element_{element.value}"])


def place_name(place: Place) -> str:
    return _(MESSAGES[PLACE_NAMES[place]])


def imported_sound_name(asset: str) -> str:
    """How an imported sound is named in its cue's choice (its stored name's start)."""
    return _("Imported sound ({name}…)").format(name=asset[:8])


def sample_data() -> DisplayData:
    """What the preview shows when no event is open: a plausible night."""
    payouts = tuple(
        PlaceRow(
            place, amount, _("{place}. {amount}").format(place=place, amount=format_money(amount))
        )
        for place, amount in enumerate((21_000, 12_600, 8_400), start=1)
    )
    return DisplayData(
        event_name=_("Friday night"),
        level_label=_("Level {number}").format(number=4),
        time_text="12:34",
        time_caption="",
        blinds_text="100 / 200",
        ante_text=_("Ante {amount}").format(amount=25),
        pending_text="",
        next_text=_("Next: {blinds}").format(blinds="150 / 300"),
        note="",
        started=True,
        running=True,
        on_break=False,
        overtime=False,
        hands_level=False,
        stats=(
            Stat(_("Players"), "14 / 20", "players"),
            Stat(_("Average stack"), "14,285", "average"),
            Stat(_("Prize pool"), "420 €", "prize_pool"),
            Stat(_("Next break"), "38:12", "next_break"),
            Stat(_("Estimated end"), "23:40", "estimated_end"),
        ),
        sections=(
            Section(SectionKind.PAYOUTS, _("Payouts"), payouts),
            Section(
                SectionKind.LEAGUE,
                _("{league}, live").format(league=_("Friday league")),
                tuple(
                    LeagueRow(rank, name, points, f"{rank}. {name} · {points}")
                    for rank, (name, points) in enumerate(
                        (("Ann", "45"), ("Bob", "38"), ("Zoë", "31")), start=1
                    )
                ),
            ),
        ),
        message=_("Last orders at the bar"),
    )


class ColourButton(QToolButton):
    """A swatch that opens the colour picker."""

    def __init__(self, role: str, dialog: TvDisplayDialog) -> None:
        super().__init__()
        self.role = role
        self.dialog = dialog
        self.setFixedSize(44, 26)
        self.clicked.connect(self.pick)

    def show_colour(self, colour: str) -> None:
        self.setStyleSheet(f"background: {colour}; border: 1px solid #888;")

    def pick(self) -> None:
        current = QColor(getattr(self.dialog.look.theme, self.role))
        chosen = QColorDialog.getColor(current, self, _("Choose a colour"))
        if chosen.isValid():
            self.dialog.set_colour(self.role, chosen.name())


class TvLookHost(Protocol):
    """What the TV display dialog needs from the window (its TV host): the looks,
    their pictures, the stored pictures and sounds, and where a look is kept."""

    controller: SessionController | None
    sound: SoundPlayer

    @property
    def assets(self) -> AssetStore: ...

    @property
    def readonly(self) -> bool: ...

    def tv_look(self) -> TvLook: ...

    def default_look(self) -> TvLook: ...

    def look_pictures(self, look: TvLook) -> dict[str, LoadedPicture]: ...

    def save_default_look(self, look: TvLook) -> None: ...


class TvDisplayDialog(QDialog):
    """Edits a copy of the TV's look; nothing changes until Apply or Save as default."""

    def __init__(
        self, host: TvLookHost, parent: QWidget | None = None, *, data: DisplayData | None = None
    ) -> None:
        super().__init__(parent)
        self.host = host
        self.setWindowTitle(_("TV display"))
        self.look: TvLook = host.tv_look()
        self.pictures: dict[str, LoadedPicture] = dict(host.look_pictures(self.look))
        self.controller = host.controller
        self._updating = False

        tabs = QTabWidget()
        tabs.addTab(self._colours_tab(), _("Colours"))
        tabs.addTab(self._pictures_tab(), _("Pictures"))
        tabs.addTab(self._layout_tab(), _("Layout"))
        tabs.addTab(self._sounds_tab(), _("Sounds"))
        tabs.addTab(self._message_tab(), _("Message"))
        self.tabs = tabs

        self.preview = ClockFace()
        self.preview.setMinimumSize(448, 252)
        self.preview.setMaximumSize(448, 252)
        self.preview.scroll_clock = lambda: 0
        self.preview.set_data(data if data is not None else sample_data())
        self.problems = InlineError()
        self.problems.setMaximumWidth(448)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setMaximumWidth(448)
        right = QVBoxLayout()
        right.addWidget(QLabel(_("Preview")))
        right.addWidget(self.preview)
        right.addWidget(self.problems)
        right.addWidget(self.note)
        right.addStretch()

        self.import_button = QPushButton(_("Import…"))
        self.import_button.setToolTip(_("Load a look shared by another club (a .zip file)"))
        self.import_button.clicked.connect(self.import_look)
        self.export_button = QPushButton(_("Export…"))
        self.export_button.setToolTip(_("Save this look with its pictures and sounds as one file"))
        self.export_button.clicked.connect(self.export_look)
        self.default_button = QPushButton(_("Save as default"))
        self.default_button.setToolTip(_("New events, and events without their own look, use it"))
        self.default_button.clicked.connect(self.save_default)
        self.apply_button = QPushButton(_("Apply to this event"))
        self.apply_button.clicked.connect(self.apply_to_event)
        self.apply_button.setDefault(True)
        self.apply_button.setVisible(self.controller is not None)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.export_button):
            buttons.addWidget(button)
        buttons.addStretch()
        for button in (self.default_button, self.apply_button, close):
            buttons.addWidget(button)

        top = QHBoxLayout()
        top.addWidget(tabs, 1)
        top.addLayout(right)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(buttons)
        self.show_look()
        self.show_stored()

    # -- colours ------------------------------------------------------------------

    def _colours_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.theme = QComboBox()
        for key, name in THEME_NAMES.items():
            self.theme.addItem(_(name), key)
        self.theme.activated.connect(self._theme_chosen)
        form.addRow(_("Theme"), self.theme)
        self.swatches: dict[str, ColourButton] = {}
        self.hex_fields: dict[str, QLineEdit] = {}
        for role in COLOUR_ROLES:
            swatch = ColourButton(role, self)
            field = QLineEdit()
            field.setMaxLength(7)
            field.setFixedWidth(90)
            field.editingFinished.connect(lambda role=role: self._typed_colour(role))
            row = QHBoxLayout()
            row.addWidget(swatch)
            row.addWidget(field)
            row.addStretch()
            form.addRow(_(ROLE_NAMES[role]), row)
            self.swatches[role] = swatch
            self.hex_fields[role] = field
        self.colour_error = InlineError()
        form.addRow(self.colour_error)
        return page

    def _theme_chosen(self, row: int) -> None:
        key = self.theme.itemData(row)
        if key in THEMES:
            self.change(theme=THEMES[key])

    def _typed_colour(self, role: str) -> None:
        text = self.hex_fields[role].text().strip().lower()
        if text == getattr(self.look.theme, role):
            return
        try:
            parse_colour(text)
        except RuleViolation as error:
            self.colour_error.say(error)
            return
        self.set_colour(role, text)

    def set_colour(self, role: str, colour: str) -> None:
        """One colour changed: the theme becomes the organizer's own."""
        self.colour_error.clear()
        theme = dataclasses.replace(self.look.theme, name="custom", **{role: colour})
        self.change(theme=theme)

    # -- pictures -----------------------------------------------------------------

    def _pictures_tab(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self.logo_thumb = QLabel()
        self.logo_thumb.setFixedSize(160, 64)
        self.logo_thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        choose_logo = QPushButton(_("Choose…"))
        choose_logo.clicked.connect(lambda: self.choose_picture("logo"))
        self.remove_logo = QPushButton(_("Remove"))
        self.remove_logo.clicked.connect(lambda: self.change(logo=""))
        row = QHBoxLayout()
        row.addWidget(self.logo_thumb)
        row.addWidget(choose_logo)
        row.addWidget(self.remove_logo)
        row.addStretch()
        form.addRow(_("The club's logo"), row)
        self.logo_place = QComboBox()
        for place, name in LOGO_PLACES.items():
            self.logo_place.addItem(_(name), place.value)
        self.logo_place.activated.connect(self._layout_edited)
        form.addRow(_("Logo goes"), self.logo_place)

        self.background_thumb = QLabel()
        self.background_thumb.setFixedSize(160, 90)
        self.background_thumb.setAlignment(Qt.AlignmentFlag.AlignCenter)
        choose_background = QPushButton(_("Choose…"))
        choose_background.clicked.connect(lambda: self.choose_picture("background"))
        self.remove_background = QPushButton(_("Remove"))
        self.remove_background.clicked.connect(lambda: self.change(background=None))
        row = QHBoxLayout()
        row.addWidget(self.background_thumb)
        row.addWidget(choose_background)
        row.addWidget(self.remove_background)
        row.addStretch()
        form.addRow(_("Background picture"), row)
        self.veil = QSlider(Qt.Orientation.Horizontal)
        self.veil.setRange(0, 100)
        self.veil.setSingleStep(5)
        self.veil.setPageStep(10)
        self.veil.valueChanged.connect(lambda value: self.change(veil=value))
        self.veil_value = QLabel()
        row = QHBoxLayout()
        row.addWidget(self.veil, 1)
        row.addWidget(self.veil_value)
        form.addRow(_("Veil over the picture"), row)
        hint = QLabel(
            _(
                "PNG, JPEG or SVG, at most 10 MB. The picture is kept in the database, "
                "so its backups and copies have it. The veil keeps every text readable "
                "over it."
            )
        )
        hint.setWordWrap(True)
        form.addRow(hint)
        self.picture_error = InlineError()
        form.addRow(self.picture_error)
        self.stored = QLabel()
        self.stored.setWordWrap(True)
        self.remove_unused_button = QPushButton(_("Remove unused…"))
        self.remove_unused_button.setToolTip(
            _(
                "Remove from the database the pictures and sounds that no event's look "
                "(nor an undone one), the default look or this one uses"
            )
        )
        self.remove_unused_button.clicked.connect(self.ask_remove_unused)
        form.addRow(self.stored)
        row = QHBoxLayout()
        row.addStretch()
        row.addWidget(self.remove_unused_button)
        form.addRow(row)
        return page

    def _kept_names(self) -> set[str]:
        """What removing unused pictures keeps besides what the events' logs name: the
        look being edited, the default look, the open event's."""
        kept = set(self.look.assets()) | set(self.host.default_look().assets())
        return kept | set(self.host.tv_look().assets())

    def show_stored(self) -> None:
        """How much the database keeps, and how much of it no look uses."""
        store = self.host.assets
        try:
            count, size = store.usage()
            unused = store.unused(self._kept_names())
        except StoreError as error:
            self.stored.setText(describe_error(error))
            self.remove_unused_button.setEnabled(False)
            return
        text = _("Kept in the database: {count} pictures and sounds, {size} of {maximum}.")
        text = text.format(count=count, size=format_size(size), maximum=format_size(store.cap))
        if unused:
            text += " " + _("{count} used by no look ({size}).").format(
                count=len(unused), size=format_size(sum(asset.size for asset in unused))
            )
        self.stored.setText(text)
        writable = not self.host.readonly
        self.remove_unused_button.setEnabled(bool(unused) and writable)

    def ask_remove_unused(self) -> None:
        if confirm(
            self,
            _("Remove unused pictures and sounds"),
            _(
                "Remove from the database the pictures and sounds that no look uses? "
                "Backups made before keep them."
            ),
            yes=_("Remove"),
        ):
            self.remove_unused()

    def remove_unused(self) -> int:
        """Remove what no look uses (``AssetStore.remove_unused``); how many went."""
        try:
            removed = self.host.assets.remove_unused(self._kept_names())
        except StoreError as error:
            self.problems.say(error)
            return 0
        self.note.setText(
            _("Removed {count} pictures and sounds no look uses ({size}).").format(
                count=len(removed), size=format_size(sum(asset.size for asset in removed))
            )
        )
        self.show_stored()
        return len(removed)

    def choose_picture(self, which: str) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("Choose the logo") if which == "logo" else _("Choose a background picture"),
            "",
            _("Pictures (*.png *.jpg *.jpeg *.svg)"),
        )
        if path:
            self.use_picture(which, Path(path))

    def use_picture(self, which: str, path: Path) -> bool:
        """Check, decode and keep the picture at ``path`` as the logo or the
        background; a refused file is said inline and nothing changes."""
        self.picture_error.clear()
        try:
            chosen = choose_picture(path, self.host.assets)
        except (RuleViolation, StoreError, OSError) as error:
            self.picture_error.say(error)
            return False
        picture = self.host.look_pictures(TvLook(logo=chosen.name)).get(chosen.name)
        if picture is None:  # kept, then gone at once: a folder that cannot be read
            self.picture_error.say(RuleViolation("file_unreadable", path=str(path)))
            return False
        self.pictures[chosen.name] = picture
        if which == "logo":
            self.change(logo=chosen.name)
            return True
        background = Picture(chosen.name, chosen.low, chosen.high)
        look = dataclasses.replace(self.look, background=background)
        if contrast_problems(look):
            veil = least_veil(look)
            if veil is not None and veil > look.veil:
                look = dataclasses.replace(look, veil=veil)
                self.note.setText(
                    _("The veil was raised to {veil}% so that every text stays readable.").format(
                        veil=veil
                    )
                )
        self.set_look(look)
        return True

    # -- layout -------------------------------------------------------------------

    def _layout_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        form = QFormLayout()
        self.preset = QComboBox()
        for key, name in PRESET_NAMES.items():
            self.preset.addItem(_(name), key)
        self.preset.activated.connect(self._preset_chosen)
        form.addRow(_("Layout"), self.preset)
        self.side = QComboBox()
        for side, name in SIDE_NAMES.items():
            self.side.addItem(_(name), side.value)
        self.side.activated.connect(self._layout_edited)
        form.addRow(_("Side column"), self.side)
        self.side_width = QSpinBox()
        self.side_width.setRange(*SIDE_WIDTH_RANGE)
        self.side_width.setSuffix(" %")
        self.side_width.valueChanged.connect(self._layout_edited)
        form.addRow(_("Side column's width (at most)"), self.side_width)
        box.addLayout(form)
        note = QLabel(
            _(
                "The time is always shown, at least a quarter of the screen's height: on a "
                "narrower screen (4:3) its digits narrow and the side column gives way, and "
                "while the time reads an hour or more the side column is hidden there."
            )
        )
        note.setWordWrap(True)
        box.addWidget(note)
        grid = QGridLayout()
        grid.addWidget(QLabel(_("Shown")), 0, 0)
        grid.addWidget(QLabel(_("Where")), 0, 1)
        grid.addWidget(QLabel(_("Order")), 0, 2)
        self.shown: dict[Element, QCheckBox] = {}
        self.where: dict[Element, QComboBox] = {}
        for row, element in enumerate(ELEMENT_ORDER, start=1):
            check = QCheckBox(element_name(element))
            check.toggled.connect(self._layout_edited)
            where = QComboBox()
            for place in Place:
                if place in PLACES[element]:
                    where.addItem(place_name(place), place.value)
            where.setEnabled(where.count() > 1)
            where.activated.connect(self._layout_edited)
            up = QToolButton()
            up.setText("▲")
            up.setToolTip(_("Earlier in its place"))
            up.clicked.connect(lambda _checked=False, e=element: self.move(e, -1))
            down = QToolButton()
            down.setText("▼")
            down.setToolTip(_("Later in its place"))
            down.clicked.connect(lambda _checked=False, e=element: self.move(e, 1))
            order = QHBoxLayout()
            order.addWidget(up)
            order.addWidget(down)
            order.addStretch()
            grid.addWidget(check, row, 0)
            grid.addWidget(where, row, 1)
            grid.addLayout(order, row, 2)
            self.shown[element] = check
            self.where[element] = where
        box.addLayout(grid)
        box.addStretch()
        return page

    def _preset_chosen(self, row: int) -> None:
        key = self.preset.itemData(row)
        if key in PRESETS:
            layout = dataclasses.replace(PRESETS[key], logo=self.look.layout.logo)
            self.change(layout=layout)

    def _layout_from_widgets(self) -> Layout:
        """The arrangement the widgets show, keeping the current order."""
        current = {slot.element: index for index, slot in enumerate(self.look.layout.slots)}
        shown = [element for element in ELEMENT_ORDER if self.shown[element].isChecked()]
        shown.sort(key=lambda element: current.get(element, len(current)))
        slots = tuple(Slot(e, Place(self.where[e].currentData())) for e in shown)
        return Layout(
            preset="custom",
            slots=slots,
            side=Side(self.side.currentData()),
            side_width=self.side_width.value(),
            logo=LogoPlace(self.logo_place.currentData()),
        )

    def _layout_edited(self, *_args: object) -> None:
        if self._updating:
            return
        layout = self._layout_from_widgets()
        for key, preset in PRESETS.items():
            if dataclasses.replace(preset, logo=layout.logo, preset="custom") == layout:
                layout = dataclasses.replace(layout, preset=key)
        self.change(layout=layout)

    def move(self, element: Element, step: int) -> None:
        """Move ``element`` one step earlier or later among those in its place."""
        slots = list(self.look.layout.slots)
        index = next((i for i, slot in enumerate(slots) if slot.element is element), None)
        if index is None:
            return
        place = slots[index].place
        same = [i for i, slot in enumerate(slots) if slot.place is place]
        position = same.index(index) + step
        if not 0 <= position < len(same):
            return
        other = same[position]
        slots[index], slots[other] = slots[other], slots[index]
        layout = dataclasses.replace(self.look.layout, slots=tuple(slots), preset="custom")
        self.change(layout=layout)

    # -- sounds -----------------------------------------------------------------

    def _sounds_tab(self) -> QWidget:
        page = QWidget()
        grid = QGridLayout(page)
        grid.addWidget(QLabel(_("Moment")), 0, 0)
        grid.addWidget(QLabel(_("Sound")), 0, 1)
        grid.addWidget(QLabel(_("Volume")), 0, 3)
        self.sound_choice: dict[CueKind, QComboBox] = {}
        self.sound_volume: dict[CueKind, QSlider] = {}
        self.test_buttons: dict[CueKind, QPushButton] = {}
        # Wide enough from the start for an imported sound's name, read whole.
        longest = max(
            len(text) for text in (_("Built-in sound"), _("Silent"), imported_sound_name("0" * 64))
        )
        for row, cue in enumerate(SOUND_CUES, start=1):
            choice = QComboBox()
            choice.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            choice.setMinimumContentsLength(longest)
            choice.activated.connect(lambda _row, cue=cue: self._sound_chosen(cue))
            load = QPushButton(_("Choose…"))
            load.setToolTip(_("A WAV, OGG or MP3 file of at most 30 seconds and 5 MB"))
            load.clicked.connect(lambda _checked=False, cue=cue: self.choose_sound(cue))
            volume = QSlider(Qt.Orientation.Horizontal)
            volume.setRange(0, 100)
            volume.valueChanged.connect(lambda value, cue=cue: self._volume_set(cue, value))
            test = QPushButton(_("Test"))
            test.clicked.connect(lambda _checked=False, cue=cue: self.test_sound(cue))
            grid.addWidget(QLabel(_(CUE_NAMES[cue])), row, 0)
            grid.addWidget(choice, row, 1)
            grid.addWidget(load, row, 2)
            grid.addWidget(volume, row, 3)
            grid.addWidget(test, row, 4)
            self.sound_choice[cue] = choice
            self.sound_volume[cue] = volume
            self.test_buttons[cue] = test
        self.sound_error = InlineError()
        grid.addWidget(self.sound_error, len(SOUND_CUES) + 1, 0, 1, 5)
        hint = QLabel(
            _(
                "Imported sounds are checked, then kept in director's database with the "
                "look (never played from the file chosen, which can go). The volume is a "
                "share of the volume in the settings."
            )
        )
        hint.setWordWrap(True)
        grid.addWidget(hint, len(SOUND_CUES) + 2, 0, 1, 5)
        grid.setRowStretch(len(SOUND_CUES) + 3, 1)
        return page

    def _set_sound(self, sound: CueSound) -> None:
        default = CueSound(sound.cue)
        kept = tuple(s for s in self.look.sounds if s.cue is not sound.cue)
        sounds = kept if sound == default else (*kept, sound)
        order = {cue: index for index, cue in enumerate(SOUND_CUES)}
        self.change(sounds=tuple(sorted(sounds, key=lambda s: order[s.cue])))

    def _sound_chosen(self, cue: CueKind) -> None:
        value = self.sound_choice[cue].currentData()
        current = self.look.sound_for(cue)
        if value == "silent":
            self._set_sound(dataclasses.replace(current, silent=True))
        elif value == "built_in":
            self._set_sound(dataclasses.replace(current, silent=False, asset=""))
        else:
            self._set_sound(dataclasses.replace(current, silent=False, asset=value))

    def _volume_set(self, cue: CueKind, value: int) -> None:
        if not self._updating:
            self._set_sound(dataclasses.replace(self.look.sound_for(cue), volume=value))

    def choose_sound(self, cue: CueKind) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            _("Choose a sound for “{moment}”").format(moment=_(CUE_NAMES[cue])),
            "",
            _("Sounds (*.wav *.ogg *.mp3)"),
        )
        if path:
            self.use_sound(cue, Path(path))

    def use_sound(self, cue: CueKind, path: Path) -> bool:
        """Check, decode and keep the sound at ``path`` for ``cue``; a refused file is
        said inline and nothing changes."""
        self.sound_error.clear()
        try:
            name = choose_sound(path, self.host.assets)
        except (RuleViolation, StoreError, OSError) as error:
            self.sound_error.say(error)
            return False
        self._set_sound(dataclasses.replace(self.look.sound_for(cue), asset=name, silent=False))
        return True

    def test_sound(self, cue: CueKind) -> bool:
        player = self.host.sound
        player.store = self.host.assets
        return player.test(self.look.sound_for(cue))

    # -- message ------------------------------------------------------------------

    def _message_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(
            QLabel(_("A line of text for the room, on the TV (and said if the voice is on).")),
        )
        self.message = QLineEdit()
        self.message.setPlaceholderText(_("Last orders at the bar"))
        if self.controller is not None:
            self.message.setText(self.controller.state.room_message)
        self.message.returnPressed.connect(self.show_message)
        show = QPushButton(_("Show message"))
        show.clicked.connect(self.show_message)
        clear = QPushButton(_("Clear"))
        clear.clicked.connect(self.clear_message)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(show)
        row.addWidget(clear)
        box.addLayout(row)
        self.message_error = InlineError()
        box.addWidget(self.message_error)
        if self.controller is None:
            for widget in (self.message, show, clear):
                widget.setEnabled(False)
            box.addWidget(QLabel(_("Open an event to show a message.")))
        box.addStretch()
        return page

    def _send_message(self, text: str) -> None:
        self.message_error.clear()
        if self.controller is None:
            return
        refused = self.controller.session.refusal(c.SetRoomMessage(text=text))
        if refused is not None:
            self.message_error.say(refused)
            return
        self.controller.dispatch(c.SetRoomMessage(text=text), self)
        self.preview.set_data(dataclasses.replace(self.preview.data or sample_data(), message=text))

    def show_message(self) -> None:
        self._send_message(self.message.text())

    def clear_message(self) -> None:
        self.message.clear()
        self._send_message("")

    # -- the look --------------------------------------------------------------------

    def change(self, **changes: object) -> None:
        self.set_look(dataclasses.replace(self.look, **changes))  # type: ignore[arg-type]

    def set_look(self, look: TvLook) -> None:
        pictures_changed = look.assets() != self.look.assets()
        self.look = look
        self.show_look()
        if pictures_changed:
            self.show_stored()

    def problem(self) -> str:
        """Why the look cannot be used yet, in sentences ("" when it can)."""
        try:
            problems = contrast_problems(self.look)
        except RuleViolation as error:
            return describe_error(error)
        if problems:
            return "\n".join(describe_error(problem.violation()) for problem in problems)
        try:
            require_valid_look(self.look)
        except RuleViolation as error:
            return describe_error(error)
        return ""

    def show_look(self) -> None:
        """Every widget, the preview and the problems as the look now is."""
        self._updating = True
        try:
            look = self.look
            theme = look.theme
            self.theme.setCurrentIndex(max(0, self.theme.findData(theme.name)))
            for role in COLOUR_ROLES:
                colour = getattr(theme, role)
                self.swatches[role].show_colour(colour)
                self.hex_fields[role].setText(colour)
            self._thumb(self.logo_thumb, look.logo)
            self.remove_logo.setEnabled(bool(look.logo))
            self._thumb(self.background_thumb, look.background.asset if look.background else "")
            self.remove_background.setEnabled(look.background is not None)
            self.veil.setValue(look.veil)
            self.veil.setEnabled(look.background is not None)
            self.veil_value.setText(f"{look.veil} %")
            layout = look.layout
            self.preset.setCurrentIndex(max(0, self.preset.findData(layout.preset)))
            self.side.setCurrentIndex(max(0, self.side.findData(layout.side.value)))
            self.side_width.setValue(layout.side_width)
            self.logo_place.setCurrentIndex(max(0, self.logo_place.findData(layout.logo.value)))
            for element in ELEMENT_ORDER:
                place = layout.place_of(element)
                self.shown[element].setChecked(place is not None)
                where = self.where[element]
                if place is not None:
                    where.setCurrentIndex(max(0, where.findData(place.value)))
            for cue in SOUND_CUES:
                self._show_sound(cue)
        finally:
            self._updating = False
        self.preview.set_look(look, self.pictures)
        problem = self.problem()
        if problem:
            self.problems.say(problem)
        else:
            self.problems.clear()
        self.apply_button.setEnabled(not problem and self.controller is not None)
        self.default_button.setEnabled(not problem)
        self.export_button.setEnabled(not problem)

    def _show_sound(self, cue: CueKind) -> None:
        sound = self.look.sound_for(cue)
        choice = self.sound_choice[cue]
        choice.clear()
        choice.addItem(_("Built-in sound"), "built_in")
        choice.addItem(_("Silent"), "silent")
        if sound.asset:
            choice.addItem(imported_sound_name(sound.asset), sound.asset)
        value = "silent" if sound.silent else (sound.asset or "built_in")
        choice.setCurrentIndex(max(0, choice.findData(value)))
        self.sound_volume[cue].setValue(sound.volume)
        self.test_buttons[cue].setEnabled(not sound.silent)

    def _thumb(self, label: QLabel, name: str) -> None:
        picture = self.pictures.get(name) if name else None
        if picture is None:
            label.setPixmap(QPixmap())
            label.setText(_("None") if not name else _("Missing"))
            return
        image = picture.render(label.width(), label.height(), cover=False)
        label.setPixmap(QPixmap.fromImage(image))

    # -- applying, sharing ---------------------------------------------------------

    def apply_to_event(self) -> bool:
        """Record the look in the open event (one step to undo)."""
        if self.controller is None or self.problem():
            return False
        if self.controller.state.tv_look == self.look:
            self.note.setText(_("The event already has this look."))
            return False
        if self.controller.dispatch(c.SetTvLook(look=self.look), self) is None:
            return False
        self.note.setText(_("Applied to this event. Edit > Undo takes it back."))
        return True

    def save_default(self) -> bool:
        """Keep the look in the settings for new events."""
        if self.problem():
            return False
        self.host.save_default_look(self.look)
        self.note.setText(_("Saved as the default look for new events."))
        return True

    def export_look(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(
            self, _("Export the TV's look"), "tv-look.zip", _("TV looks (*.zip)")
        )
        if path:
            self.export_to(Path(path))

    def export_to(self, path: Path) -> bool:
        try:
            export_look(self.look, self.host.assets, path)
        except (RuleViolation, StoreError, OSError) as error:
            self.problems.say(error)
            return False
        self.note.setText(_("Exported to {path}.").format(path=path.name))
        return True

    def import_look(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import a TV look"), "", _("TV looks (*.zip)")
        )
        if path:
            self.import_from(Path(path))

    def import_from(self, path: Path) -> bool:
        """Load the look in ``path`` into the editor (applied only by Apply or Save);
        a refused file is said and nothing changes."""
        try:
            look = import_bundle(path, self.host.assets, check_picture_bytes=check_picture_bytes)
        except (RuleViolation, StoreError, OSError) as error:
            self.problems.say(error)
            return False
        self.pictures.update(self.host.look_pictures(look))
        self.set_look(look)
        self.note.setText(
            _("Loaded from {path}: Apply or Save as default to use it.").format(path=path.name)
        )
        return True
