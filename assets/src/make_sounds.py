"""Synthesise the Shieldwall sound effects: ``assets/sounds/*.wav``.

A build tool, not part of the game: run ``python assets/src/make_sounds.py`` from the
repository root after changing a recipe here, then commit the files. Every sound is made
from numpy noise and oscillators (layered transients, resonant filters, envelopes); each
recipe has its own fixed seed, so the same script writes the same bytes. Output: 16-bit
mono WAV at 22050 Hz (the standard library's ``wave`` writes it; no other dependency).

Rules every sound keeps: a short fade in and out (no click at either end), the DC removed,
the peak normalised to the recipe's level and never above -1 dBFS. UI sounds peak far
below combat sounds so a click never covers a blow. ``game.ui.sound`` names the files
(``NAME.wav``, or ``NAME_1.wav`` ... for the takes of the frequent ones) and plays them.
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

Arr = np.ndarray
SR = 22050
OUT = Path(__file__).resolve().parents[1] / "sounds"
CEILING_DB = -1.0


# --- building blocks -------------------------------------------------------------------


def seconds(n: float) -> int:
    return int(round(n * SR))


def t_axis(length: float) -> Arr:
    return np.arange(seconds(length)) / SR


def svf(x: Arr, cutoff: float | Arr, q: float = 0.707, mode: str = "low") -> Arr:
    """A state-variable filter (topology-preserving form), cutoff fixed or per sample."""
    fc = np.broadcast_to(np.clip(cutoff, 10.0, SR * 0.45), x.shape)
    g = np.tan(np.pi * fc / SR)
    k = 1.0 / q
    a1 = 1.0 / (1.0 + g * (g + k))
    a2 = g * a1
    a3 = g * a2
    out = np.empty_like(x)
    ic1 = ic2 = 0.0
    pick = {"low": 0, "band": 1, "high": 2}[mode]
    for i in range(len(x)):
        v3 = x[i] - ic2
        v1 = a1[i] * ic1 + a2[i] * v3
        v2 = ic2 + a2[i] * ic1 + a3[i] * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        out[i] = (v2, v1, x[i] - k * v1 - v2)[pick]
    return out


def band(x: Arr, lo: float, hi: float) -> Arr:
    return svf(svf(x, lo, mode="high"), hi, mode="low")


def decay(length: float, tau: float, attack: float = 0.002) -> Arr:
    """An exponential decay with time constant ``tau`` after a linear attack."""
    t = t_axis(length)
    env = np.exp(-t / tau)
    ramp = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return env * ramp


def bell(length: float, peak: float, width: float) -> Arr:
    """A smooth rise and fall centred at ``peak`` seconds."""
    t = t_axis(length)
    return np.exp(-0.5 * ((t - peak) / width) ** 2)


def sweep_sine(f0: float, f1: float, length: float, curve: float = 30.0) -> Arr:
    """A sine gliding exponentially from ``f0`` to ``f1`` (``curve``: speed of the glide)."""
    t = t_axis(length)
    f = f1 + (f0 - f1) * np.exp(-t * curve)
    return np.sin(2 * np.pi * np.cumsum(f) / SR)


def saw(freq: Arr, rng: np.random.Generator) -> Arr:
    """A band-limited-enough sawtooth (12 partials) following ``freq`` per sample."""
    phase = 2 * np.pi * np.cumsum(freq) / SR + rng.uniform(0, 2 * np.pi)
    out = np.zeros_like(freq)
    for k in range(1, 13):
        partial = np.sin(k * phase) / k
        out += np.where(k * freq < SR * 0.45, partial, 0.0)
    return out


def place(total: float, parts: list[tuple[float, Arr]]) -> Arr:
    """Mix ``parts`` (start second, signal) into one buffer of ``total`` seconds."""
    out = np.zeros(seconds(total))
    for start, sig in parts:
        i = seconds(start)
        n = min(len(sig), len(out) - i)
        if n > 0:
            out[i : i + n] += fade_out(sig[:n].copy(), 0.01)
    return out


def fade_out(sig: Arr, length: float) -> Arr:
    """Bring the last ``length`` seconds smoothly to silence (a cut tail would click)."""
    n = min(len(sig), seconds(length))
    sig[len(sig) - n :] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, n))
    return sig


def pad(sig: Arr, length: float) -> Arr:
    return place(length, [(0.0, sig)])


def metal(length: float, base: float, rng: np.random.Generator, tau: float = 0.25) -> Arr:
    """Inharmonic partials of a struck plate or blade, higher ones dying sooner."""
    t = t_axis(length)
    ratios = (1.0, 2.32, 4.25, 6.63, 9.38)
    out = np.zeros_like(t)
    for i, r in enumerate(ratios):
        f = base * r * rng.uniform(0.98, 1.02)
        if f >= SR * 0.45:
            continue  # above what the file can hold: it would fold back as a false tone
        out += np.sin(2 * np.pi * f * t + rng.uniform(0, 6.28)) * np.exp(-t / (tau / (1 + i)))
    return out / len(ratios)


def finish(sig: Arr, peak_db: float) -> Arr:
    """Remove DC, fade both ends, normalise the peak to ``peak_db`` (at most -1 dBFS)."""
    sig = svf(sig - sig.mean(), 30.0, mode="high")
    n_in = seconds(0.003)
    sig[:n_in] *= 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, n_in))
    sig = fade_out(sig, 0.03)
    sig[0] = sig[-1] = 0.0
    level = 10 ** (min(peak_db, CEILING_DB) / 20)
    return sig / np.max(np.abs(sig)) * level


# --- recipes: combat -------------------------------------------------------------------


def step(rng: np.random.Generator) -> Arr:
    """One footfall on packed earth: a heel thump, a gravel crunch, a faint gear rattle."""
    L = 0.26
    thump = sweep_sine(rng.uniform(95, 120), 55, L, 40) * decay(L, 0.035, 0.004)
    grains = (rng.random(seconds(L)) < 0.08) * rng.normal(0, 1, seconds(L))
    crunch = band(rng.normal(0, 1, seconds(L)) * 0.4 + grains, 500, rng.uniform(2200, 3200))
    crunch *= place(L, [(0.012, decay(0.2, 0.045, 0.01))])
    gear = band(rng.normal(0, 1, seconds(L)), 3500, 7000) * place(L, [(0.03, decay(0.1, 0.02))])
    return thump * 0.9 + crunch * 0.55 + gear * 0.08


def hit(rng: np.random.Generator) -> Arr:
    """A blow that lands: a sharp crack, a body thump, a meaty mid crunch, a dull ring."""
    L = 0.42
    crack = svf(rng.normal(0, 1, seconds(L)), 1800, mode="high") * decay(L, 0.006, 0.0005)
    body = sweep_sine(rng.uniform(130, 160), 48, L, 25) * decay(L, 0.08, 0.002)
    crunch = band(rng.normal(0, 1, seconds(L)), 250, 1300) * decay(L, 0.05, 0.002)
    ring = metal(L, rng.uniform(340, 420), rng, 0.12)
    return crack * 0.5 + body * 1.0 + crunch * 0.7 + ring * 0.18


def miss(rng: np.random.Generator) -> Arr:
    """A blade cutting air: noise through a resonant band sweeping up and back down."""
    L = 0.36
    peak = rng.uniform(0.11, 0.15)
    t = t_axis(L)
    centre = 350 + 1700 * np.exp(-0.5 * ((t - peak) / 0.06) ** 2)
    air = svf(rng.normal(0, 1, len(t)), centre, q=2.2, mode="band")
    body = svf(rng.normal(0, 1, len(t)), 500, mode="low")
    env = bell(L, peak, 0.05) + 0.25 * bell(L, peak + 0.06, 0.07)
    return (air + body * 0.25) * env


def clank(rng: np.random.Generator) -> Arr:
    """A blow turned by shield or armour: a hard knock on wood and a bright metal ring."""
    L = 0.9
    knock = band(rng.normal(0, 1, seconds(L)), 200, 2500) * decay(L, 0.02, 0.0005)
    wood = sweep_sine(260, 190, L, 30) * decay(L, 0.05)
    ring = metal(L, 610, rng, 0.28) + metal(L, 1330, rng, 0.16) * 0.6
    return knock * 0.8 + wood * 0.5 + ring * 1.1


def shock(rng: np.random.Generator) -> Arr:
    """A grazing blow that still hurts: steel scraping over mail, then a small dull thud."""
    L = 0.42
    t = t_axis(L)
    centre = 2600 - 1300 * t / L
    rasp = svf(rng.normal(0, 1, len(t)), centre, q=4.0, mode="band")
    rasp *= 1 + 0.6 * np.sin(2 * np.pi * 38 * t)  # links catching the edge
    rasp *= bell(L, 0.09, 0.05)
    thud = sweep_sine(120, 60, L, 25) * place(L, [(0.11, decay(0.3, 0.05))])
    return rasp * 0.9 + thud * 0.7


def bow(rng: np.random.Generator) -> Arr:
    """A bow loosed: the string's low twang and the arrow hissing away."""
    L = 0.55
    t = t_axis(L)
    f = 92 + 40 * np.exp(-t * 60)
    twang = saw(f, rng) * decay(L, 0.09, 0.001)
    twang = svf(twang, 1200 * np.exp(-t * 8) + 200, mode="low")
    slap = band(rng.normal(0, 1, len(t)), 600, 3000) * decay(L, 0.008, 0.0005)
    hiss = svf(rng.normal(0, 1, len(t)), 3000, mode="high") * bell(L, 0.09, 0.05)
    return twang * 1.0 + slap * 0.5 + hiss * 0.28


