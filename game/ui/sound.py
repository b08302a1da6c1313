"""Sound effects: which sound a battle event makes, and the board that plays them.

Use one ``SoundBoard`` for the whole app (made once, when the app starts):

- ``board.play("ui_click")`` for the screen's own sounds (select, ui_click, ui_hover,
  refused);
- ``board.play_events(events)`` with the events one answer produced (``Ok(events)`` /
  ``battle.events[start:]``): each event that makes a sound is looked up in ``BY_KIND``
  by its ``kind`` string (the UI never imports a ruleset), and an event of a kind the table
  does not know sounds by its ``tone`` (``BY_TONE``), so a new ruleset is heard too. The
  sounds of one batch are laid out in time (footsteps through the walk, the arrow's
  flight before the miss) and mixed into one sound, so nothing has to be scheduled later;
- ``board.apply(settings)`` whenever the settings change (master and effects volume 0..1,
  mute).

No audio device is normal (a server, ``SDL_AUDIODRIVER=dummy``, ``mixer.init`` failing):
the board then stays silent, logs one line, and every call still works. The files are
``assets/sounds/NAME.wav`` (``NAME_1.wav`` ... for the takes of the frequent sounds), made
by ``assets/src/make_sounds.py``; a take and a slight pitch change are picked at random
(a local ``random.Random``) for the sounds in ``VARIED`` so repeats differ.
"""

from __future__ import annotations

import logging
import math
import random
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

#: Every sound the game has (a file ``NAME.wav`` or takes ``NAME_1.wav`` ...).
NAMES: tuple[str, ...] = (
    "select", "step", "hit", "miss", "clank", "bow", "crossbow", "throw", "shock", "thud",
    "death", "flee", "surrender", "horn", "declare", "reveal", "ui_click", "ui_hover",
    "refused", "victory", "defeat",
)  # fmt: skip
#: Sounds whose take and pitch vary a little from one play to the next.
VARIED = frozenset({"step", "hit", "miss", "clank", "shock", "thud", "bow", "crossbow", "throw"})
PITCHES: tuple[float, ...] = (0.94, 0.97, 1.0, 1.03, 1.06)
#: Sounds heard at most once in one batch of events (a whole side fleeing blows one horn).
ONCE = frozenset({"horn", "declare", "reveal", "victory", "defeat", "flee", "surrender"})
STEP_SECONDS = 0.22  # a cell's walk when the screen does not say its walking pace
MIN_STEP_GAP = 0.15  # footsteps never closer than this, however fast the token glides
MAX_STEPS = 8  # footsteps for one move, however long
NEAR = 0.06  # the same sound twice within this many seconds of a batch is heard once
MAX_BATCH_SECONDS = 6.0
#: Seconds after a sound before the next event of the batch sounds.
BEAT = {"bow": 0.3, "crossbow": 0.28, "throw": 0.32, "horn": 0.6, "death": 0.3}
DEFAULT_BEAT = 0.12


@dataclass(frozen=True, slots=True)
class Cue:
    """One sound of a batch: ``name`` at ``at`` seconds after the batch starts."""

    name: str
    at: float = 0.0


# --- which event makes which sound --------------------------------------------------------

Sounds = tuple[tuple[str, float], ...]  # (name, seconds after the event's moment)
Reader = Callable[[Any, float], Sounds]


def _field(event: object, name: str, default: Any = "") -> Any:
    return getattr(event, name, default)


def step_gap(cell_seconds: float) -> float:
    """Seconds between two footsteps of a walk at ``cell_seconds`` a cell."""
    return max(cell_seconds, MIN_STEP_GAP)


def _moved(event: object, cell_seconds: float) -> Sounds:
    """Footsteps through the walk: one a cell, or one every ``MIN_STEP_GAP`` when the
    token glides faster (at least one, at most ``MAX_STEPS``)."""
    walk = (len(_field(event, "path", ())) or 1) * cell_seconds
    gap = step_gap(cell_seconds)
    steps = max(1, min(MAX_STEPS, math.ceil(walk / gap - 1e-9)))
    return tuple(("step", i * gap) for i in range(steps))


def release(weapon: str, thrown: bool) -> str:
    """The sound of a shot leaving: a thrown weapon or sling whirls, a crossbow thunks,
    anything else shot is a bow."""
    if thrown or "sling" in weapon:
        return "throw"
    return "crossbow" if "crossbow" in weapon else "bow"


