"""The search AI (issue 31): ``search`` tries candidate lines on forks of the battle with
dice of its own and scores the leaves (``game.ai.core.search``, ``game.ai.grid.search``).

Scripted positions from the hard-vs-hard logs of issue 31, each with the blunder the
tactical hard (``hard``, also named ``tactical``) makes there and the search does not;
and the search's contract: it never changes the battle it is asked about, never reads
the battle's own dice, and a seed replays identically.
"""

from __future__ import annotations

import dataclasses

from clash_support import clash_battle, duel_field
from engine_support import battle, duel, field
from test_ai_tactics import OPEN, ask, position

from game.ai import make_controller, play
from game.ai.core.search import Line, SearchAI, SearchConfig, StratifiedDice, Tried
from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.engine.decision import Decision
from game.rules.grid import units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.charge import Charge
from game.rules.grid.components import Conditions, Health
from game.rules.grid.disengage import Disengage
from game.rules.grid.hold import HoldAction
from game.rules.grid.move import Move
from game.rules.grid.opportunity import leaving_threats
from game.rules.grid.state import GridState
from game.rules.grid.use_skill import FirstAid


def mortally_wounded(b: Battle, unit: str) -> None:
    """``unit`` falls as the party falls (004 · Death: mortally wounded, rounds left)."""
    b.edit(unit, Health).hp = 0
    cond = b.edit(unit, Conditions)
    cond.mortally_wounded = True
    cond.mortal_rounds_left = 5


# -- blunder 6: first aid was never given ---------------------------------------------------
def test_the_search_tends_the_dying_ally_beside_it_rather_than_charge() -> None:
    """004 · Use a Skill (First Aid: a Heal check against 8 stabilises a mortally wounded
    ally beside the unit). Wyn lies dying beside Ada; two bandits stand four and five
    squares off. Today's hard charges one (nothing in its planner knows First Aid); the
    search tries First Aid like any other answer, and a life saved outweighs a charge at
    a full-health bandit."""
    spawns = [
        ("Ada", "party", "warrior", (5, 4)),
        ("Wyn", "party", "spearman", (4, 4)),
        ("Gor", "bandits", "bandit", (9, 4)),
        ("Hal", "bandits", "bandit", (10, 5)),
    ]
    b = position(OPEN, spawns, "ada")
    mortally_wounded(b, "wyn")
    assert isinstance(ask(b, "tactical"), Charge)
    assert ask(b, "search") == FirstAid("ada", "wyn")
    b.close()


# -- blunder 2: the leader runs past the enemies' reach ----------------------------------
def test_the_leader_does_not_run_past_four_spears_to_reach_a_wounded_orc() -> None:
    """004 · Run: each enemy whose reach the runner leaves gets an attack of opportunity.
    The side's leader, a captain, stands beside a file of four bandits; an orc at 4 HP
    stands seven squares off. Today's hard runs round the file toward the orc (it arrives
    with no Main action left), leaving three bandits' reach; the search plays the run on
    forks with the bandits' blows rolled and fights where it stands."""
    spawns = [("Dunstan", "party", "captain", (5, 4))]
    spawns += [(f"O{i}", "bandits", "bandit", (4, 2 + i)) for i in range(4)]
    spawns += [("T", "bandits", "orc", (12, 4))]
    b = battle(field(OPEN, spawns, leaders=["Dunstan"]), faces=[8, 1])
    b.edit("t", Health).hp = 4
    assert b.pending is not None
    if b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("dunstan")).ok
    run = ask(b, "tactical")
    assert isinstance(run, Move) and len(provokers(b, run)) == 3
    stand = ask(b, "search")
    assert isinstance(stand, MeleeAttack), stand
    b.close()


