"""A factions battle on the battle screen (issue 37): the decisions that are neither a
unit's turn nor a reaction (which side begins the round, which character acts) show a
button for each answer that is not a unit's choice: the side's Pass has its button."""

from __future__ import annotations

from pathlib import Path

from engine_support import field
from factions_support import decline_all, fbattle, ffield, ok, set_hp, start
from test_ui_play import _click_at, _pos, _settle, app  # noqa: F401  (fixture)
from ui_support import write_map

from game.engine import Battle
from game.engine.answers import ChooseUnit, EndTurn
from game.rules.factions.answers import Attack, BeginWith, Blast, Pass
from game.rules.factions.events import Passed
from game.rules.factions.state import Fate
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_preview import AREA_ALPHA
from game.ui.play_scene import PlayScene
from game.ui.turn_clock import clock_text
from game.ui.victory_summary import unit_summaries, victory_scene


def _on_screen(app: App, tmp_path: Path) -> tuple[Battle, PlayScene]:  # noqa: F811
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "factions", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return battle, scene


def _ready(app: App, scene: PlayScene) -> None:  # noqa: F811
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    _settle(app, scene)
    app.step(1)


def test_the_initiative_choice_and_the_pass_are_buttons_that_give_their_answers(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    battle, scene = _on_screen(app, tmp_path)
    _ready(app, scene)
    d = battle.pending
    assert d is not None and d.kind == "choose_side"
    begins = [(b, o) for b, o in scene.action_buttons if isinstance(o.answer, BeginWith)]
    assert len(begins) == 2
    button, option = next((b, o) for b, o in begins if o.answer == BeginWith(d.side))
    _click_at(app, button.rect.center)
    _ready(app, scene)
    d = battle.pending
    assert d is not None and d.kind == "choose_unit" and d.side == option.answer.side  # type: ignore[union-attr]
    passing = [(b, o) for b, o in scene.action_buttons if isinstance(o.answer, Pass)]
    assert passing and passing[0][0].label == "Pass"
    _click_at(app, passing[0][0].rect.center)
    assert any(isinstance(e, Passed) for e in battle.events)


def test_a_concealed_enemy_is_hidden_from_the_side_at_the_screen_not_from_its_own(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    """003 · Sneaking: a concealed unit is not drawn, named in a tooltip, shown on the
    card nor counted in the top bar for the other side (fog off); its own side sees it."""
    battle, scene = _on_screen(app, tmp_path)
    _ready(app, scene)
    viewer = scene.viewer()
    assert viewer is not None
    enemy = next(v for v in battle.units() if v.side != viewer)
    friend = next(v for v in battle.units() if v.side == viewer)
    assert not scene.hidden_tokens() & {enemy.id, friend.id}
    battle.edit(enemy.id, Fate).concealed = True
    assert enemy.id in scene.hidden_tokens() and friend.id not in scene.hidden_tokens()
    assert scene.token_at(enemy.cell) is None and scene.fogged_unit(enemy.id)
    assert enemy.name not in scene.hud_tooltip(_pos(scene, enemy.cell))
    scene.selected = enemy.id
    assert scene.card_token() is None
    chips = {s.id: scene.side_count(s) for s in scene.model.sides()}
    assert chips[enemy.side] == "0 seen" and chips[viewer] == "1/1"
    app.step(1)  # draws with the unit hidden
    battle.edit(friend.id, Fate).concealed = True  # one's own concealed unit stays in view
    assert friend.id not in scene.hidden_tokens()
    battle.edit(enemy.id, Fate).concealed = False  # revealed: seen again
    assert (
        enemy.id not in scene.hidden_tokens()
        and scene.side_count(next(s for s in scene.model.sides() if s.id == enemy.side)) == "1/1"
    )


def test_no_unit_is_hidden_from_a_side_by_default() -> None:
    from game.engine.presenter import Presenter

    b = Battle(field("....", [("Ada", "party", "warrior", (0, 0)),
                               ("Gor", "bandits", "bandit", (3, 0))]), "grid", 1)  # fmt: skip
    assert not Presenter().hidden_from(b, "gor", "party")


def test_aiming_a_blast_at_a_zone_tints_the_zone_and_the_squares_on_its_borders(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    """003 · Blast attacks: with Blast picked, hovering a zone the blast can strike tints
    the squares it would strike (the zone and those on its borders), from the preview."""
    units = (("Oga", "party", "ogre", 1, 1), ("Gor", "foes", "bandit", 2, 2))
    path = write_map(tmp_path / "map", 16, 10, walls=(), units=units, foes="human")
    battle = Battle(path, "factions", 5, {"party": "human", "foes": "human"})
    assert battle.answer(BeginWith("party")).ok
    assert battle.answer(ChooseUnit("oga")).ok
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    _ready(app, scene)
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit == "oga"
    graph = scene.board.zones.graph if scene.board.zones is not None else None
    assert graph is not None
    own = graph.zone_at((1, 1))
    assert own is not None
    scene.hover = (1, 1)
    assert scene.aimed_area() == ()  # no action picked: no area
    scene.pick_action(next(o for o in d.options if o.kind == Blast.kind))
    expected = graph.zones[own].cells | graph.border_cells(own)
    assert graph.border_cells(own)  # the area reaches past the zone
    assert set(scene.aimed_area()) == expected
    assert (expected, "blast_area", AREA_ALPHA) in [
        (set(c), n, a) for c, n, a in scene.overlays().fills
    ]
    app.step(1)  # drawn
    far = next(
        c for z in graph.zones if z.index != own and z.index not in scene.zone_answers()
        for c in z.cells
    )  # fmt: skip
    scene.hover = far
    assert scene.aimed_area() == ()  # a zone the blast cannot strike


def test_the_victory_screen_shows_each_unit_s_gear_wear_in_the_ruleset_s_words(
    app: App,  # noqa: F811
) -> None:
    """003 · Combat gear degradation: the durability rolls after the battle (and breaks
    during it) show in each unit's row of the victory screen (``Presenter.aftermath``)."""
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = fbattle(ffield(spawns), [1, 8, 1, 4, 1])  # as test_factions_more's durability test
    set_hp(b, "gor", 2)
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert b.over
    rows = {u.name: u.more for u in unit_summaries(b)}
    assert rows == {"Ada": (("Gear", "sword damaged"),), "Gor": (("Gear", "shield damaged"),)}
    scene = victory_scene(b, {}, ["party"], lambda: None)
    app.push(scene)
    scene.toggle_units()
    app.step(1)  # the unit table draws the extra column
    grid = Battle(field("....\n....\n", spawns), "grid", 1)
    assert all(u.more == () for u in unit_summaries(grid))  # a ruleset without: no column


def _turn_of_ada(app: App, tmp_path: Path, **options: str) -> tuple[Battle, PlayScene]:  # noqa: F811
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "factions", 5, {"party": "human", "foes": "human"}, options=options)
    assert battle.answer(BeginWith("party")).ok and battle.answer(ChooseUnit("ada")).ok
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    _ready(app, scene)
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit == "ada"
    return battle, scene


def test_the_chaos_of_combat_counts_down_each_player_turn_and_ends_it_at_zero(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    """003 · House rule, the chaos of combat: 15 seconds for each character's turn, shown
    as a countdown; when it runs out the character does nothing more (an EndTurn given
    through the engine, so saves and replays keep it)."""
    battle, scene = _turn_of_ada(app, tmp_path, chaos="on")
    app.step(60)  # a second
    left = scene.clock_left()
    assert left is not None and 13.5 < left < 14.5
    assert "Time: 14 s" in clock_text(left) or "Time: 15 s" in clock_text(left)
    answers = len(battle.answers)
    app.step(13 * 60)
    assert len(battle.answers) == answers  # still Ada's turn
    app.step(70)
    assert battle.answers[answers:] == [EndTurn("ada")]
    d = battle.pending
    assert d is None or d.unit != "ada"


def test_without_the_house_rule_no_clock_runs(app: App, tmp_path: Path) -> None:  # noqa: F811
    battle, scene = _turn_of_ada(app, tmp_path)
    app.step(16 * 60)
    assert scene.clock_left() is None
    assert battle.pending is not None and battle.pending.unit == "ada"
