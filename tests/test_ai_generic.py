"""The generic AI (``game.ai.core.generic``) and the ruleset seam of the AI (issue 28).

The generic AI plays any ruleset from its decisions and the action metadata alone; a
ruleset without an AI of its own gets it from ``make_controller``; ``game.ai.core``
imports no ruleset and no ruleset's AI.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from clash_support import clash_battle, duel_field, set_hp
from engine_support import battle, field
from test_ai_tactics import wounded_foe_in_reach

from game.ai import make_controller, play
from game.ai.core.generic import CANDIDATES, GenericAI
from game.engine import Battle
from game.engine.answers import Answer, ChooseUnit, Decline
from game.engine.decision import Decision, Option
from game.engine.seam import TARGET_KINDS
from game.rules import get_ruleset, register_ruleset, unregister_ruleset
from game.rules.clash.declare import ClashAttack
from game.rules.grid import GridRuleset
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.components import Health
from game.rules.grid.move import Move
from game.rules.preview import AttackPreview

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
NAMES = ("baseline", "easy", "normal", "tactical", "hard", "search", "ai")


class RandomPlayer:
    """Gives a legal answer drawn at random (seeded): the floor any AI must clear."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"random-player/{seed}")

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        answers = battle.legal_answers() if decision.open else list(decision.answers)
        return answers[self.rng.randrange(len(answers))]


# -- whole battles -----------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["grid", "clash"])
@pytest.mark.parametrize("map_name", ["duel", "village"])
def test_the_generic_ai_plays_whole_battles_of_any_ruleset(ruleset: str, map_name: str) -> None:
    b = Battle(MAPS / f"{map_name}.tmx", ruleset, seed=4)
    given = play(b, {s: GenericAI("normal", 4) for s in b.controllers})  # raises on a refusal
    assert b.over and given > 0
    assert b.winner in (*b.controllers, None)
    b.close()


def _generic_against_random(ruleset: str, games: int) -> tuple[int, int]:
    """Games the generic AI and the random player each won (sides swapped each game)."""
    generic = random_won = 0
    for seed in range(games):
        b = Battle(MAPS / "duel.tmx", ruleset, seed=seed)
        sides = list(b.controllers)
        ours = sides[seed % 2]
        play(b, {s: GenericAI("normal", seed) if s == ours else RandomPlayer(seed) for s in sides})
        assert b.over
        generic += b.winner == ours
        random_won += b.winner not in (ours, None)
        b.close()
    return generic, random_won


@pytest.mark.parametrize("ruleset", ["grid", "clash"])
def test_the_generic_ai_clearly_beats_a_random_legal_player(ruleset: str) -> None:
    """On duel, 12 games with the sides swapped each game: measured 12 won, 0 lost
    (grid) and 8 won, 0 lost, 4 drawn at the round limit (clash: a random unit that
    wanders off is not always caught)."""
    won, lost = _generic_against_random(ruleset, 12)
    assert won >= 8 and lost <= 2, (won, lost)


def test_the_generic_ai_is_deterministic_for_a_seed() -> None:
    def answers() -> list[Answer]:
        b = Battle(MAPS / "duel.tmx", "clash", seed=2)
        play(b, {s: GenericAI("easy", 2) for s in b.controllers})
        out = list(b.answers)
        b.close()
        return out

    assert answers() == answers()


def test_on_a_big_battle_the_generic_ai_previews_no_more_than_its_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """battle.tmx (43 units): played until a unit has more attacks on offer than
    ``CANDIDATES`` (seed 0: up to 238); it previews at most ``CANDIDATES`` of them."""
    previews = [0]
    plain = Battle.answer_preview

    def counted(self: Battle, answer: Answer) -> object:
        previews[0] += 1
        return plain(self, answer)

    monkeypatch.setattr(Battle, "answer_preview", counted)
    b = Battle(MAPS / "battle.tmx", "grid", seed=0)
    ais = {s: GenericAI("normal", 0) for s in b.controllers}
    crowded = False
    for _ in range(400):
        d = b.pending
        if d is None or b.over:
            break
        offered = 0
        if d.open:
            aims = {o.kind: o for o in d.options if o.allowed}
            offered = sum(1 for a in b.legal_answers() if a.kind in aims and aims[a.kind].attacks)
        previews[0] = 0
        answer = ais[d.side].choose(b, d)
        assert previews[0] <= CANDIDATES
        assert b.answer(answer).ok
        if offered > CANDIDATES:
            crowded = True
            break
    assert crowded
    b.close()


