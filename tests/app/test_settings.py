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


def test_a_default_tv_look_edited_into_nonsense_gives_the_shipped_one(tmp_path: Path) -> None:
    """A settings file edited by hand: an unreadable TV look (or no look at all) falls
    back to the shipped default, and every other setting is kept."""
    import json

    from director.app.settings import Settings, load_settings, save_settings
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
    from director.app.settings import DEFAULT_PAYMENT_METHODS, payment_methods

    path = tmp_path / "settings.json"
    path.write_text('{"payment_methods": ["x' + "y" * 50 + '"]}', encoding="utf-8")
    assert load_settings(path).payment_methods == DEFAULT_PAYMENT_METHODS
    path.write_text('{"payment_methods": [" Lydia ", "lydia", ""]}', encoding="utf-8")
    assert load_settings(path).payment_methods == ("Lydia",)
    assert payment_methods(["", " "]) == DEFAULT_PAYMENT_METHODS
