"""Make the clock's sounds (resources/sounds/*.wav) from plain tones.

Each cue has its own short melody so the room can tell them apart without
looking: a rising pair for a new level, three soft pips for one minute left,
a falling chord for a break, a bright rising chord when play resumes, a
tense repeated pair for the bubble, a fanfare for the final table.
Sine tones with short fades (no clicks), 16-bit mono, 44.1 kHz.
Run: python packaging/make_sounds.py
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 44_100
OUT = Path(__file__).resolve().parents[1] / "resources" / "sounds"

# (frequencies played together in Hz, seconds, loudness 0-1) per note.
Note = tuple[tuple[float, ...], float, float]
MELODIES: dict[str, list[Note]] = {
    "level_start": [((659.25,), 0.22, 0.8), ((987.77,), 0.45, 0.8)],
    "one_minute": [
        ((880.0,), 0.12, 0.6),
        ((), 0.10, 0),
        ((880.0,), 0.12, 0.6),
        ((), 0.10, 0),
        ((880.0,), 0.12, 0.6),
    ],
    "break_start": [
        ((783.99, 987.77), 0.30, 0.7),
        ((659.25, 783.99), 0.30, 0.7),
        ((523.25, 659.25), 0.60, 0.7),
    ],
    "break_end": [
        ((523.25, 659.25), 0.25, 0.7),
        ((659.25, 783.99), 0.25, 0.7),
        ((783.99, 1046.5), 0.55, 0.8),
    ],
    "bubble": [
        ((587.33,), 0.16, 0.7),
        ((554.37,), 0.16, 0.7),
        ((), 0.08, 0),
        ((587.33,), 0.16, 0.7),
        ((554.37,), 0.30, 0.7),
    ],
    "final_table": [
        ((523.25, 659.25), 0.18, 0.7),
        ((659.25, 783.99), 0.18, 0.7),
        ((783.99, 1046.5), 0.18, 0.75),
        ((), 0.06, 0),
        ((659.25, 783.99, 1046.5), 0.70, 0.8),
    ],
}
FADE = 0.015


def samples(melody: list[Note]) -> list[int]:
    out: list[int] = []
    for frequencies, seconds, loudness in melody:
        count = int(RATE * seconds)
        fade = int(RATE * FADE)
        for index in range(count):
            envelope = min(1.0, index / fade, (count - index) / fade) if fade else 1.0
            value = 0.0
            for frequency in frequencies:
                value += math.sin(2 * math.pi * frequency * index / RATE)
            if frequencies:
                value /= len(frequencies)
            out.append(int(32767 * 0.9 * loudness * envelope * value))
    return out


def write(name: str, melody: list[Note]) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.wav"
    data = samples(melody)
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(struct.pack(f"<{len(data)}h", *data))
    return path


def main() -> None:
    for name, melody in MELODIES.items():
        path = write(name, melody)
        print(f"wrote {path.name} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
