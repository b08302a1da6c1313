"""The search in every ruleset (issue 31): ``search`` in ``zones`` and ``factions`` is the
core's search AI over a ruleset-neutral model (``game.ai.core.generic_search``) with
the ruleset's own ``hard`` as its policy.

The model names no ruleset; the search never changes the battle it is asked about nor
reads its dice; a seed replays identically; ``simulate`` plays it to the end; and in a
position of each ruleset the look-ahead changes the pick for a reason the test states.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.core import generic_search
from game.ai.core.generic_search import GenericModel, evaluate, evaluation_of
from game.ai.core.search import SearchAI
from game.ai.factions import FactionsAI
from game.ai.zones import ZonesAI
from game.engine import Battle
from game.engine.answers import Answer, EndTurn
from game.rules.factions.answers import Attack, Move
from game.rules.zones.actions import FirstAid
from game.rulesets import ruleset_ids

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "game" / "ai" / "core" / "generic_search.py"
TERMS = ("AC", "Shock", "Armor", "Fatigue", "Stress")


def at(ruleset: str, map_name: str, seed: int, answers: int) -> Battle:
    """The battle of ``map_name`` with ``seed`` after ``answers`` answers of ``hard``
    against ``hard`` (a position the test names by how it was reached)."""
    b = Battle(f"maps/{map_name}.tmx", seed=seed, ruleset=ruleset)
    hard = {s: make_controller("hard", seed, ruleset) for s in b.controllers}
    while b.pending is not None and len(b.answers) < answers:
        assert b.answer(hard[b.pending.side].choose(b, b.pending)).ok
    assert b.pending is not None
    return b


def ask(b: Battle, name: str, seed: int) -> Answer:
    assert b.pending is not None
    return make_controller(name, seed, b.ruleset_id).choose(b, b.pending)


# -- the seam ---------------------------------------------------------------------------------
def test_the_generic_search_names_no_ruleset() -> None:
    """Shared code names no ruleset (DESIGN.md · The ruleset seam): the model imports no
    ruleset and no ruleset's AI, and its text names no ruleset id and no ruleset term."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    imported = [
        n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
    ] + [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert imported
    for name in imported:
        assert not name.startswith("game.rules"), name
        assert not any(name.startswith(f"game.ai.{r}") for r in ruleset_ids()), name
    text = SOURCE.read_text(encoding="utf-8")
    for word in (*ruleset_ids(), *TERMS):
        assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), word


def test_importing_the_generic_search_loads_no_ruleset() -> None:
    code = (
        "import sys, game.ai.core.generic_search\n"
        "ids = ('game.rules.', 'game.ai.')\n"
        "bad = [m for m in sys.modules if m.startswith(ids) and not m.startswith"
        "(('game.ai.core', 'game.rules.objectives', 'game.rules.ending'))\n"
        "       and m not in ('game.rules', 'game.ai')]\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout


@pytest.mark.parametrize(("ruleset", "hard"), [("zones", ZonesAI), ("factions", FactionsAI)])
def test_search_is_the_generic_search_over_the_rulesets_hard(ruleset: str, hard: type) -> None:
    ai = make_controller("search", 3, ruleset)
    assert isinstance(ai, SearchAI) and isinstance(ai.model, GenericModel)
    assert isinstance(ai.model.inner, hard) and ai.model.inner.name == "hard"
    assert type(make_controller("hard", 3, ruleset)) is hard  # hard stays as it is


# -- the contract -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "map_name", "answers"), [("zones", "village", 60), ("factions", "ambush", 60)]
)
def test_the_search_leaves_the_battle_and_its_dice_alone(
    ruleset: str, map_name: str, answers: int
) -> None:
    """The search plays its lines on forks with dice of its own: the live battle's state,
    answers, events and generator are as they were."""
    b = at(ruleset, map_name, 5, answers)
    while b.pending is not None and b.pending.kind != "turn":
        assert b.answer(make_controller("hard", 5, ruleset).choose(b, b.pending)).ok
    assert b.pending is not None
    before = (b.state_hash(), len(b.answers), len(b.events), b.ctx.rng.getstate())
    ai = make_controller("search", 5, ruleset)
    answer = ai.choose(b, b.pending)
    assert b.validate(answer) is None
    assert (b.state_hash(), len(b.answers), len(b.events), b.ctx.rng.getstate()) == before
    b.close()


def _search_battle(ruleset: str, map_name: str, seed: int) -> tuple[str, int]:
    b = Battle(f"maps/{map_name}.tmx", seed=seed, ruleset=ruleset)
    sides = list(b.controllers)
    names = {sides[0]: "search", sides[1]: "hard"}
    play(b, {s: make_controller(n, seed, ruleset) for s, n in names.items()})
    out = (b.state_hash(), len(b.answers))
    b.close()
    return out


@pytest.mark.parametrize(("ruleset", "map_name"), [("zones", "duel"), ("factions", "duel")])
def test_a_seed_replays_identically(ruleset: str, map_name: str) -> None:
    """Budgets are counted in nodes, never in time, and the forks' dice are seeded by the
    AI: the same seed gives the same battle, to its last hash."""
    assert _search_battle(ruleset, map_name, 4) == _search_battle(ruleset, map_name, 4)


