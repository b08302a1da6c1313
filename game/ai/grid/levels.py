"""Difficulty levels of the tactical AI (issue 5 · Levels).

A level is a set of weights and switches read by ``game.ai.grid.plans`` and
``game.ai.grid.tactical``; the code is the same for every level. What separates them:

- ``easy`` is short-sighted: it barely weighs how exposed a square is, walks out of enemy
  reach without counting the attacks of opportunity, never Disengages or uses the
  Instants, judges attacks by raw expected damage instead of the chance to drop the
  target, and, ``mistake_rate`` of its decisions, takes a random plan among its top few
  (drawn from a generator seeded by the battle seed, so a replay makes the same slip).
  It still does its upkeep, as every level does: it reloads, stands up from prone and
  breaks free of a grapple (``specials.upkeep_plans``).
- ``normal`` weighs exposure with cover, attacks of opportunity along each path,
  Disengage, charges, swarms and the Instants, and finishing wounded enemies; it calls
  on a beaten foe to parley when the surrenders are worth more than a blow. It makes the
  odd mistake: ``mistake_rate`` of its decisions take another of its next best plans, but
  only one scoring within ``mistake_margin`` of the best (a close call misjudged; a clear
  right move, such as dropping the wounded foe in reach, is always played), and at most
  one a turn (``mistake_once``).
- ``hard`` adds side-level play: it orders its units (shooters first, then the most
  valuable blows, so the melee can finish what the arrows started; a swarm's striker
  right after its joiners), executes the unsuspecting, shoves a foe prone for the
  teammates beside it, presses the attack when waiting gains nothing, and checks twice
  as many of its best plans exactly (true cover from the square, the path's real
  attacks of opportunity, detours around enemy reach). It also judges squares better:
  next round's blow from a square counts where standing there afterwards leaves the
  unit (``follow``), and only as likely as the unit lives to strike it (``survival``).
  And in the first rounds, when the enemy still has to act, a unit that cannot strike
  this turn holds its ground rather than walk into the enemy's blows (``hold_ground``).
  Every level reads the same
  one-round lookahead: the exposure map of where each enemy could strike next round,
  walking around the units in its way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """Weights and switches of one difficulty level.

    ``exposure``: weight of the expected damage the enemies could deal at the end
    square. ``offence``: weight of what the unit could do next round from there.
    ``approach``: value per square of walking distance gained toward the enemy.
    ``aoo``: weight of attacks of opportunity along a path (0 = ignored).
    ``kill_focus``: whether attack value counts the chance to drop the target (else raw
    expected damage). ``exact_top``: how many of the best plans are re-checked exactly.
    ``coordinate``: side-level play (unit order, swarm strikes, executions, shoves
    for the teammates beside the target). ``reactions``: takes Instants.
    ``specials``: plans the special actions (swarm, charge, screen, Total Defense,
    ready or pick up a weapon, parley, shove, grapple; ``specials.special_plans``); the
    upkeep (reload, stand up, break free) is planned at every level.
    ``mistake_rate``/``mistake_pool``: chance of taking a random plan among the best
    ``mistake_pool``; ``mistake_margin``: only among plans scoring within this of the
    best (``inf``: any of them); ``mistake_once``: at most one slip in a unit's turn (one
    misjudged line a turn rather than a walk that dithers).
    ``horizon``: rounds a unit's worth is counted over. ``share``: how
    fully an enemy's one blow a round is split among the units it could reach (1: evenly,
    0: each of them counts it whole). ``lured``: the split follows what each target is
    worth to the enemy (a leader draws the blows) instead of being even.
    ``charge_reach``: a square within charging distance of an enemy is worth this share
    of the blow a charge would strike next round (0: only a Move and a blow count).
    ``follow``: weight of what standing by an enemy costs the round after striking it
    there, taken off next round's blow on it (``Board.offence``; 0: not counted).
    ``press_from``, ``press_full``: the strength ratio (ours to theirs) at which a side
    starts pressing, and presses in full.
    ``press``: how fully the side presses the attack when waiting gains nothing
    (``Board.pressure``: well ahead, or the round limit near and not behind): exposure
    counts for less and the pull toward the enemy grows; a map's hold posts are released
    only when the side is far the stronger (``Board.pressure(posts=True)``).
    ``outgunned``: how fully the side also presses when the enemy outshoots it
    (``Board.pressure``: their missile fire from 1.2 to 2 times ours): a standoff only
    lets their arrows fall on us (0: not counted).
    ``survival``: how fully next round's blow from a square is weighed by the chance the
    unit is still standing there to strike it (``Planner.position_values``: the offence
    times one minus ``survival`` times the chance to be downed first; 0: not weighed).
    The enemy acts in between, so a square in its reach may be the unit's last.
    ``hold_ground``: in the first rounds, while an enemy still has to act this round, a
    unit that cannot strike this turn holds its action where it stands rather than walk
    into more danger (``game.ai.grid.holding.hold_ground``): the foe who comes is struck first.
    ``guard``: weight of the expected damage a Total Defense taken as the Main action
    would turn aside where the unit stands (0: never planned as the Main action; it is
    still taken as an Instant when ``reactions`` is on and an attack roll makes it pay).
    """

    name: str
    exposure: float
    offence: float
    approach: float
    aoo: float
    kill_focus: bool
    disengage: bool
    exact_top: int
    coordinate: bool
    reactions: bool
    specials: bool
    mistake_rate: float
    mistake_pool: int
    horizon: float = 3.0
    share: float = 1.0
    lured: bool = False
    charge_reach: float = 0.0
    press: float = 0.0
    follow: float = 0.0
    press_from: float = 1.5
    press_full: float = 2.5
    outgunned: float = 0.0
    guard: float = 0.25
    mistake_margin: float = math.inf
    mistake_once: bool = False
    survival: float = 0.0
    hold_ground: bool = False


EASY = Level(
    name="easy",
    exposure=0.1,
    offence=0.6,
    approach=0.3,
    aoo=0.0,
    kill_focus=False,
    disengage=False,
    exact_top=4,
    coordinate=False,
    reactions=False,
    specials=False,
    mistake_rate=0.3,
    mistake_pool=4,
)

NORMAL = Level(
    name="normal",
    exposure=0.6,
    offence=0.8,
    approach=0.35,
    aoo=1.0,
    kill_focus=True,
    disengage=True,
    exact_top=6,
    coordinate=False,
    reactions=True,
    specials=True,
    mistake_rate=0.4,
    mistake_pool=3,
    lured=True,
    mistake_margin=4.0,
    mistake_once=True,
)

HARD = Level(
    name="hard",
    exposure=1.0,
    offence=0.9,
    approach=0.35,
    aoo=1.0,
    kill_focus=True,
    disengage=True,
    exact_top=12,
    coordinate=True,
    reactions=True,
    specials=True,
    mistake_rate=0.0,
    mistake_pool=1,
    lured=True,
    press=1.0,
    follow=1.0,
    survival=1.0,
    hold_ground=True,
    press_from=1.2,
    press_full=1.5,
    outgunned=1.0,
    guard=0.0,
)

LEVELS: dict[str, Level] = {lv.name: lv for lv in (EASY, NORMAL, HARD)}
