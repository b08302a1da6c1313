"""How the battle screen shows the ``grid`` rules (source 004), in their own words.

``GridPresenter`` answers the screen's questions (``game.engine.presenter``): the card
and sheet rows (AC now and what changes it, weapons with their Shock, armour;
``game.rules.grid.sheet``), the budget line (Main, Move, Free; 004 · Combat Action Types),
what each condition does, the screens joining units (004 · Screen an Ally), and the
preview of an attack as the d20 rows: the exact hit chance with every modifier itemised,
the damage range, the Shock on a miss, the cover and the chance to drop the target. A
charge's preview adds the charger's AC penalty (004 · Charge: -2 to the end of the
round); a Swarm Attack's that its Shock lands past AC and shield (004 · Make a Swarm
Attack).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.presentation import AnswerPreview, ConditionText, LegendRow, Link, Motion, Row
from game.engine.presenter import COVER_ROWS, SHARED_CONDITIONS, Presenter, rows_of
from game.rules.grid.charge import Charge
from game.rules.grid.components import Budget, Conditions
from game.rules.grid.motion import grid_motions
from game.rules.grid.sheet import NOT_ON_CARD, template_lines
from game.rules.grid.swarm import SwarmAttack
from game.rules.preview import AttackPreview
from game.world.components import Loadout

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.answers import Answer
    from game.engine.battle import Battle
    from game.engine.decision import Option
    from game.engine.events import Event
    from game.engine.lesson import Lesson

CHARGE_AC = "Your AC while charging"  # 004 · Charge: -2 to the end of the round
SWARM_BONUS = "+2 to hit and +1 damage per other assailant"
SHOCK_ROW = Row("Shock lands past AC and shield", "", "hit")

# Condition → its name and what it does, as source 004 has them.
CONDITIONS: dict[str, ConditionText] = {
    "prone": ConditionText(
        "Prone", "melee from beside it +2, ranged at it -2; its own melee -4; half speed"
    ),
    "grappled": ConditionText("Grappled", "cannot move; fights only unarmed", "harm"),
    "total_defense": ConditionText(
        "Total Defense", "AC +2 and no Shock until its next turn", "help"
    ),
    "screening": ConditionText(
        "Screening an ally", "may take the blows aimed at its ward (opposed check)", "help"
    ),
    "disengaged": ConditionText(
        "Disengaged", "provokes no attacks of opportunity this round", "help"
    ),
    "mortally_wounded": ConditionText(
        "Mortally wounded", "dies after 6 rounds unless first aid stabilises it", "harm"
    ),
    "stabilised": ConditionText("Stabilised (out of the fight)", "will live; out of the fight"),
    "routed": ConditionText(
        "Routed: flees on its turns", "flees on its turns; still a target", "harm"
    ),
    **SHARED_CONDITIONS,
    "holding": ConditionText(
        "Holding an action", "may act at any point until the round ends", "help"
    ),
}


# what an action's tooltip adds to its name and cost, where the name alone would mislead
NEVER_NOW = frozenset(
    {  # availability reasons that name the unit's state, not its budget nor the board
        "not grappled",
        "not grappling anyone",
        "not prone",
        "already prone",
        "already appealed for parley this battle",
        "no unloaded weapon in hand",
        "nothing stowed that could be readied",
        "needs at least level 1 in a combat skill",
        "already disengaged this round",
    }
)

ACTION_NOTES = {
    "parley": (
        ". Heeded only by a side the fight is going against (outnumbered by yours, or half"
        " down): those who fail a morale check surrender"
    ),
}


def provokes_hint(kind: str) -> str:
    """What an action that provokes says in its tooltip (source 004 · Combat Actions): a
    move provokes when it leaves an armed foe's melee reach, the others when made next to
    one."""
    if kind.split("_")[-1] == "move":
        return (
            ". Leaving an armed foe's melee reach provokes its attack of opportunity"
            " (Disengage first to avoid it)"
        )
    return (
        ". Provokes attacks of opportunity from adjacent armed foes (Disengage first to avoid them)"
    )


def condition_lines(conditions: Iterable[str]) -> list[tuple[str, str]]:
    """One sheet row per condition: its name and what it does (in the markers' order)."""
    held = set(conditions)
    return [(c.label, c.effect) for key, c in CONDITIONS.items() if key in held]


def swarm_rows(answer: Answer) -> list[Row]:
    """Rows a Swarm Attack's preview adds: a strike's Shock rule, or what joining does (no
    blow now; the striker gains the bonus)."""
    if not isinstance(answer, SwarmAttack):
        return []
    if answer.strike:
        return [SHOCK_ROW]
    return [
        Row("Joining: no blow now", "", "hit"),
        Row(f"  the striker gets {SWARM_BONUS}", "", "ink_soft"),
        SHOCK_ROW,
    ]


def attack_rows(preview: AttackPreview, *, charge: bool, cover_why: str = "") -> list[Row]:
    """The preview of an attack that can be made, as rows: the ruleset's own rows when it
    gives them (a Shove, a Grapple), else the d20 rows; ``cover_why`` (where the cover
    comes from) under the cover's modifier."""
    if preview.rows:
        return list(rows_of(preview.rows))
    drop = round(100 * preview.kill_chance)
    rows = [
        Row("Hit chance", f"{round(100 * preview.hit_chance)}%"),
        Row("Attack bonus", f"{preview.attack_bonus:+d}", "ink_soft"),
    ]
    for m in preview.modifiers:
        rows.append(Row(f"  {m.label}", f"{m.value:+d}", "ink_soft"))
        if cover_why and m.label.endswith(" cover"):
            rows.append(Row(f"    {_clip(cover_why, 48)}", "", "ink_soft"))
    rows += [
        Row("vs AC", str(preview.target_ac), "ink_soft"),
        Row("Damage", f"{preview.damage_min}–{preview.damage_max}"),
        Row("Shock on a miss", str(preview.shock_on_miss or "none")),
        Row("Cover", preview.cover),
        Row("Chance to drop", f"{drop}%", "hit" if drop else "ink"),  # issue 30: red at 0%
    ]
    if charge:
        rows.append(Row(CHARGE_AC, "-2 this round", "hit"))
    return rows


def answer_preview_of(
    preview: AttackPreview, *, charge: bool = False, cover_why: str = "", extra: Iterable[Row] = ()
) -> AnswerPreview:
    """``preview`` for the screen; ``extra`` rows follow it (shown even when the attack
    cannot be made)."""
    rows = attack_rows(preview, charge=charge, cover_why=cover_why) if preview.allowed else []
    return AnswerPreview(
        weapon=preview.weapon,
        allowed=preview.allowed,
        reason=preview.reason,
        rows=(*rows, *extra),
        odds=preview.hit_chance,
        outcome=(preview.damage_min, preview.damage_max),
        drops=preview.kill_chance,
    )


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


# The icon on each action's button (game-icons names; assets/icons).
ACTION_ICONS: dict[str, str] = {
    "move": "footsteps",
    "melee_attack": "crossed-swords",
    "ranged_attack": "bow-arrow",
    "disengage": "back-forth",
    "swarm_attack": "sword-array",
    "charge": "charging-bull",
    "shove": "shield-bash",
    "grapple": "grab",
    "break_free": "manacles",
    "drag_grappled": "boot-prints",
    "throw_grappled": "mailed-fist",
    "release_grapple": "hand",
    "execute": "daggers",
    "first_aid": "first-aid-kit",
    "parley": "conversation",
    "reload": "reload-gun-barrel",
    "ready_item": "sword-altar",
    "stow_item": "backup",
    "screen_ally": "shield-reflect",
    "pick_up_item": "card-pickup",
    "stand_up": "kneeling",
    "hold_action": "hourglass",
    "go_prone": "falling",
    "total_defense": "checked-shield",
    "snap_attack": "sword-brandish",
    "act_now": "hand",
}


class GridPresenter(Presenter):
    """The battle screen in 004's terms."""

    sheet_only = NOT_ON_CARD
    condition_texts = CONDITIONS

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def legend_rows(self) -> tuple[LegendRow, ...]:
        """004's marks on the board: a charge's reach, attacks of opportunity, cover
        lines, screening, a Move's cost in feet."""
        return (
            LegendRow("words", "a Move's cost to reach the square, in feet", "Numbers on squares"),
            LegendRow("outline", "Charge: where a charge can end", "charge_range"),
            LegendRow("provoking", "Leaving this square provokes (tooltip: who)"),
            *COVER_ROWS,
            LegendRow("outline", "An ally you can screen (Screen an Ally)", "screen_link"),
            LegendRow("link", "Screening: the screener and its ward"),
        )

    def lessons(self) -> tuple[Lesson, ...]:
        """The first battle that teaches 004 (``game.rules.grid.lesson``)."""
        from game.rules.grid.lesson import GRID_LESSON

        return (GRID_LESSON,)

    def own_rows(self, battle: Battle, unit: str, *, full: bool) -> list[tuple[str, str]]:
        """AC now and what changes it, attack, speed, the weapons held now, armour."""
        own = battle.sheet_rows(unit, full=full)
        if own is not None:
            return own
        template = battle.content.templates.get(battle.unit(unit).template)
        if template is None:
            return []
        try:
            loadout = battle.component(unit, Loadout)
            carried = (tuple(loadout.readied), tuple(loadout.stowed))
        except KeyError:
            carried = None
        ac_now = battle.armour_class(unit)
        return template_lines(template, battle.content, full=full, ac_now=ac_now, carried=carried)

    def template_rows(
        self, content: Content, template: UnitTemplate, *, full: bool
    ) -> list[tuple[str, str]]:
        rows = template_lines(template, content, full=full)
        return rows if full else [r for r in rows if r[0] not in self.sheet_only]

    def budget_line(self, battle: Battle, unit: str) -> str:
        """What the unit has left this round: Main, Move, Free (004 · Combat Action Types)."""
        try:
            b = battle.component(unit, Budget)
        except KeyError:
            return ""
        main = "ready" if b.can_main else "spent"
        move = "ready" if not b.move_used else "spent"
        text = f"Main {main} · Move {move}"
        return text + (f" · {b.free_used} Free" if b.free_used else "")

    def action_folded(self, option: Option) -> bool:
        """004: an action whose condition the unit is not in (Break Free when not grappled,
        Stand Up when standing, Reload with nothing unloaded …) is folded out of the bar."""
        return not option.allowed and option.reason in NEVER_NOW

    def action_hint(self, option: Option) -> str:
        """Parley's odds, and when an action provokes attacks of opportunity."""
        hint = ACTION_NOTES.get(option.kind, "")
        return hint + (provokes_hint(option.kind) if option.provokes else "")

    def links(self, battle: Battle) -> list[Link]:
        """A screener and its ward (004 · Screen an Ally), a grappler and the unit it
        holds (004 · Grapple); the screen draws those whose two units it draws."""
        out = []
        for key in sorted(battle.unit_ids()):
            try:
                c = battle.component(key, Conditions)
            except KeyError:
                continue
            if c.screening is not None:
                out.append(Link("screen", key, c.screening))
            if c.grappling is not None:
                out.append(Link("grapple", key, c.grappling))
        return out

    def answer_words(self, battle: Battle, answer: Answer) -> str:
        """A Swarm Attack joins the swarm or strikes with the bonus (004 · Make a Swarm
        Attack): "Join the swarm (Sword)", "Strike with Sword (+2 to hit …)"."""
        if not isinstance(answer, SwarmAttack):
            return super().answer_words(battle, answer)
        weapon = battle.content.weapons.get(answer.weapon)
        name = weapon.name if weapon else answer.weapon
        if answer.strike:
            return f"Strike with {name} ({SWARM_BONUS})"
        return f"Join the swarm ({name})"

    def choices(self, battle: Battle, answers: Sequence[Answer]) -> list[tuple[str, Answer]]:
        """A Swarm Attack on an enemy the unit may both join the swarm on and strike (the
        answers differ only in ``strike``): ask which, with the first weapon on offer (004
        · Make a Swarm Attack)."""
        swarm = [a for a in answers if isinstance(a, SwarmAttack)]
        if not swarm:
            return []
        first = swarm[0]
        same = [a for a in swarm if (a.weapon, a.ranged) == (first.weapon, first.ranged)]
        join = next((a for a in same if not a.strike), None)
        strike = next((a for a in same if a.strike), None)
        if join is None or strike is None:
            return []
        return [
            (self.answer_words(battle, join), join),
            (self.answer_words(battle, strike), strike),
        ]

    def answer_rank(self, answer: Answer) -> int:
        """A Swarm Attack's strike is previewed before its join (its numbers matter)."""
        return 0 if isinstance(answer, SwarmAttack) and answer.strike else 1

    def motions(self, battle: Battle, event: Event) -> tuple[Motion, ...]:
        """Attacks lunge, shoot, miss and graze as 004 has them (``grid.motion``)."""
        found = grid_motions(battle, event)
        return found if found is not None else super().motions(battle, event)

    def answer_preview(
        self, battle: Battle, answer: Answer, *, cover_why: str = ""
    ) -> AnswerPreview | None:
        """A charge's blow from its end square, a striking swarm's blow, a Shove's or a
        Grapple's contest; what joining a swarm does."""
        if isinstance(answer, SwarmAttack) and not answer.strike:
            return AnswerPreview(answer.weapon, True, "", tuple(swarm_rows(answer)))
        found = battle.answer_preview(answer)
        if not isinstance(found, AttackPreview):
            return None
        charge = isinstance(answer, Charge)
        return answer_preview_of(
            found, charge=charge, cover_why=cover_why, extra=swarm_rows(answer)
        )

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        found = battle.attack_preview(attacker, target, weapon)
        return answer_preview_of(found, cover_why=cover_why)

    def stakes(
        self,
        battle: Battle,
        attacker: str,
        target: str,
        weapon: str,
        *,
        missed: bool,
        name: Callable[[str], str],
    ) -> str:
        """The damage at stake, and the Shock a miss still deals (004 · Shock)."""
        text = super().stakes(battle, attacker, target, weapon, missed=missed, name=name)
        shock = battle.attack_preview(attacker, target, weapon).shock_on_miss
        if shock:
            text += f"; a miss still deals Shock {shock}"
            if missed:
                view = battle.unit(target)
                text = f"At stake: Shock {shock} on the miss ({view.hp}/{view.max_hp} HP)"
        return text
