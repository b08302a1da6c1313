"""The board tells the truth and follows the player (issue 30 · play-test findings): Undo
takes back only the player's own moves of this turn, the camera brings the player's units
into view, cover lines only where cover counts, the attack preview beside its target, rising
words stacked on the board, an icon per action, one readable name per zone, and a legend in
the ruleset's own words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.engine import Answer, Battle, Decision
from game.engine.presenter import Presenter
from game.maps import find_map, load_battlefield
from game.rules import get_ruleset, ruleset_ids
from game.ui.app import App
from game.ui.camera_follow import aim_at, out_of_view
from game.ui.legend import Item, items
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.undo_rule import NOTHING_OF_YOURS, TURN_ENDED, undo_refusal


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    a = quick_window(tmp_path)
    yield a
    a.close()


def _quiet(d: Decision) -> Answer:
    """An answer that rolls nothing: the first unit, or the end of the turn."""
    if d.kind == "turn":
        return next(o.answer for o in d.options if o.kind == "end_turn" and o.answer)
    return d.answers[0]


def _to_party_after_brigands(battle: Battle) -> None:
    """Answer quietly until the party decides right after a brigand's answer."""
    for _ in range(40):
        d = battle.pending
        assert d is not None
        last = len(battle.answers) - 1
        if d.side == "party" and last >= 0 and battle.answered_by(last) == "brigands":
            return
        assert battle.answer(_quiet(d)).ok
    raise AssertionError("the brigands never answered before the party's turn")


@pytest.mark.parametrize("foes", ["easy", "human"])
def test_undo_never_takes_back_the_other_sides_answer_in_any_ruleset(foes: str) -> None:
    for ruleset in ruleset_ids():
        battle = Battle(find_map("duel"), ruleset, 3, {"party": "human", "brigands": foes})
        _to_party_after_brigands(battle)
        assert battle.can_undo(), ruleset  # the engine could: the screen must not
        assert undo_refusal(battle) == NOTHING_OF_YOURS, ruleset
        d = battle.pending
        assert d is not None
        battle.answer(_quiet(d))
        again = battle.pending
        if again is not None and again.side == "party" and battle.can_undo():
            # its own choice of the unit now acting: yes; the end of a unit's turn: never
            expected = "" if d.kind == "choose_unit" else TURN_ENDED
            assert undo_refusal(battle) == expected, ruleset


def test_the_undo_button_is_greyed_with_its_reason_and_z_changes_nothing(app: App) -> None:
    path = find_map("duel")
    battle = Battle(path, "zones", 3, {"party": "human", "brigands": "easy"})
    _to_party_after_brigands(battle)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    given = list(battle.answers)
    assert not scene.undo_button.enabled and scene.undo_button.reason == NOTHING_OF_YOURS
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0, unicode="z"))
    app.step(1)
    assert battle.answers == given


# -- the camera brings the player's units into view when their decision comes ----------------


def _far_field(app: App, tmp_path: Path) -> PlayScene:
    units = (("Ann", "party", "warrior", 1, 5), ("Bob", "foes", "bandit", 58, 5))
    path = write_map(tmp_path / "map", 60, 12, walls=(), units=units)
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "easy"})
    while battle.pending is not None and battle.pending.side != "party":
        battle.answer(_quiet(battle.pending))  # the foes' turn, played before the screen
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    w, h = scene.model.width, scene.model.height
    scene.camera_goal = None
    scene.camera = aim_at(scene.camera, w, h, [(58, 5)])  # the camera left on the foe
    scene._viewed = None  # as if the party's decision had just come
    return scene


def _ann_in_view(scene: PlayScene) -> bool:
    ann = next(t for t in scene.engine.tokens() if t.side == "party")
    return not out_of_view(scene.camera, scene.model.width, scene.model.height, [ann.cell])


def test_a_players_decision_brings_their_unit_into_view_smoothly(app: App, tmp_path: Path) -> None:
    scene = _far_field(app, tmp_path)
    assert not _ann_in_view(scene)
    app.step(1)
    start_x = scene.camera.x
    app.step(1)
    assert scene.camera_goal is not None and not _ann_in_view(scene)  # easing, not a jump
    assert scene.camera.x < start_x
    for _ in range(90):
        app.step(1)
    assert _ann_in_view(scene)


def test_the_camera_stays_where_the_player_put_it_this_turn(app: App, tmp_path: Path) -> None:
    scene = _far_field(app, tmp_path)
    scene._user_moved_camera()  # the player looked over there
    step = next(a for a in scene.battle.legal_answers() if a.kind == "move")
    assert scene.give(step)  # a new decision of the same turn
    assert scene.battle.pending is not None and scene.battle.pending.side == "party"
    for _ in range(90):
        app.step(1)
    assert not _ann_in_view(scene)