def crossbow(rng: np.random.Generator) -> Arr:
    """A crossbow shot: the trigger's click, the stiff prod's heavy thunk, a short hiss."""
    L = 0.5
    click = band(rng.normal(0, 1, seconds(L)), 2500, 8000) * decay(L, 0.003, 0.0003)
    t = t_axis(L)
    thunk = sweep_sine(180, 70, L, 45) * decay(L, 0.06, 0.001)
    buzz = svf(saw(np.full(len(t), 64.0), rng), 700, mode="low") * decay(L, 0.05)
    rattle = metal(L, 900, rng, 0.06)
    hiss = svf(rng.normal(0, 1, len(t)), 3500, mode="high") * bell(L, 0.1, 0.035)
    return (
        place(L, [(0.0, click * 0.6)])
        + place(L, [(0.025, thunk * 1.0 + buzz * 0.5 + rattle * 0.3)])
        + hiss * 0.25
    )


def throw(rng: np.random.Generator) -> Arr:
    """A thrown weapon spinning away: a whoosh pulsing with each turn of the blade."""
    L = 0.5
    t = t_axis(L)
    spin = 0.5 + 0.5 * np.sin(2 * np.pi * (11 + 6 * t) * t) ** 2
    centre = 900 + 900 * np.exp(-0.5 * ((t - 0.16) / 0.1) ** 2)
    air = svf(rng.normal(0, 1, len(t)), centre, q=1.8, mode="band")
    return air * spin * bell(L, 0.18, 0.09)


