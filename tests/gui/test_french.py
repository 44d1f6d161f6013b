"""The organizer console and the TV display in French, as a French organizer sees them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QLabel

from director.app.files.settings import Settings
from director.gui.app import apply_language


@pytest.fixture
def french(qtbot) -> Iterator[None]:
    """French for director and Qt, taken away again after the test."""
    app = QApplication.instance()
    translator = apply_language(app, Settings(language="fr"))
    yield
    if translator is not None:
        app.removeTranslator(translator)


def test_the_console_speaks_french_with_french_money(french, window_factory) -> None:
    window = window_factory()
    window.open_demo()
    console = window.console
    titles = [console.nav.item(row).text() for row in range(console.nav.count())]
    assert titles == [
        "Événement",
        "Horloge",
        "Structure",
        "Joueurs",
        "Tables",
        "Gains",
        "Soirée",
        "Arbitrage",
        "Rapports",
        "Club",
    ]
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus[:2] == ["&Fichier", "É&dition"]
    console.show_page("players")
    figures = " ".join(
        label.text() for label in console.page("players").figures.findChildren(QLabel)
    )
    assert "Dotation" in figures and "\u00a0€" in figures
    assert window.undo_action.text().startswith("&Annuler")
    # The venue is a "lieu"; a "place" is a finishing place (the payouts' column).
    event = console.page("event")
    (venue,) = [label for label in event.findChildren(QLabel) if label.buddy() is event.venue]
    assert venue.text() == "Lieu"


def test_qt_own_buttons_follow_the_language(qtbot) -> None:
    app = QApplication.instance()
    translator = apply_language(app, Settings(language="fr"))
    assert translator is not None
    try:
        assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Annuler"
    finally:
        app.removeTranslator(translator)
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"


def test_english_needs_no_qt_translator(qtbot) -> None:
    assert apply_language(QApplication.instance(), Settings(language="en")) is None


def test_every_console_page_fits_a_laptop_screen_in_french(french, window_factory) -> None:
    """French labels are longer: every console page still fits 1366 pixels wide."""
    window = window_factory()
    window.open_demo()
    console = window.console
    for row in range(console.nav.count()):
        console.nav.setCurrentRow(row)
        window.resize(1366, 768)
        QApplication.processEvents()
        page = console.pages.currentWidget()
        assert window.minimumSizeHint().width() <= 1366, console.nav.item(row).text()
        assert window.width() <= 1366, console.nav.item(row).text()
        assert page.minimumSizeHint().width() <= 1366, console.nav.item(row).text()


def test_the_status_bar_sound_line_follows_a_change_of_language(qtbot, window_factory) -> None:
    """With no audio output, the status bar says sounds are off; switching to French
    says it in French (it stayed English)."""
    window = window_factory()
    window.sound.available = lambda: False
    window.check_audio()
    assert window.sound_note.text() == "No audio output found: sounds are off."
    window.apply_settings(window.settings.with_changes(language="fr"))
    assert window.sound_note.text() == "Aucune sortie audio : les sons sont coupés."
