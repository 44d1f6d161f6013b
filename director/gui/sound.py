"""Sounds and spoken announcements for the room. Never able to stop the clock.

Qt Multimedia is loaded lazily; if it cannot load (no audio library), if there
is no audio device, or if no speech engine exists, the room just gets
silence. Every call here swallows its own failures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, QObject, QUrl

from director import paths
from director.i18n import language

if TYPE_CHECKING:
    from director.core.clock import CueKind


def _note_failure(what: str) -> None:
    """Log a failure at debug level (``logging`` imported then: it is not needed to
    start, and a night usually has none)."""
    import logging

    logging.getLogger(__name__).debug(what, exc_info=True)


SOUND_FILES: dict[str, str] = {
    "one_minute": "one_minute.wav",
    "level_start": "level_start.wav",
    "break_start": "break_start.wav",
    "break_end": "break_end.wav",
}
"""The sound of each ``CueKind``, by its value (a ``CueKind`` is its value as a key):
the window is made, with its player, before the clock's module is imported."""


def voice_locale(available: Sequence[QLocale], code: str) -> QLocale | None:
    """The speech engine's locale for director's language ``code`` ("fr"), if it has one;
    the engine's own country for it first (fr_FR before fr_CA)."""
    matching = [locale for locale in available if locale.name().split("_")[0] == code]
    if not matching:
        return None
    home = [locale for locale in matching if locale.name().lower() == f"{code}_{code}"]
    return (home or matching)[0]


class SoundPlayer(QObject):
    """Plays cue sounds at ``volume`` (0-100) unless ``muted``; speaks if ``voice``."""

    def __init__(
        self,
        *,
        volume: int = 80,
        muted: bool = False,
        voice: bool = False,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.volume = volume
        self.muted = muted
        self.voice = voice
        self._effects: dict[CueKind, Any] = {}
        self._speech: Any = None
        self._multimedia_failed = False
        self.no_output = False
        """No audio output exists (found at start): no sound is tried."""
        self._speech_failed = False
        self.played: list[CueKind] = []
        self.spoken: list[str] = []

    def configure(self, *, volume: int, muted: bool, voice: bool) -> None:
        self.volume, self.muted, self.voice = volume, muted, voice

    def play(self, kind: CueKind) -> bool:
        """Play the sound for ``kind``; returns whether a sound was started."""
        if self.muted or self.volume <= 0 or self.no_output:
            return False
        try:
            effect = self._effect(kind)
            if effect is None:
                return False
            effect.setVolume(self.volume / 100)
            effect.play()
            self.played.append(kind)
            return True
        except Exception:
            _note_failure("sound failed")
            return False

    def say(self, text: str) -> bool:
        """Speak ``text`` if voice is on and a speech engine exists."""
        if self.muted or not self.voice or not text:
            return False
        try:
            speech = self._speaker()
            if speech is None:
                return False
            speech.setVolume(self.volume / 100)
            wanted = voice_locale(speech.availableLocales(), language())
            if wanted is not None and wanted != speech.locale():
                speech.setLocale(wanted)
            speech.say(text)
            self.spoken.append(text)
            return True
        except Exception:
            _note_failure("speech failed")
            return False

    def available(self) -> bool:
        """Whether an audio output exists at all (for the settings dialog)."""
        try:
            from PySide6.QtMultimedia import QMediaDevices

            return bool(QMediaDevices.audioOutputs())
        except Exception:
            return False

    def _effect(self, kind: CueKind) -> Any:
        if self._multimedia_failed:
            return None
        if kind not in self._effects:
            try:
                from PySide6.QtMultimedia import QSoundEffect
            except Exception:
                self._multimedia_failed = True
                return None
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(paths.resource("sounds", SOUND_FILES[kind]))))
            self._effects[kind] = effect
        return self._effects[kind]

    def _speaker(self) -> Any:
        if self._speech_failed:
            return None
        if self._speech is None:
            try:
                from PySide6.QtTextToSpeech import QTextToSpeech

                if not QTextToSpeech.availableEngines():
                    self._speech_failed = True
                    return None
                self._speech = QTextToSpeech(self)
            except Exception:
                self._speech_failed = True
                return None
        return self._speech