# -- blunder 4: the only spear thrown from beside an enemy ----------------------------------
def test_the_search_disengages_rather_than_throw_its_only_spear_beside_the_captain() -> None:
    """004 · Make a Ranged Attack (-4 with an armed enemy beside the thrower) and Thrown
    weapons (the spear lands at the target's feet). Sigrid, a 4-HP spear bandit, stands
    beside an enemy captain; an archer at 1 HP stands six squares off. Today's hard steps
    along the captain and throws its only spear at the archer from beside him, and is
    left bare-handed in his reach; the search, which plays the line on forks and sees
    the miss and the captain's blows, disengages first or keeps its Main action for
    Total Defense (004 · Total Defense: AC +2 against the captain's blow)."""
    spawns = [
        ("Sigrid", "party", "bandit", (5, 4)),
        ("Cap", "bandits", "captain", (6, 4)),
        ("Ivo", "bandits", "bandit_archer", (11, 4)),
    ]
    b = position(OPEN, spawns, "sigrid", hp={"sigrid": 4, "ivo": 1})
    step = ask(b, "tactical")
    assert isinstance(step, Move) and provokers(b, step) == set()
    line = b.fork()
    assert line.answer(step).ok and line.pending is not None
    throw = make_controller("tactical", 0).choose(line, line.pending)
    assert throw == RangedAttack("sigrid", "ivo", "spear")
    with line._active():
        assert units.distance(units.cell(line.ctx, "sigrid"), units.cell(line.ctx, "cap")) == 1
        assert [w.id for w in units.melee_weapons(line.ctx, "sigrid")] == ["spear", "unarmed"]
    line.close()
    # Disengage, or stand with the Main action kept for Total Defense against his blow
    assert ask(b, "search") in (Disengage("sigrid"), EndTurn("sigrid"))
    b.close()


# -- blunder 1: a path past five enemies ----------------------------------------------------
def test_the_search_does_not_run_a_path_past_five_enemies() -> None:
    """004 · Run and Disengage: each enemy whose reach the runner leaves gets an attack of
    opportunity; Disengage (the Main action) lets the unit walk off without any. Dunstan,
    a 9-HP warrior, stands in a ring of five bandits; a bandit archer at 1 HP stands four
    squares off. Today's hard walks round the ring to the archer, leaving all five
    bandits' reach (it prices each blow by its mean; the search rolls them, one after
    another on the HP the last one left). The search values Disengage above that walk
    and gives an answer that provokes none."""
    spawns = [("Dunstan", "party", "warrior", (5, 4))]
    ring = [(4, 3), (4, 4), (4, 5), (5, 3), (5, 5)]
    spawns += [(f"B{i}", "bandits", "bandit", c) for i, c in enumerate(ring)]
    spawns += [("Ivo", "bandits", "bandit_archer", (1, 4))]
    b = position(OPEN, spawns, "dunstan", hp={"ivo": 1})
    walk = ask(b, "tactical")
    assert isinstance(walk, Move) and len(provokers(b, walk)) == 5
    assert b.pending is not None
    ai = make_controller("search", 0)
    assert isinstance(ai, SearchAI)
    answer = ai.choose(b, b.pending)
    assert not isinstance(answer, Move) or not provokers(b, answer), answer
    tried = {t.line[0]: t.value for t in ai.last}
    assert tried[Disengage("dunstan")] > tried[walk]
    b.close()


# -- blunder 3: walking off from a captain whose Shock kills ---------------------------------
def test_the_search_does_not_walk_off_from_a_captain_whose_shock_kills() -> None:
    """004 · Shock (a melee miss still deals the weapon's Shock to AC 13 or less), Run
    (leaving the captain's reach gives him an attack of opportunity) and Total Defense
    (an Instant for the Main action: AC +2 and no Shock). Sigrid, a 4-HP bandit archer
    (AC 13), stands beside an enemy captain, whose fine sword's Shock alone (4) drops her
    on a miss. Today's hard runs off past him; the search rolls that attack (a hit or a
    miss both drop her, unless she gives up the run's second Move for Total Defense)
    and stays out of it: it keeps its Main action for Total Defense where it stands, or
    disengages."""
    spawns = [
        ("Sigrid", "party", "bandit_archer", (8, 4)),
        ("Cap", "bandits", "captain", (9, 4)),
        ("Grak", "bandits", "orc", (10, 3)),
        ("Ulf", "bandits", "orc", (27, 4)),
        ("Bork", "bandits", "orc", (27, 1)),
        ("Wyn", "party", "bandit_archer", (12, 7)),
        ("Tam", "party", "militia", (12, 8)),
        ("Ode", "party", "militia", (8, 8)),
    ]
    b = position(OPEN, spawns, "sigrid", hp={"sigrid": 4})
    with b._active():
        sword = units.weapon(b.ctx, "fine_sword")
        assert sword.shock is not None and sword.shock.applies_to(13)
        assert units.stats(b.ctx, "cap").template.shock_damage(sword) >= 4
        assert units.stats(b.ctx, "sigrid").ac == 13
    walk = ask(b, "tactical")
    assert isinstance(walk, Move) and "cap" in provokers(b, walk)
    answer = ask(b, "search")
    assert answer in (EndTurn("sigrid"), Disengage("sigrid")), answer
    b.close()