@pytest.mark.parametrize(
    ("ruleset", "ais"), [("zones", "search,hard"), ("factions", "hard,search")]
)
def test_simulate_plays_search_against_hard_to_the_end(
    ruleset: str, ais: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "duel", "--ruleset", ruleset, "--seed", "2", "--jobs", "1"]
    assert main([*args, "--ai", ais]) == 0
    assert "1 games on duel.tmx" in capsys.readouterr().out


# -- the leaf -----------------------------------------------------------------------------------
def test_the_neutral_evaluation_is_ours_less_theirs() -> None:
    """Two sides: what one side gains the other loses (the worth of the units in the
    fight, the objectives' progress)."""
    b = at("zones", "village", 3, 40)
    one, two = list(b.controllers)
    assert evaluate(b, one) == pytest.approx(-evaluate(b, two))
    assert evaluation_of(b) is evaluate  # zones exports no evaluation of its own
    b.close()


def test_a_rulesets_ai_module_may_bring_its_own_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hook: an ``evaluate(battle, side)`` exported by the ruleset's AI module scores
    the leaves instead of the neutral one. Here one that values every fork alike: the
    search still plays its lines (Red Haldor's, below) and keeps the policy's pick."""
    import game.ai.zones as zones_ai

    seen: list[str] = []

    def own(battle: Battle, side: str) -> float:
        seen.append(side)
        return 0.0

    monkeypatch.setattr(zones_ai, "evaluate", own, raising=False)
    monkeypatch.setattr(generic_search, "_FOUND", {})
    b = at("zones", "village", 7, 62)
    assert evaluation_of(b) is own and b.pending is not None
    ai = make_controller("search", 7, "zones")
    assert isinstance(ai, SearchAI)
    assert ai.choose(b, b.pending) == EndTurn("red-haldor")  # hard's pick
    assert len(ai.last) >= 2 and seen and set(seen) == {"raiders"}
    b.close()


def test_a_rulesets_ai_module_may_name_candidates_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other hook: ``candidates(battle, decision)`` exported by the ruleset's AI module
    names answers the model tries right after the policy's pick, before the seam's."""
    import game.ai.zones as zones_ai

    b = at("zones", "village", 7, 62)
    assert b.pending is not None
    model = GenericModel(ZonesAI("hard", 7), 7)
    seam = model.candidates(b, b.pending)
    walk = next(a for a in b.legal_answers() if a.kind == "zones_move" and (a,) not in seam)
    monkeypatch.setattr(zones_ai, "candidates", lambda battle, d: [walk], raising=False)
    lines = model.candidates(b, b.pending)
    assert lines[0] == seam[0] and lines[1] == (walk,) and lines[2:] == seam[1:]
    b.close()


# -- scripted positions: the look-ahead changes the pick -----------------------------------------
def test_zones_the_hurt_leader_tends_himself_before_the_longbow_shoots() -> None:
    """001 · first aid (a Skill test DR12 heals 1d4) and morale (a side whose leader falls
    tests). Village, seed 7, after 62 answers of hard against hard: Red Haldor, the
    raiders' leader, at 7 of 10 HP with Eadric's longbow on him. Hard ends his turn (it
    tends only an ally taking Ongoing Damage or below a third of its HP). The search
    plays that on to the company's reply: Eadric's arrow (8 damage) drops him in both
    samples and his fall sets off the raiders' morale tests, four and eight of them flee; after
    first aid the same arrow leaves him standing. So it tends himself."""
    b = at("zones", "village", 7, 62)
    assert b.pending is not None and b.pending.unit == "red-haldor"
    assert (b.unit("red-haldor").hp, b.unit("red-haldor").max_hp) == (7, 10)
    assert ask(b, "hard", 7) == EndTurn("red-haldor")
    ai = make_controller("search", 7, "zones")
    assert isinstance(ai, SearchAI)
    assert ai.choose(b, b.pending) == FirstAid("red-haldor", "red-haldor")
    lines = {t.answer: t for t in ai.last}
    end, aid = lines[EndTurn("red-haldor")], lines[FirstAid("red-haldor", "red-haldor")]
    assert all(a > e + 4 for a, e in zip(aid.values, end.values, strict=True))
    b.close()


def test_factions_the_archer_takes_the_shrine_rather_than_shoot_at_a_dodger() -> None:
    """003 · Dodge (a reaction: an AGI save turns the blow) and the duel map's hold (whoever
    holds the shrine when the light fails wins). Duel, seed 2, after 2 answers: Osric's
    first turn. Hard shoots his longbow at Crow (4 HP: the preview's best chance of a
    drop). The search plays it on: Crow dodges in both samples (AGI 13) and Wulf
    Half-Hand walks onto the shrine; it walks Osric onto the shrine first and shoots on
    the move (hard's rest of the turn), so the shrine is the company's."""
    b = at("factions", "duel", 2, 2)
    assert b.pending is not None and b.pending.unit == "osric"
    shot = ask(b, "hard", 2)
    assert isinstance(shot, Attack) and shot.target == "crow"
    ai = make_controller("search", 2, "factions")
    assert isinstance(ai, SearchAI)
    walk = ai.choose(b, b.pending)
    assert isinstance(walk, Move)
    shrine = next(o for o in b.battlefield.objectives if o.kind == "hold")
    assert walk.to in shrine.cells
    lines = {t.answer: t for t in ai.last}
    dodged, took = lines[shot], lines[walk]
    assert len(set(dodged.values)) == 1  # the same leaf in both samples: no damage dealt
    assert all(w > d + 1 for w, d in zip(took.values, dodged.values, strict=True))
    b.close()
