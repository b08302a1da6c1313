"""Sound (issue 33): events make the right sounds, volumes and mute persist, no audio device
is fine, and a file exists for every sound the tables name."""

from __future__ import annotations

import importlib.util
import inspect
import logging
import wave
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import numpy as np
import pygame
import pytest

from game.engine import events as ev
from game.rules import objectives
from game.rules.clash import damage as clash_damage
from game.rules.clash import events as clash_ev
from game.rules.clash import reactions as clash_reactions
from game.rules.clash import strike as clash_strike
from game.rules.factions import events as factions_ev
from game.rules.grid import events as grid_ev
from game.rules.grid import hold, items, resolution, shock, swarm
from game.rules.stress import events as stress_ev
from game.rules.stress import reactions as stress_reactions
from game.rules.zones import events as zones_ev
from game.shipped import assets_dir
from game.ui import sound
from game.ui.settings import Settings, load_settings, save_settings
from game.ui.sound import BY_KIND, BY_TONE, NAMES, SILENT, SoundBoard, cues_for

SOUNDS = assets_dir() / "sounds"


class FakeMixer:
    """Records what the board asks of the audio back end."""

    def __init__(self, fail: Exception | None = None) -> None:
        self.fail = fail
        self.loaded: list[Path] = []
        self.played: list[tuple[object, float]] = []
        self.mixed: list[Sequence[tuple[object, float, float]]] = []

    def start(self) -> None:
        if self.fail is not None:
            raise self.fail

    def load(self, path: Path) -> object:
        self.loaded.append(path)
        return path.stem

    def pitched(self, sound: object, ratio: float) -> object:
        return f"{sound}@{ratio}"

    def mix(self, parts: Sequence[tuple[object, float, float]]) -> object:
        self.mixed.append(parts)
        return "mixed"

    def play(self, sound: object, volume: float) -> None:
        self.played.append((sound, volume))


def names(*events: object, **kw: object) -> list[str]:
    return [c.name for c in cues_for(events, **kw)]  # type: ignore[arg-type]


def declared(weapon: str, mode: str = "ranged", thrown: bool = False) -> grid_ev.AttackDeclared:
    return grid_ev.AttackDeclared("a", "b", weapon, mode, "A shoots at B", thrown)


def resolved(hit: bool) -> grid_ev.AttackResolved:
    return grid_ev.AttackResolved("a", "b", "sword", "melee", hit, 14, 13)