# -- blunder 5: an archer charging into melee bare-handed ------------------------------------
def test_the_archer_does_not_charge_bare_handed_at_a_foe_it_can_shoot() -> None:
    """004 · Charge (a Move and a melee blow with the weapon in hand) and Make a Ranged
    Attack. A bandit archer, shortbow in hand and dagger stowed, stands three squares
    from a bandit at 1 HP with an orc behind him. Today's hard charges him with its
    fists (a 1d2 punch drops him as surely as an arrow, so it scores the charge a hair
    above the shot) and ends beside the orc, unarmed; the search plays both on forks,
    with the orc's blows after the charge, and keeps its distance: it shoots."""
    spawns = [
        ("Arn", "party", "bandit_archer", (5, 4)),
        ("Wat", "party", "warrior", (3, 4)),
        ("Hal", "bandits", "bandit", (8, 4)),
        ("Grak", "bandits", "orc", (9, 5)),
    ]
    b = position(OPEN, spawns, "arn", hp={"hal": 1})
    charge = ask(b, "tactical")
    assert charge == Charge("arn", "hal", "unarmed", (7, 3), False), charge
    answer = ask(b, "search")
    assert not isinstance(answer, Charge) and getattr(answer, "weapon", "") != "unarmed"
    line = b.fork()
    assert line.answer(answer).ok and line.pending is not None
    assert isinstance(make_controller("search", 0).choose(line, line.pending), RangedAttack)
    with line._active():
        at = units.cell(line.ctx, "arn")
        assert all(units.distance(at, units.cell(line.ctx, e)) > 1 for e in ("hal", "grak"))
    line.close()
    b.close()


def _leader_at_post(routed: tuple[str, ...]) -> Battle:
    """Haldor, the bandits' leader, keeps a post (``ai = guard``) far behind his band of
    four; three company fighters are at the band, ten squares off. The bandits act first;
    ``routed`` of the band have failed their morale. At Haldor's first decision."""
    spawns = [
        ("Haldor", "bandits", "bandit_chief", (24, 4)),
        ("B0", "bandits", "bandit", (14, 3)),
        ("B1", "bandits", "bandit", (14, 5)),
        ("B2", "bandits", "bandit", (13, 4)),
        ("B3", "bandits", "bandit", (15, 7)),
        ("Ada", "party", "warrior", (12, 4)),
        ("Wat", "party", "warrior", (12, 3)),
        ("Cen", "party", "spearman", (13, 6)),
    ]
    bf = field(OPEN, spawns, leaders=["Haldor"])
    posted = tuple(
        dataclasses.replace(s, ai="guard") if s.name == "Haldor" else s for s in bf.spawns
    )
    b = battle(dataclasses.replace(bf, spawns=posted), faces=[1, 8])
    for unit in routed:
        b.edit(unit, GridState).routed = True
    assert b.pending is not None and b.pending.side == "bandits"
    if b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("haldor")).ok
    assert b.pending is not None and b.pending.unit == "haldor"
    return b


