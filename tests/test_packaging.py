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
        "web/index.html",
        "web/app.js",
        "web/app.css",
        "web/live.js",
        "web/live.css",
        "web/head.html",
        "web/phone.css",
        "web/dealer.html",
        "web/dealer.js",
        "web/dealer.css",
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


def test_the_windows_and_macos_icons_are_made_with_the_others() -> None:
    """director.ico (the spec's Windows icon) and director.icns (the macOS bundle's)
    are in the repository, hold real PNG images, and are what make_icon.py writes."""
    import importlib.util
    import struct

    from PySide6.QtGui import QImage

    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "packaging" / "make_icon.py")
    assert spec is not None and spec.loader is not None
    make_icon = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_icon)
    icons = ROOT / "resources" / "icons"
    ico = (icons / "director.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    sizes = []
    for number in range(count):
        side, _h, _c, _r, _p, _bpp, length, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * number : 22 + 16 * number]
        )
        image = QImage.fromData(ico[offset : offset + length], "PNG")
        assert not image.isNull() and image.width() == (side or 256)
        sizes.append(side or 256)
    assert sizes == list(make_icon.ICO_SIZES)
    icns = (icons / "director.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kind, length = icns[at : at + 4].decode(), struct.unpack(">I", icns[at + 4 : at + 8])[0]
        assert not QImage.fromData(icns[at + 8 : at + length], "PNG").isNull()
        kinds.append(kind)
        at += length
    assert kinds == [kind for kind, _size in make_icon.ICNS_TYPES]
    # The writers themselves: what goes in comes back out.
    assert make_icon.ico_bytes({16: b"x"})[6:8] == bytes([16, 16])
    assert make_icon.icns_bytes({1024: b"abc"}) == b"icns" + struct.pack(">I", 19) + b"ic10" + (
        struct.pack(">I", 11) + b"abc"
    )
    spec_text = (ROOT / "packaging" / "director.spec").read_text()
    assert '"director.ico"' in spec_text and '"director.icns"' in spec_text
