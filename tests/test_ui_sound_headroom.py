"""Sounds on separate channels never add up past full scale (play-test 3: 8 full-scale
samples in 30 s of clash at Volume 100%): ``game.ui.sound_headroom`` and the pygame back
end that uses it, on SDL's dummy driver."""

from __future__ import annotations

import numpy as np
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.sound_headroom import BLOCK, FLOOR, HEADROOM, LATENCY, Envelope, Headroom

RATE = 22050


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _flat(peak: float, seconds: float) -> Envelope:
    return Envelope.of([peak] * max(1, round(seconds * RATE / BLOCK)), RATE)


def test_an_envelope_reads_the_loudest_sample_left() -> None:
    env = Envelope.of([0.2, 0.9, 0.5, 0.1], RATE)
    assert env.tail == (0.9, 0.9, 0.5, 0.1) and env.peak == 0.9
    block = BLOCK / RATE
    assert env.left_after(0) == 0.9 and env.left_after(2.5 * block) == 0.5
    assert env.left_after(4 * block) == 0.0 and env.left_after(-1) == 0.9


def test_a_sound_alone_plays_at_the_volume_asked_less_the_headroom() -> None:
    room = Headroom(Clock())
    gain, cut = room.admit(_flat(0.89, 0.5), 1.0)
    assert gain == pytest.approx(HEADROOM) and cut == []
    assert room.admit(_flat(0.89, 0.5), 0.4)[0] == pytest.approx(0.4 * HEADROOM)
    assert room.admit(_flat(0.89, 0.5), 0.0) == (0.0, [])


def test_overlapping_sounds_are_turned_down_and_the_oldest_cut_when_too_loud() -> None:
    clock = Clock()
    room = Headroom(clock)
    loud = _flat(0.89, 1.0)
    first, _ = room.admit(loud, 1.0)
    room.started("a", loud, first)
    second, cut = room.admit(loud, 1.0)
    assert cut == [] and second < first
    assert first * 0.89 + second * 0.89 <= 1.0
    assert second >= HEADROOM * FLOOR
    room.started("b", loud, second)
    third, cut = room.admit(loud, 1.0)
    assert cut == ["a"]  # the oldest goes, the newest event is heard
    assert (second + third) * 0.89 <= 1.0
    room.started("c", loud, third)
    clock.now += 1.0 + LATENCY + 0.01  # all over
    assert room.load() == 0.0 and room.voices == []
    assert room.admit(loud, 1.0)[0] == pytest.approx(HEADROOM)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(0.0, 1.0),  # peak
            st.floats(0.01, 2.0),  # length
            st.floats(0.0, 1.0),  # volume asked
            st.floats(0.0, 0.5),  # seconds after the sound before
        ),
        min_size=1,
        max_size=12,
    )
)
def test_what_plays_together_never_adds_up_past_full_scale(
    sounds: list[tuple[float, float, float, float]],
) -> None:
    clock = Clock()
    room = Headroom(clock)
    for i, (peak, seconds, volume, wait) in enumerate(sounds):
        clock.now += wait
        env = _flat(peak, seconds)
        gain, cut = room.admit(env, volume)
        assert 0.0 <= gain <= volume * HEADROOM + 1e-12
        room.started(i, env, gain)
        assert room.load() <= 1.0


def test_the_real_mixer_keeps_channels_under_full_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sounds played on channels of their own start at gains whose sum cannot clip; the
    oldest is cut when the newest would be too quiet."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from game.ui.sound_pygame import PygameMixer

    mixer = PygameMixer()
    mixer.start()
    try:
        init = pygame.mixer.get_init()
        assert init is not None
        rate, _size, channels = init
        tone = (np.sin(np.arange(rate) * 0.05) * 0.6 * 32767).astype(np.int16)
        sound = pygame.sndarray.make_sound(np.ascontiguousarray(np.stack([tone] * channels, 1)))
        assert mixer.envelope(sound).peak == pytest.approx(0.6, abs=0.01)
        batch = mixer.mix([(sound, 0.0, 1.0), (sound, 0.0, 1.0)])  # limited to full scale
        assert isinstance(batch, pygame.mixer.Sound)
        assert mixer.envelope(batch).peak == pytest.approx(1.0, abs=0.01)
        mixer.play(sound, 1.0)
        mixer.play(sound, 1.0)
        first, second = mixer.headroom.voices
        assert first.gain == second.gain == pytest.approx(HEADROOM)  # room for both
        mixer.play(batch, 1.0)
        assert mixer.headroom.voices[0] is second  # the first was cut (its channel reused)
        assert all(v is not first for v in mixer.headroom.voices)
        playing = mixer.headroom.voices
        assert sum(v.gain * v.envelope.peak for v in playing) <= 1.0
        for voice in playing:
            assert isinstance(voice.handle, pygame.mixer.Channel)
            assert voice.handle.get_volume() <= voice.gain + 1e-9
    finally:
        pygame.mixer.quit()