def thud(rng: np.random.Generator) -> Arr:
    """A body hitting the ground: a deep thump, earth, and the kit rattling after."""
    L = 0.75
    t = t_axis(L)
    thump = sweep_sine(95, 38, L, 15) * decay(L, 0.14, 0.006)
    earth = svf(rng.normal(0, 1, len(t)), 600, mode="low") * decay(L, 0.07, 0.004)
    clinks = [
        (0.05 + 0.05 * i + rng.uniform(0, 0.03), metal(0.2, rng.uniform(1500, 2600), rng, 0.05))
        for i in range(4)
    ]
    rattle = place(L, clinks)
    second = place(L, [(0.16, sweep_sine(80, 40, 0.4, 15) * decay(0.4, 0.08))])
    return thump * 1.0 + earth * 0.5 + rattle * 0.18 + second * 0.45


def death(rng: np.random.Generator) -> Arr:
    """A dying breath: a low voice-like groan falling away through two vowels."""
    L = 1.1
    t = t_axis(L)
    pitch = 135 * np.exp(-t * 0.7) * (1 + 0.01 * np.sin(2 * np.pi * 5 * t))
    voice = saw(pitch, rng) + rng.normal(0, 0.35, len(t))
    shape = np.clip(t / L, 0, 1)
    f1 = 700 - 250 * shape  # "ah" sinking to "oh"
    f2 = 1150 - 350 * shape
    formants = svf(voice, f1, q=5.0, mode="band") + svf(voice, f2, q=6.0, mode="band") * 0.5
    breath = svf(rng.normal(0, 1, len(t)), 1800, mode="band") * 0.25
    env = np.clip(t / 0.06, 0, 1) * np.exp(-t / 0.45) * np.clip((L - t) / 0.3, 0, 1)
    return (formants + breath) * env


