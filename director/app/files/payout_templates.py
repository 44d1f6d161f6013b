"""The organizer's own payout structures and payout tables by field size, saved as
files to reuse on other nights (see ``kept_files``), and the tables shipped with
the app. A payout table is a template whose settings pay by field size; import
and export use the same file format."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from director import paths
from director.app.files import kept_files
from director.app.files.outputs import write_output
from director.app.files.structures import slug
from director.core.payout_tables import SHIPPED, PayoutTable
from director.core.payouts import TABLE, PayoutSettings, check_payout_settings
from director.core.text import require_plain_texts
from director.i18n import N_, _

FORMAT = "director-payouts"
VERSION = 1
SHIPPED_NAMES = {
    "standard": N_("Standard"),
    "top_heavy": N_("Top-heavy"),
    "flat": N_("Flat"),
    "one_in_ten": N_("One in ten paid"),
}


@dataclass(frozen=True)
class PayoutTemplate:
    name: str
    settings: PayoutSettings


def folder() -> Path:
    return paths.data_dir() / "payouts"


def _check(template: PayoutTemplate) -> None:
    require_plain_texts(template)
    check_payout_settings(template.settings)


def save(template: PayoutTemplate) -> Path:
    """Keep ``template`` among the organizer's own (replacing one of the same name)."""
    _check(template)
    folder().mkdir(parents=True, exist_ok=True)
    path = folder() / f"{slug(template.name)}.json"
    kept_files.write_kept(path, kept_files.dumps(FORMAT, VERSION, template))
    return path


def load(path: Path) -> PayoutTemplate:
    """A payout file; ``RuleViolation("payout_file_invalid")`` naming the problem."""
    return kept_files.read(
        path,
        format_name=FORMAT,
        version=VERSION,
        cls=PayoutTemplate,
        invalid="payout_table_file_invalid",
        check=_check,
    )


def templates() -> list[PayoutTemplate]:
    """The organizer's payout templates and tables by name; damaged files are skipped."""
    found = [template for _path, template in kept_files.listed(folder(), load)]
    return sorted(found, key=lambda template: template.name.casefold())


def delete(name: str) -> None:
    """Remove the organizer's template or table called ``name``."""
    for path, template in kept_files.listed(folder(), load):
        if template.name == name:
            path.unlink(missing_ok=True)


def table_template(table: PayoutTable, unit: int) -> PayoutTemplate:
    settings = PayoutSettings(mode=TABLE, table=table, unit=unit)
    return PayoutTemplate(name=table.name, settings=settings)


def shipped_tables() -> list[PayoutTable]:
    """The tables that come with director, named in the user's language."""
    return [replace(make(), name=_(SHIPPED_NAMES[key])) for key, make in SHIPPED.items()]


def import_file(path: Path) -> PayoutTemplate:
    """Read a payout file chosen by the organizer (refused with the problem named)."""
    return load(path)


def export_file(template: PayoutTemplate, path: Path, database: Path | None = None) -> Path:
    """Write ``template`` where the organizer chose (never over the database)."""
    _check(template)
    return write_output(path, kept_files.dumps(FORMAT, VERSION, template), database)