# Every event class of the engine and both rulesets, with plausible fields, and the sounds
# it makes on its own.
EVENTS: list[tuple[object, list[str]]] = [
    (ev.Rolled("a", "Ada", "attack roll", "d20", (14,), 3, 17, 15, "AC", "hit"), []),
    (ev.Rolled("a", "Ada", "morale check", "2d6", (6, 5), 0, 11, 8, "Morale", "breaks"), ["horn"]),
    (
        ev.Rolled("a", "Ada", "WIL save for morale", "d20", (15,), 0, 15, 9, "WIL", "failed"),
        ["horn"],
    ),
    (ev.Rolled("a", "Ada", "morale check", "2d6", (2, 3), 0, 5, 8, "Morale", "holds"), []),
    (ev.BattleStarted("Duel", "grid", 1), []),
    (ev.RoundStarted(1), []),
    (ev.RoundEnded(1), []),
    (ev.SideTurnStarted("a", "Raiders"), []),
    (ev.SideTurnEnded("a", "Raiders"), []),
    (ev.UnitActivated("a", "Ada"), []),
    (ev.UnitDone("a", "Ada"), []),
    (ev.Moved("a", "Ada", (0, 0), ((0, 1), (0, 2), (1, 3)), 15), ["step", "step", "step"]),
    (ev.Damaged("b", "Bo", 5, 2, 7, "hit", "a"), ["hit"]),
    (ev.Damaged("b", "Bo", 1, 6, 7, "Shock", "a"), ["shock"]),
    (ev.Downed("b", "Bo", "party", "mortally wounded", "a"), ["thud"]),
    (ev.Died("b", "Bo", "foes", "slain"), ["death", "thud"]),
    (ev.Died("b", "Bo", "party", "mortal wound, 6 rounds untended"), ["death"]),
    (ev.LeftBattle("b", "Bo", "foes", "fled"), ["flee"]),
    (ev.LeftBattle("b", "Bo", "foes", "withdrew"), ["flee"]),
    (ev.LeftBattle("b", "Bo", "foes", "surrendered"), ["surrender"]),
    (ev.Note("Bo takes no Shock: the shield ignores the first Shock this round", "b"), ["clank"]),
    (ev.Note("Bo is struck for 2 - Armor 2 = 0", "b"), ["clank"]),
    (ev.Note("Bo is struck for 5 - Armor 1 = 4", "b"), []),
    (ev.Note("Bo's block turns Ada's attack aside", "b"), ["clank"]),
    (ev.Note("Bo's dodge turns Ada's attack aside", "b"), ["miss"]),
    (ev.Note("Bo parries Ada (7 beats 4)", "b"), ["clank"]),
    (ev.Note("Twing! Bo's and Ada's weapons bounce off each other (5 each)", "b"), ["clank"]),
    (ev.Note("Bo's AC is now 17", "b"), []),
    (ev.BattleEnded("a", "Raiders", 4, "the other side is out of the fight"), ["victory"]),
    (ev.BattleEnded(None, "", 20, "round limit"), ["defeat"]),
    (grid_ev.InitiativeSet(("a", "b"), ("Raiders", "Guards")), []),
    (declared("sword", "melee"), []),
    (declared("shortbow"), ["bow"]),
    (declared("longbow"), ["bow"]),
    (declared("crossbow"), ["crossbow"]),
    (declared("sling"), ["throw"]),
    (declared("javelin", thrown=True), ["throw"]),
    (declared("hand_axe", "ranged", thrown=True), ["throw"]),
    (resolved(hit=True), []),
    (resolved(hit=False), ["miss"]),
    (grid_ev.BudgetSpent("a", "Ada", "Main", "Attack"), []),
    (grid_ev.Routed("b", "Bo"), ["horn"]),
    (grid_ev.ParleyOffered("b", "Bo", "party", "Party"), ["horn"]),
    (hold.ActionDeclared("a", "Ada", "attack"), []),
    (items.ItemDropped("a", "Ada", "sword", "Sword", (1, 1)), []),
    (items.ItemLanded("a", "Ada", "javelin", "Javelin", (1, 1), "Bo"), []),
    (swarm.SwarmJoined("Ada joins the swarm on Bo (1 assailant)", "a", target="b", side="x"), []),
    (clash_ev.Declared("a", "Ada"), ["declare"]),
    (clash_ev.IntentionRevealed("a", "Ada", "attack", "b", "quick", "attack Bo"), []),
    (clash_ev.OrderSet("quick", ("a",), ("Ada",)), []),
    (clash_ev.AbilityLost("b", "Bo", "STR", 3, 9, "HP spent"), ["hit"]),
    (clash_ev.AbilityLost("b", "Bo", "DEX", 1, 9, "burns"), []),
    (clash_ev.SlotFilled("b", "Bo", "Fatigue", 4, 10), []),
    (stress_ev.CountReached(7, ("a", "b"), ("Ada", "Bo")), []),
    (stress_ev.Hurt("b", "Bo", 3, 2, 0, 9, 11, "slashing", False, "a"), ["hit"]),
    (stress_ev.Injured("b", "Bo", "Cut Ribs", "4 Strength damage"), []),
    (stress_ev.DoubleKnockOut(7, ("a", "b"), ("Ada", "Bo")), ["thud"]),
    (stress_reactions.ThreatEntered("b", "Bo", (1, 1), ("a",)), []),
    (stress_reactions.AttackedInDefense("a", "Ada", ("b",)), []),
    (clash_reactions.UnderAttack("b", ("a",), ("fast",), (True,), "Ada attacks Bo"), []),
    (
        clash_reactions.UnderAttack("b", ("a", "c"), ("fast", "balanced"), (True, False), "x"),
        ["bow"],
    ),
    (clash_reactions.GambitSaved("b", "a", "Bo resists"), []),
    (zones_ev.Kept("a", "Ada", 14, 16, True, "advantage, +2"), []),
    (zones_ev.SidesOrdered(4, "party", "Wardens"), []),
    (zones_ev.Hindered("a", "Ada", "stuck"), []),
    (zones_ev.UsageMarked("a", "Ada", "Sword", 1, False), []),
    (zones_ev.Pushed("b", "Bo", "the yard"), []),
    (zones_ev.SideReaction("x", "Bandits", 5, "curious"), []),
    (objectives.Escaped("a", "Ada", "party", "East road", 1, 2), ["flee"]),
    (objectives.ObjectiveHeld("Hill", "party", "Wardens", 1, 2), []),
    (factions_ev.Attacked("a", "b", "sword", "melee", "Ada", "Bo"), []),
    (factions_ev.Attacked("a", "b", "shortbow", "ranged", "Ada", "Bo"), ["bow"]),
    (factions_ev.Passed("party", "Wardens"), []),
    (factions_ev.Reacted("b", "Bo", "dodge"), []),
    (factions_ev.BlastArea(1, "yard", ((1, 1),)), []),
    (factions_ev.GearWorn("a", "Ada", "sword", "damaged"), []),
]