def _attack_declared(event: object, _: float) -> Sounds:
    """Declared ranged attacks sound as they leave; melee swings sound at their outcome."""
    thrown = bool(_field(event, "thrown", False))
    if _field(event, "mode") != "ranged" and not thrown:
        return ()
    return ((release(str(_field(event, "weapon")), thrown), 0.0),)


def _attack_resolved(event: object, _: float) -> Sounds:
    """A miss whooshes past; a hit sounds with the damage it does."""
    return () if _field(event, "hit", True) else (("miss", 0.0),)


def _under_attack(event: object, _: float) -> Sounds:
    """Attacks that land together (no roll to hit): shots among them are loosed first."""
    shots = not all(_field(event, "melee", ()))
    return (("bow", 0.0),) if shots else ()


def _damaged(event: object, _: float) -> Sounds:
    """A grazing Shock scrapes; every other harm is a hit."""
    return (("shock" if str(_field(event, "source")).lower() == "shock" else "hit", 0.0),)


BLOW_LOSSES = ("HP spent", "parry", "unaware", "overburdened")


def _ability_lost(event: object, _: float) -> Sounds:
    """A blow that goes past HP into an ability is a hit; other losses make no sound."""
    return (("hit", 0.0),) if _field(event, "source") in BLOW_LOSSES else ()


def _died(event: object, _: float) -> Sounds:
    """Death, and the fall when the unit was still standing (not of a wound it lay with)."""
    lying = "wound" in str(_field(event, "cause"))
    return (("death", 0.0),) if lying else (("death", 0.0), ("thud", 0.3))


def _left_battle(event: object, _: float) -> Sounds:
    return (("surrender" if _field(event, "how") == "surrendered" else "flee", 0.0),)


FAILED_MORALE = frozenset({"breaks", "failed"})


def _rolled(event: object, _: float) -> Sounds:
    """Dice are silent, but a failed morale roll sounds the horn."""
    morale = "morale" in str(_field(event, "purpose")).lower()
    return (("horn", 0.0),) if morale and _field(event, "outcome") in FAILED_MORALE else ()


#: Log lines that tell of a blow turned aside (the rulesets say it only in a ``Note``).
NOTE_SOUNDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"takes no Shock"), "clank"),  # a shield or a guard stops the graze
    (re.compile(r"'s block turns .* aside"), "clank"),
    (re.compile(r"'s dodge turns .* aside"), "miss"),
    (re.compile(r" parries "), "clank"),
    (re.compile(r"^Twing!"), "clank"),
    (re.compile(r"is struck for \d+ - Armor \d+ = 0$"), "clank"),  # armour takes it all
)


def _note(event: object, _: float) -> Sounds:
    text = str(_field(event, "message"))
    for pattern, name in NOTE_SOUNDS:
        if pattern.search(text):
            return ((name, 0.0),)
    return ()


def _fixed(name: str) -> Reader:
    return lambda _event, _cell: ((name, 0.0),)


#: The event table, by the event's ``kind``: a reader gives the sounds of one event.
BY_KIND: dict[str, Reader] = {
    "moved": _moved,
    "attack_declared": _attack_declared,
    "attack_made": _attack_declared,
    "attack_resolved": _attack_resolved,
    "under_attack": _under_attack,
    "damaged": _damaged,
    "ability_lost": _ability_lost,
    "downed": _fixed("thud"),
    "died": _died,
    "left_battle": _left_battle,
    "escaped": _fixed("flee"),  # off the map through an objective
    "routed": _fixed("horn"),
    "parley_offered": _fixed("horn"),
    "rolled": _rolled,
    "note": _note,
    "declared": _fixed("declare"),
    "intention_revealed": _fixed("reveal"),
    "hurt": _fixed("hit"),  # a blow that got through to a track (Stress, Wound Points)
    "double_knock_out": _fixed("thud"),
}
#: Kinds known to make no sound (so their tone does not speak for them).
SILENT = frozenset({
    "battle_started", "round_started", "round_ended", "side_turn_started", "side_turn_ended",
    "unit_activated", "unit_done", "initiative_set", "order_set", "budget_spent",
    "action_declared", "item_dropped", "item_landed", "gambit_saved", "slot_filled",
    "objective_held", "sides_ordered", "test_kept", "hindered", "usage_marked", "pushed",
    "side_reaction", "count_reached", "injured", "threat_entered", "attacked_in_defense",
    "side_passed", "reaction_taken", "blast_area", "gear_worn",
})  # fmt: skip
#: The sound of an event of a kind nobody told this table about, by its ``tone``.
BY_TONE: dict[str, str] = {
    "hit": "hit",
    "miss": "miss",
    "damage": "hit",
    "death": "thud",
    "morale": "horn",
}