def flee(rng: np.random.Generator) -> Arr:
    """Running away: quick footfalls fading and dulling into the distance."""
    L = 1.15
    parts = []
    for i in range(7):
        at = 0.02 + i * 0.14 + rng.uniform(-0.01, 0.01)
        fall = step(rng) * (0.92**i) * (1.0 if i % 2 else 0.8)
        parts.append((at, svf(fall, 5000 * 0.8**i, mode="low")))
    gear = band(rng.normal(0, 1, seconds(L)), 2500, 6000) * np.exp(-t_axis(L) / 0.4)
    return place(L, parts) + gear * 0.04


def surrender(rng: np.random.Generator) -> Arr:
    """Weapons thrown down: a sword and a shield clattering onto the ground."""
    L = 1.0
    parts: list[tuple[float, Arr]] = [(0.0, metal(0.9, 700, rng, 0.22) * 0.9)]
    for _ in range(6):
        at = rng.uniform(0.04, 0.35)
        parts.append((at, metal(0.4, rng.uniform(900, 2000), rng, 0.08) * rng.uniform(0.2, 0.5)))
    wood = sweep_sine(170, 110, 0.5, 20) * decay(0.5, 0.06)
    parts.append((0.22, wood * 0.9))
    knock = band(rng.normal(0, 1, seconds(0.2)), 200, 3000) * decay(0.2, 0.01)
    parts.extend([(0.0, knock * 0.5), (0.22, knock * 0.6)])
    return place(L, parts)


def horn(rng: np.random.Generator) -> Arr:
    """Morale breaks: a war horn that starts strong and falters down a minor third."""
    L = 1.5
    t = t_axis(L)
    d3, b2 = 146.8, 123.5
    glide = np.clip((t - 0.85) / 0.18, 0, 1)
    pitch = d3 + (b2 - d3) * glide
    pitch *= 1 + 0.004 * np.sin(2 * np.pi * 4.8 * t)
    tone = saw(pitch, rng) + 0.5 * saw(pitch * 1.003, rng)
    swell = np.clip(t / 0.12, 0, 1) * (1 - 0.35 * glide) * np.clip((L - t) / 0.35, 0, 1)
    bright = 500 + 1500 * swell
    brass = svf(tone, bright, q=1.2, mode="low")
    breath = svf(rng.normal(0, 1, len(t)), 1500, mode="band") * 0.05
    return (brass + breath) * swell


