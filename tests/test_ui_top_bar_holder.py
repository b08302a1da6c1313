"""Play-test 3: at 960×540 the top bar's objective kept its count and lost its subject
("counts at round 15", "The… (counts at round 12)"). The holder's name is cut first, so
who holds what stays in sight; the title and the side chips give way to it."""

from __future__ import annotations

import pygame
import pytest
from test_ui_small_layout import on_screen, shoot, small  # noqa: F401  (fixture)

from game.ui.app import App
from game.ui.top_bar import fit_progress, progress_floor


@pytest.mark.parametrize("ruleset", ["clash", "grid"])
def test_the_top_bar_keeps_who_holds_what_at_960(
    small: App,  # noqa: F811
    ruleset: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import game.ui.top_bar as top_bar

    scene = on_screen(small, ruleset)
    progress = "The Garrison of Greyford hold The courtyard (counts at round 15)"
    monkeypatch.setattr(scene.model, "objective_progress", lambda: progress)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = top_bar.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(top_bar, "draw_text", spy)
    top_bar.draw_top_bar(small.screen, scene.model, scene.menu_button, scene.side_count)
    shoot(small, f"top-bar-holder-{ruleset}")
    shown = [(t, r) for t, r in drawn if "counts at round 15" in t]
    assert shown, [t for t, _ in drawn]
    text, rect = shown[0]
    assert text.endswith(" hold The courtyard (counts at round 15)"), text
    assert text.startswith("Garri"), text  # not "The…"
    assert rect.right <= scene.menu_button.rect.x
    assert all(not r.colliderect(rect) for t, r in drawn if t != text)


def test_holders_are_cut_before_the_areas() -> None:
    pygame.font.init()
    line = "Haldor's Raiders hold Village square (counts at round 20)"
    cut = fit_progress(line, 300)
    assert cut.endswith("… hold Village square (counts at round 20)"), cut
    assert progress_floor(line) >= progress_floor("counts at round 20")
    assert progress_floor("") == 0
