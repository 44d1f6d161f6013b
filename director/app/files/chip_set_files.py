"""The organizer's chip sets, kept as files to use on every night (see ``kept_files``)."""

from __future__ import annotations

from pathlib import Path

from director import paths
from director.app.files import kept_files
from director.app.files.outputs import write_output
from director.app.files.structures import slug
from director.core.chip_sets import ChipSet, check_chip_set

FORMAT = "director-chips"
VERSION = 1


def folder() -> Path:
    return paths.data_dir() / "chips"


def save(chip_set: ChipSet) -> Path:
    """Keep ``chip_set`` among the organizer's sets (replacing one of the same name)."""
    check_chip_set(chip_set)
    folder().mkdir(parents=True, exist_ok=True)
    path = folder() / f"{slug(chip_set.name)}.json"
    kept_files.write_kept(path, kept_files.dumps(FORMAT, VERSION, chip_set))
    return path


def load(path: Path) -> ChipSet:
    return kept_files.read(
        path,
        format_name=FORMAT,
        version=VERSION,
        cls=ChipSet,
        invalid="chip_set_file_invalid",
        check=check_chip_set,
    )


def chip_sets() -> list[ChipSet]:
    """The organizer's sets by name; damaged files are skipped."""
    found = [chip_set for _path, chip_set in kept_files.listed(folder(), load)]
    return sorted(found, key=lambda chip_set: chip_set.name.casefold())


def delete(name: str) -> None:
    for path, chip_set in kept_files.listed(folder(), load):
        if chip_set.name == name:
            path.unlink(missing_ok=True)


def import_file(path: Path) -> ChipSet:
    return load(path)


def export_file(chip_set: ChipSet, path: Path, database: Path | None = None) -> Path:
    check_chip_set(chip_set)
    return write_output(path, kept_files.dumps(FORMAT, VERSION, chip_set), database)
