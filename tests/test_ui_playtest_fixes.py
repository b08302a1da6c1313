"""Play-test fixes (issue 4): crashes and input that did not do what the player asked."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.engine import Battle, ChooseUnit, EndTurn
from game.geometry.grid import Cell
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.events import AttackDeclared
from game.rules.grid.hold import HoldAction
from game.rules.grid.presenter import SHOCK_ROW
from game.rules.grid.snap_attack import SnapAttack
from game.rules.grid.units import Loadout, loadout
from game.ui import theme
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.overlays import ChooserScene, PauseScene
from game.ui.play_scene import PlayScene
from game.ui.settings import MIN_WINDOW
from game.ui.target_preview import TEXT_W, Row


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, reaction_prompts="always", ai_speed="fast")
    yield a
    a.close()


def _scene(app: App, battle: Battle, path: Path) -> PlayScene:
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return scene


def _field(
    app: App, tmp_path: Path, units: tuple[tuple[str, str, str, int, int], ...], seed: int = 5
) -> PlayScene:
    path = write_map(tmp_path / "map", 10, 8, walls=(), units=units)
    battle = Battle(path, "grid", seed, {"party": "human", "foes": "human"})
    return _scene(app, battle, path)


def _pos(scene: PlayScene, cell: Cell) -> tuple[int, int]:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    return (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)


def _click_at(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(1)


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    app.step(1)


def _hover(app: App, scene: PlayScene, cell: Cell) -> None:
    pos = _pos(scene, cell)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1)


def _resize(app: App, size: tuple[int, int]) -> None:
    """What the window manager does when the player drags the window's edge."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(1)


@pytest.mark.parametrize("size", [(600, 280), (480, 270), (200, 100)])
def test_a_battle_window_resized_below_the_minimum_is_grown_back(
    app: App, tmp_path: Path, size: tuple[int, int]
) -> None:
    scene = _field(app, tmp_path, (("Ada", "party", "warrior", 1, 1), ("", "foes", "bandit", 8, 6)))
    _resize(app, size)
    for _ in range(3):
        app.step(1)
    assert app.top is scene
    assert app.screen.get_size() == MIN_WINDOW


@pytest.mark.parametrize("size", [(600, 280), (480, 270), (200, 100)])
def test_the_battle_screen_draws_into_a_surface_too_small_for_it(
    app: App, tmp_path: Path, size: tuple[int, int]
) -> None:
    """Were a window smaller than the minimum anyway (crashed with 'Invalid resolution for
    Surface' below about 340 pixels: the combat log's height went negative)."""
    scene = _field(app, tmp_path, (("Ada", "party", "warrior", 1, 1), ("", "foes", "bandit", 8, 6)))
    small = pygame.Surface(size)
    for _ in range(2):
        scene.draw(small)
    assert scene.log.rect.h < 40  # no room for the log: hidden


def _duel(app: App, seed: int = 7) -> PlayScene:
    """The shipped duel, both sides human: Hild (warrior: sword readied, javelin in the
    pack) and Osric (archer) against Crow (archer) and Wulf."""
    from game.maps import find_map

    path = find_map("duel")
    battle = Battle(path, "grid", seed, {"party": "human", "brigands": "human"})
    return _scene(app, battle, path)


def _choose(app: App, scene: PlayScene, unit: str) -> None:
    token = scene.engine.token(unit)
    assert token is not None
    _click_at(app, _pos(scene, token.cell))
    d = scene.battle.pending
    assert d is not None and d.kind == "turn" and d.unit == unit


def _bar_button(scene: PlayScene, kind: str) -> pygame.Rect:
    scene._build_bar()
    return next(b.rect for b, o in scene.action_buttons if o.kind == kind)


def _loadout(scene: PlayScene, unit: str) -> Loadout:
    return loadout(scene.battle.ctx, unit)


def test_ready_item_with_one_weapon_in_the_pack_is_done_by_clicking_it(app: App) -> None:
    scene = _duel(app)
    _choose(app, scene, "hild")
    assert _loadout(scene, "hild").stowed == ["javelin"]
    _click_at(app, _bar_button(scene, "ready_item").center)
    assert _loadout(scene, "hild").readied[0] == "javelin"
    assert "javelin" not in _loadout(scene, "hild").stowed
    assert scene.mode is None


def test_ready_item_with_two_weapons_in_the_pack_asks_which(app: App) -> None:
    scene = _duel(app)
    _choose(app, scene, "hild")
    _loadout(scene, "hild").stowed.append("dagger")  # a second weapon to choose from
    scene._placed_for = (-1, -1)
    _click_at(app, _bar_button(scene, "ready_item").center)
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    assert [b.label for b in chooser.buttons] == ["1. Javelin", "2. Dagger", "Cancel"]
    _key(app, pygame.K_2)
    assert app.top is scene
    assert _loadout(scene, "hild").readied[0] == "dagger"
    assert "javelin" in _loadout(scene, "hild").stowed  # the one not chosen stays packed
    assert "dagger" not in _loadout(scene, "hild").stowed