# -- blunder 5, second half: a held-action leader idle while his band routs -------------------
def test_the_leader_leaves_his_post_when_his_band_routs() -> None:
    """004 · Morale (a failed check routs a unit: it flees on its turns) and Hold An Action;
    maps/README.md · Spawns (``guard``: stay near the post). Three of Haldor's four
    bandits have routed before the company's fighters, ten squares from his post. The
    tactical hard used to hold his action there round after round (his post's leash and
    next round's blows counted only near it) while the company cut the runners down;
    a post is for a band that holds (``Board.broken``), so now he goes to the fight, the
    tactical hard and the search alike. With one bandit routed the band still holds,
    and so does his post."""
    b = _leader_at_post(("b0",))
    assert ask(b, "tactical") == HoldAction("haldor")
    b.close()
    b = _leader_at_post(("b0", "b1", "b2"))
    for level in ("tactical", "search"):
        answer = ask(b, level)
        assert isinstance(answer, (Charge, Move)), (level, answer)
        end = answer.to if isinstance(answer, Charge) else answer.path[-1]
        with b._active():
            company = [units.cell(b.ctx, u) for u in ("ada", "wat", "cen")]
        assert min(units.distance(end, c) for c in company) <= 2, (level, answer)
    b.close()


def provokers(b: Battle, move: Move) -> set[str]:
    """The enemies ``move`` gives an attack of opportunity (004 · Run)."""
    with b._active():
        at = units.cell(b.ctx, move.unit)
        out: set[str] = set()
        for step in move.path:
            out |= set(leaving_threats(b.ctx, move.unit, at, step))
            at = step
    return out


# -- the contract ----------------------------------------------------------------------------
def test_the_search_leaves_the_battle_and_its_dice_alone() -> None:
    """The search forks; the live battle's state, answers and scripted dice are untouched
    (a fork rolls the AI's own dice: it cannot peek at the battle's next faces)."""
    b = duel(a="warrior", b="bandit", b_cell=(3, 1))
    assert b.pending is not None and b.pending.kind == "turn"
    rng = b.ctx.rng
    assert isinstance(rng, ScriptedRandom)
    before, rolled, answers = b.state_hash(), len(rng.log), len(b.answers)
    ai = make_controller("search", 0)
    answer = ai.choose(b, b.pending)
    assert b.validate(answer) is None
    assert (b.state_hash(), len(rng.log), len(b.answers)) == (before, rolled, answers)
    b.close()


def _search_duel(seed: int) -> tuple[str, list[Answer]]:
    b = Battle("maps/duel.tmx", seed=seed)
    play(b, {s: make_controller("search", seed) for s in b.controllers})
    out = (b.state_hash(), list(b.answers))
    b.close()
    return out


def test_a_seed_replays_identically() -> None:
    """Budgets are counted in nodes, never in time, and the search's dice are seeded: the
    same seed gives the same battle."""
    assert _search_duel(3) == _search_duel(3)


