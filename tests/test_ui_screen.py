"""Screen an Ally made discoverable (issue 4 play-test; 004 · Screen an Ally): its button
and its mode outline the allies one can screen, a screen shows as a link on the board, and
the card says who screens whom."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _click_at, _party_turn, _pos, app  # noqa: F401  (fixture)

from game.rules.grid.screen import ScreenAllySpec
from game.ui.app import App
from game.ui.screen_view import LINK, screen_words
from game.ui.theme import colour

SCREEN_KIND = ScreenAllySpec.kind


def _move_mouse(window: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    window.step(1)


def test_screen_an_ally_shows_whom_it_can_screen_and_then_the_screen(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    units = (
        ("Ada", "party", "warrior", 1, 2),
        ("Brand", "party", "warrior", 4, 2),
        ("Gor", "foes", "bandit", 10, 4),
    )
    scene = _party_turn(app, tmp_path, units)
    d = scene.decision
    assert d is not None and d.unit is not None
    me = scene.engine.token(d.unit)
    other = next(t for t in scene.engine.tokens() if t.side == "party" and t.key != d.unit)
    assert me is not None

    def outlined(tone: str) -> set[tuple[int, int]]:
        return {c for cells, name in scene.overlays().outlines if name == tone for c in cells}

    assert other.cell not in outlined(LINK)  # nothing until asked
    button = next(b for b, o in scene.action_buttons if o.kind == SCREEN_KIND)
    _move_mouse(app, button.rect.center)  # resting on the button shows the wards
    assert scene.bar_hover == SCREEN_KIND and outlined(LINK) == {other.cell}
    _click_at(app, button.rect.center)  # picked: the wards stay outlined, not in red
    assert scene.mode == SCREEN_KIND
    assert outlined(LINK) == {other.cell} and other.cell not in outlined("target")
    _click_at(app, _pos(scene, other.cell))  # screen Brand (walking up to him)
    assert scene.battle.answers[-1].kind == SCREEN_KIND
    scene.anim.skip()  # the walk up to him is drawn by the animation until it ends
    app.step(2)
    me = scene.engine.token(d.unit)
    assert me is not None
    assert list(scene.engine.screen_links()) == [(me.key, other.key)]
    assert scene.links() == [(me.cell, other.cell)]
    name = scene._name
    assert screen_words(me.key, scene.engine.screen_links(), name) == [f"Screening {other.name}"]
    assert screen_words(other.key, scene.engine.screen_links(), name) == [f"Screened by {me.name}"]
    # drawn: the link across the edge the two squares share
    (ax, ay), (bx, by) = (_pos(scene, me.cell), _pos(scene, other.cell))
    px = (round(ax + (bx - ax) * 0.33), round(ay + (by - ay) * 0.33))
    assert app.screen.get_at(px)[:3] == colour(LINK)
