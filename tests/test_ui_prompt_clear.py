"""Play-test 4: in the factions duel at 1280×720 the reaction prompt covered the attacker
(Osric at the board's bottom) because the target (Crow) was at its top: every place tried
covered one of them. The prompt now looks up and down the board, then across the window
over the side panel's edge, and covers neither when any room is free."""

from __future__ import annotations

import pygame

from game.ui.action_bar import ACTION_KEYS
from game.ui.reaction_prompt import AVOID_MARGIN, ReactionPrompt

WINDOW = pygame.Rect(0, 0, 1280, 720).inflate(-8, -8)


def laid_out(viewport: pygame.Rect, avoid: list[pygame.Rect]) -> pygame.Rect:
    pygame.font.init()
    prompt = ReactionPrompt(lambda _a: None, str, ACTION_KEYS)
    prompt.lines = ("Osric attacks Crow with a longbow", "At stake: 0–6 damage to Crow")
    prompt.layout(viewport, WINDOW, avoid)
    return prompt.rect


def clear_of(rect: pygame.Rect, squares: list[pygame.Rect]) -> bool:
    return not any(rect.colliderect(s.inflate(AVOID_MARGIN, AVOID_MARGIN)) for s in squares)


def test_attacker_at_the_bottom_and_target_at_the_top() -> None:
    viewport = pygame.Rect(0, 46, 940, 559)
    crow, osric = pygame.Rect(430, 125, 40, 40), pygame.Rect(470, 445, 40, 40)
    rect = laid_out(viewport, [crow, osric])
    assert clear_of(rect, [crow, osric]), rect
    assert viewport.contains(rect)  # between them, on the board
    assert rect.top > crow.bottom and rect.bottom < osric.top


def test_no_room_on_the_board_it_goes_over_the_side_panel_edge() -> None:
    viewport = pygame.Rect(0, 46, 940, 559)
    # a unit in every band of the board, left, middle and right: no place there is free
    squares = [pygame.Rect(x, y, 40, 40) for x in (40, 320, 600) for y in (80, 250, 420, 540)]
    rect = laid_out(viewport, squares)
    assert clear_of(rect, squares), rect
    assert WINDOW.contains(rect) and rect.right > viewport.right


def test_the_usual_place_stays_when_it_is_free() -> None:
    viewport = pygame.Rect(0, 46, 940, 559)
    usual = laid_out(viewport, [])
    assert laid_out(viewport, [pygame.Rect(20, 60, 40, 40)]) == usual
    assert usual.centerx == viewport.centerx and usual.bottom == viewport.bottom - 24


def test_not_spread_it_stays_on_the_board_for_the_camera_to_free_the_units() -> None:
    """Play-test 5: across the window the prompt hid the unit card and the lesson's hint
    (clash lesson, 960×540) where moving the camera would have freed the units; the screen
    first lays it out on the board only, moves the camera, and spreads only then."""
    pygame.font.init()
    viewport = pygame.Rect(0, 46, 940, 559)
    squares = [pygame.Rect(x, y, 40, 40) for x in (40, 320, 600) for y in (80, 250, 420, 540)]
    prompt = ReactionPrompt(lambda _a: None, str, ACTION_KEYS)
    prompt.lines = ("Osric attacks Crow with a longbow", "At stake: 0–6 damage to Crow")
    prompt.layout(viewport, WINDOW, squares, spread=False)
    assert viewport.contains(prompt.rect), prompt.rect
