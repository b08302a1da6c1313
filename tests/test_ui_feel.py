"""Game feel on the battle screen (issue 33): the sound hooked in (a fake mixer records
what is played), the animations each kind of event makes, the enemy's threat overlay."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame
import pytest
from ui_support import click_step, key_step, write_map

from game.engine import Battle
from game.engine.events import Damaged, Died, Downed, LeftBattle, Moved, Rolled
from game.rules.grid.events import AttackDeclared, AttackResolved, BudgetSpent
from game.rules.grid.items import ItemLanded
from game.ui.app import App, Scene
from game.ui.map_view import MapView
from game.ui.motion_fx import Fall, Flee, Glint, Jolt, Lunge, Missile
from game.ui.overlays import SettingsScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings, load_settings
from game.ui.sound import SoundBoard
from game.ui.widgets import Button


class FakeMixer:
    """Records what the board plays; a sound is its file's name (takes folded)."""

    def __init__(self, *, no_device: bool = False, breaks: bool = False) -> None:
        self.no_device, self.breaks = no_device, breaks
        self.played: list[tuple[object, float]] = []

    def start(self) -> None:
        if self.no_device:
            raise RuntimeError("no audio device")

    def load(self, path: Path) -> object:
        stem = path.stem
        head, _, take = stem.rpartition("_")
        return head if take.isdigit() else stem

    def pitched(self, sound: object, ratio: float) -> object:
        return sound

    def mix(self, parts: Sequence[tuple[object, float, float]]) -> object:
        return tuple(s for s, _, _ in parts)

    def play(self, sound: object, volume: float) -> None:
        if self.breaks:
            raise RuntimeError("the device went away")
        self.played.append((sound, volume))

    def heard(self) -> list[str]:
        out: list[str] = []
        for sound, _ in self.played:
            out += list(sound) if isinstance(sound, tuple) else [str(sound)]
        return out


@pytest.fixture
def mixer() -> FakeMixer:
    return FakeMixer()


@pytest.fixture
def app(tmp_path: Path, mixer: FakeMixer) -> Iterator[App]:
    a = App(
        Settings(ai_speed="normal", reaction_prompts="never"),
        settings_file=tmp_path / "settings.json",
        size=(1280, 720),
        sound=SoundBoard(mixer, seed=1),
    )
    yield a
    a.close()


def _scene(app: App, tmp_path: Path, **controllers: str) -> PlayScene:
    path = write_map(tmp_path / "map", 8, 6)
    who = {"party": "human", "foes": "human", **controllers}
    battle = Battle(path, "grid", 5, who)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return scene


def _pos(scene: PlayScene, cell: tuple[int, int]) -> tuple[int, int]:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    return (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)


# --- sound --------------------------------------------------------------------------------


class Buttons(Scene):
    def __init__(self) -> None:
        self.on = Button("On", lambda: None, pygame.Rect(10, 10, 100, 40))
        self.off = Button("Off", lambda: None, pygame.Rect(10, 60, 100, 40))
        self.off.set_enabled(False, "not now")

    def handle(self, event: pygame.event.Event) -> None:
        self.on.handle(event) or self.off.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.on.draw(surface)
        self.off.draw(surface)


def test_buttons_click_refuse_and_tick_when_the_pointer_enters(
    app: App, mixer: FakeMixer, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = Buttons()
    app.push(scene)
    mouse = [(500, 500)]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse[0])
    app.step(1)
    assert mixer.heard() == []  # resting outside, and no tick for where it starts
    mouse[0] = scene.on.rect.center
    app.step(1)
    app.step(1)  # still inside: one tick only
    mouse[0] = scene.off.rect.center
    app.step(1)  # a disabled button does not tick
    assert mixer.heard() == ["ui_hover"]
    click_step(app, scene.on.rect.center)
    click_step(app, scene.off.rect.center)
    assert mixer.heard() == ["ui_hover", "ui_click", "refused"]


