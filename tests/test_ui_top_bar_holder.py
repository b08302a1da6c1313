"""Play-test 3: at 960×540 the top bar's objective kept its count and lost its subject
("counts at round 15", "The… (counts at round 12)"). The holder's name is cut first, so
who holds what stays in sight; the title and the side chips give way to it."""

from __future__ import annotations

import pygame
import pytest
from test_ui_small_layout import on_screen, shoot, small  # noqa: F401  (fixture)

from game.ui.app import App
from game.ui.progress_fit import Segment, fit_segments
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
    shown = [(t, r) for t, r in drawn if " hold The courtyard" in t]
    assert shown, [t for t, _ in drawn]
    text, rect = shown[0]
    assert text.startswith("Garri"), text  # not "The…"
    assert rect.right <= scene.menu_button.rect.x
    assert all(not r.colliderect(rect) for t, r in drawn if t != text)
    if "(counts at round 15)" in text:  # play-test 4: the round note goes before the names
        assert all("…" not in t for t, _ in drawn), [t for t, _ in drawn]


def test_the_round_note_goes_before_the_names() -> None:
    """Play-test 4: "Garri… hold Keep courtyard (counts at round 15)" beside chips cut to
    "Bl…": the note goes first, then the holder's name is cut."""
    pygame.font.init()
    line = "Haldor's Raiders hold Village square (counts at round 20)"
    assert fit_progress(line, 1000) == line
    assert fit_progress(line, 300) == "Haldor's Raiders hold Village square"
    # play-test 8: then the holder's short name, never cut to "Haldo…", then the area's
    assert fit_progress(line, 200) == "Haldor's hold Village square"
    assert fit_progress(line, 160) == "Haldor's hold Village"
    assert fit_progress(line, 130) == "Haldor's: Village"
    assert progress_floor(line) < progress_floor(line + " · East road: 1 of 4 escaped")
    assert progress_floor(line) == progress_floor("Haldor's Raiders hold Village square")
    assert progress_floor("") == 0


def test_one_side_holding_two_areas_is_one_phrase() -> None:
    """Play-test 4: "The Grey Maw… (counts at round 30) · The Grey Maw… (counts at round
    30)", and below ~420 px only the notes. One phrase per side; at every width who holds
    what stays, the name shortened before what is held is dropped."""
    pygame.font.init()
    line = "The Grey Maw Horde hold South bridge, Watchtower (counts at round 30)"
    assert fit_progress(line, 2000) == line
    widths = [fit_progress(line, w) for w in range(200, 480, 10)]
    assert all("South bridge, Watchtower" in t and "…" not in t for t in widths)
    assert "Grey Maw Horde hold South bridge, Watchtower" in widths
    # play-test 8: the side's short name, not "Grey…"; narrower, the side's colour
    assert "Grey Maw: South bridge, Watchtower" in widths
    noted = [t for t in widths if "(counts at round 30)" in t]
    assert noted and all("Grey Maw Horde hold South bridge, Watchtower (" in t for t in noted)
    colours = {"The Grey Maw Horde": "#8a3b2e", "The Company of the Wren": "#3f6fb5"}
    assert fit_segments(line, 200, colours) == [Segment("South bridge, Watchtower", "#8a3b2e")]
    two = "The Grey Maw Horde hold South bridge · The Company of the Wren hold Watchtower"
    for w in range(340, 480, 20):
        t = fit_progress(two, w)
        assert t.startswith("Grey Maw") and "South bridge · Company" in t, (w, t)
    assert fit_segments(two, 200, colours) == [
        Segment("South bridge", "#8a3b2e"),
        Segment("Watchtower", "#3f6fb5"),
    ]


def test_progress_gives_one_phrase_per_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle map's holds that count at the round limit: the side that holds two of
    them is named once ("… hold South bridge, North bridge (counts at round 30)")."""
    import game.ui.objectives_view as view
    from game.engine import Battle
    from game.maps import find_map

    battle = Battle(find_map("battle"), "grid", 0, {})
    bf = battle.battlefield
    holds = [o for o in bf.objectives if o.kind == "hold" and not o.rounds and o.unit is None]
    assert len(holds) >= 3
    first, second = (s.id for s in bf.scenario.sides[:2])
    owner = {holds[0].name: second, holds[1].name: first, holds[2].name: second}
    monkeypatch.setattr(view, "_holder", lambda _b, o: owner.get(o.name))
    limit = bf.scenario.round_limit
    text = view.progress_text(battle)
    assert text == (
        f"{bf.side(second).name} hold {holds[0].name}, {holds[2].name} (counts at round {limit})"
        f" · {bf.side(first).name} hold {holds[1].name} (counts at round {limit})"
    )