@pytest.mark.parametrize(("event", "expected"), EVENTS, ids=lambda x: type(x).__name__)
def test_each_event_makes_its_sound(event: object, expected: list[str]) -> None:
    assert names(event) == expected
    assert set(expected) <= set(NAMES)


def _subclasses(cls: type[ev.Event]) -> set[type[ev.Event]]:
    found: set[type[ev.Event]] = set(cls.__subclasses__())
    return found.union(*(_subclasses(c) for c in found)) if found else set()


def test_every_event_class_is_in_the_table_and_tested() -> None:
    """A new kind of event must be placed: heard through ``BY_KIND``, or known silent."""
    ours = {c for c in _subclasses(ev.Event) if c.__module__.startswith("game.")}
    kinds = {c.kind for c in ours}
    assert kinds <= set(BY_KIND) | SILENT | {"battle_ended"}, "place the new kinds in sound.py"
    # (by name: a slots dataclass leaves the class it replaced among the subclasses)
    tested = {(type(e).__module__, type(e).__qualname__) for e, _ in EVENTS}
    assert tested >= {(c.__module__, c.__qualname__) for c in ours}


def test_an_unknown_event_sounds_by_its_tone() -> None:
    class Cleaved(ev.Event):
        kind = "cleaved"
        tone = "hit"

    class Omen(ev.Event):
        kind = "omen"
        tone = "morale"

    class Whisper(ev.Event):
        kind = "whisper"

    assert names(Cleaved()) == ["hit"] and names(Omen()) == ["horn"] and names(Whisper()) == []
    assert set(BY_TONE.values()) <= set(NAMES)


def test_the_note_patterns_still_match_what_the_rules_write() -> None:
    """The blows turned aside are only told in log lines: the rules must still write them."""
    grid = inspect.getsource(resolution) + inspect.getsource(shock)
    clash = inspect.getsource(clash_strike) + inspect.getsource(clash_damage)
    assert "takes no Shock:" in grid
    for words in (
        "turns {units.name(ctx, s.attacker)}'s attack aside",
        " parries ",
        "Twing! ",
        "is struck for {blow.rolled}{armor} = {dealt}",
        "Armor {st.armor}",
    ):
        assert words in clash, words


def test_a_batch_is_laid_out_in_time() -> None:
    walk = ev.Moved("a", "Ada", (0, 0), ((0, 1), (0, 2)), 10)
    cues = cues_for([walk, declared("crossbow"), resolved(hit=False)], cell_seconds=0.3)
    assert [c.name for c in cues] == ["step", "step", "crossbow", "miss"]
    assert [c.at for c in cues] == pytest.approx([0.0, 0.3, 0.6, 0.6 + sound.BEAT["crossbow"]])
    long_walk = ev.Moved("a", "Ada", (0, 0), tuple((0, i) for i in range(1, 30)), 145)
    assert names(long_walk) == ["step"] * sound.MAX_STEPS
    # a token gliding 29 cells in 0.29 s: a footstep every MIN_STEP_GAP, not every cell
    quick = cues_for([long_walk, resolved(hit=False)], cell_seconds=0.01)
    assert [c.at for c in quick] == pytest.approx([0.0, 0.15, 0.3])
    assert names(long_walk, cell_seconds=1e-9) == ["step"]  # instant: one footfall