def test_picking_a_unit_selects_and_an_answer_sounds_its_events(
    app: App, mixer: FakeMixer, tmp_path: Path
) -> None:
    scene = _scene(app, tmp_path)
    d = scene.decision
    assert d is not None
    mine = next(t for t in scene.engine.tokens() if t.side == d.side)
    click_step(app, _pos(scene, mine.cell))
    assert "select" in mixer.heard()
    mixer.played.clear()
    scene.animate([Moved("ada", "Ada", (1, 1), ((2, 1), (3, 1)), 10)])
    assert set(mixer.heard()) == {"step"}  # footsteps through the walk, nothing else


def test_a_refused_answer_says_so_out_loud(app: App, mixer: FakeMixer, tmp_path: Path) -> None:
    from game.rules.grid.move import Move

    scene = _scene(app, tmp_path)
    while scene.decision is not None and scene.decision.kind != "turn":
        scene.give(scene.battle.legal_answers()[0])
    d = scene.decision
    assert d is not None and d.unit is not None
    mixer.played.clear()
    assert not scene.give(Move(d.unit, ((4, 2),)))  # a wall, never a legal step
    assert mixer.heard() == ["refused"]


def test_every_event_that_should_sound_does(app: App, mixer: FakeMixer, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    shot = AttackDeclared("ada", bandit, "shortbow", "ranged", "Ada shoots")
    missed = AttackResolved("ada", bandit, "shortbow", "ranged", False, 3, 12)
    cases: list[tuple[list[object], str]] = [
        ([shot, missed], "bow"),
        ([missed], "miss"),
        ([Damaged(bandit, "B", 3, 4, 7, "hit", "ada")], "hit"),
        ([Downed(bandit, "B", "foes", "unconscious")], "thud"),
        ([Died(bandit, "B", "foes", "slain")], "death"),
        ([LeftBattle(bandit, "B", "foes", "fled")], "flee"),
    ]
    for events, name in cases:
        mixer.played.clear()
        scene.animate(events)  # type: ignore[arg-type]
        assert name in mixer.heard(), (events, mixer.heard())


def test_the_volume_and_mute_are_set_in_settings_and_kept(
    app: App, mixer: FakeMixer, tmp_path: Path
) -> None:
    scene = SettingsScene()
    app.push(scene)
    app.step(1)
    scene.master.set_value("50%")
    scene.effects.set_value("30%")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    app.step(1)
    assert scene.mute.value == "muted"
    done = next(w for w in scene.items if isinstance(w, Button) and w.label == "Done")
    click_step(app, done.rect.center)
    saved, problem = load_settings(tmp_path / "settings.json")
    assert problem is None
    assert (saved.volume_master, saved.volume_effects, saved.muted) == (0.5, 0.3, True)
    assert app.sound.volume == 0.0
    mixer.played.clear()
    app.sound.play("ui_click")
    assert mixer.played == []  # muted: nothing reaches the device
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_LCTRL, unicode="")
    )
    app.step(1)  # Ctrl+M: sound on again, anywhere, and saved
    saved, _ = load_settings(tmp_path / "settings.json")
    assert saved.muted is False and app.sound.volume == pytest.approx(0.15)
    app.sound.play("ui_click")
    assert mixer.played == [("ui_click", pytest.approx(0.15))]


@pytest.mark.parametrize("trouble", ["no_device", "breaks"])
def test_without_an_audio_device_the_game_plays_on_silently(tmp_path: Path, trouble: str) -> None:
    mixer = FakeMixer(**{trouble: True})
    app = App(
        Settings(ai_speed="normal"),
        settings_file=tmp_path / "settings.json",
        size=(1280, 720),
        sound=SoundBoard(mixer, seed=1),
    )
    try:
        scene = _scene(app, tmp_path)
        bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
        scene.animate([Damaged(bandit, "B", 3, 4, 7, "hit", "ada")])
        scene.animate([Moved("ada", "Ada", (1, 1), ((2, 1),), 5)])
        app.sound.play("select")
        app.step(3)
        assert mixer.played == [] and app.sound.on is False
    finally:
        app.close()


