"""#21: in a hotseat battle one hand-off screen goes to the player who must act next, and
none to a player who already has the controls (no pile of screens for the same player)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import quick_window, write_map

from game.ai import make_controller
from game.engine import Battle
from game.ui.app import App, Scene
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, reaction_prompts="always")
    yield a
    a.close()


@pytest.mark.parametrize("ruleset", ["grid", "clash"])
def test_each_hand_off_goes_to_a_player_who_did_not_have_the_controls(
    app: App, tmp_path: Path, ruleset: str
) -> None:
    units = (
        ("Ada", "party", "warrior", 3, 3),
        ("Bo", "party", "spearman", 3, 5),
        ("Cy", "foes", "bandit_chief", 8, 3),
        ("Di", "foes", "bandit", 8, 5),
    )
    path = write_map(tmp_path / "map", 12, 9, walls=(), units=units, foes="any")
    battle = Battle(path, ruleset, 3, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    log: list[tuple[str, str]] = []  # ("hand-off" | "answer", side name)
    push = app.push

    def recording_push(pushed: Scene) -> None:
        if isinstance(pushed, HandOffScene):
            log.append(("hand-off", pushed.side_name))
        push(pushed)

    app.push = recording_push  # type: ignore[method-assign, assignment]
    app.push(scene)
    players = {s: make_controller("ai", 3, ruleset) for s in battle.controllers}
    names = {s.id: s.name for s in battle.battlefield.scenario.sides}
    for _ in range(3000):
        if battle.over:
            break
        app.step(4)
        if isinstance(app.top, HandOffScene):
            app.pop()
            continue
        d = battle.pending
        if d is None or scene.anim.busy or app.top is not scene:
            continue
        log.append(("answer", names[d.side]))
        assert scene.give(players[d.side].choose(battle, d))
    assert battle.over
    handoffs = [i for i, (what, _) in enumerate(log) if what == "hand-off"]
    assert len(handoffs) >= 3  # several hand-offs (the clash AI ends this 2v2 in 3)
    for i in handoffs:
        before = [side for what, side in log[:i] if what == "answer"]
        assert log[i - 1][0] == "answer", f"two hand-offs in a row at {i}: {log[i - 3 : i + 1]}"
        assert before[-1] != log[i][1], f"a hand-off to the side already playing: {log[i]}"


def test_a_long_side_name_on_the_hand_off_fits_a_small_window(tmp_path: Path) -> None:
    # play-test 12: "The Black Tusk War Band to move" ran off both edges at 960x540
    from game.ui import theme
    from game.ui.overlays import fitted_headline

    app = quick_window(tmp_path, size=(960, 540))
    try:
        name = "The Black Tusk War Band"
        text, size = fitted_headline(f"{name} to move", 960 - 48)
        assert text == f"{name} to move" and size < theme.SIZE_TITLE  # smaller, whole
        assert theme.font("title", size).size(text)[0] <= 960 - 48
        text, size = fitted_headline("Short to move", 960 - 48)
        assert size == theme.SIZE_TITLE  # room enough: the title size
        very = "The Most Ancient and Honourable Company of Greyford's Gate Wardens to move"
        text, size = fitted_headline(very, 960 - 48)
        assert text.endswith("…") and theme.font("title", size).size(text)[0] <= 960 - 48
        app.push(HandOffScene(name, "#b5562f", 3))
        app.step(1)  # draws without error at this size
    finally:
        app.close()
