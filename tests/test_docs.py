"""The user guide's screenshots are made by a script: it must keep working."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("guide_name", "language", "folder"),
    [("guide.md", "en", "screenshots/"), ("guide.fr.md", "fr", "screenshots/fr/")],
)
def test_the_screenshot_script_makes_every_picture_the_guide_uses(
    tmp_path: Path, guide_name: str, language: str, folder: str
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "docs" / "make_screenshots.py"),
            "--language",
            language,
            "--out",
            str(tmp_path),
        ],
        check=True,
        env=env,
        capture_output=True,
        timeout=300,
    )
    guide = (ROOT / "docs" / guide_name).read_text(encoding="utf-8")
    pictures = [
        line.split("](")[1].split(")")[0] for line in guide.splitlines() if line.startswith("![")
    ]
    assert pictures and all(picture.startswith(folder) for picture in pictures)
    used = {picture.removeprefix(folder) for picture in pictures}
    made = {path.name for path in tmp_path.glob("*.png")}
    assert used <= made
    assert all((ROOT / "docs" / picture).is_file() for picture in pictures)


def test_the_guides_link_to_each_other() -> None:
    english = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    french = (ROOT / "docs" / "guide.fr.md").read_text(encoding="utf-8")
    assert "(guide.fr.md)" in english and "(guide.md)" in french


def test_the_readme_shows_the_clock_on_a_tv_from_the_guide_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = [
        line.split("](")[1].split(")")[0] for line in readme.splitlines() if line.startswith("![")
    ]
    assert "docs/screenshots/clock-tv.png" in pictures
    assert all((ROOT / picture).is_file() for picture in pictures)


def test_the_rules_the_code_cites_are_in_the_repository() -> None:
    """docs/RULES.md holds every rule id (R1, R23...) the code and the tests cite,
    and is the project's rules text (``../shared/RULES.md`` beside a checkout)."""
    import re

    rules = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"\*\*(R\d+)\b", rules))
    cited: set[str] = set()
    for folder in ("director", "tests"):
        for source in (ROOT / folder).rglob("*.py"):
            cited |= set(re.findall(r"\bR(\d{1,2})\b", source.read_text(encoding="utf-8")))
    missing = sorted({f"R{number}" for number in cited} - defined, key=lambda r: int(r[1:]))
    assert not missing, f"cited but not in docs/RULES.md: {missing}"
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.is_file():
        assert rules == shared.read_text(encoding="utf-8"), "docs/RULES.md differs from shared/"
