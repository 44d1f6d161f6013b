"""The blind structure sheet."""

from __future__ import annotations

from reportlab.platypus import Flowable

from director.app.display import ante_text, blinds_text, break_note
from director.core.structure import Break
from director.i18n import _, format_time
from director.reports.base import RenderOptions, Report
from director.reports.data import StructureData


class StructureReport(Report):
    def __init__(self, data: StructureData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Blind structure")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        limit = data.structure.limit
        rows = [
            [
                _("Level"),
                _("Blinds") if not limit else _("Limits"),
                _("Ante"),
                _("Length"),
                _("Starts"),
            ]
        ]
        shaded = []
        for index, row in enumerate(data.rows, start=1):
            item = row.item
            starts = format_time(row.starts_at) if row.starts_at is not None else ""
            if isinstance(item, Break):
                rows.append(
                    [
                        _("Break"),
                        break_note(data.structure, index - 1),
                        "",
                        _("{minutes} min").format(minutes=item.seconds // 60),
                        starts,
                    ]
                )
                shaded.append(index)
                continue
            length = (
                _("{minutes} min").format(minutes=item.seconds // 60)
                if item.timed
                else _("{hands} hands").format(hands=item.hands)
            )
            rows.append(
                [str(row.number), blinds_text(item, limit=limit), ante_text(item), length, starts]
            )
        width = self.text_width()
        table = self.table(
            rows, [width * w for w in (0.12, 0.34, 0.26, 0.14, 0.14)], right=(0, 3, 4), font_size=11
        )
        from reportlab.platypus import TableStyle

        from director.reports.base import SHADE

        table.setStyle(TableStyle([("BACKGROUND", (0, r), (-1, r), SHADE) for r in shaded]))
        if data.current is not None:
            current_row = data.current + 1
            table.setStyle(
                TableStyle([("FONT", (0, current_row), (-1, current_row), "DejaVuSans-Bold", 11)])
            )
        return [table]