def test_stow_item_is_done_by_clicking_it(app: App) -> None:
    scene = _duel(app)
    _choose(app, scene, "hild")
    _click_at(app, _bar_button(scene, "stow_item").center)
    assert "sword" in _loadout(scene, "hild").stowed
    assert "sword" not in _loadout(scene, "hild").readied


SWARM_FIELD = (
    ("Ada", "party", "warrior", 3, 3),
    ("Bea", "party", "warrior", 3, 5),
    ("", "foes", "bandit", 4, 4),
)


def _party_to_choose(app: App, scene: PlayScene) -> None:
    """Play the bandits' turns away (End Turn) until the party picks a unit."""
    for _ in range(20):
        d = scene.battle.pending
        assert d is not None
        if d.side == "party":
            break
        if d.kind == "choose_unit":
            scene.give(d.answers[0])
        else:
            scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    for _ in range(3):  # the hot-seat hand-off screen comes up on a frame: wave it away
        app.step(1)
        while not isinstance(app.top, PlayScene):
            app.pop()


def _swarm_click(app: App, scene: PlayScene, target: Cell) -> None:
    _click_at(app, _bar_button(scene, "swarm_attack").center)
    assert scene.mode == "swarm_attack"
    _click_at(app, _pos(scene, target))


def test_the_second_assailant_of_a_swarm_can_strike_by_clicking(app: App, tmp_path: Path) -> None:
    scene = _field(app, tmp_path, SWARM_FIELD)
    _party_to_choose(app, scene)
    _choose(app, scene, "ada")
    _swarm_click(app, scene, (4, 4))  # alone: only joining is possible, done at once
    assert app.top is scene
    assert "joins the swarm on Bandit (1 assailant)" in scene.engine.log_lines()[-1][0]
    _key(app, pygame.K_e)
    _party_to_choose(app, scene)
    _choose(app, scene, "bea")
    _swarm_click(app, scene, (4, 4))
    chooser = app.top
    assert isinstance(chooser, ChooserScene)
    labels = [b.label for b in chooser.buttons]
    assert labels[0].startswith("1. Join the swarm")
    assert labels[1].startswith("2. Strike with Sword (+2 to hit")
    start = len(scene.battle.events)
    _key(app, pygame.K_2)
    declared = [e for e in scene.battle.events[start:] if isinstance(e, AttackDeclared)]
    assert declared and declared[0].mode == "swarm" and declared[0].attacker == "bea"


def test_the_swarm_preview_shows_the_bonus_and_that_its_shock_always_lands(
    app: App, tmp_path: Path
) -> None:
    scene = _field(app, tmp_path, SWARM_FIELD)
    _party_to_choose(app, scene)
    _choose(app, scene, "ada")
    _click_at(app, _bar_button(scene, "swarm_attack").center)
    _hover(app, scene, (4, 4))
    shown = scene.target_preview()
    assert shown is not None
    labels = [r.label for r in shown[0]]
    assert labels[:2] == ["Swarm Attack · Sword", "Joining: no blow now"]
    assert SHOCK_ROW in shown[0]
    _click_at(app, _pos(scene, (4, 4)))
    _key(app, pygame.K_e)
    _party_to_choose(app, scene)
    _choose(app, scene, "bea")
    _click_at(app, _bar_button(scene, "swarm_attack").center)
    _hover(app, scene, (4, 4))
    shown = scene.target_preview()
    assert shown is not None
    rows, placed = shown
    assert placed is not None and getattr(placed.answer, "strike", False)
    assert Row("  swarm (1 other)", "+2", "ink_soft") in rows
    assert SHOCK_ROW in rows
    assert next(r.value for r in rows if r.label == "Shock on a miss") != "none"


def test_the_run_tooltip_says_it_provokes_on_leaving_a_foes_reach(app: App) -> None:
    """Source 004 · Run: 'When you leave a melee combatant's range ... they get an Attack
    of Opportunity' (not whenever a foe is adjacent, as Stand Up does)."""
    scene = _duel(app)
    _choose(app, scene, "hild")
    scene._build_bar()
    hints = {o.kind: b.hint for b, o in scene.action_buttons}
    assert "Leaving an armed foe's melee reach provokes" in hints["move"]
    assert "adjacent" not in hints["move"]
    assert "from adjacent armed foes" in hints["stand_up"]


