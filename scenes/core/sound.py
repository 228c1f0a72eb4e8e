"""Sound effects synthesized in code: short square and noise tones, no audio files.

Samples are built with the standard ``array`` module in the mixer's own format and handed to
``pygame.mixer.Sound(buffer=...)``. When the mixer is not initialised (no audio device) the board is
silent and every call is a no-op. Plays along a run rise in pitch, a semitone per card.
"""

from __future__ import annotations

import logging
import math
import random
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import pygame

__all__ = ["EFFECTS", "SoundBoard", "synthesize"]

log = logging.getLogger(__name__)

# One note: (frequency in Hz, or 0 for noise, duration in seconds, loudness 0..1).
Note = tuple[float, float, float]

RUN_STEPS = 16  # pitch stops rising after this many cards in a run


def _play_notes(step: int) -> list[Note]:
    base = 523.25 * 2 ** (min(step, RUN_STEPS) / 12)  # C5, a semitone higher per card of the run
    return [(base, 0.045, 0.55), (base * 1.5, 0.06, 0.45)]


EFFECTS: dict[str, Callable[[int], list[Note]]] = {
    "play": _play_notes,
    "draw": lambda _step: [(0.0, 0.05, 0.35), (330.0, 0.04, 0.3)],
    "refusal": lambda _step: [(110.0, 0.09, 0.5), (98.0, 0.11, 0.5)],
    "block": lambda _step: [(392.0, 0.12, 0.5), (311.1, 0.12, 0.5), (233.1, 0.26, 0.5)],
    "win": lambda _step: [
        (523.25, 0.09, 0.5),
        (659.25, 0.09, 0.5),
        (783.99, 0.09, 0.5),
        (1046.5, 0.30, 0.5),
    ],
    "click": lambda _step: [(880.0, 0.02, 0.3)],
}


def synthesize(notes: Sequence[Note], rate: int, size: int, channels: int) -> bytes:
    """PCM bytes for a sequence of notes in the mixer's format (size as ``mixer.get_init()``)."""
    noise = random.Random(7)  # cosmetic randomness of its own, the same hiss every time
    mono: list[float] = []
    for freq, duration, loud in notes:
        count = max(1, int(rate * duration))
        attack = max(1, int(rate * 0.004))
        if freq <= 0:
            wave = [noise.uniform(-1.0, 1.0) for _ in range(count)]
        else:
            # one period of a square with a little sine for body, repeated
            period = max(2, round(rate / freq))
            half = period // 2
            one = [
                0.7 * (1.0 if i < half else -1.0) + 0.3 * math.sin(2 * math.pi * i / period)
                for i in range(period)
            ]
            wave = (one * (count // period + 1))[:count]
        inv = 1.0 / count
        mono.extend(
            w * loud * min(1.0, i / attack) * (1.0 - i * inv) ** 1.5 for i, w in enumerate(wave)
        )
    samples: array[Any]
    if size == -16:
        samples = array("h", [int(v * 32767) for v in mono])
    elif size == 16:
        samples = array("H", [int(v * 32767) + 32768 for v in mono])
    elif size == -8:
        samples = array("b", [int(v * 127) for v in mono])
    elif size == 8:
        samples = array("B", [int(v * 127) + 128 for v in mono])
    else:
        samples = array("f", mono)  # 32-bit float mixers
    if channels == 1:
        return samples.tobytes()
    frames: array[Any] = samples * channels  # the right length and type, filled below
    for channel in range(channels):
        frames[channel::channels] = samples
    return frames.tobytes()


class SoundBoard:
    """Plays the named effects; silent when off or when there is no mixer."""

    def __init__(self, enabled: bool = True, volume: int = 70) -> None:
        self.enabled = enabled
        self.volume = volume
        self._cache: dict[tuple[str, int], pygame.mixer.Sound] = {}
        self.played: list[str] = []  # what was asked for, for tests and logs

    @property
    def available(self) -> bool:
        """Whether a mixer is running."""
        return pygame.mixer.get_init() is not None

    def configure(self, enabled: bool, volume: int) -> None:
        """Apply the sound options."""
        self.enabled = enabled
        self.volume = volume

    def _sound(self, name: str, step: int) -> pygame.mixer.Sound | None:
        key = (name, min(step, RUN_STEPS))
        sound = self._cache.get(key)
        if sound is None:
            init = pygame.mixer.get_init()
            if init is None:
                return None
            rate, size, channels = init
            pcm = synthesize(EFFECTS[name](key[1]), rate, size, channels)
            sound = pygame.mixer.Sound(buffer=pcm)
            self._cache[key] = sound
        return sound

    def play(self, name: str, step: int = 0) -> None:
        """Play an effect; ``step`` is the card's place in the current run (play only)."""
        self.played.append(name)
        if not self.enabled or self.volume <= 0 or not self.available:
            return
        try:
            sound = self._sound(name, step)
        except pygame.error as error:
            log.warning("sound %s unavailable: %s", name, error)
            return
        if sound is not None:
            sound.set_volume(self.volume / 100)
            sound.play()