def drum(rng: np.random.Generator, tune: float = 1.0) -> Arr:
    """One stroke of a war drum: a pitched skin and its rattle."""
    L = 0.8
    skin = sweep_sine(140 * tune, 72 * tune, L, 18) * decay(L, 0.16, 0.002)
    head = band(rng.normal(0, 1, seconds(L)), 150, 900) * decay(L, 0.03, 0.001)
    stick = svf(rng.normal(0, 1, seconds(L)), 2000, mode="high") * decay(L, 0.004, 0.0003)
    return skin * 1.0 + head * 0.45 + stick * 0.15


# --- recipes: turn, UI and the end of a battle -----------------------------------------


def declare(rng: np.random.Generator) -> Arr:
    """An intention declared face down: a card sliding over a table, then laid."""
    L = 0.34
    t = t_axis(L)
    paper = band(rng.normal(0, 1, len(t)), 1800, 6500) * bell(L, 0.12, 0.06)
    paper *= 1 + 0.3 * svf(rng.normal(0, 1, len(t)), 40, mode="low")
    tap = band(rng.normal(0, 1, len(t)), 400, 2500) * place(L, [(0.24, decay(0.1, 0.012))])
    return paper * 0.7 + tap * 1.0


def reveal(rng: np.random.Generator) -> Arr:
    """The intentions revealed: a two-stroke drum call, da-DUM."""
    return place(1.0, [(0.0, drum(rng, 1.15) * 0.55), (0.16, drum(rng, 0.95))])


def select(rng: np.random.Generator) -> Arr:
    """A unit picked: a soft leather-and-steel tick with a short pitched tail."""
    L = 0.18
    t = t_axis(L)
    tick = band(rng.normal(0, 1, len(t)), 1200, 5000) * decay(L, 0.006, 0.0005)
    tone = (np.sin(2 * np.pi * 660 * t) + 0.4 * np.sin(2 * np.pi * 990 * t)) * decay(L, 0.04)
    return tick * 0.7 + tone * 0.5


def ui_click(rng: np.random.Generator) -> Arr:
    """A button pressed: a short wooden click."""
    L = 0.09
    t = t_axis(L)
    knock = band(rng.normal(0, 1, len(t)), 800, 4500) * decay(L, 0.005, 0.0003)
    body = np.sin(2 * np.pi * 1150 * t) * decay(L, 0.015, 0.0005)
    return knock * 0.8 + body * 0.6


def ui_hover(rng: np.random.Generator) -> Arr:
    """The pointer over an enabled button: a barely-there high tick."""
    L = 0.06
    t = t_axis(L)
    tick = band(rng.normal(0, 1, len(t)), 3000, 8000) * decay(L, 0.003, 0.0003)
    return tick * 0.6 + np.sin(2 * np.pi * 2400 * t) * decay(L, 0.008) * 0.4


def refused(rng: np.random.Generator) -> Arr:
    """An action refused: a dull low double buzz."""
    L = 0.36
    t = t_axis(L)
    tone = saw(np.full(len(t), 98.0), rng) + 0.6 * saw(np.full(len(t), 98.6), rng)
    tone = svf(tone, 650, mode="low")
    env = bell(L, 0.06, 0.03) + bell(L, 0.2, 0.04)
    return tone * np.clip(env, 0, 1)


def brass(notes: list[tuple[float, float, float]], length: float, seed: int) -> Arr:
    """Notes (start, frequency, duration) played on a synthesised brass section."""
    rng = np.random.default_rng(seed)
    parts = []
    for start, freq, dur in notes:
        t = t_axis(dur)
        vib = 1 + 0.004 * np.sin(2 * np.pi * 5.2 * t) * np.clip((t - 0.15) / 0.2, 0, 1)
        voices = np.sum(
            [saw(np.full(len(t), freq * d) * vib, rng) for d in (1.0, 1.004, 0.996)], axis=0
        )
        env = np.clip(t / 0.03, 0, 1) * (0.75 + 0.25 * np.exp(-t / 0.08))
        env *= np.clip((dur - t) / 0.12, 0, 1)
        cut = 600 + 2200 * np.clip(t / 0.05, 0, 1) * (0.6 + 0.4 * np.exp(-t / 0.2))
        parts.append((start, svf(voices, cut, q=1.1, mode="low") * env))
    return place(length, parts)


