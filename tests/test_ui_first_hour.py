"""A new player's first hour (issue 30): the menu opens on an easy battle and says how
hard each is and how each ruleset plays; house rules in plain words; a roll-under roll
says what it needed; the card and the camera follow who acts; a click on an enemy makes
the unit's best attack."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.engine import Answer, Battle, Decision
from game.engine.events import Rolled
from game.maps import contract, find_map, load_battlefield
from game.maps.errors import Problem
from game.maps.library import shipped_maps_dir
from game.maps.scenario import parse_scenario
from game.rules import get_ruleset, ruleset_ids
from game.ui.app import App
from game.ui.catalogue import MapEntry, load_catalogue, menu_order
from game.ui.house_rules import HouseRulesScene, rule_options
from game.ui.map_view import MapView
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene

SIDES = "a; A; #112233; any\nb; B; #445566; any"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    a = quick_window(tmp_path)
    yield a
    a.close()


# -- 1. difficulty ---------------------------------------------------------------------------


def test_every_shipped_map_says_how_hard_it_is() -> None:
    for path in sorted(shipped_maps_dir().glob("*.tmx")):
        field = load_battlefield(path)
        assert field.scenario.difficulty in contract.DIFFICULTIES, path.name
        assert not field.warnings, path.name


def test_an_unknown_difficulty_is_a_warning_and_a_missing_one_is_none() -> None:
    problems: list[Problem] = []
    base = {"title": "T", "briefing": "B", "sides": SIDES}
    assert parse_scenario(base, problems).difficulty is None and not problems
    assert parse_scenario({**base, "difficulty": "Hard"}, problems).difficulty == "hard"
    assert parse_scenario({**base, "difficulty": "brutal"}, problems).difficulty is None
    assert len(problems) == 1 and problems[0].warning and "brutal" in problems[0].what


def test_the_menu_lists_battles_from_easy_to_hard_and_opens_on_an_easy_one(app: App) -> None:
    entries = [e for e in load_catalogue() if not e.user]
    ranks = [contract.DIFFICULTIES.index(e.difficulty or "") for e in entries]
    # the lessons (issue 30 · Learning the game) are the easiest, then the easy battles
    assert ranks == sorted(ranks) and entries[0].difficulty == "tutorial"
    assert [e.difficulty for e in entries].index("easy") == 2
    menu = MenuScene(entries, list(ruleset_ids()), lambda _setup: None)
    assert menu.entry is not None and menu.entry.title != "Ambush on the Hollin Road"
    assert menu.entry.difficulty in ("tutorial", "easy")


def test_a_map_without_a_difficulty_comes_after_the_hard_ones() -> None:
    def entry(title: str, difficulty: str | None) -> MapEntry:
        return MapEntry(Path(f"{title}.tmx"), title, "", "grid", (), (8, 8), difficulty=difficulty)

    listed = sorted(
        [entry("A", None), entry("B", "hard"), entry("C", "easy"), entry("D", "medium")],
        key=menu_order,
    )
    assert [e.title for e in listed] == ["C", "D", "B", "A"]


# -- 2. ruleset descriptions ------------------------------------------------------------------


def test_every_ruleset_describes_itself_and_the_menu_shows_it(app: App) -> None:
    for ruleset in ruleset_ids():
        assert len(get_ruleset(ruleset).description) > 80, ruleset
    menu = MenuScene(load_catalogue(), list(ruleset_ids()), lambda _setup: None)
    app.push(menu)
    for _ in range(12):  # the ruleset's code loads on a frame of its own
        app.step(1)
    description = get_ruleset(menu.ruleset.value).description
    assert description in menu.ruleset.hint
    entry = menu.entry
    assert entry is not None and description in menu._about(entry)


# -- 3. house rules in plain words ------------------------------------------------------------


def test_house_rules_speak_plain_words(app: App) -> None:
    for ruleset in ruleset_ids():
        for spec in rule_options(ruleset):
            shown = [spec.label, spec.help, *(spec.word(c) for c in spec.choices)]
            for text in shown:
                assert "_" not in text, text  # no internal names such as dex_save
                assert "000" not in text and "004" not in text, text  # no section numbers
    specs = rule_options("clash")
    dialog = HouseRulesScene("clash", specs, {}, lambda _values: None)
    app.push(dialog)
    app.step(1)
    turn_order = dialog.choices[0]
    assert turn_order.value == "declared" and turn_order.words["dex_save"] == "Save to go first"
    assert "clash" not in dialog.title


# -- 4. a roll-under roll says what it needed --------------------------------------------------


def test_a_roll_under_save_says_what_it_needed() -> None:
    save = Rolled("a", "Ada", "DEX save", "d20", (18,), 0, 18, 11, "DEX", "failed", at_most=True)
    assert save.text() == "Ada DEX save: d20 18 = 18 vs DEX 11: failed (needs 11 or less)"
    hit = Rolled("a", "Ada", "attacks", "d20", (14,), 3, 17, 15, "AC", "hit")
    assert hit.text() == "Ada attacks: d20 14 +3 = 17 vs AC 15: hit"


# -- 5. the card and the camera follow who acts --------------------------------------------------


def _duel(app: App, seed: int, controllers: dict[str, str]) -> PlayScene:
    path = find_map("duel")
    battle = Battle(path, "grid", seed, controllers)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return scene


def _on_screen(scene: PlayScene, cell: tuple[int, int]) -> bool:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    box = pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h)
    return scene.viewport.contains(box)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_duel_opens_with_every_unit_in_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    window = quick_window(tmp_path, size=size)
    try:
        scene = _duel(window, 7, {"party": "human", "brigands": "easy"})
        for token in scene.engine.tokens():
            assert _on_screen(scene, token.cell), token.key
    finally:
        window.close()


def test_the_card_leaves_a_clicked_unit_when_another_comes_to_act(app: App) -> None:
    scene = _duel(app, 7, {"party": "human", "brigands": "human"})
    while scene.battle.pending is not None and scene.battle.pending.side != "party":
        d = scene.battle.pending
        scene.give(d.answers[0] if d.kind == "choose_unit" else _end(d))
    app.step(1)
    crow = scene.engine.token("crow")
    assert crow is not None
    scene.selected = "crow"  # the player clicked an enemy for a look
    app.step(1)
    assert scene.selected == "crow"  # still the same unit acting: the look stays
    now = scene.battle.pending
    assert now is not None
    scene.give(now.answers[0] if now.kind == "choose_unit" else _end(now))
    app.step(1)
    acting = scene.battle.pending.unit if scene.battle.pending else None
    assert scene.selected is None
    card = scene.card_token()
    assert acting is None or (card is not None and card.key == acting)


def _end(d: Decision) -> Answer:
    return next(o.answer for o in d.options if o.kind == "end_turn" and o.answer)


# -- 6. a click on an enemy makes the best attack -----------------------------------------------


def test_an_archer_clicking_an_enemy_shoots_rather_than_punches(app: App, tmp_path: Path) -> None:
    # the bandit is in walking reach, so the dagger and a punch are offered too (the
    # catalog lists the melee attack first: the click once made it)
    units = (("Osric", "party", "archer", 1, 4), ("Bandit", "foes", "bandit", 5, 4))
    path = write_map(tmp_path / "map", 10, 8, walls=(), units=units)
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    for _ in range(20):
        d = scene.battle.pending
        assert d is not None
        if d.side == "party":
            break
        scene.give(d.answers[0] if d.kind == "choose_unit" else _end(d))
    d = scene.battle.pending
    if d is not None and d.kind == "choose_unit":
        scene.give(next(a for a in d.answers if getattr(a, "unit", None) == "osric"))
    app.step(1)
    bandit = next(t.key for t in scene.engine.tokens() if t.side == "foes")
    offered = {getattr(p.answer, "weapon", None) for p in scene.placed() if p.target == bandit}
    assert "longbow" in offered and len(offered) > 1  # a choice to get wrong
    placed = scene._attack_for(bandit)
    assert placed is not None and getattr(placed.answer, "weapon", None) == "longbow"


def test_hotseat_hands_the_camera_to_the_next_players_units(app: App, tmp_path: Path) -> None:
    units = (("Ann", "party", "warrior", 1, 5), ("Bob", "foes", "bandit", 58, 5))
    path = write_map(tmp_path / "map", 60, 12, walls=(), units=units, foes="human")
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    for _ in range(3):
        app.step(1)
        while not isinstance(app.top, PlayScene):  # the hand-off screens
            app.pop()
    first = scene.battle.pending
    assert first is not None
    mover = next(t for t in scene.engine.tokens() if t.side == first.side)
    other = next(t for t in scene.engine.tokens() if t.side != first.side)
    assert _on_screen(scene, mover.cell) and not _on_screen(scene, other.cell)
    while scene.battle.pending is not None and scene.battle.pending.side == first.side:
        d = scene.battle.pending
        scene.give(d.answers[0] if d.kind == "choose_unit" else _end(d))
    app.step(1)
    assert _on_screen(scene, other.cell)