def test_stratified_dice_cover_each_die_over_the_samples() -> None:
    """Over four samples, each die of a line falls once in each quarter of its faces."""
    for die in range(3):
        faces = []
        for k in range(4):
            rng = StratifiedDice("t", k, 4)
            rolls = [rng.randint(1, 20) for _ in range(3)]
            faces.append(rolls[die])
        assert sorted((f - 1) // 5 for f in faces) == [0, 1, 2, 3]


def test_a_clear_blow_is_still_struck() -> None:
    """A bandit down to 1 HP beside Ada: the search keeps the planner's kill."""
    b = position(
        OPEN,
        [("Ada", "party", "warrior", (5, 4)), ("Hal", "bandits", "bandit", (6, 4))],
        "ada",
        hp={"hal": 1},
    )
    answer = ask(b, "search")
    assert isinstance(answer, MeleeAttack) and answer.target == "hal"
    b.close()


class _RoundWatcher:
    """A search model that plays clash's hard AI and records, at each leaf, the round
    the fork stands in (for the core's stop rule, ``SearchConfig.until``)."""

    def __init__(self) -> None:
        self.ai = make_controller("hard", 0, "clash")
        self.rounds: list[int] = []

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        return self.ai.choose(battle, decision)

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        mine = [a for a in battle.legal_answers() if getattr(a, "unit", None) == decision.unit]
        return [(a,) for a in mine[:2]]

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        self.rounds.append(battle.round)
        return 0.0


def test_a_fork_plays_on_until_the_round_resolves_when_the_model_asks() -> None:
    """000 · Declare Actions: in clash nothing resolves until every unit has declared,
    so a model may ask the core to stop a fork only once the round is over
    (``until="round"``: every other declaration and reaction by its policy); by default
    a fork stops when the unit's turn is over, still in the round it was given in."""
    spawns = [
        ("Ada", "party", "warrior", (5, 2)),
        ("Bo", "party", "militia", (3, 2)),
        ("Gor", "bandits", "bandit", (6, 2)),
        ("Hal", "bandits", "bandit", (8, 3)),
    ]
    for until, later in (("round", 1), ("turn", 0)):
        b = clash_battle(duel_field(spawns), seed=2)
        assert b.pending is not None and b.pending.kind == "turn"
        start = b.round
        model = _RoundWatcher()
        config = SearchConfig(candidates=2, samples=1, leaves=2, steps=200, until=until)
        SearchAI("watch", 0, model, config).choose(b, b.pending)
        assert len(model.rounds) == 2 and set(model.rounds) == {start + later}
        assert b.round == start and len(b.answers) == 0
        b.close()


def test_a_noisy_lead_does_not_override_the_models_pick() -> None:
    """``SearchConfig.confidence``: a line whose higher mean comes from one lucky sample
    (behind the pick in three samples of four, the same dice in each, far ahead in the
    fourth) is not taken over the model's pick; a steady lead of the same size is, and so
    is a line that rolled no die. With ``confidence`` 0 the margin alone decides."""
    pick = Tried((EndTurn("a"),), 0.0, 4, (0.0, 0.0, 0.0, 0.0))
    lucky = Tried((EndTurn("b"),), 3.0, 4, (-5.0, -5.0, -5.0, 27.0))
    steady = Tried((EndTurn("c"),), 3.0, 4, (2.5, 3.0, 3.5, 3.0))
    unrolled = Tried((EndTurn("d"),), 3.0, 1, (3.0,))
    careful = SearchAI("t", 0, _RoundWatcher(), SearchConfig(confidence=0.4))
    assert not careful.sure(lucky, pick)
    assert careful.sure(steady, pick) and careful.sure(unrolled, pick)
    assert SearchAI("t", 0, _RoundWatcher(), SearchConfig()).sure(lucky, pick)


class _Counting:
    """The grid model of ``search``, counting the policy's answers."""

    def __init__(self) -> None:
        ai = make_controller("search", 0)
        assert isinstance(ai, SearchAI)
        self.inner = ai.model
        self.calls = 0

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        self.calls += 1
        return self.inner.policy(battle, decision)

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        return self.inner.candidates(battle, decision)

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        return self.inner.leaf(battle, side, unit)


def test_the_policy_is_asked_once_a_line_until_a_die_is_rolled() -> None:
    """Before a fork's first die every sample of a line stands where the first stood, so
    the policy's answer there (the blow after a walk up to a bandit) is asked once for
    the line, not once a sample; the choice is the same as asking every time."""
    spawns = [("Ada", "party", "warrior", (5, 4)), ("Hal", "bandits", "bandit", (9, 4))]
    b = position(OPEN, spawns, "ada")
    assert b.pending is not None
    config = SearchConfig(candidates=3, samples=4, leaves=12, follow=1)
    model = _Counting()
    ai = SearchAI("t", 0, model, config)
    answer = ai.choose(b, b.pending)
    walks = [t for t in ai.last if isinstance(t.line[0], Move) and len(t.line) == 1]
    assert walks and all(t.samples == 4 for t in walks)  # the blow after the walk rolls
    assert model.calls < sum(t.samples for t in ai.last)
    again = _Counting()
    assert _AskingAlways("t", 0, again, config).choose(b, b.pending) == answer
    assert again.calls > model.calls
    b.close()


class _AskingAlways(SearchAI):
    """The search asking its policy at every answer of every fork."""

    def reply(
        self,
        fork: Battle,
        decision: Decision,
        key: tuple[int | None, int],
        dice: StratifiedDice,
        unrolled: object,
    ) -> Answer:
        return self.model.policy(fork, decision)
