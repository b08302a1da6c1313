"""The victory screen tells the truth (issue 30): damage dealt counts every health track
(clash's STR too), and a table per unit gives each unit's fate, kills and the damage it
dealt and took on each track, in the ruleset's words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.ai import make_controller, play
from game.engine import Battle
from game.engine.events import Damaged, Died, Downed
from game.engine.presenter import Harm, presenter_of
from game.rules.clash.events import AbilityLost
from game.ui.app import App, Scene
from game.ui.battle_record import battle_records, damage_by_side
from game.ui.victory_scene import VictoryScene
from game.ui.victory_summary import side_summaries, victory_scene
from game.ui.victory_tables import UnitSummary

UNITS = (
    ("Ada", "party", "warrior", 1, 1),
    ("Bo", "party", "warrior", 1, 2),
    ("Gor", "foes", "bandit", 6, 4),
    ("Gus", "foes", "bandit", 6, 3),
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def _fought(tmp_path: Path, ruleset: str, seed: int = 1) -> Battle:
    """Two against two, the AI on both sides, played to the end."""
    path = write_map(tmp_path / "map", 8, 6, units=UNITS)
    battle = Battle(path, ruleset, seed, {"party": "ai", "foes": "ai"})
    ai = {side: make_controller("ai", seed, ruleset) for side in ("party", "foes")}
    play(battle, ai, 5000)
    assert battle.over
    return battle


def test_clash_str_damage_is_counted_per_unit_track_and_side(tmp_path: Path) -> None:
    battle = _fought(tmp_path, "clash")
    lost = [e for e in battle.events if isinstance(e, AbilityLost)]
    assert any(e.ability == "STR" and e.by for e in lost), "the seed must strike into STR"
    records = {r.unit: r for r in battle_records(battle)}
    for unit, record in records.items():
        hp = sum(e.amount for e in battle.events if isinstance(e, Damaged) and e.unit == unit)
        strength = sum(e.amount for e in lost if e.unit == unit and e.ability == "STR")
        assert dict(record.taken) == {k: v for k, v in (("HP", hp), ("STR", strength)) if v}
        assert [t for t, _ in record.dealt] == sorted(
            (t for t, _ in record.dealt), key=("HP", "STR").index
        ), "the main track first"
    dealt_str = sum(dict(r.dealt).get("STR", 0) for r in records.values())
    assert dealt_str == sum(e.amount for e in lost if e.ability == "STR" and e.by) > 0
    hp_only: dict[str, int] = {}
    side_of = {v.id: v.side for v in battle.units()}
    for e in battle.events:
        if isinstance(e, Damaged) and e.by in side_of:
            hp_only[side_of[e.by]] = hp_only.get(side_of[e.by], 0) + e.amount
    totals = damage_by_side(battle)
    assert sum(totals.values()) == sum(hp_only.values()) + dealt_str
    fallen = {e.unit for e in battle.events if isinstance(e, Downed | Died)}
    assert 1 <= sum(r.kills for r in records.values()) <= len(fallen)
    fates = {v.id: v.status for v in battle.units()}
    for unit, record in records.items():
        assert record.fate == ("standing" if fates[unit] == "ready" else fates[unit])
    rows = side_summaries(battle, totals)
    assert any("STR" in row.dealt for row in rows)


def test_the_shared_presenter_reads_hp_damage_and_nothing_else(tmp_path: Path) -> None:
    battle = _fought(tmp_path, "grid", seed=3)
    presenter = presenter_of(battle)
    hits = [e for e in battle.events if isinstance(e, Damaged)]
    assert hits
    assert presenter.damage_of(battle, hits[0]) == Harm("HP", hits[0].amount, hits[0].unit,
                                                        hits[0].by)  # fmt: skip
    others = [e for e in battle.events if not isinstance(e, Damaged)]
    assert all(presenter.damage_of(battle, e) is None for e in others)


def test_the_victory_screen_shows_a_table_per_unit_on_u(app: App, tmp_path: Path) -> None:
    battle = _fought(tmp_path, "clash")
    victory = victory_scene(battle, damage_by_side(battle), [], lambda: None)
    app.push(victory)
    app.step(1)
    assert not victory.per_unit
    assert [u.name for u in victory.units] == ["Ada", "Bo", "Gor", "Gus"]
    assert any("STR" in u.dealt for u in victory.units)
    assert {u.fate for u in victory.units} <= {"standing", "dead", "fled", "knocked out"}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u"))
    app.step(1)
    assert victory.per_unit and victory.units_button.label == "Per side"
    assert victory.unit_rows == 4 and victory.first == 0
    battle.close()


class _Blank(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_a_long_list_of_units_scrolls_inside_a_small_window(tmp_path: Path) -> None:
    from game.ui.settings import Settings

    small = App(Settings(), settings_file=tmp_path / "settings.json", size=(800, 480))
    try:
        units = [UnitSummary(f"Unit {i}", "#a04030", "dead", 1, "7 HP, 2 STR", "0")
                 for i in range(30)]  # fmt: skip
        victory = VictoryScene("Defeat", "#3060a0", 9, [], "", lambda: None, units=units)
        small.push(_Blank())
        small.push(victory)
        victory.toggle_units()
        small.step(1)
        assert 1 <= victory.unit_rows < 30
        assert victory.panel is not None and small.screen.get_rect().contains(victory.panel)
        for _ in range(40):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        small.step(1)
        assert victory.first == 30 - victory.unit_rows, "scrolled to the last rows, no further"
    finally:
        small.close()