def test_the_real_mixer_on_the_dummy_driver_never_fails(tmp_path: Path) -> None:
    app = App(Settings(), settings_file=tmp_path / "settings.json", size=(1280, 720))
    try:
        app.sound.play("ui_click")
        app.sound.play_events([Moved("ada", "Ada", (1, 1), ((2, 1),), 5)])
    finally:
        app.close()


def test_the_replay_viewer_is_heard_as_it_steps(app: App, mixer: FakeMixer, tmp_path: Path) -> None:
    from game.saves import ReplayCursor, save_battle
    from game.ui.replay_scene import ReplayScene

    scene = _scene(app, tmp_path)
    for _ in range(12):
        answers = scene.battle.legal_answers()
        moves = [a for a in answers if a.kind == "move"]
        scene.give((moves or answers)[0])
    saved = save_battle(scene.battle, tmp_path / "map" / "mine.json")  # beside its map
    app.pop()
    viewer = ReplayScene(ReplayCursor.open(saved), MapView.from_file(saved_map(tmp_path)), list)
    app.push(viewer)
    app.step(1)
    mixer.played.clear()
    while not viewer.cursor.at_end and "step" not in mixer.heard():
        viewer.go(viewer.cursor.position + 1)
        app.step(1)
    assert "step" in mixer.heard()
    viewer.discard()


def saved_map(tmp_path: Path) -> Path:
    return next((tmp_path / "map").glob("*.tmx"))


# --- motion -------------------------------------------------------------------------------


def _effects(scene: PlayScene, kind: type) -> list[object]:
    return [e for e in scene.anim.effects if isinstance(e, kind)]


