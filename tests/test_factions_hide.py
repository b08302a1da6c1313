"""Source 003 · Sneaking in combat: "Hiding later during the fight requires being out of
sight for a while" — the Hide action (README · Decisions "hiding again"), fixed dice."""

from __future__ import annotations

from factions_support import end, fate, fbattle, ffield, log, ok, start

from game.engine.presenter import presenter_of
from game.rules.factions import units
from game.rules.factions.answers import Hide, Move, Speak
from game.rules.factions.sneak import in_sight

WALL = "\n".join([".....#...."] * 5)  # a wall from top to bottom: no sight across
FAR_WALL = "\n".join([".......#.."] * 4 + [".........."])  # a wall in the east zone, a gap
SCREEN = "\n".join([".....#...."] * 3 + [".........."] * 2)  # a wall on the upper rows


def test_a_unit_out_of_every_enemy_s_sight_since_its_turn_began_hides_and_is_concealed() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
    b = fbattle(ffield(spawns, WALL), [1])
    start(b, "party", "ada")
    assert not in_sight(b.ctx, "ada")
    ok(b, Hide("ada"))
    assert fate(b, "ada").concealed and "Ada hides" in log(b)
    assert b.validate(Hide("ada")) is not None  # the main action is spent
    assert "concealed" in b.unit("ada").conditions
    assert presenter_of(b).hidden_from(b, "ada", "bandits")
    assert not presenter_of(b).hidden_from(b, "ada", "party")
    assert not units.sees(b.ctx, "gor", "ada")


def test_no_hiding_in_sight_of_an_enemy() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
    b = fbattle(ffield(spawns), [1])
    start(b, "party", "ada")
    refused = b.validate(Hide("ada"))
    assert refused is not None and "sight" in refused
    assert Hide("ada") not in b.legal_answers()


def test_no_hiding_for_a_unit_seen_when_its_turn_began_even_once_out_of_sight() -> None:
    spawns = [("Ada", "party", "warrior", (4, 4)), ("Gor", "bandits", "bandit", (8, 4))]
    b = fbattle(ffield(spawns, SCREEN), [1])
    start(b, "party", "ada")
    assert in_sight(b.ctx, "ada")
    ok(b, Move("ada", (3, 0)))
    assert not in_sight(b.ctx, "ada")  # behind the wall now: not "for a while"
    refused = b.validate(Hide("ada"))
    assert refused is not None and "turn began" in refused


def test_a_hidden_unit_is_revealed_by_the_same_things_as_an_ambusher() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
    b = fbattle(ffield(spawns, WALL), [1])
    start(b, "party", "ada")
    ok(b, Hide("ada"))
    ok(b, Speak("ada"))  # the bonus action left: talking reveals
    assert not fate(b, "ada").concealed and "Ada is revealed (talking)" in log(b)
    end(b, "ada")


def test_the_hard_ai_hides_when_out_of_sight_with_no_blow_after_its_walk() -> None:
    from game.ai.factions import FactionsAI

    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (9, 1))]
    b = fbattle(ffield(spawns, FAR_WALL), [1])
    start(b, "party", "ada")
    assert b.pending is not None
    step = FactionsAI("hard", 0).choose(b, b.pending)
    assert isinstance(step, Move)  # the walk first: a blow after it needs the main action
    ok(b, step)
    assert FactionsAI("normal", 0).choose(b, b.pending) != Hide("ada")
    assert FactionsAI("hard", 0).choose(b, b.pending) == Hide("ada")
    ok(b, Hide("ada"))
    assert fate(b, "ada").concealed
    moves = [a for a in b.ctx.ruleset.actions[Move.kind].enumerate(b.ctx, "ada")]
    assert moves and all(isinstance(m, Move) and m.sneak for m in moves)  # walks on sneaking
