from __future__ import annotations

from pathlib import Path

import pytest

from director.app.files.settings import Settings, load_settings, save_settings


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


def test_a_default_tv_look_edited_into_nonsense_gives_the_shipped_one(tmp_path: Path) -> None:
    """A settings file edited by hand: an unreadable TV look (or no look at all) falls
    back to the shipped default, and every other setting is kept."""
    import json

    from director.app.files.settings import Settings, load_settings, save_settings
    from director.core import codec
    from director.core.tv import THEMES, TvLook

    path = tmp_path / "settings.json"
    felt = TvLook(theme=THEMES["felt"])
    save_settings(Settings(currency="CHF", tv_look=felt), path)
    assert load_settings(path).tv_look == felt
    data = json.loads(path.read_text(encoding="utf-8"))
    unreadable = codec.encode(felt)
    unreadable["theme"]["dim"] = unreadable["theme"]["background"]
    for look in (unreadable, "nonsense", {"theme": {"text": "#zzzzzz"}}, {"logo": "../x.png"}):
        path.write_text(json.dumps({**data, "tv_look": look}), encoding="utf-8")
        loaded = load_settings(path)
        assert loaded.tv_look == TvLook() and loaded.currency == "CHF", look


def test_ways_to_pay_edited_by_hand_into_nonsense_give_the_defaults(tmp_path: Path) -> None:
    from director.app.files.settings import DEFAULT_PAYMENT_METHODS, payment_methods

    path = tmp_path / "settings.json"
    path.write_text('{"payment_methods": ["x' + "y" * 50 + '"]}', encoding="utf-8")
    assert load_settings(path).payment_methods == DEFAULT_PAYMENT_METHODS
    path.write_text('{"payment_methods": [" Lydia ", "lydia", ""]}', encoding="utf-8")
    assert load_settings(path).payment_methods == ("Lydia",)
    assert payment_methods(["", " "]) == DEFAULT_PAYMENT_METHODS


def test_kept_settings_save_what_changes_and_only_that(tmp_path: Path, monkeypatch) -> None:
    """The window's parts share one ``KeptSettings``: a change is in use at once and
    saved; no change writes nothing; a courtesy (``remember``) that cannot be saved
    is silent, a change asked for says so (``OSError``), in use all the same."""
    from director.app.files import settings as settings_module
    from director.app.files.settings import KeptSettings

    path = tmp_path / "settings.json"
    monkeypatch.setattr(settings_module, "settings_path", lambda: path)
    kept = KeptSettings(Settings())
    assert kept.change(volume=40)
    assert load_settings(path).volume == 40
    path.unlink()
    assert not kept.change(volume=40)
    assert not path.exists()
    kept.remember(tv_open=True)
    assert load_settings(path).tv_open
    monkeypatch.setattr(settings_module, "settings_path", lambda: tmp_path / "gone" / "x" / "s")
    (tmp_path / "gone").write_text("a file where a folder should be")
    kept.remember(open_event=3)
    assert kept.current.open_event == 3
    with pytest.raises(OSError):
        kept.change(volume=10)
    assert kept.current.volume == 10