def test_the_first_esc_opens_the_menu_while_a_unit_acts(app: App) -> None:
    """Esc with the acting unit selected and no action picked used to only drop the
    selection, which changed nothing on screen: the player's next click, meant for the
    menu, moved the unit."""
    scene = _duel(app)
    _choose(app, scene, "hild")
    assert scene.selected == "hild"
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    _key(app, pygame.K_ESCAPE)  # Resume
    assert app.top is scene
    _click_at(app, _bar_button(scene, "move").center)  # an action picked: Esc drops it first
    assert scene.mode == "move"
    _key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.mode is None
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)


def _end_turns_until(scene: PlayScene, side: str) -> None:
    for _ in range(20):
        d = scene.battle.pending
        assert d is not None
        if d.side == side:
            return
        if d.kind == "choose_unit":
            scene.give(d.answers[0])
        else:
            scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))


def _prompt_up(app: App, scene: PlayScene) -> None:
    for _ in range(3):  # past the hot-seat hand-off to the reacting side
        app.step(1)
        while not isinstance(app.top, PlayScene):
            app.pop()
    d = scene.battle.pending
    assert d is not None and d.kind == "reaction"
    scene.prompt_rect()


def test_the_stakes_of_a_shot_are_its_arrows_damage_though_the_bow_is_now_unloaded(
    app: App,
) -> None:
    scene = _duel(app, seed=1)  # Crow's shot at Hild hits: Hild may take Total Defense
    _end_turns_until(scene, "brigands")
    battle = scene.battle
    scene.give(ChooseUnit("crow"))
    before = battle.attack_preview("crow", "hild", "shortbow")
    scene.give(RangedAttack("crow", "hild", "shortbow"))
    _prompt_up(app, scene)
    assert scene.battle.pending is not None and scene.battle.pending.unit == "hild"
    _key(app, pygame.K_ESCAPE)  # Hild lets it happen; Osric may answer the resolved shot
    _prompt_up(app, scene)
    assert scene.battle.pending is not None and scene.battle.pending.unit == "osric"
    assert "shortbow" in loadout(battle.ctx, "crow").unloaded  # the arrow is away
    head, stakes = scene.prompt.lines
    assert "Crow attacks Hild with a shortbow" in head
    assert stakes.startswith(f"At stake: {before.damage_min}–{before.damage_max} damage to Hild")
    assert before.damage_max > 0


def test_a_held_action_prompt_names_what_is_about_to_happen_not_an_old_attack(
    app: App, tmp_path: Path
) -> None:
    scene = _field(
        app,
        tmp_path,
        (
            ("Ada", "party", "warrior", 1, 1),
            ("Bea", "party", "warrior", 5, 4),
            ("", "foes", "bandit", 6, 4),
        ),
    )
    battle = scene.battle
    assert battle.pending is not None and battle.pending.unit == "bandit"  # seed 5: foes first
    scene.give(MeleeAttack("bandit", "bea", "spear"))  # an attack earlier in the battle
    while battle.pending is not None and battle.pending.kind == "reaction":
        options = battle.pending.options
        scene.give(next(o.answer for o in options if o.kind == "decline" and o.answer))
    scene.give(EndTurn("bandit"))
    scene.give(ChooseUnit("ada"))
    scene.give(HoldAction("ada"))
    run = next(a for a in battle.legal_answers() if a.kind == "move")
    scene.give(run)  # Bea is about to run: Ada may act first
    _prompt_up(app, scene)
    assert battle.pending is not None and battle.pending.unit == "ada"
    head, stakes = scene.prompt.lines
    assert head == "Bea is about to run" and stakes == ""


def _duel_against_the_ai(app: App, seed: int = 1) -> PlayScene:
    """The duel with the brigands given to an AI that the test answers for itself (no
    hot-seat hand-off, which would drop the selection)."""
    from game.maps import find_map

    path = find_map("duel")
    battle = Battle(path, "grid", seed, {"party": "human", "brigands": "easy"})
    return _scene(app, battle, path)


def test_the_card_beside_a_reaction_prompt_shows_the_reacting_unit(app: App) -> None:
    scene = _duel_against_the_ai(app)  # seed 1: Crow's arrow at Hild hits
    _choose(app, scene, "hild")  # the player clicked Hild; the selection goes when
    # another unit comes to act (first-hour play-test: the card kept the old unit)
    _key(app, pygame.K_e)
    _end_turns_until(scene, "brigands")
    scene.give(ChooseUnit("crow"))
    scene.give(RangedAttack("crow", "hild", "shortbow"))
    _prompt_up(app, scene)
    _key(app, pygame.K_ESCAPE)  # Hild lets it happen; Osric may answer the resolved shot
    _prompt_up(app, scene)
    assert scene.battle.pending is not None and scene.battle.pending.unit == "osric"
    assert scene.selected is None
    card = scene.card_token()
    assert card is not None and card.key == "osric"


