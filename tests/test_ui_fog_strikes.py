"""Fog of war and the effects of a blow (issue 4): a blow struck from a square the viewing
side did not see draws nothing there (no lunge, missile or strike line) and the camera
does not go there; the unit struck, seen, still shows the hit and its number. Which
squares a side saw is the combat log's own decision (``log_sight``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import quick_window, write_map

from game.engine import Battle
from game.engine.presentation import Motion
from game.geometry.grid import Cell
from game.ui.app import App
from game.ui.camera_follow import aim_at, out_of_view
from game.ui.map_view import MapView
from game.ui.motion_fx import Glint, Jolt, Lunge, Missile
from game.ui.play_animation import Animations
from game.ui.play_motion import queue_batch
from game.ui.play_scene import PlayScene
from game.ui.tokens import TokenInfo

# a thick wall with a one-square tunnel at y 3: Ada, west of it, sees the wolf on (7, 2)
# through the tunnel, not the bandit on (7, 1) right beside it
WALL = tuple((x, y) for x in (4, 5, 6) for y in range(8) if y != 3)
ADA, WOLF, BANDIT = (1, 3), (7, 2), (7, 1)
UNITS = (
    ("Ada", "party", "warrior", *ADA),
    ("Fang", "wild", "bandit", *WOLF),
    ("Gor", "foes", "bandit", *BANDIT),
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, ai_speed="normal")
    yield a
    a.close()


def _battle(tmp_path: Path, seed: int, width: int = 12) -> Battle:
    """Three sides: the party (the player's), the bandits and a wild beast, both AI."""
    path = write_map(tmp_path / f"fog{seed}", width, 8, walls=WALL, fog=True, units=UNITS)
    text = path.read_text(encoding="utf-8")
    three = text.replace("#c03030; ai", "#c03030; ai&#10;wild; Beasts; #808080; ai")
    assert three != text
    path.write_text(three, encoding="utf-8")
    return Battle(path, "grid", seed, {"party": "human", "foes": "ai", "wild": "ai"})


def _to_the_bandits_turn(battle: Battle) -> str:
    """Every other side ends its turns until Gor's turn; Gor's key."""
    gor = next(k for k in battle.unit_ids() if battle.unit(k).name == "Gor")
    for _ in range(20):
        d = battle.pending
        assert d is not None
        if d.kind == "turn" and d.unit == gor:
            return gor
        if d.kind == "choose_unit":
            pick = next((a for a in d.answers if getattr(a, "unit", None) == gor), d.answers[0])
            assert battle.answer(pick).ok
            continue
        end = next(o.answer for o in d.options if o.kind in ("end_turn", "decline"))
        assert end is not None and battle.answer(end).ok
    raise AssertionError("Gor never got a turn")


def _strike(app: App, tmp_path: Path, fog: bool, seed: int = 2) -> PlayScene:
    """Gor, unseen by the party with fog, strikes Fang, whom the party sees (seed 2: a hit)."""
    battle = _battle(tmp_path, seed)
    gor = _to_the_bandits_turn(battle)
    fang = next(k for k in battle.unit_ids() if battle.unit(k).name == "Fang")
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None, fog=fog)
    app.push(scene)
    app.step(1)
    assert scene.viewer() == "party"
    assert scene.fogged_unit(gor) is fog and not scene.fogged_unit(fang)
    attack = next(
        a
        for a in battle.legal_answers()
        if getattr(a, "target", None) == fang and getattr(a, "unit", None) == gor
    )
    assert scene.give(attack)
    return scene


def _drawn_at(anim: Animations) -> set[Cell]:
    """The squares the queued effects and strike lines draw something on or from."""
    out: set[Cell] = set()
    for e in anim.effects:
        out |= {getattr(e, n) for n in ("cell", "a") if hasattr(e, n)}
    out |= {f.a for f in anim.flashes} | {f.b for f in anim.flashes}
    return out


