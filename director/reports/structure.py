"""The blind structure sheet: each level's betting (no limit, pot limit, limit with
its bets), blinds, ante, length and start, the breaks and their chip races; then
the event's chips, each with its colour."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.platypus import Flowable, TableStyle

from director.app.views.display import ante_text, betting_name, break_note
from director.app.views.format_display import colour_label
from director.core.chip_sets import ChipSet
from director.core.structure import Betting, Break, Level
from director.i18n import _, format_number, format_time, ngettext
from director.reports.base import FONT_BOLD, SHADE, RenderOptions, Report
from director.reports.data import StructureData


def blinds_cell(level: Level) -> str:
    return f"{format_number(level.small_blind)} / {format_number(level.big_blind)}"


def bets_cell(level: Level) -> str:
    """A limit level's small bet and big bet ("" for no limit and pot limit)."""
    if level.betting is not Betting.LIMIT or not level.small_bet:
        return ""
    return f"{format_number(level.small_bet)} / {format_number(level.big_bet)}"


class StructureReport(Report):
    def __init__(self, data: StructureData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Blind structure")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        levels = [level for _index, level in data.structure.levels()]
        bettings = {level.betting for level in levels}
        # A structure all in no limit prints as it always did; once a level is played
        # otherwise, every level says its betting, and limit levels their bets.
        betting = bettings != {Betting.NO_LIMIT} and bool(bettings)
        bets = Betting.LIMIT in bettings
        header = [_("Level")]
        widths = [0.1]
        if betting:
            header.append(_("Betting"))
            widths.append(0.15)
        header.append(_("Blinds"))
        widths.append(0.17)
        if bets:
            header.append(_("Bets"))
            widths.append(0.15)
        header += [_("Ante"), _("Length"), _("Starts")]
        widths += [0.18, 0.11, 0.14]
        scale = 1 / sum(widths)
        width = self.text_width()
        rows = [header]
        shaded = []
        length_column = len(header) - 2
        for index, row in enumerate(data.rows, start=1):
            item = row.item
            starts = format_time(row.starts_at) if row.starts_at is not None else ""
            if isinstance(item, Break):
                cells = [_("Break"), break_note(data.structure, index - 1)]
                cells += [""] * (length_column - len(cells))
                cells += [_("{minutes} min").format(minutes=item.seconds // 60), starts]
                rows.append(cells)
                shaded.append(index)
                continue
            length = (
                _("{minutes} min").format(minutes=item.seconds // 60)
                if item.timed
                else ngettext("{hands} hand", "{hands} hands", item.hands).format(hands=item.hands)
            )
            cells = [str(row.number)]
            if betting:
                cells.append(betting_name(item.betting))
            cells.append(blinds_cell(item))
            if bets:
                cells.append(bets_cell(item))
            cells += [ante_text(item), length, starts]
            rows.append(cells)
        right = (0, length_column, length_column + 1)
        table = self.table(rows, [width * w * scale for w in widths], right=right, font_size=11)
        style = []
        for number in shaded:
            style.append(("BACKGROUND", (0, number), (-1, number), SHADE))
            # The break's note runs over the columns up to its length.
            style.append(("SPAN", (1, number), (length_column - 1, number)))
        if data.current is not None:
            current = data.current + 1
            style.append(("FONT", (0, current), (-1, current), FONT_BOLD, 11))
        table.setStyle(TableStyle(style))
        story: list[Flowable] = [table]
        if data.chip_set is not None and data.chip_set.chips:
            story += self.chips(data.chip_set)
        return story

    def chips(self, chip_set: ChipSet) -> list[Flowable]:
        """The event's chips, smallest first: a swatch of each colour, the value and
        the colour's name (a colour given as a code is shown by its swatch only)."""
        rows = [["", _("Chip"), _("Colour")]]
        paints: list[str] = []
        for chip in sorted(chip_set.chips, key=lambda chip: chip.value):
            name, paint = colour_label(chip.colour)
            rows.append(["", format_number(chip.value), name])
            paints.append(paint)
        width = self.text_width()
        table = self.table(rows, [width * 0.06, width * 0.2, width * 0.3], right=(1,), font_size=11)
        table.hAlign = "LEFT"
        table.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, number), (0, number), colors.HexColor(paint))
                    for number, paint in enumerate(paints, start=1)
                    if paint
                ]
            )
        )
        heading = _("Chips · {name}").format(name=chip_set.name)
        return [self.paragraph(heading, "h2"), table]
