"""Play-test 6: the answers of a closed decision that is neither a unit's turn nor a
reaction (factions: which side begins the round) on the action bar. They answer from
the keys (their numbers; Tab or the arrows then Enter), keep clear of the question at
960×540, and stay answer buttons (never 64-px action buttons) after a resize."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_ui_play import _key, _settle
from ui_support import quick_window

from game.engine import Battle
from game.maps.library import find_map
from game.rules.factions.answers import BeginWith
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene
from game.ui.theme import font


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=(960, 540))
    yield a
    a.close()


def _begins(app: App) -> tuple[Battle, PlayScene]:
    """The battle map under factions rules, the Company (human) asked who begins."""
    path = find_map("battle")
    battle = Battle(path, "factions", 11, {"company": "human", "horde": "ai"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    if isinstance(app.top, HandOffScene):
        _key(app, pygame.K_RETURN)
    _settle(app, scene)
    app.step(1)
    d = battle.pending
    assert d is not None and d.kind == "choose_side" and d.side == "company"
    return battle, scene


def _resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(1)


def _question_box(scene: PlayScene) -> pygame.Rect:
    """Where the question's lines are drawn (left of the answers)."""
    lines, size = scene.question
    assert lines, "the question has no line"
    face = font("bold", size)
    width = max(face.size(line)[0] for line in lines)
    height = face.get_linesize() * len(lines)
    bar = scene.bar_rect
    return pygame.Rect(bar.x + 12, bar.centery - height // 2, width, height)


def _check_bar(scene: PlayScene) -> None:
    buttons = [b for b, o in scene.action_buttons if isinstance(o.answer, BeginWith)]
    assert len(buttons) == 2
    box = _question_box(scene)
    for button in buttons:
        assert scene.bar_rect.contains(button.rect)
        assert not button.rect.colliderect(box), (button.rect, box)
        assert button.rect.h >= 40 and button.rect.w >= 96  # not an action's 64-px square
        lines, _size = button.label_lines()  # type: ignore[attr-defined]
        assert " ".join(lines) == button.label  # the whole label, never cut
    assert " ".join(scene.question[0]) == scene.decision.prompt  # type: ignore[union-attr]


def test_the_number_keys_answer_who_begins(small: App) -> None:
    battle, scene = _begins(small)
    second = scene.action_buttons[1][1].answer
    _key(small, pygame.K_2)
    assert battle.answers[-1] == second


def test_tab_or_the_arrows_then_enter_answer_who_begins(small: App) -> None:
    battle, scene = _begins(small)
    given = len(battle.answers)
    _key(small, pygame.K_RETURN)  # nothing picked yet: says how, answers nothing
    assert len(battle.answers) == given
    assert any("number" in m for m, _ in small.messages)
    _key(small, pygame.K_TAB)
    _key(small, pygame.K_RIGHT)
    _key(small, pygame.K_LEFT)
    _key(small, pygame.K_DOWN)
    assert scene.answer_focus == 1
    second = scene.action_buttons[1][1].answer
    _key(small, pygame.K_RETURN)
    assert battle.answers[-1] == second


@pytest.mark.parametrize("sizes", [[(960, 540)], [(1280, 720), (960, 540)], [(1920, 1080)]])
def test_the_answers_keep_clear_of_the_question_before_and_after_a_resize(
    small: App, sizes: list[tuple[int, int]]
) -> None:
    _battle, scene = _begins(small)
    for size in sizes:
        _resize(small, size)
        small.step(1)
        _check_bar(scene)