@pytest.mark.parametrize("fog", [True, False])
def test_a_hidden_attacker_s_square_draws_nothing(app: App, tmp_path: Path, fog: bool) -> None:
    """With fog, Gor's blow on Fang draws nothing on Gor's square (no lunge from it, no
    strike line): Fang's hit and its number still show on Fang's square.
    Without fog Gor is seen lunging."""
    scene = _strike(app, tmp_path, fog)
    drawn = _drawn_at(scene.anim)
    words = [f.cell for f in scene.anim.floaters]
    assert [f.text[:1] for f in scene.anim.floaters if f.cell == WOLF] == ["-"]  # its number
    assert any(isinstance(e, Jolt) and e.cell == WOLF for e in scene.anim.effects)
    if fog:
        assert BANDIT not in drawn, scene.anim
        assert BANDIT not in words
        assert not [e for e in scene.anim.effects if isinstance(e, Lunge | Missile)]
    else:
        assert any(isinstance(e, Lunge) and e.a == BANDIT for e in scene.anim.effects)


def test_the_camera_does_not_go_to_the_hidden_attacker(app: App, tmp_path: Path) -> None:
    """Zoomed in on a far end of a long field, the camera eases to Fang, struck, not to
    Gor, whom the party does not see."""
    battle = _battle(tmp_path, 2, width=60)
    gor = _to_the_bandits_turn(battle)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None, fog=True)
    app.push(scene)
    app.step(1)
    scene.camera = scene.camera.zoom_at(0, 0, 9)
    far = dataclasses.replace(scene.camera, x=1e6, y=1e6)
    scene.camera = far.clamped(scene.model.width, scene.model.height)
    scene.user_camera_at = -1e9  # the player has not touched the camera
    w, h = scene.model.width, scene.model.height
    assert out_of_view(scene.camera, w, h, [WOLF]) and out_of_view(scene.camera, w, h, [BANDIT])
    fang = next(k for k in battle.unit_ids() if battle.unit(k).name == "Fang")
    attack = next(
        a
        for a in battle.legal_answers()
        if getattr(a, "target", None) == fang and getattr(a, "unit", None) == gor
    )
    assert scene.give(attack)
    assert scene.camera_goal == aim_at(scene.camera, w, h, [WOLF])


def _token(key: str, cell: Cell) -> TokenInfo:
    return TokenInfo(key, key, "foes", "#c03030", cell, 5, 5)


@pytest.mark.parametrize("blind", [True, False])
def test_a_shot_and_a_blow_from_an_unseen_square(blind: bool) -> None:
    """A missile from a square the viewer did not see is not drawn, nor a strike line from
    it, nor a blade turned aside facing it; the hit and the number on the seen target are."""
    archer, target = (9, 1), (3, 3)
    tokens = {"a": _token("a", archer), "t": _token("t", target)}
    motions = [
        Motion("shot", actor="a", target="t", missile="arrow"),
        Motion("harm", actor="a", target="t", amount=3, track="HP"),
        Motion("miss", actor="a", target="t"),
        Motion("harm", actor="a", target="t", amount=1, track="HP", graze=True),
    ]
    events = ["shot", "blow", "miss", "graze"]
    by_event = dict(zip(events, ([m] for m in motions), strict=True))
    anim = Animations()
    unseen = [frozenset({archer}) if blind else frozenset()] * len(events)
    queue_batch(
        anim,
        events,  # type: ignore[arg-type]
        lambda e: by_event[e],  # type: ignore[index]
        tokens,
        9.0,
        size=(12, 8),
        unseen=unseen,
    )
    blow = [Motion("harm", actor="a", target="t", amount=2, track="HP")]
    queue_batch(anim, ["blow"], lambda e: blow, tokens, 9.0, size=(12, 8), unseen=unseen[:1])  # type: ignore[list-item]
    drawn = _drawn_at(anim)
    assert any(isinstance(e, Jolt) and e.cell == target for e in anim.effects)
    assert [f.text for f in anim.floaters if f.cell == target][:1] == ["-3"]
    glints = [e for e in anim.effects if isinstance(e, Glint)]
    if blind:
        assert archer not in drawn and not anim.flashes
        assert not [e for e in anim.effects if isinstance(e, Missile)]
        assert glints and all(g.toward != archer for g in glints)
    else:
        assert any(isinstance(e, Missile) and e.a == archer for e in anim.effects)
        assert [(f.a, f.b) for f in anim.flashes] == [(archer, target)]
        assert glints and any(g.toward == archer for g in glints)
