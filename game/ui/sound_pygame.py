"""The sound board's back end on ``pygame.mixer`` (``game.ui.sound.Mixer``).

The mixer is opened at 22050 Hz (the rate the sound files are made at) unless the app has
opened it already, with 16 channels; a sound is played on a free channel at the asked
volume, and dropped when all of them are busy. Pitch changes and the mixing of a batch are
done on the samples with numpy (``pygame.sndarray``), in the mixer's own format; a batch
whose overlapping sounds would clip is turned down as a whole, and sounds on separate
channels start at gains whose sum cannot clip (``game.ui.sound_headroom``). numpy is
imported by the first pitch change, mix or sound played, not at start: the menu's first
frame does without it (issue 32); a sound's envelope is measured when it first plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui.sound_headroom import BLOCK, Envelope, Headroom

if TYPE_CHECKING:
    import numpy as np

RATE = 22050
CHANNELS = 16
RECENT = 32  # envelopes kept of mixed batches (each is played once, at once)


class PygameMixer:
    """``pygame.mixer`` behind the board's ``Mixer`` protocol."""

    def __init__(self) -> None:
        self.headroom = Headroom()
        # each sound's envelope, by id (the sound kept with it, so the id stays its own)
        self._envelopes: dict[int, tuple[pygame.mixer.Sound, Envelope]] = {}
        self._recent: dict[int, tuple[pygame.mixer.Sound, Envelope]] = {}

    def start(self) -> None:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(CHANNELS)

    def load(self, path: Path) -> object:
        return pygame.mixer.Sound(str(path))  # its envelope: when it first plays

    def pitched(self, sound: object, ratio: float) -> object:
        import numpy as np

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
        made = _make(out, samples.dtype)
        self._envelopes[id(made)] = (made, _envelope(pygame.sndarray.array(made)))
        return made

    def mix(self, parts: Sequence[tuple[object, float, float]]) -> object:
        import numpy as np

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
        made = _make(out, first.dtype)
        if len(self._recent) >= RECENT:
            del self._recent[next(iter(self._recent))]
        self._recent[id(made)] = (made, _envelope(pygame.sndarray.array(made)))
        return made

    def envelope(self, sound: pygame.mixer.Sound) -> Envelope:
        """How loud ``sound`` is from each moment to its end."""
        known = self._envelopes.get(id(sound)) or self._recent.get(id(sound))
        if known is not None and known[0] is sound:
            return known[1]
        measured = _envelope(pygame.sndarray.array(sound))
        self._envelopes[id(sound)] = (sound, measured)
        return measured

    def play(self, sound: object, volume: float) -> None:
        """Play ``sound`` on a free channel at ``volume``, or less: as much as the room
        under full scale that the sounds playing leave (the oldest cut when too little)."""
        played = _sound(sound)
        envelope = self.envelope(played)
        gain, cut = self.headroom.admit(envelope, volume)
        for old in cut:
            assert isinstance(old, pygame.mixer.Channel)
            old.stop()
        channel = pygame.mixer.find_channel(False)
        if channel is None or gain <= 0:
            return
        channel.set_volume(gain)
        channel.play(played)
        self.headroom.started(channel, envelope, gain)


def _sound(sound: object) -> pygame.mixer.Sound:
    assert isinstance(sound, pygame.mixer.Sound)
    return sound


def _envelope(samples: np.ndarray) -> Envelope:
    """The envelope of a sound's samples (integers of the mixer's format, or floats in
    -1..1): each block's peak, as a share of full scale."""
    import numpy as np

    loud = np.abs(samples.astype(np.float64))
    if loud.ndim > 1:
        loud = loud.max(axis=1)
    if np.issubdtype(samples.dtype, np.integer):
        loud /= float(np.iinfo(samples.dtype).max)
    blocks = -(-len(loud) // BLOCK)
    padded = np.zeros(blocks * BLOCK)
    padded[: len(loud)] = loud
    peaks = padded.reshape(blocks, BLOCK).max(axis=1) if blocks else padded
    rate = (pygame.mixer.get_init() or (RATE, -16, 2))[0]
    return Envelope.of(peaks.tolist(), rate)


def _make(samples: np.ndarray, dtype: np.dtype) -> pygame.mixer.Sound:
    """A sound of ``samples`` in the mixer's sample type (integers clipped to their range)."""
    import numpy as np

    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        samples = np.clip(np.round(samples), info.min, info.max)
    return pygame.sndarray.make_sound(np.ascontiguousarray(samples.astype(dtype)))