# -- clear right moves ---------------------------------------------------------------------
@pytest.mark.parametrize("name", ["normal", "baseline", "easy"])
def test_the_generic_ai_drops_the_wounded_enemy_beside_it_grid(name: str) -> None:
    """Ada (grid) beside two bandits, Hal down to 1 HP: she strikes Hal (a plain blow or
    a charge, whichever the preview gives the better chance to drop him)."""
    b = wounded_foe_in_reach()
    d = b.pending
    assert d is not None
    answer = GenericAI(name, 0).choose(b, d)
    assert next(o for o in d.options if o.kind == answer.kind).attacks
    assert getattr(answer, "target", None) == "hal"
    assert b.validate(answer) is None


def test_the_generic_ai_drops_the_wounded_enemy_beside_it_clash() -> None:
    b = clash_battle(
        duel_field(
            [
                ("Ada", "party", "warrior", (1, 1)),
                ("Gor", "bandits", "bandit", (2, 1)),
                ("Hal", "bandits", "bandit", (2, 2)),
            ]
        ),
        [5],
    )
    set_hp(b, "hal", 1)
    assert b.pending is not None and b.pending.kind == "turn" and b.pending.unit == "ada"
    answer = GenericAI("normal", 0).choose(b, b.pending)
    assert isinstance(answer, ClashAttack) and answer.target == "hal"
    assert b.validate(answer) is None


def test_a_hurt_unit_keeps_off_squares_beside_several_enemies() -> None:
    """(7, 4) is beside both bandits, (7, 2) beside Gor alone: as near the enemy, so a
    whole Ada weighs them the same; at 1 HP she gives the crowded square up (and does
    not charge into it either)."""
    spawns = [
        ("Ada", "party", "warrior", (4, 3)),
        ("Gor", "bandits", "bandit", (8, 3)),
        ("Hal", "bandits", "bandit", (8, 5)),
    ]
    b = battle(field("\n".join(["." * 12] * 9), spawns), faces=[8, 1])
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("ada")).ok
    d = b.pending
    assert d is not None and d.kind == "turn" and d.unit == "ada"
    ai = GenericAI("normal", 0)
    options = {o.kind: o for o in d.options if o.allowed}

    def scores() -> dict[tuple[int, int], float]:
        me, foes = b.unit("ada"), ai.enemies(b, "party")
        walks = ai.walks(b, me, foes, b.legal_answers(), options)
        return {s.first.path[-1]: s.score for s in walks}  # type: ignore[attr-defined]

    whole = scores()
    assert whole[(7, 4)] == whole[(7, 2)]
    b.edit("ada", Health).hp = 1
    hurt = scores()
    assert hurt[(7, 4)] < hurt[(7, 2)] == whole[(7, 2)]
    walk = ai.choose(b, d)
    assert isinstance(walk, Move) and walk.path[-1] != (7, 4)
    assert b.validate(walk) is None


@pytest.mark.parametrize(("hp", "reacts"), [(1, True), (None, False)])
def test_a_reaction_strikes_only_when_it_likely_drops_the_enemy(
    hp: int | None, reacts: bool
) -> None:
    """A window offering a blow on Hal and Decline: taken when Hal is down to 1 HP."""
    b = wounded_foe_in_reach()
    if hp is None:
        h = b.edit("hal", Health)
        h.hp = h.max_hp
    blow, decline = MeleeAttack("ada", "hal", "sword"), Decline("ada")
    assert b.validate(blow) is None, b.validate(blow)
    d = Decision(
        id=0,
        kind="reaction",
        side="party",
        unit="ada",
        prompt="react?",
        options=(
            Option(kind=blow.kind, label="Strike", answer=blow),
            Option(kind="decline", label="Decline", answer=decline),
        ),
    )
    assert GenericAI("normal", 0).choose(b, d) == (blow if reacts else decline)


# -- the registry: a ruleset's own AI, else the generic one --------------------------------
class _NoAIRuleset(GridRuleset):
    id = "grid_without_ai"
    ai_module = ""


@pytest.fixture
def no_ai_ruleset() -> Iterator[str]:
    register_ruleset(_NoAIRuleset.id, _NoAIRuleset)
    yield _NoAIRuleset.id
    unregister_ruleset(_NoAIRuleset.id)


def test_a_ruleset_without_an_ai_gets_the_generic_one(no_ai_ruleset: str) -> None:
    for name in NAMES:
        ai = make_controller(name, 3, no_ai_ruleset)
        assert isinstance(ai, GenericAI) and ai.name == name
    b = Battle(MAPS / "duel.tmx", no_ai_ruleset, seed=1)
    play(b, {s: make_controller("ai", 1, no_ai_ruleset) for s in b.controllers})
    assert b.over
    b.close()


