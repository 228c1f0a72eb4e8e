"""Sound effects are synthesized in the mixer's format, and the game is silent without a mixer."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from scenes.core.sound import EFFECTS, SoundBoard, synthesize


@pytest.fixture
def mixer() -> Iterator[None]:
    pygame.mixer.init()
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("size", [-16, 16, -8, 8, 32])
def test_pcm_has_one_sample_per_channel_and_frame(size: int) -> None:
    pcm = synthesize([(440.0, 0.01, 0.5)], 44100, size, 2)
    assert len(pcm) == 441 * 2 * (abs(size) // 8)


def test_runs_rise_in_pitch() -> None:
    freqs = [EFFECTS["play"](step)[0][0] for step in range(4)]
    assert freqs == sorted(freqs)
    assert len(set(freqs)) == 4


def test_every_effect_plays_on_the_dummy_mixer(mixer: None) -> None:
    board = SoundBoard(enabled=True, volume=50)
    for name in EFFECTS:
        board.play(name, step=3)
    assert board.played == list(EFFECTS)


def test_without_a_mixer_the_board_is_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    board = SoundBoard()
    assert not board.available
    board.play("win")
    assert board.played == ["win"]
