"""Build the standalone app with PyInstaller and start the built program."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from director import __version__

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_pyinstaller_build_starts_and_works(tmp_path: Path) -> None:
    pyinstaller = shutil.which("pyinstaller", path=str(Path(sys.executable).parent))
    if pyinstaller is None:
        pytest.skip("PyInstaller is not installed (pip install '.[package]')")
    subprocess.run(
        [
            pyinstaller,
            str(ROOT / "packaging" / "director.spec"),
            "--noconfirm",
            "--distpath",
            str(tmp_path / "dist"),
            "--workpath",
            str(tmp_path / "build"),
            "--log-level",
            "ERROR",
        ],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    program = tmp_path / "dist" / "director" / "director"
    version = subprocess.run(
        [str(program), "--version"], capture_output=True, text=True, check=True
    )
    assert version.stdout.strip() == f"director {__version__}"
    # The bundle carries what the app needs at run time: migrations, templates, fonts.
    env = {
        **os.environ,
        "DIRECTOR_DATA_DIR": str(tmp_path / "data"),
        "DIRECTOR_CONFIG_DIR": str(tmp_path / "config"),
    }
    database = tmp_path / "frozen.db"
    subprocess.run(
        [str(program), "demo", "--db", str(database)], check=True, env=env, capture_output=True
    )
    report = tmp_path / "standings.pdf"
    subprocess.run(
        [str(program), "report", "standings", "1", "--db", str(database), "--out", str(report)],
        check=True,
        env=env,
        capture_output=True,
    )
    assert report.read_bytes().startswith(b"%PDF")


@pytest.mark.slow
def test_the_installed_package_carries_its_resources(tmp_path: Path) -> None:
    """``pip install .`` (the README's way) must bring templates, fonts, sounds and French."""
    # A copy without build leftovers, which could otherwise hide a missing file.
    source = tmp_path / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"
        ),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("director-*.whl")
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        check=True,
        capture_output=True,
    )
    installed = site / "director" / "resources"
    for needed in (
        "structures/regular-5000.json",
        "fonts/DejaVuSans.ttf",
        "sounds/level_start.wav",
        "i18n/fr/LC_MESSAGES/director.mo",
        "icons/director.png",
    ):
        assert (installed / needed).is_file(), needed
    # Run from the installed copy (not the source tree) and in French.
    env = {
        **os.environ,
        "PYTHONPATH": str(site),
        "DIRECTOR_DATA_DIR": str(tmp_path / "data"),
        "DIRECTOR_CONFIG_DIR": str(tmp_path / "config"),
        "LANGUAGE": "fr",
    }
    database = tmp_path / "installed.db"
    where = subprocess.run(
        [sys.executable, "-c", "import director; print(director.__file__)"],
        check=True,
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert where.stdout.startswith(str(site))
    demo = subprocess.run(
        [sys.executable, "-m", "director", "demo", "--db", str(database)],
        check=True,
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert "Soirée démo" in demo.stdout
