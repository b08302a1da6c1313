"""The sound board's back end on ``pygame.mixer`` (``game.ui.sound.Mixer``).

The mixer is opened at 22050 Hz (the rate the sound files are made at) unless the app has
opened it already, with 16 channels; a sound is played on a free channel at the asked
volume, and dropped when all of them are busy. Pitch changes and the mixing of a batch are
done on the samples with numpy (``pygame.sndarray``), in the mixer's own format; a batch
whose overlapping sounds would clip is turned down as a whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pygame

RATE = 22050
CHANNELS = 16


class PygameMixer:
    """``pygame.mixer`` behind the board's ``Mixer`` protocol."""

    def start(self) -> None:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(CHANNELS)

    def load(self, path: Path) -> object:
        return pygame.mixer.Sound(str(path))

    def pitched(self, sound: object, ratio: float) -> object:
        samples = pygame.sndarray.array(_sound(sound))
        length = max(1, int(len(samples) / ratio))
        where = np.arange(length) * ratio
        index = np.arange(len(samples))
        if samples.ndim == 1:
            out = np.interp(where, index, samples)
        else:
            out = np.stack(
                [np.interp(where, index, samples[:, c]) for c in range(samples.shape[1])], axis=1
            )
        return _make(out, samples.dtype)

    def mix(self, parts: Sequence[tuple[object, float, float]]) -> object:
        rate = (pygame.mixer.get_init() or (RATE, -16, 2))[0]
        arrays = [(pygame.sndarray.array(_sound(s)), int(at * rate), v) for s, at, v in parts]
        end = max(start + len(a) for a, start, _ in arrays)
        first = arrays[0][0]
        out = np.zeros((end, *first.shape[1:]), dtype=np.float64)
        for samples, start, volume in arrays:
            out[start : start + len(samples)] += samples * volume
        if np.issubdtype(first.dtype, np.integer):
            top = np.abs(out).max(initial=0.0)
            limit = float(np.iinfo(first.dtype).max)
            if top > limit:  # overlapping sounds: turn the whole batch down, never clip it
                out *= limit / top
        return _make(out, first.dtype)

    def play(self, sound: object, volume: float) -> None:
        channel = pygame.mixer.find_channel(False)
        if channel is None:
            return
        channel.set_volume(volume)
        channel.play(_sound(sound))


def _sound(sound: object) -> pygame.mixer.Sound:
    assert isinstance(sound, pygame.mixer.Sound)
    return sound


def _make(samples: np.ndarray, dtype: np.dtype) -> pygame.mixer.Sound:
    """A sound of ``samples`` in the mixer's sample type (integers clipped to their range)."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        samples = np.clip(np.round(samples), info.min, info.max)
    return pygame.sndarray.make_sound(np.ascontiguousarray(samples.astype(dtype)))