def test_every_reaction_button_has_its_cost_line(app: App) -> None:
    """Two Snap Attacks (one per weapon): each button says what it costs, not only the
    first of its kind."""
    scene = _duel(app, seed=1)
    _end_turns_until(scene, "brigands")
    scene.give(ChooseUnit("crow"))
    scene.give(RangedAttack("crow", "hild", "shortbow"))
    _prompt_up(app, scene)
    _key(app, pygame.K_ESCAPE)  # Hild declines; Osric may Snap Attack
    _prompt_up(app, scene)
    d = scene.battle.pending
    assert d is not None and d.unit == "osric"
    snap = next(o for o in d.options if o.kind == "snap_attack")
    dagger = SnapAttack("osric", "crow", "dagger")  # as a fighter with two weapons is offered
    two = dataclasses.replace(
        d, options=(snap, dataclasses.replace(snap, answer=dagger), *d.options[1:])
    )
    scene.prompt.decision_id = -1  # built again, for the decision with two snaps
    scene.prompt.build(scene.battle, two, scene.engine.name)
    assert scene.prompt.costs[:2] == [snap.cost, snap.cost] and snap.cost


def test_a_preview_says_first_that_the_main_action_is_spent_and_cuts_no_line(app: App) -> None:
    scene = _duel(app, seed=7)
    _choose(app, scene, "osric")
    scene.give(RangedAttack("osric", "crow", "longbow"))
    while scene.battle.pending is not None and scene.battle.pending.kind == "reaction":
        options = scene.battle.pending.options
        scene.give(next(o.answer for o in options if o.kind == "decline" and o.answer))
    for _ in range(3):
        app.step(1)
        while not isinstance(app.top, PlayScene):
            app.pop()
    assert scene.battle.pending is not None and scene.battle.pending.unit == "osric"
    crow = scene.engine.token("crow")
    assert crow is not None
    _hover(app, scene, crow.cell)
    shown = scene.target_preview()
    assert shown is not None
    rows, placed = shown
    assert placed is None
    text = " ".join(r.label for r in rows[1:])  # wrapped onto rows, none cut off
    assert text.startswith("no attack now: Main action already spent")
    assert text.endswith("Longbow must be reloaded")
    f = theme.font("bold", theme.SIZE_SMALL)
    for row in rows[1:]:
        assert not row.label.endswith("…") and f.size(row.label)[0] <= TEXT_W


def test_in_a_clash_clicking_an_enemy_out_of_reach_shoots_it(app: App, tmp_path: Path) -> None:
    """An archer cannot strike a far enemy in melee but can shoot it: the click declares
    the Shoot (it did nothing)."""
    path = write_map(
        tmp_path / "map",
        18,
        6,
        walls=(),
        units=(("Ada", "party", "archer", 1, 1), ("Gor", "foes", "bandit", 16, 4)),
    )
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = _scene(app, battle, path)
    _end_turns_until(scene, "party")
    for _ in range(3):
        app.step(1)
        while not isinstance(app.top, PlayScene):
            app.pop()
    d = battle.pending
    if d is not None and d.kind == "choose_unit":
        _choose(app, scene, "ada")
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit == "ada"
    kinds = {p.answer.kind for p in scene.placed() if p.target == "gor"}
    assert "clash_shoot" in kinds and "clash_attack" not in kinds
    _click_at(app, _pos(scene, (16, 4)))
    last = battle.answers[-1]
    assert last.kind == "clash_shoot" and getattr(last, "target", None) == "gor"


@pytest.mark.parametrize(
    ("kind", "weapon", "effect"),
    [
        ("shove", "Sword", "knocked prone"),
        ("grapple", "Unarmed", "grappled (held)"),
    ],
)
def test_shove_and_grapple_previews_show_the_opposed_check_not_damage(
    app: App, tmp_path: Path, kind: str, weapon: str, effect: str
) -> None:
    scene = _field(app, tmp_path, (("Ada", "party", "warrior", 3, 3), ("", "foes", "bandit", 4, 3)))
    _end_turns_until(scene, "party")
    for _ in range(3):
        app.step(1)
        while not isinstance(app.top, PlayScene):
            app.pop()
    if scene.battle.pending is not None and scene.battle.pending.kind == "choose_unit":
        _choose(app, scene, "ada")
    _click_at(app, _bar_button(scene, kind).center)
    assert scene.mode == kind
    _hover(app, scene, (4, 3))
    shown = scene.target_preview()
    assert shown is not None
    rows = {r.label: r.value for r in shown[0]}
    assert shown[0][0].label.endswith(f"· {weapon}")
    assert rows["On a win"] == effect and rows["Damage"] == "none (in lieu of damage)"
    assert "Chance to win it" in rows and "Chance to drop" not in rows
