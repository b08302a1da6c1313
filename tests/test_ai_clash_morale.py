"""Issue 31 (clash): what a side's morale puts at stake (the decided morale of
``game.rules.clash.morale``). A unit that runs away counts as lost for its side's morale
as one that falls does, so for a side that has not yet rolled its first-casualty check,
a retreat that gets away calls a WIL save that may send the whole side running
(``clash.morale.stake``). ``hard`` weighs that; before, it ran whenever staying was more
likely than not to end the unit, and the side that checks morale (raiders, the war
band) set off its own rout."""

from __future__ import annotations

from clash_support import duel_field, set_hp, set_state

from game.ai.clash import LEVELS
from game.ai.clash.morale import calls_check, fail_chance, stake
from game.ai.clash.plan import plan_side
from game.engine import Battle
from game.rules.clash import ClashRuleset
from game.rules.clash.declare import ClashRetreat, ClashShoot

WIDE = "\n".join(["." * 20] * 5) + "\n"
Spawns = list[tuple[str, str, str, tuple[int, int]]]


def archer_among_three(side: str) -> Battle:
    """An archer of ``side`` (HP 0, STR 6) two squares from three foes, with six
    friends far off; the foes are the other side."""
    other = "party" if side == "bandits" else "bandits"
    spawns: Spawns = [
        ("Cy", side, "bandit_archer", (5, 2)),
        ("B1", other, "bandit", (3, 2)),
        ("B2", other, "bandit", (7, 1)),
        ("B3", other, "bandit", (7, 3)),
    ]
    spawns += [(f"F{i}", side, "bandit", (15 + i % 4, i // 4)) for i in range(6)]
    b = Battle(duel_field(spawns, WIDE), "clash", seed=0)
    set_hp(b, "cy", 0)
    set_state(b, "cy", STR=6)
    return b


def test_an_archer_of_a_side_that_checks_morale_does_not_run_and_call_the_check() -> None:
    b = archer_among_three("bandits")
    assert calls_check(b.ctx, "bandits")
    assert stake(b.ctx, "cy") > 30.0  # 45% (WIL 9) of six bandits' worth
    assert isinstance(plan_side(b.ctx, "bandits", LEVELS["hard"], 0)["cy"], ClashShoot)
    b.close()


def test_the_same_archer_runs_where_running_calls_no_check() -> None:
    # The players' side never checks morale: nothing at stake.
    b = archer_among_three("party")
    assert not calls_check(b.ctx, "party") and stake(b.ctx, "cy") == 0.0
    b.close()
    # The bandits have rolled their first-casualty check; half of seven is far off.
    b = archer_among_three("bandits")
    ruleset = b.ctx.ruleset
    assert isinstance(ruleset, ClashRuleset)
    ruleset.morale.fired["bandits"] = {"first"}
    assert not calls_check(b.ctx, "bandits")
    assert plan_side(b.ctx, "bandits", LEVELS["hard"], 0)["cy"] == ClashRetreat("cy")
    b.close()


def test_the_save_is_the_leaders_wil_while_the_leader_fights() -> None:
    spawns: Spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Hal", "bandits", "bandit_chief", (9, 2)),
        ("B1", "bandits", "bandit", (10, 2)),
    ]
    b = Battle(duel_field(spawns, WIDE), "clash", seed=0)
    # No leader marked: the best WIL fighting (the chief's 13) saves; without the chief,
    # a bandit's 9.
    assert abs(fail_chance(b.ctx, "bandits") - 0.35) < 1e-9
    assert abs(fail_chance(b.ctx, "bandits", without="hal") - 0.55) < 1e-9
    b.close()
