"""The grid ruleset's registries (hook lists, installed extensions) belong to each
``GridRuleset`` instance: two battles never share a registration, and a variant that
leaves an extension out changes only its own battles (issue 28 · item 1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_support import field
from grid_more_support import gear, set_hp

from game.engine import Battle, ScriptedRandom
from game.rules.grid import GridRuleset, dual_wield, extensions, hold, items, screen
from game.rulesets import register_ruleset, unregister_ruleset


class NoDualWielding(GridRuleset):
    """The grid rules without dual wielding."""

    extensions = tuple(e for e in GridRuleset.extensions if e is not dual_wield.install)


@pytest.fixture
def no_dual() -> Iterator[str]:
    register_ruleset("grid_no_dual", NoDualWielding)
    yield "grid_no_dual"
    unregister_ruleset("grid_no_dual")


def test_two_grid_rulesets_do_not_share_their_hook_lists() -> None:
    one, two = GridRuleset(), GridRuleset()
    assert one.hooks is not two.hooks
    lists = ("attack_modifiers", "damage_bonuses", "redirects", "before_action", "after_turn")
    for name in (*lists, "setup", "hash"):
        assert getattr(one.hooks, name) is not getattr(two.hooks, name)
        assert getattr(one.hooks, name) == getattr(two.hooks, name)
    one.hooks.attack_modifiers.clear()
    assert two.hooks.attack_modifiers == [dual_wield.dual_modifier]
    assert GridRuleset().hooks.attack_modifiers == [dual_wield.dual_modifier]


def test_two_battles_run_the_hooks_of_their_own_rulesets() -> None:
    spawns = [("Ada", "party", "skirmisher", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
    first, second = (Battle(field("....\n....", spawns), seed=0) for _ in range(2))
    try:
        assert first.ctx.ruleset.hooks is not second.ctx.ruleset.hooks  # type: ignore[attr-defined]
        first.ctx.ruleset.hooks.attack_modifiers.clear()  # type: ignore[attr-defined]
        for b in (first, second):
            gear(b, "ada").readied = ["sword", "dagger"]
        labels = [
            [m.label for m in b.attack_preview("ada", "gor", "sword").modifiers]
            for b in (first, second)
        ]
        assert "dual wielding" not in labels[0] and "dual wielding" in labels[1]
    finally:
        first.close()
        second.close()


def test_the_hooks_are_installed_in_a_fixed_order() -> None:
    rs = GridRuleset()
    assert extensions.INSTALLS[0] is extensions.second_half
    assert rs.hooks.redirects == [screen.screen_redirect]
    assert rs.hooks.before_action == [hold.held_response]
    assert rs.hooks.after_turn == [hold.between_turns]
    assert rs.hooks.hash == {"items": items.hash_items}
    setups = [f.__module__.rsplit(".", 1)[-1] for f in rs.hooks.setup]
    assert setups == ["maneuver_state", "items", "reload", "grapple", "screen", "swarm"]
    kinds = list(rs.actions)
    assert kinds[:4] == ["move", "melee_attack", "ranged_attack", "disengage"]
    assert kinds[4] == "swarm_attack" and kinds[-1] == "end_turn"


def test_a_subclass_can_leave_out_one_extension_without_touching_the_others(
    no_dual: str,
) -> None:
    variant, plain = NoDualWielding(), GridRuleset()
    assert variant.hooks.attack_modifiers == [] and variant.hooks.damage_bonuses == []
    assert plain.hooks.attack_modifiers == [dual_wield.dual_modifier]
    assert plain.hooks.damage_bonuses == [dual_wield.dual_damage]
    assert variant.hooks.redirects == plain.hooks.redirects  # the rest is all there
    assert list(variant.actions) == list(plain.actions)

    def dual_battle(ruleset: str) -> Battle:
        spawns = [("Ada", "party", "skirmisher", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))]
        bf = field("....\n....", spawns)
        b = Battle(bf, ruleset=ruleset, seed=0, dice=ScriptedRandom((8, 1)))
        gear(b, "ada").readied = ["sword", "dagger"]
        set_hp(b, "gor", 30)
        return b

    def modifiers(b: Battle) -> list[str]:
        return [m.label for m in b.attack_preview("ada", "gor", "sword").modifiers]

    assert "dual wielding" not in modifiers(dual_battle(no_dual))
    assert "dual wielding" in modifiers(dual_battle("grid"))