def event_sounds(
    event: object, *, our_sides: Collection[str] = (), cell_seconds: float = STEP_SECONDS
) -> Sounds:
    """The sounds of one event, each with its delay after the event's moment."""
    kind = str(_field(event, "kind", ""))
    if kind == "battle_ended":
        winner = _field(event, "winner", None)
        won = winner is not None and (winner in our_sides or not our_sides)
        return (("victory" if won else "defeat", 0.0),)
    reader = BY_KIND.get(kind)
    if reader is not None:
        return reader(event, cell_seconds)
    if kind in SILENT:
        return ()
    tone = BY_TONE.get(str(_field(event, "tone", "")))
    return ((tone, 0.0),) if tone else ()


def cues_for(
    events: Iterable[object],
    *,
    our_sides: Collection[str] = (),
    cell_seconds: float = STEP_SECONDS,
) -> tuple[Cue, ...]:
    """The sounds of a batch of events laid out in time: each event sounds after the one
    before has had its beat (``BEAT``), a move after its walk; repeats of one
    sound within ``NEAR`` seconds and second calls of a ``ONCE`` sound are dropped, and
    nothing starts after ``MAX_BATCH_SECONDS``.

    The reveal drum sounds only in a batch that also holds a declaration (the last one
    declared lifts the veil on all); a ruleset that states each intention as the unit acts
    reveals nothing hidden, so its ``intention_revealed`` events stay quiet."""
    batch = list(events)
    unveiling = any(_field(e, "kind") == "declared" for e in batch)
    cues: list[Cue] = []
    cursor = 0.0
    for event in batch:
        if _field(event, "kind") == "intention_revealed" and not unveiling:
            continue
        sounds = event_sounds(event, our_sides=our_sides, cell_seconds=cell_seconds)
        if not sounds:
            continue
        ends = []
        for name, delay in sounds:
            at = cursor + delay
            beat = step_gap(cell_seconds) if name == "step" else BEAT.get(name, DEFAULT_BEAT)
            ends.append(at + beat)
            if at > MAX_BATCH_SECONDS or _repeat(cues, name, at):
                continue
            cues.append(Cue(name, round(at, 4)))
        cursor = max(ends)
    return tuple(cues)


def _repeat(cues: Sequence[Cue], name: str, at: float) -> bool:
    return any(c.name == name and (name in ONCE or abs(c.at - at) < NEAR) for c in cues)


# --- the board ----------------------------------------------------------------------------


class Mixer(Protocol):
    """What the board needs of an audio back end (pygame's mixer; a fake in tests)."""

    def start(self) -> None:
        """Open the audio device; raise if there is none."""

    def load(self, path: Path) -> object: ...

    def pitched(self, sound: object, ratio: float) -> object:
        """``sound`` played ``ratio`` times faster (higher and shorter)."""

    def mix(self, parts: Sequence[tuple[object, float, float]]) -> object:
        """One sound of ``parts`` (sound, start second, volume) laid over each other."""

    def play(self, sound: object, volume: float) -> None: ...


def sounds_dir() -> Path:
    from game.shipped import assets_dir

    return assets_dir() / "sounds"


def sound_files(folder: Path, name: str) -> list[Path]:
    """The takes of ``name`` in ``folder``: ``NAME.wav`` or ``NAME_1.wav``, ``NAME_2.wav`` ..."""
    single = folder / f"{name}.wav"
    if single.is_file():
        return [single]
    takes: list[Path] = []
    while (take := folder / f"{name}_{len(takes) + 1}.wav").is_file():
        takes.append(take)
    return takes


