"""How a report is laid out, apart from ReportLab: the GUI and the command line
choose the options before (and without) importing the report library."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RenderOptions:
    paper: str = "A4"
