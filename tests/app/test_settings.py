from __future__ import annotations

from pathlib import Path

from director.app.settings import Settings, load_settings, save_settings


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings(volume=35, muted=True, display_screen="HDMI-1", paper="Letter")
    save_settings(settings, path)
    assert load_settings(path) == settings


def test_damaged_settings_give_defaults_without_failing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{ not json")
    assert load_settings(path) == Settings()
    path.write_text('{"volume": "loud", "muted": true, "paper": "A3", "unknown": 1}')
    loaded = load_settings(path)
    assert loaded.volume == Settings().volume and loaded.muted and loaded.paper == "A4"