def test_a_routed_side_blows_one_horn_and_repeats_close_together_are_heard_once() -> None:
    routs = [grid_ev.Routed(u, u) for u in "abc"]
    fled = [ev.LeftBattle(u, u, "foes", "fled") for u in "abc"]
    assert names(*routs, *fled) == ["horn", "flee"]
    blow = ev.Damaged("b", "Bo", 3, 4, 7, "hit", "a")
    into_str = clash_ev.AbilityLost("b", "Bo", "STR", 2, 10, "HP spent")
    assert names(blow, into_str) == ["hit", "hit"]  # one beat apart: both heard
    stacked = cues_for([ev.Note("Twing! x", "b"), ev.Note("Twing! y", "b")])
    assert [c.at for c in stacked] == [0.0, sound.DEFAULT_BEAT]
    many = [resolved(hit=False)] * 100
    assert max(c.at for c in cues_for(many)) <= sound.MAX_BATCH_SECONDS


def test_the_drum_sounds_when_hidden_declarations_are_revealed() -> None:
    last = clash_ev.Declared("c", "Cy")
    reveals = [clash_ev.IntentionRevealed(u, u, "attack", "b", "quick", "attack") for u in "ac"]
    assert names(last, *reveals) == ["declare", "reveal"]
    assert names(*reveals) == []  # stated as each unit acts: nothing was hidden


def test_victory_or_defeat_depends_on_whose_screen_it_is() -> None:
    won = ev.BattleEnded("party", "Party", 3, "the foes fled")
    assert names(won, our_sides={"party"}) == ["victory"]
    assert names(won, our_sides={"foes"}) == ["defeat"]
    assert names(won) == ["victory"]  # watching AI against AI


def test_a_whole_battle_of_each_ruleset_sounds_right() -> None:
    from game.ai import make_controller, play
    from game.engine import Battle
    from game.maps import find_map, load_battlefield

    for ruleset, expected in (
        ("grid", {"step", "hit", "miss", "bow", "death", "victory"}),
        ("clash", {"declare", "step", "hit", "clank", "victory"}),
    ):
        field = load_battlefield(find_map("duel"))
        sides = [s.id for s in field.scenario.sides]
        battle = Battle(
            field, ruleset=ruleset, seed=3, controllers=dict.fromkeys(sides, "baseline")
        )
        play(battle, {s: make_controller("baseline", 3, ruleset) for s in sides})
        heard = {c.name for e in battle.events for c in cues_for([e])}
        assert expected <= heard, (ruleset, heard)


def test_the_board_plays_at_the_set_volume_and_not_when_muted() -> None:
    mixer = FakeMixer()
    board = SoundBoard(mixer, folder=SOUNDS, seed=1)
    assert board.on and len(mixer.loaded) == sum(len(sound.sound_files(SOUNDS, n)) for n in NAMES)
    board.apply(Settings(volume_master=0.5, volume_effects=0.6))
    board.play("ui_click")
    assert mixer.played == [("ui_click", pytest.approx(0.3))]
    board.play_events([resolved(hit=False), ev.Damaged("b", "Bo", 1, 6, 7, "Shock", "a")])
    assert mixer.played[-1] == ("mixed", pytest.approx(0.3))
    assert [at for _, at, _ in mixer.mixed[-1]] == [0.0, sound.DEFAULT_BEAT]
    board.apply(Settings(muted=True))
    board.play("hit")
    board.play_events([resolved(hit=False)])
    board.apply(Settings(volume_effects=0.0))
    board.play("hit")
    assert len(mixer.played) == 2
    with pytest.raises(KeyError):
        board.play("kazoo")


def test_takes_and_pitch_vary_between_plays() -> None:
    mixer = FakeMixer()
    board = SoundBoard(mixer, folder=SOUNDS, seed=7)
    for _ in range(30):
        board.play("hit")
        board.play("victory")
    hits = [str(s) for s, _ in mixer.played if str(s).startswith("hit")]
    assert all(a.split("@")[0] != b.split("@")[0] for a, b in zip(hits, hits[1:], strict=False))
    assert len({h.split("@")[0] for h in hits}) == 3 and any("@" in h for h in hits)
    assert {str(s) for s, _ in mixer.played if "victory" in str(s)} == {"victory"}


