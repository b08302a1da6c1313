"""Each ruleset adds its own components to the shared units when the battle is built, and
shared readers ask it for what they cannot know (issue 28): health tracks, whether a
unit holds its square, the token's markers."""

from __future__ import annotations

import esper
from clash_support import duel_field

from game.engine import Battle
from game.engine.seam import HealthTrack
from game.rules.clash.content import unit_entry
from game.rules.clash.state import ClashState, Fate, HitPoints
from game.rules.grid.components import Budget, Conditions, Health, Stats
from game.world import UNIT_COMPONENTS
from game.world.readers import occupant

DUEL = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]


def _components(b: Battle, unit: str) -> set[type]:
    with b._active():
        found: tuple[object, ...] = esper.components_for_entity(b.ctx.entity(unit))
        return {type(c) for c in found}


def test_a_grid_unit_has_the_shared_components_and_the_grids_own_only() -> None:
    b = Battle(duel_field(DUEL), "grid", seed=3)
    kinds = _components(b, "gor")
    assert set(UNIT_COMPONENTS) <= kinds
    assert {Stats, Health, Budget, Conditions} <= kinds
    assert not kinds & {ClashState, HitPoints, Fate}
    view = b.unit("gor")
    health = b.edit("gor", Health)
    assert view.tracks == (HealthTrack("HP", health.hp, health.max_hp),)
    assert (view.hp, view.max_hp) == (health.hp, health.max_hp)
    b.close()


def test_a_clash_unit_has_its_own_tracks_from_its_table_and_nothing_of_the_grid() -> None:
    b = Battle(duel_field(DUEL), "clash", seed=3)
    kinds = _components(b, "gor")
    assert set(UNIT_COMPONENTS) <= kinds
    assert {ClashState, HitPoints, Fate} <= kinds
    assert not kinds & {Stats, Health, Budget, Conditions}
    entry = unit_entry(b.content.templates["bandit"])
    assert entry is not None and entry.hp is not None
    st = b.edit("gor", ClashState)
    assert b.edit("gor", HitPoints) == HitPoints(entry.hp, entry.hp)  # written, not rolled
    view = b.unit("gor")
    assert view.tracks == (
        HealthTrack("HP", entry.hp, entry.hp),
        HealthTrack("STR", st.STR, st.max_STR),
    )
    assert (view.hp, view.max_hp) == (entry.hp, entry.hp)
    b.close()


def test_the_fallen_and_the_fled_leave_their_squares_and_show_their_markers() -> None:
    for ruleset, fate in (("grid", Conditions), ("clash", Fate)):
        b = Battle(duel_field(DUEL), ruleset, seed=3)
        with b._active():
            assert occupant(b.ctx, (2, 1)) == "gor"
            assert b.ctx.ruleset.markers(b.ctx, "gor") == frozenset()
            b.edit("gor", fate).fled = True
            assert occupant(b.ctx, (2, 1)) is None
            assert "fled" in b.ctx.ruleset.markers(b.ctx, "gor")
            b.edit("ada", fate).mortally_wounded = True
            assert not b.ctx.ruleset.occupies_cell(b.ctx, "ada")
            assert "mortally_wounded" in b.ctx.ruleset.markers(b.ctx, "ada")
        b.close()