class _NoPreviewRuleset(GridRuleset):
    """Grid without previews, as a ruleset that has none answers."""

    id = "grid_without_previews"
    ai_module = ""

    def attack_preview(self, *args: object, **kwargs: object) -> AttackPreview:
        raise NotImplementedError

    def answer_preview(self, *args: object, **kwargs: object) -> AttackPreview | None:
        return None


def test_without_previews_the_generic_ai_judges_by_health_and_plays_on() -> None:
    register_ruleset(_NoPreviewRuleset.id, _NoPreviewRuleset)
    try:
        b = Battle(MAPS / "duel.tmx", _NoPreviewRuleset.id, seed=5)
        play(b, {s: make_controller("normal", 5, _NoPreviewRuleset.id) for s in b.controllers})
        assert b.over
        b.close()
        b = wounded_foe_in_reach()
        assert b.pending is not None
        b.ctx.ruleset = _NoPreviewRuleset()  # Ada's turn as before, no previews now
        answer = GenericAI("normal", 0).choose(b, b.pending)
        assert getattr(answer, "target", None) == "hal"
    finally:
        unregister_ruleset(_NoPreviewRuleset.id)


def test_rulesets_with_an_ai_get_their_own_never_the_generic_one() -> None:
    from game.ai.clash import ClashAI
    from game.ai.core.search import SearchAI
    from game.ai.grid.baseline import BaselineAI
    from game.ai.grid.search import GridModel
    from game.ai.grid.tactical import TacticalAI

    assert isinstance(make_controller("baseline", 0, "grid"), BaselineAI)
    assert isinstance(make_controller("hard", 0, "grid"), TacticalAI)
    assert isinstance(make_controller("tactical", 0), TacticalAI)  # the default ruleset: grid
    searcher = make_controller("search", 0, "grid")
    assert isinstance(searcher, SearchAI) and isinstance(searcher.model, GridModel)
    assert isinstance(make_controller("hard", 0, "clash"), ClashAI)
    assert isinstance(make_controller("tactical", 0, "clash"), ClashAI)
    assert get_ruleset("grid").ai_module == "game.ai.grid"


# -- the seam ------------------------------------------------------------------------------
FORBIDDEN = ("game.rules.grid", "game.rules.clash", "game.ai.grid", "game.ai.clash")


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out.extend(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_the_ai_core_imports_no_ruleset_and_no_rulesets_ai() -> None:
    files = sorted((ROOT / "game" / "ai" / "core").glob("*.py"))
    assert files
    for path in files:
        for name in _imports(path):
            bad = [f for f in FORBIDDEN if name == f or name.startswith(f + ".")]
            assert not bad, f"{path.name} imports {name}"
    text = "\n".join(p.read_text(encoding="utf-8") for p in files)
    assert "importlib.import_module" in text  # a ruleset's AI comes by name, from the ruleset


def test_importing_the_ai_core_loads_no_ruleset_ai() -> None:
    code = (
        "import sys, game.ai, game.ai.core.generic, game.ai.core.walk\n"
        f"bad = [m for m in sys.modules if m.startswith({FORBIDDEN!r})]\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout


@pytest.mark.parametrize("ruleset", ["grid", "clash"])
def test_every_action_says_what_it_aims_at_and_its_options_carry_it(ruleset: str) -> None:
    rs = get_ruleset(ruleset)
    assert rs.actions
    for spec in rs.actions.values():
        assert spec.target_kind in TARGET_KINDS, spec.kind
        names = [f.name for f in dataclasses.fields(spec.answer_type)]
        if spec.target_kind == "none":
            assert spec.target_field == "" and not spec.attacks, spec.kind
        else:
            assert spec.target_field in names, spec.kind
    b = Battle(MAPS / "duel.tmx", ruleset, seed=0)
    while b.pending is not None and not b.pending.open:
        assert b.answer(b.pending.answers[0]).ok
    assert b.pending is not None
    for option in b.pending.options:
        spec = rs.actions[option.kind]
        assert (option.target_kind, option.target_field, option.moves, option.attacks) == (
            spec.target_kind,
            spec.target_field,
            spec.moves,
            spec.attacks,
        )
    b.close()


def test_the_aim_of_an_option_is_left_out_of_the_state_hash() -> None:
    """It follows from the option's kind; saves and pinned hashes stay as they were."""
    b = Battle(MAPS / "duel.tmx", "grid", seed=0)
    before = b.state_hash()
    pending = b.pending
    assert pending is not None
    aimless = tuple(
        dataclasses.replace(o, target_kind="none", target_field="", moves=False, attacks=False)
        for o in pending.options
    )
    b.pending = dataclasses.replace(pending, options=aimless)
    assert b.state_hash() == before
    b.close()
