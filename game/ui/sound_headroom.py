"""Room under full scale for the sounds that play together (play-test 3: at Volume 100%
in clash, the round's declare, reveal and hit batches overlapped on separate channels and
their sum clipped, 8 full-scale samples in 30 s; the limiter of ``PygameMixer.mix`` sees
one batch only).

The device adds the channels and clips the sum. So each sound is started at a gain that
keeps the sum of what can still sound under full scale: every playing sound counts with
the loudest sample it has left (``Envelope``: the peak from each moment to its end, read
a little early for the device's latency) times its gain. A new sound gets the volume asked
(times ``HEADROOM``) when it fits in the room left, else as much as fits; when that is
less than ``FLOOR`` of what was asked, the oldest sounds still playing are cut to make
room (the newest event is the one to hear). Sample sums can then never pass full scale,
at any volume setting.

No pygame here: the back end hands in the samples' peaks and the channels to cut.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

HEADROOM = 0.7  # a sound at Volume 100% plays at this gain: two loud ones fit together
FLOOR = 0.5  # a new sound turned down below this share of its volume cuts old ones
LATENCY = 0.1  # seconds the device may lag behind a play call (its buffers)
BLOCK = 256  # samples per block of an envelope
SAFETY = 0.01  # full scale less this, for the rounding of samples and gains


@dataclass(frozen=True, slots=True)
class Envelope:
    """A sound's loudness from each block to its end: ``tail[i]`` is the largest sample
    (as a share of full scale) from block ``i`` on; ``seconds`` its length."""

    tail: tuple[float, ...]
    rate: int

    @classmethod
    def of(cls, peaks: Sequence[float], rate: int) -> Envelope:
        """From the peak of each block of ``BLOCK`` samples, in order."""
        tail: list[float] = []
        top = 0.0
        for peak in reversed(peaks):
            top = max(top, float(peak))
            tail.append(top)
        return cls(tuple(reversed(tail)), rate)

    @property
    def seconds(self) -> float:
        return len(self.tail) * BLOCK / self.rate

    @property
    def peak(self) -> float:
        return self.tail[0] if self.tail else 0.0

    def left_after(self, seconds: float) -> float:
        """The loudest sample from ``seconds`` into the sound to its end (0: it is over)."""
        index = max(0, int(seconds * self.rate / BLOCK))
        return self.tail[index] if index < len(self.tail) else 0.0


@dataclass(slots=True)
class Voice:
    """A sound started on ``handle`` (a channel) at ``gain``, ``started`` by the clock."""

    handle: object
    envelope: Envelope
    gain: float
    started: float


class Headroom:
    """Decides each new sound's gain so that the sounds playing together never clip."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.voices: list[Voice] = []  # oldest first

    def load(self, now: float | None = None) -> float:
        """The most the sounds still playing can add up to, as a share of full scale."""
        now = self.clock() if now is None else now
        self.voices = [v for v in self.voices if self._left(v, now) > 0]
        return sum(self._left(v, now) for v in self.voices)

    @staticmethod
    def _left(voice: Voice, now: float) -> float:
        return voice.envelope.left_after(now - voice.started - LATENCY) * voice.gain

    def admit(self, envelope: Envelope, volume: float) -> tuple[float, list[object]]:
        """The gain to start a sound of ``envelope`` at, asked at ``volume`` (0..1), and
        the handles of the sounds to cut first (oldest first)."""
        want = max(0.0, min(1.0, volume)) * HEADROOM
        peak = envelope.peak
        if want <= 0 or peak <= 0:
            return want, []
        now = self.clock()
        room = 1.0 - SAFETY - self.load(now)
        cut: list[object] = []
        while room / peak < want * FLOOR and self.voices:
            oldest = self.voices.pop(0)
            room += self._left(oldest, now)
            cut.append(oldest.handle)
        return max(0.0, min(want, room / peak)), cut

    def started(self, handle: object, envelope: Envelope, gain: float) -> None:
        """The sound was started on ``handle`` at ``gain``."""
        self.voices = [v for v in self.voices if v.handle is not handle]  # a reused channel
        self.voices.append(Voice(handle, envelope, gain, self.clock()))
