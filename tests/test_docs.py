"""The user guide's screenshots are made by a script: it must keep working."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_screenshot_script_makes_every_picture_the_guide_uses(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run(
        [sys.executable, str(ROOT / "docs" / "make_screenshots.py"), "--out", str(tmp_path)],
        check=True,
        env=env,
        capture_output=True,
        timeout=300,
    )
    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    used = {
        line.split("screenshots/")[1].split(")")[0]
        for line in guide.splitlines()
        if "](screenshots/" in line
    }
    made = {path.name for path in tmp_path.glob("*.png")}
    assert used and used <= made
    assert all((ROOT / "docs" / "screenshots" / name).exists() for name in used)


def test_the_readme_shows_the_clock_on_a_tv_from_the_guide_pictures() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    pictures = [
        line.split("](")[1].split(")")[0] for line in readme.splitlines() if line.startswith("![")
    ]
    assert "docs/screenshots/clock-tv.png" in pictures
    assert all((ROOT / picture).is_file() for picture in pictures)