class SoundBoard:
    """Plays the game's sounds at the set volumes; silent, never failing, without audio."""

    def __init__(
        self, mixer: Mixer | None = None, *, folder: Path | None = None, seed: int | None = None
    ) -> None:
        if mixer is None:
            from game.ui.sound_pygame import PygameMixer

            mixer = PygameMixer()
        self.mixer = mixer
        self.rng = random.Random(seed)
        self.master, self.effects, self.muted = 1.0, 1.0, False
        self.takes: dict[str, list[object]] = {}
        self._variants: dict[tuple[str, int, float], object] = {}
        self._last_take: dict[str, int] = {}
        self.on = self._start(folder)

    def _start(self, folder: Path | None) -> bool:
        from game.ui.quiet_stderr import quiet_stderr

        try:
            with quiet_stderr():  # no device: ALSA's 8 lines on stderr (play-test 3)
                self.mixer.start()
        except Exception as exc:  # no device, no driver, a broken SDL build: all the same
            log.warning("sound off: the audio device could not be opened (%s)", exc)
            return False
        try:
            folder = folder or sounds_dir()
            self.takes = {n: [self.mixer.load(p) for p in sound_files(folder, n)] for n in NAMES}
        except Exception as exc:
            log.warning("sound off: the sound files could not be loaded (%s)", exc)
            return False
        missing = [n for n, takes in self.takes.items() if not takes]
        if missing:
            log.warning("sounds missing in %s: %s", folder, ", ".join(missing))
        return True

    def apply(self, settings: object) -> None:
        """Take the volumes and mute from the settings (``volume_master``,
        ``volume_effects``, ``muted``)."""
        self.master = float(_field(settings, "volume_master", 1.0))
        self.effects = float(_field(settings, "volume_effects", 1.0))
        self.muted = bool(_field(settings, "muted", False))

    @property
    def volume(self) -> float:
        """The volume a sound is played at now (0 when muted)."""
        return 0.0 if self.muted else max(0.0, min(1.0, self.master * self.effects))

    def play(self, name: str) -> None:
        """Play the sound ``name`` (one of ``NAMES``) now."""
        if name not in NAMES:
            raise KeyError(f"no sound {name!r} (known: {', '.join(NAMES)})")
        sound = self._pick(name) if self.on and self.volume > 0 else None
        if sound is not None:
            self._safely(self.mixer.play, sound, self.volume)

    def play_events(
        self,
        events: Iterable[object],
        *,
        our_sides: Collection[str] = (),
        cell_seconds: float = STEP_SECONDS,
    ) -> tuple[Cue, ...]:
        """Play the sounds of the events one answer produced, laid out in time; returns
        the cues heard. ``our_sides``: the sides the players at this screen command (a
        battle won by one of them, or by anyone when empty, is a victory); ``cell_seconds``:
        the walking pace on screen, one footstep per cell."""
        cues = cues_for(events, our_sides=our_sides, cell_seconds=cell_seconds)
        if not cues or not self.on or self.volume <= 0:
            return cues
        parts = [(s, c.at, 1.0) for c in cues if (s := self._pick(c.name)) is not None]
        if len(parts) == 1 and parts[0][1] == 0.0:
            self._safely(self.mixer.play, parts[0][0], self.volume)
        elif parts:
            mixed = self._safely(self.mixer.mix, parts)
            if mixed is not None:
                self._safely(self.mixer.play, mixed, self.volume)
        return cues

    def _pick(self, name: str) -> object | None:
        """A take of ``name`` (not the last one heard, when it has several), at a slightly
        varied pitch for the sounds in ``VARIED``."""
        takes = self.takes.get(name) or []
        if not takes:
            return None
        choices = [i for i in range(len(takes)) if i != self._last_take.get(name)] or [0]
        take = self.rng.choice(choices)
        self._last_take[name] = take
        ratio = self.rng.choice(PITCHES) if name in VARIED else 1.0
        if ratio == 1.0:
            return takes[take]
        key = (name, take, ratio)
        if key not in self._variants:
            self._variants[key] = self._safely(self.mixer.pitched, takes[take], ratio)
        return self._variants[key] or takes[take]

    def _safely(self, call: Callable[..., Any], *args: Any) -> Any:
        """Call the mixer; a failure mid-game turns the sound off with one line, never
        ends the game."""
        try:
            return call(*args)
        except Exception as exc:
            log.warning("sound off: the mixer failed (%s)", exc)
            self.on = False
            return None