# -- cover lines only where the ruleset's attack meets cover ------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "lines"), [("grid", True), ("zones", False), ("stress", False)]
)
def test_cover_lines_come_only_when_the_rulesets_attack_meets_cover(
    app: App, tmp_path: Path, ruleset: str, lines: bool
) -> None:
    units = (("Ash", "party", "archer", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    path = write_map(tmp_path / "map", 12, 6, walls=((5, 3),), units=units)
    battle = Battle(path, ruleset, 2, {"party": "human", "foes": "human"})
    while battle.pending is not None and battle.pending.side != "party":
        battle.answer(_quiet(battle.pending))
    d = battle.pending
    if d is not None and d.kind == "choose_unit":
        battle.answer(d.answers[0])
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    x, y, w, h = scene.camera.cell_to_screen((6, 4))
    pos = (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1)
    assert scene.target_preview() is not None
    ov = scene.overlays()
    sources = [c for c, tone in ov.outlines if tone == "cover_source" and list(c)]
    assert bool(ov.lines) == lines and bool(sources) == lines, ruleset


def test_factions_cover_matters_to_a_direct_shot_only() -> None:
    from game.rules.factions.answers import Attack
    from game.rules.factions.presenter import FactionsPresenter

    battle = Battle(find_map("duel"), "factions", 3, {"party": "human", "brigands": "human"})
    shown = FactionsPresenter()
    shot, blow = Attack("a", "b", "bow", "ranged"), Attack("a", "b", "sword", "melee")
    assert shown.cover_matters(battle, shot) and not shown.cover_matters(battle, blow)
    assert not shown.cover_matters(battle, Attack("a", "b", "bow", "indirect"))


# -- the attack preview sits beside its target ---------------------------------------------------


def test_the_attack_preview_sits_beside_the_target_and_flips_at_the_edge(app: App) -> None:
    from game.ui.target_preview import Row, panel_rect

    rows = [Row("Attack", "Sword"), Row("Hit", "55%"), Row("Damage", "1-8")]
    view = pygame.Rect(0, 44, 1500, 900)
    cell = 48.0

    def clear_of(box: pygame.Rect, point: tuple[float, float]) -> bool:
        square = pygame.Rect(point[0] - cell / 2, point[1] - cell / 2, cell, cell)
        return not box.colliderect(square)

    target, attacker = (400.0, 400.0), (352.0, 400.0)
    box = panel_rect(rows, view, [target, attacker], cell)
    assert box.left > target[0] and clear_of(box, target) and clear_of(box, attacker)
    assert box.left - target[0] < 2 * cell and box.top < target[1] < box.bottom  # beside it
    near_edge, from_above = (1480.0, 400.0), (1480.0, 352.0)
    box = panel_rect(rows, view, [near_edge, from_above], cell)
    assert box.right < near_edge[0] and view.contains(box)  # flipped to the left
    assert clear_of(box, near_edge) and clear_of(box, from_above)
    from_left = (1432.0, 400.0)  # left taken by the attacker: below, still close
    box = panel_rect(rows, view, [near_edge, from_left], cell)
    assert view.contains(box) and clear_of(box, near_edge) and clear_of(box, from_left)
    assert box.top - near_edge[1] < 2 * cell
    other = (500.0, 400.0)  # another unit right of the target: the panel goes elsewhere
    box = panel_rect(rows, view, [target, attacker], cell, [other])
    assert clear_of(box, other) and clear_of(box, target) and clear_of(box, attacker)


# -- floating combat text stacks per unit and stays on the board -------------------------------


def test_words_over_one_unit_stack_and_stay_inside_the_board() -> None:
    from game.ui.play_animation import Floater, floater_spots

    view = pygame.Rect(0, 44, 960, 400)
    words = [Floater("miss", (3, 3), "miss", age=0.3 - 0.1 * i) for i in range(3)]
    words.append(Floater("-2 STR", (9, 0), "damage", age=1.0))  # over a unit on the top row
    words.append(Floater("-1", (5, 5), "damage", age=0.2))

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        return (cell[0] * 32 + 16.0, cell[1] * 32 + 16.0)

    spots = floater_spots(words, centre, [(40, 24)] * len(words), view)
    misses = spots[:3]
    assert not any(a.colliderect(b) for i, a in enumerate(misses) for b in misses[i + 1 :])
    assert misses[2].top > misses[1].top > misses[0].top  # the newest lowest
    assert all(view.contains(s) for s in spots)
    assert abs(spots[4].centerx - centre((5, 5))[0]) < 1  # over its own unit


# -- every action in one bar has an icon of its own ---------------------------------------------


@pytest.mark.parametrize("ruleset", list(ruleset_ids()))
def test_no_two_actions_in_one_bar_share_an_icon(ruleset: str) -> None:
    from game.engine.presenter import presenter_of
    from game.ui import theme

    for place in ("duel", "village"):
        sides = load_battlefield(find_map(place)).scenario.sides
        battle = Battle(find_map(place), ruleset, 3, {s.id: "human" for s in sides})
        shown = presenter_of(battle)
        for _ in range(12):
            d = battle.pending
            if d is None:
                break
            icons: dict[str, str] = {}
            for option in d.options:
                icons.setdefault(option.kind, shown.action_icon(option))
            clash = [k for k in icons if list(icons.values()).count(icons[k]) > 1]
            assert not clash, (ruleset, d.kind, {k: icons[k] for k in clash})
            assert all((theme.ICON_DIR / f"{i}.svg").is_file() for i in icons.values())
            battle.answer(_quiet(d))


# -- zone names: one readable plate per zone -----------------------------------------------------


def test_each_zone_is_named_once_on_a_dark_plate(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.zone_view import name_plate

    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    window = quick_window(tmp_path, size=(1920, 1080))
    try:
        path = find_map("village")
        sides = load_battlefield(path).scenario.sides
        controllers = {s.id: "human" if i == 0 else "easy" for i, s in enumerate(sides)}
        battle = Battle(path, "zones", 3, controllers)
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        window.push(scene)
        window.step(1)
        graph = scene.board.zones
        assert graph is not None
        objective = next(o.name for o in battle.battlefield.objectives)
        assert objective in [z.name for z in graph.graph.zones]  # a zone and an objective
        drawn: list[str] = []
        board = scene.board
        for name in ("_label", "_plate"):
            real = getattr(board, name)

            def record(text: str, size: int, strong: bool, real=real) -> pygame.Surface:  # noqa: ANN001
                drawn.append(text)
                return real(text, size, strong)

            monkeypatch.setattr(board, name, record)
        scene.camera = scene.camera.fit(scene.model.width, scene.model.height)
        window.step(1)
        assert drawn.count(objective) == 1
    finally:
        window.close()
    plate = name_plate("Village square", 14, False)
    ink = pygame.font.Font(None, 14).size("Village square")
    assert plate.get_width() > ink[0] // 2
    corner = plate.get_at((plate.get_width() // 2, 1))
    assert corner.a >= 140 and max(corner.r, corner.g, corner.b) < 60  # dark under the name


# -- the legend speaks the battle's ruleset ------------------------------------------------------


def _legend(ruleset: str) -> list[Item]:
    """The legend's entries for a battle of ``ruleset``."""
    shown = get_ruleset(ruleset).presenter()
    assert isinstance(shown, Presenter)
    return items(shown)


def _legend_words(ruleset: str) -> str:
    return " ".join(i.text + " " + i.label for i in _legend(ruleset))


GRID_ONLY = ("Charge", "provokes", "feet", "Screen an Ally", "Disengaged")


def test_the_legend_lists_only_what_the_ruleset_uses_and_describes_every_marker() -> None:
    for ruleset in ruleset_ids():
        for entry in _legend(ruleset):
            if entry.kind == "marker":
                assert entry.text.strip(), (ruleset, entry.label)  # no blank gap
        if ruleset != "grid":
            assert not any(word in _legend_words(ruleset) for word in GRID_ONLY), ruleset
    grid = _legend_words("grid")
    assert all(word in grid for word in GRID_ONLY) and "Cover line" in grid
    shared = " ".join(i.text + i.label for i in items(Presenter()))
    assert not any(word in shared for word in (*GRID_ONLY, "Cover line"))
    clash = _legend_words("clash")
    assert "Quick turns" in clash and "not yet revealed" in clash and "Slots" in clash
    assert "Fatigue" in clash and "Cover line" in clash
    zones = _legend_words("zones")
    assert "Weakened" in zones and "Stuck" in zones and "Cover line" not in zones


def test_words_over_units_side_by_side_do_not_cover_one_another() -> None:
    from game.ui.play_animation import Floater, floater_spots

    view = pygame.Rect(0, 44, 960, 400)
    words = [Floater("miss", (x, 6), "miss", age=0.2) for x in (3, 4, 5)]
    spots = floater_spots(words, lambda c: (c[0] * 16 + 8.0, c[1] * 16 + 8.0), [(40, 20)] * 3, view)
    assert not any(a.colliderect(b) for i, a in enumerate(spots) for b in spots[i + 1 :])
    assert all(view.contains(s) for s in spots)
