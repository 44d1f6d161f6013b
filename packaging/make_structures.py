"""Write the blind structure templates shipped in resources/structures/.

The structures are written out here by hand, as a tournament director would,
so that they can be read and reviewed in one place; this script only turns
them into files. Run: python packaging/make_structures.py
"""

from __future__ import annotations

from pathlib import Path

from director.core.structure import AnteKind, Break, Level, Structure
from director.core.structure_file import StructureTemplate, dumps

OUT = Path(__file__).resolve().parents[1] / "resources" / "structures"

BBA = AnteKind.BIG_BLIND
EACH = AnteKind.EVERY_PLAYER


def build(
    rows: list[tuple[int, int] | tuple[int, int, int] | str], minutes: int, ante_kind: AnteKind
) -> Structure:
    """Rows are (small, big[, ante]) or a break note ("" for a plain break)."""
    items: list[Level | Break] = []
    for row in rows:
        if isinstance(row, str):
            items.append(Break(seconds=10 * 60, note=row))
            continue
        ante = row[2] if len(row) == 3 else 0
        items.append(
            Level(
                small_blind=row[0],
                big_blind=row[1],
                ante=ante,
                ante_kind=ante_kind if ante else AnteKind.NONE,
                seconds=minutes * 60,
            )
        )
    return Structure(items=tuple(items))


TEMPLATES = {
    "fast-1000": StructureTemplate(
        name="Fast home game, 1,000 chips",
        description="15-minute levels, about 3 hours for 8 to 10 players.",
        starting_stack=1000,
        chips=(5, 25, 100),
        structure=build(
            [
                (5, 10),
                (10, 20),
                (15, 30),
                (25, 50),
                "Colour up the 5s",
                (50, 100),
                (75, 150),
                (100, 200),
                (150, 300),
                "",
                (200, 400),
                (300, 600),
                (400, 800),
                (600, 1200),
                (800, 1600),
                (1000, 2000),
            ],
            15,
            AnteKind.NONE,
        ),
    ),
    "regular-1000": StructureTemplate(
        name="Regular home game, 1,000 chips",
        description="20-minute levels, about 4 hours for 8 to 10 players.",
        starting_stack=1000,
        chips=(5, 25, 100),
        structure=build(
            [
                (5, 10),
                (10, 20),
                (15, 30),
                (20, 40),
                "",
                (25, 50),
                (50, 100),
                (75, 150),
                (100, 200),
                "Colour up the 5s",
                (150, 300),
                (200, 400),
                (300, 600),
                (400, 800),
                "",
                (500, 1000),
                (600, 1200),
                (800, 1600),
                (1000, 2000),
            ],
            20,
            AnteKind.NONE,
        ),
    ),
    "fast-5000": StructureTemplate(
        name="Fast home game, 5,000 chips",
        description="15-minute levels with a big blind ante, about 3 hours.",
        starting_stack=5000,
        chips=(25, 100, 500, 1000),
        structure=build(
            [
                (25, 50),
                (50, 100),
                (75, 150),
                (100, 200),
                "",
                (150, 300, 300),
                (200, 400, 400),
                (300, 600, 600),
                (400, 800, 800),
                "Colour up the 25s",
                (500, 1000, 1000),
                (700, 1400, 1400),
                (1000, 2000, 2000),
                (1500, 3000, 3000),
                (2000, 4000, 4000),
            ],
            15,
            BBA,
        ),
    ),
    "regular-5000": StructureTemplate(
        name="Regular home game, 5,000 chips",
        description="20-minute levels with a big blind ante, about 4 to 5 hours.",
        starting_stack=5000,
        chips=(25, 100, 500, 1000),
        structure=build(
            [
                (25, 50),
                (50, 100),
                (75, 150),
                (100, 200),
                "",
                (100, 200, 200),
                (150, 300, 300),
                (200, 400, 400),
                (300, 600, 600),
                "Colour up the 25s",
                (400, 800, 800),
                (500, 1000, 1000),
                (600, 1200, 1200),
                (800, 1600, 1600),
                "",
                (1000, 2000, 2000),
                (1500, 3000, 3000),
                (2000, 4000, 4000),
                (3000, 6000, 6000),
            ],
            20,
            BBA,
        ),
    ),
    "deep-5000": StructureTemplate(
        name="Deep home game, 5,000 chips",
        description="30-minute levels, small blinds to start: a long, patient night.",
        starting_stack=5000,
        chips=(25, 100, 500, 1000),
        structure=build(
            [
                (25, 25),
                (25, 50),
                (50, 100),
                (75, 150),
                "",
                (100, 200),
                (100, 200, 25),
                (150, 300, 25),
                (200, 400, 50),
                "Colour up the 25s",
                (300, 600, 100),
                (400, 800, 100),
                (500, 1000, 100),
                (600, 1200, 200),
                "",
                (800, 1600, 200),
                (1000, 2000, 300),
                (1500, 3000, 500),
                (2000, 4000, 500),
            ],
            30,
            EACH,
        ),
    ),
    "regular-10000": StructureTemplate(
        name="Regular home game, 10,000 chips",
        description="20-minute levels with a big blind ante, about 5 hours.",
        starting_stack=10000,
        chips=(25, 100, 500, 1000, 5000),
        structure=build(
            [
                (25, 50),
                (50, 100),
                (75, 150),
                (100, 200),
                "",
                (150, 300, 300),
                (200, 400, 400),
                (300, 600, 600),
                (400, 800, 800),
                "Colour up the 25s",
                (500, 1000, 1000),
                (600, 1200, 1200),
                (800, 1600, 1600),
                (1000, 2000, 2000),
                "",
                (1500, 3000, 3000),
                (2000, 4000, 4000),
                (2500, 5000, 5000),
                (3000, 6000, 6000),
                "Colour up the 100s",
                (4000, 8000, 8000),
                (5000, 10000, 10000),
                (6000, 12000, 12000),
            ],
            20,
            BBA,
        ),
    ),
    "deep-10000": StructureTemplate(
        name="Deep stack, 10,000 chips",
        description="30-minute levels, antes per player from level 6: a tournament-style night.",
        starting_stack=10000,
        chips=(25, 100, 500, 1000, 5000),
        structure=build(
            [
                (25, 50),
                (50, 100),
                (75, 150),
                (100, 200),
                (150, 300),
                "",
                (200, 400, 50),
                (250, 500, 50),
                (300, 600, 75),
                (400, 800, 100),
                "Colour up the 25s",
                (500, 1000, 100),
                (600, 1200, 200),
                (800, 1600, 200),
                (1000, 2000, 300),
                "",
                (1500, 3000, 400),
                (2000, 4000, 500),
                (3000, 6000, 1000),
                (4000, 8000, 1000),
            ],
            30,
            EACH,
        ),
    ),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for key, template in TEMPLATES.items():
        (OUT / f"{key}.json").write_text(dumps(template), encoding="utf-8")
        print(f"wrote {key}.json ({len(template.structure.levels())} levels)")


if __name__ == "__main__":
    main()