def test_volume_and_mute_persist_through_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    wanted = Settings(volume_master=0.35, volume_effects=0.7, muted=True)
    save_settings(wanted, path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded == wanted
    path.write_text('{"ai_speed": "fast", "grid_overlay": false}', encoding="utf-8")  # older
    loaded, problem = load_settings(path)
    assert problem is None and loaded.ai_speed == "fast"
    assert (loaded.volume_master, loaded.volume_effects, loaded.muted) == (0.8, 1.0, False)
    path.write_text('{"volume_master": 3, "volume_effects": "loud"}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None and (loaded.volume_master, loaded.volume_effects) == (0.8, 1.0)
    path.write_text('{"volume_master": 1, "volume_effects": 0}', encoding="utf-8")
    loaded, _ = load_settings(path)
    assert (loaded.volume_master, loaded.volume_effects) == (1.0, 0.0)
    path.write_text('{"muted": "yes"}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings() and problem is not None and "muted" in problem


def test_no_audio_device_is_silent_and_said_once(caplog: pytest.LogCaptureFixture) -> None:
    mixer = FakeMixer(fail=pygame.error("No available audio device"))
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        board = SoundBoard(mixer, folder=SOUNDS)
        board.play("hit")
        board.play_events([resolved(hit=False), ev.Died("b", "Bo", "foes", "slain")])
        board.play("ui_hover")
    assert not board.on and mixer.played == [] and mixer.loaded == []
    assert len(caplog.records) == 1 and "No available audio device" in caplog.text


def test_pygame_mixer_failing_to_open_is_silent(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def refuse(*_a: object, **_k: object) -> None:
        raise pygame.error("dsp: No such audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        board = SoundBoard()
        board.play("select")
        board.play_events([resolved(hit=False)])
    assert not board.on and len(caplog.records) == 1


def test_missing_files_are_said_once_and_the_rest_play(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "hit_1.wav").write_bytes((SOUNDS / "hit_1.wav").read_bytes())
    mixer = FakeMixer()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        board = SoundBoard(mixer, folder=tmp_path)
        board.play("hit")
        board.play("miss")
    assert len(mixer.played) == 1 and str(mixer.played[0][0]).startswith("hit_1")
    assert len(caplog.records) == 1 and "miss" in caplog.text


def test_the_real_mixer_on_the_dummy_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    board = SoundBoard(seed=2)
    try:
        assert board.on and all(board.takes[n] for n in NAMES)
        board.play("hit")
        walk = ev.Moved("a", "Ada", (0, 0), ((0, 1), (0, 2)), 10)
        assert len(board.play_events([walk, declared("longbow"), resolved(hit=False)])) == 4
        mixer = board.mixer
        hit = board.takes["hit"][0]
        faster = mixer.pitched(hit, 1.25)
        assert isinstance(hit, pygame.mixer.Sound) and isinstance(faster, pygame.mixer.Sound)
        assert faster.get_length() == pytest.approx(hit.get_length() / 1.25, rel=0.02)
        mixed = mixer.mix([(hit, 0.0, 1.0), (hit, 0.5, 0.5)])
        assert isinstance(mixed, pygame.mixer.Sound)
        assert mixed.get_length() == pytest.approx(0.5 + hit.get_length(), rel=0.02)
        assert board.on
    finally:
        pygame.mixer.quit()


@pytest.mark.parametrize("name", NAMES)
def test_every_sound_has_its_files_made_well(name: str) -> None:
    """The files ``assets/src/make_sounds.py`` writes: mono 16-bit 22050 Hz, short, no
    click at either end, peak at most -1 dBFS."""
    files = sound.sound_files(SOUNDS, name)
    assert files, f"assets/sounds has no {name}.wav (run assets/src/make_sounds.py)"
    if name in sound.VARIED and name in ("hit", "miss", "step"):
        assert len(files) >= 2
    for path in files:
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            samples = np.frombuffer(w.readframes(w.getnframes()), "<i2").astype(float) / 32768
        assert 0.05 < len(samples) / 22050 <= 2.5
        assert samples[0] == 0 and samples[-1] == 0
        assert np.abs(samples).max() <= 10 ** (-1 / 20)


def test_the_files_are_what_the_script_makes() -> None:
    """The committed files are the synthesis script's output (a sample may differ by a
    step or two where floating point differs between machines)."""
    make = _make_sounds()
    assert set(make.SOUNDS) == set(NAMES)
    for name in NAMES:
        for file, made in make.render(name):
            with wave.open(str(SOUNDS / file)) as w:
                shipped = np.frombuffer(w.readframes(w.getnframes()), "<i2")
            assert len(shipped) == len(made), f"{file} is stale: run assets/src/make_sounds.py"
            gap = np.abs(shipped.astype(int) - made.astype(int)).max()
            assert gap <= 2, f"{file} is stale: run assets/src/make_sounds.py"


def _make_sounds() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "assets" / "src" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