def test_an_attack_lunges_flashes_jolts_and_raises_its_damage(app: App, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    cells = scene.engine.unit_cells()
    scene.animate(
        [
            AttackDeclared("ada", bandit, "sword", "melee", "Ada attacks"),
            AttackResolved("ada", bandit, "sword", "melee", True, 17, 12),
            Damaged(bandit, "B", 5, 2, 7, "hit", "ada"),
        ]
    )
    (lunge,) = _effects(scene, Lunge)
    (jolt,) = _effects(scene, Jolt)
    assert isinstance(lunge, Lunge) and isinstance(jolt, Jolt)
    assert (lunge.unit, lunge.a, lunge.b) == ("ada", cells["ada"], cells[bandit])
    assert jolt.unit == bandit and jolt.age < lunge.age <= 0  # the blow lands mid-lunge
    assert [(f.text, f.tone) for f in scene.anim.floaters] == [("-5", "damage")]
    assert scene.anim.flashes == []  # the lunge shows the blow: no strike line besides


def test_a_shot_flies_and_flies_past_on_a_miss_and_a_graze_shows_as_such(
    app: App, tmp_path: Path
) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    scene.animate(
        [
            AttackDeclared(bandit, "ada", "crossbow", "ranged", "B shoots"),
            AttackResolved(bandit, "ada", "crossbow", "ranged", False, 5, 14),
        ]
    )
    (bolt,) = _effects(scene, Missile)
    assert isinstance(bolt, Missile) and (bolt.kind, bolt.past) == ("bolt", True)
    assert [f.text for f in scene.anim.floaters] == ["miss"]
    scene.anim.skip()
    scene.anim.floaters.clear()
    scene.animate(
        [
            AttackDeclared("ada", bandit, "sword", "melee", "Ada attacks"),
            AttackResolved("ada", bandit, "sword", "melee", False, 5, 14),
            Damaged(bandit, "B", 1, 6, 7, "Shock", "ada"),
        ]
    )
    assert _effects(scene, Glint) and not _effects(scene, Jolt)  # the blade is turned
    assert [(f.text, f.tone) for f in scene.anim.floaters] == [
        ("miss", "miss"),
        ("-1 Shock", "graze"),
    ]


def test_a_thrown_weapon_lands_where_the_rules_put_it(app: App, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    scene.animate(
        [
            AttackDeclared("ada", bandit, "javelin", "ranged", "Ada throws", thrown=True),
            AttackResolved("ada", bandit, "javelin", "ranged", False, 5, 14),
            ItemLanded("ada", "Ada", "javelin", "Javelin", (5, 3), bandit),
        ]
    )
    (thrown,) = _effects(scene, Missile)
    assert isinstance(thrown, Missile) and (thrown.kind, thrown.lands) == ("thrown", (5, 3))


def test_a_unit_that_drops_falls_and_one_that_flees_runs_off(app: App, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    scene.animate(
        [Damaged(bandit, "B", 7, 0, 7, "hit", "ada"), Downed(bandit, "B", "foes", "unconscious")]
    )
    (fall,) = _effects(scene, Fall)
    assert isinstance(fall, Fall) and fall.struck and not _effects(scene, Jolt)
    assert bandit in scene.hidden_tokens()  # the animation draws it while it falls
    scene.anim.skip()
    scene.animate([LeftBattle("ada", "Ada", "party", "fled")])
    (flee,) = _effects(scene, Flee)
    assert isinstance(flee, Flee) and flee.away == (-1.0, 0.0)  # Ada stands by the west edge


def test_a_charge_dashes_and_a_swarm_closes_in(app: App, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    scene.animate(
        [
            BudgetSpent("ada", "Ada", "Main and Move", "Charge"),
            Moved("ada", "Ada", (1, 1), ((2, 2), (3, 3)), 10),
            AttackDeclared("ada", bandit, "sword", "melee", "Ada charges"),
        ]
    )
    (walk,) = scene.anim.walks
    assert walk.dash
    (lunge,) = _effects(scene, Lunge)
    assert isinstance(lunge, Lunge) and lunge.a == (3, 3)  # from where the charge ended
    assert lunge.age == pytest.approx(-2 / walk.speed)  # after the dash's two squares
    scene.anim.skip()
    scene.animate([AttackDeclared("ada", bandit, "sword", "swarm", "Ada strikes")])
    assert [e.unit for e in _effects(scene, Lunge)] == ["ada"]  # type: ignore[attr-defined]


def test_clash_blows_close_in_together_and_show_the_track_they_strike(
    app: App, tmp_path: Path
) -> None:
    from game.rules.clash.events import AbilityLost
    from game.rules.clash.reactions import UnderAttack

    path = write_map(
        tmp_path / "map",
        8,
        6,
        units=(
            ("Ada", "party", "warrior", 1, 1),
            ("Gor", "foes", "bandit", 2, 1),
            ("Tam", "foes", "bandit", 2, 2),
        ),
    )
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    ids = {t.name: t.key for t in scene.engine.tokens()}
    gor, tam, ada = ids["Gor"], ids["Tam"], ids["Ada"]
    scene.animate(
        [
            UnderAttack(ada, (gor, tam), ("d6", "d6"), (True, True), "Ada is attacked"),
            Damaged(ada, "Ada", 3, 0, 3, "hit", gor),
            AbilityLost(ada, "Ada", "STR", 2, 8, "HP spent"),
        ]
    )
    assert sorted(e.unit for e in _effects(scene, Lunge)) == sorted([gor, tam])  # type: ignore[attr-defined]
    tones = [(f.text, f.tone) for f in scene.anim.floaters]
    assert tones == [("-3", "damage"), ("-2 STR", "track_2")]


def test_the_players_own_blows_never_hold_up_input_and_instant_ai_skips_them(
    app: App, tmp_path: Path
) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    blow = [
        AttackDeclared("ada", bandit, "sword", "melee", "Ada attacks"),
        Damaged(bandit, "B", 2, 5, 7, "hit", "ada"),
    ]
    scene.animate(blow)
    assert scene.anim.effects and not scene.anim.busy
    scene.anim.skip()
    scene.animate(blow, acting_ai=True)
    assert scene.anim.busy  # the AI's next answer waits for them
    app.pop()
    app.settings = Settings(ai_speed="instant")
    ai = _scene(app, tmp_path / "ai", party="ai", foes="ai")
    ai.anim.skip()
    ai.animate(blow, acting_ai=True)
    assert not ai.anim.effects and not ai.anim.walks


def test_animations_draw_without_error_and_end(app: App, tmp_path: Path) -> None:
    scene = _scene(app, tmp_path)
    bandit = next(t.key for t in scene.engine.tokens() if t.key != "ada")
    scene.animate(
        [
            BudgetSpent("ada", "Ada", "Main and Move", "Charge"),
            Moved("ada", "Ada", (1, 1), ((2, 2),), 5),
            AttackDeclared("ada", bandit, "javelin", "ranged", "Ada throws", thrown=True),
            AttackDeclared("ada", bandit, "shortbow", "ranged", "Ada shoots"),
            AttackDeclared("ada", bandit, "sword", "melee", "Ada attacks"),
            AttackResolved("ada", bandit, "sword", "melee", False, 5, 14),
            Rolled("ada", "Ada", "attack", "d20", (2,), 0, 2, 14, "AC", "miss"),
            Damaged(bandit, "B", 7, 0, 7, "hit", "ada"),
            Died(bandit, "B", "foes", "slain"),
            LeftBattle("ada", "Ada", "party", "fled"),
        ]
    )
    for _ in range(240):
        app.step(1)
        if not scene.anim.showing:
            break
    assert not scene.anim.showing


# --- threat -------------------------------------------------------------------------------


def _threat_scene(app: App, tmp_path: Path, fog: bool = False) -> PlayScene:
    path = write_map(
        tmp_path / "map",
        16,
        10,
        walls=((8, 0), (8, 1), (8, 2), (8, 3)),
        fog=fog,
        units=(
            ("Ada", "party", "warrior", 1, 1),
            ("Bones", "foes", "skeleton", 12, 7),
            ("Rattle", "foes", "skeleton", 14, 7),
        ),
    )
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "ai"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, fog=fog)
    app.push(scene)
    app.step(1)
    return scene


def test_q_shades_the_enemys_reach_by_how_many_threaten_a_square(app: App, tmp_path: Path) -> None:
    scene = _threat_scene(app, tmp_path)
    ids = {t.name: t.key for t in scene.engine.tokens()}
    assert not [f for f in scene.overlays().fills if f[1] == "threat"]
    key_step(app, pygame.K_q)
    bones = scene.battle.threatened_cells(ids["Bones"]) or frozenset()
    rattle = scene.battle.threatened_cells(ids["Rattle"]) or frozenset()
    shades = {
        alpha: set(cells) for cells, tone, alpha in scene.overlays().fills if tone == "threat"
    }
    assert set().union(*shades.values()) == bones | rattle
    both = bones & rattle
    assert both and shades[max(shades)] == both  # darker where both can strike
    scene.hover = scene.engine.token(ids["Bones"]).cell  # type: ignore[union-attr]
    own = [set(c) for c, tone, _ in scene.overlays().fills if tone == "threat"]
    assert own == [set(bones)]  # hovering one enemy: its own reach alone
    key_step(app, pygame.K_q)
    assert not [f for f in scene.overlays().fills if f[1] == "threat"]


def test_the_threat_overlay_keeps_to_what_the_viewer_sees(app: App, tmp_path: Path) -> None:
    scene = _threat_scene(app, tmp_path, fog=True)
    scene.threat.on = True
    fogged = scene.hidden_cells()
    ids = {t.name: t.key for t in scene.engine.tokens()}
    seen = [k for k in (ids["Bones"], ids["Rattle"]) if k not in scene.hidden_tokens()]
    shaded = set().union(*(set(c) for c, tone, _ in scene.overlays().fills if tone == "threat"))
    assert not shaded & fogged
    expected: set[tuple[int, int]] = set()
    for k in seen:
        expected |= set(scene.battle.threatened_cells(k) or ()) - fogged
    assert shaded == expected
