"""Sounds and spoken announcements for the room. Never able to stop the clock.

Qt Multimedia is loaded lazily; if it cannot load (no audio library), if there
is no audio device, or if no speech engine exists, the room just gets
silence. Every call here swallows its own failures.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, QObject

from director import paths
from director.i18n import language

if TYPE_CHECKING:
    from director.app.tv.tv_assets import AssetStore
    from director.app.views.feed import ShotCue
    from director.core.clock import CueKind
    from director.core.tv import CueSound, TvLook


def _log() -> Any:
    """This module's logger (``logging`` imported then: it is not needed to start,
    and a night usually has no failure to note)."""
    import logging

    return logging.getLogger(__name__)


def _note_failure(what: str) -> None:
    """Log a failure at debug level, with its traceback."""
    _log().debug(what, exc_info=True)


SOUND_FILES: dict[str, str] = {
    cue: f"{cue}.wav"
    for cue in ("one_minute", "level_start", "break_start", "break_end", "bubble", "final_table")
}
"""The built-in sound of each cue that plays one (``tv.SOUND_CUES``), in
resources/sounds, by the cue's value (a ``CueKind`` is its value as a key): the
window is made, with its player, before the clock's module is imported."""
ALERT_FILE = "floor_call.wav"
"""The console's alert when a table calls the floor (the TV's looks do not change it)."""


def built_in(kind: CueKind) -> Path:
    return paths.resource("sounds", SOUND_FILES[kind])


def sound_path(sound: CueSound, store: AssetStore | None) -> Path | None:
    """The file ``sound`` plays: the stored sound's file (written from the database
    into the data folder when it is not there intact), else the built-in sound (a
    stored sound that went missing or was damaged never silences a cue); None for a
    silent cue or one without a sound."""
    if sound.silent or sound.cue not in SOUND_FILES:
        return None
    if sound.asset and store is not None:
        from director.core.errors import RuleViolation

        try:
            return store.file(sound.asset)
        except (RuleViolation, OSError):
            _log().warning(
                "the sound %s is missing or damaged; the built-in one plays", sound.asset
            )
    return built_in(sound.cue)


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
        self._effects: dict[str, Any] = {}
        self._speech: Any = None
        self._multimedia_failed = False
        self.no_output = False
        """No audio output exists (found at start): no sound is tried."""
        self._speech_failed = False
        self.played: list[CueKind] = []
        self.alerts = 0
        """Alerts asked for (a table calling the floor), played or not."""
        self.spoken: list[str] = []
        self._look: TvLook | None = None
        self.store: AssetStore | None = None
        self._sources: dict[CueKind, Path | None] = {}

    def configure(self, *, volume: int, muted: bool, voice: bool) -> None:
        self.volume, self.muted, self.voice = volume, muted, voice

    @property
    def look(self) -> TvLook:
        """The look whose sounds play (the default one until an event gives its own:
        made on first use, the TV's module is not needed to start)."""
        if self._look is None:
            from director.core.tv import TvLook

            self._look = TvLook()
        return self._look

    def set_look(self, look: TvLook, store: AssetStore | None) -> None:
        """Play each cue as ``look`` says (its own files from ``store``)."""
        self._look, self.store = look, store
        self._sources.clear()

    def source(self, kind: CueKind) -> Path | None:
        """The file the cue ``kind`` plays now (None: silent)."""
        if kind not in self._sources:
            self._sources[kind] = sound_path(self.look.sound_for(kind), self.store)
        return self._sources[kind]

    def cue_volume(self, kind: CueKind) -> float:
        """The cue's volume, 0-1: its own share of the settings' volume."""
        return self.volume / 100 * self.look.sound_for(kind).volume / 100

    def play(self, kind: CueKind) -> bool:
        """Play the sound for ``kind``; returns whether a sound was started."""
        if self.muted or self.no_output:
            return False
        return self._start(kind, self.source(kind), self.cue_volume(kind))

    def shot_clock(self, cue: ShotCue) -> bool:
        """A shot clock's last ten seconds (the one-minute cue's sound) or its end (the
        console's alert, unlike any level's sound)."""
        from director.app.views.feed import ShotCueKind

        if cue.kind is ShotCueKind.WARNING:
            from director.core.clock import CueKind

            return self.play(CueKind.ONE_MINUTE)
        return self.alert()

    def alert(self) -> bool:
        """The console's own alert (a table calls the floor): not one of the TV's cues,
        played at the settings' volume unless muted."""
        if self.muted or self.no_output:
            return False
        path = paths.resource("sounds", ALERT_FILE)
        self.alerts += 1
        return self._start(None, path, self.volume / 100, key="alert")

    def test(self, sound: CueSound) -> bool:
        """Play ``sound`` now, as the cue would (even when muted: the organizer asked)."""
        if self.no_output:
            return False
        return self._start(
            sound.cue,
            sound_path(sound, self.store),
            self.volume / 100 * sound.volume / 100,
            key="test",
        )

    def _start(self, kind: CueKind | None, path: Path | None, volume: float, key: str = "") -> bool:
        if path is None or volume <= 0:
            return False
        try:
            effect = self._effect(key or (kind.value if kind is not None else "alert"), path)
            if effect is None:
                return False
            effect.setVolume(volume)
            effect.play()
            if kind is not None:
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

    def _effect(self, key: str, path: Path) -> Any:
        """The sound effect for ``key`` playing ``path`` (made once per file)."""
        if self._multimedia_failed:
            return None
        # Named here: PySide makes a class's Python enums when Python first meets
        # it (QUrl's five), and the window's first paint plays no sound.
        from PySide6.QtCore import QUrl

        url = QUrl.fromLocalFile(str(path))
        effect = self._effects.get(key)
        if effect is None:
            try:
                from PySide6.QtMultimedia import QSoundEffect
            except Exception:
                self._multimedia_failed = True
                return None
            effect = QSoundEffect(self)
            self._effects[key] = effect
        if effect.source() != url:
            effect.setSource(url)
        return effect

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