def victory(rng: np.random.Generator) -> Arr:
    """A short fanfare: a rising major call over a drum, ending on a held chord."""
    g3, c4, e4, g4 = 196.0, 261.6, 329.6, 392.0
    notes = [
        (0.0, g3, 0.16),
        (0.17, c4, 0.16),
        (0.34, e4, 0.16),
        (0.51, g4, 1.1),
        (0.51, e4, 1.1),
        (0.51, c4, 1.1),
    ]
    call = brass(notes, 1.8, int(rng.integers(1 << 30)))
    drums = place(1.8, [(0.0, drum(rng, 0.9) * 0.5), (0.51, drum(rng, 0.8))])
    return call + drums * 0.7


def defeat(rng: np.random.Generator) -> Arr:
    """Defeat: a slow falling minor line on low horns and a last muffled drum."""
    d4, c4, a3, d3 = 293.7, 261.6, 220.0, 146.8
    notes = [(0.0, d4, 0.45), (0.45, c4, 0.45), (0.9, a3, 1.0), (0.9, d3, 1.0)]
    call = svf(brass(notes, 2.1, int(rng.integers(1 << 30))), 900, mode="low")
    drums = place(2.1, [(0.9, svf(drum(rng, 0.7), 400, mode="low"))])
    return call + drums * 0.8


# --- the catalogue ---------------------------------------------------------------------

Recipe = Callable[[np.random.Generator], Arr]

#: name → (recipe, peak dBFS, takes, seed). Combat peaks near the ceiling; the turn and UI
#: sounds well below it (a hover tick about 25 dB under a blow).
SOUNDS: dict[str, tuple[Recipe, float, int, int]] = {
    "hit": (hit, -1.0, 3, 101),
    "miss": (miss, -6.0, 3, 102),
    "step": (step, -9.0, 3, 103),
    "clank": (clank, -2.0, 1, 104),
    "shock": (shock, -3.0, 1, 105),
    "bow": (bow, -4.0, 1, 106),
    "crossbow": (crossbow, -3.0, 1, 107),
    "throw": (throw, -6.0, 1, 108),
    "thud": (thud, -4.0, 1, 109),
    "death": (death, -5.0, 1, 110),
    "flee": (flee, -8.0, 1, 111),
    "surrender": (surrender, -5.0, 1, 112),
    "horn": (horn, -5.0, 1, 113),
    "declare": (declare, -12.0, 1, 114),
    "reveal": (reveal, -6.0, 1, 115),
    "select": (select, -14.0, 1, 116),
    "ui_click": (ui_click, -16.0, 1, 117),
    "ui_hover": (ui_hover, -26.0, 1, 118),
    "refused": (refused, -12.0, 1, 119),
    "victory": (victory, -4.0, 1, 120),
    "defeat": (defeat, -5.0, 1, 121),
}


def file_names(name: str, takes: int) -> list[str]:
    return [f"{name}.wav"] if takes == 1 else [f"{name}_{i}.wav" for i in range(1, takes + 1)]


def render(name: str) -> list[tuple[str, Arr]]:
    """The files of sound ``name``: (file name, 16-bit samples) for each take."""
    recipe, peak_db, takes, seed = SOUNDS[name]
    rng = np.random.default_rng(seed)
    return [
        (file, np.round(np.clip(finish(recipe(rng), peak_db), -1.0, 1.0) * 32767).astype("<i2"))
        for file in file_names(name, takes)
    ]


def write_wav(path: Path, pcm: Arr) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in argv or SOUNDS:
        for file, pcm in render(name):
            write_wav(OUT / file, pcm)
            print(f"wrote {OUT.name}/{file}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
