"""Cover explained on the battle screen (issue 4 play-test; source 004 · Line of Sight and
Cover): hovering a target in half cover names the wall that gives it, outlines that square
and draws the corner lines, blocked ones dashed."""

from __future__ import annotations

from pathlib import Path

from test_ui_play import _hover, _party_turn, app  # noqa: F401  (fixture)

from game.ui.app import App
from game.ui.board import DASHED
from game.ui.theme import colour


def test_hovering_a_target_in_half_cover_says_which_wall_gives_it(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    units = (("Ash", "party", "archer", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    scene = _party_turn(app, tmp_path, units, walls=((5, 3),))
    _hover(app, scene, (6, 4))
    shown = scene.target_preview()
    assert shown is not None
    rows, _ = shown
    labels = [r.label.strip() for r in rows]
    at = labels.index("half cover")
    assert rows[at].value == "-2"
    # the row under the modifier says where it comes from
    assert labels[at + 1] == "wall at (5,3) hides 2 corners"
    ov = scene.overlays()
    assert ([(5, 3)], "cover_source") in [(list(c), n) for c, n in ov.outlines]
    tones = [tone for _, _, tone in ov.lines]
    assert tones.count("cover_line_blocked") == 2 and tones.count("cover_line_clear") == 2
    assert "cover_line_blocked" in DASHED
    # drawn: the wall square's outline in the cover colour
    app.step(1)
    x, y, w, h = scene.camera.cell_to_screen((5, 3))
    edge = app.screen.get_at((x + scene.viewport.x + w // 2, y + scene.viewport.y))[:3]
    assert edge == colour("cover_source")


def test_no_cover_no_reason_and_no_outline(app: App, tmp_path: Path) -> None:  # noqa: F811
    units = (("Ash", "party", "archer", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    scene = _party_turn(app, tmp_path, units)
    _hover(app, scene, (6, 4))
    shown = scene.target_preview()
    assert shown is not None
    labels = [r.label.strip() for r in shown[0]]
    assert "half cover" not in labels and not any(" hides " in x for x in labels)
    assert all(name != "cover_source" or not list(c) for c, name in scene.overlays().outlines)
