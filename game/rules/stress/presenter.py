"""How the battle screen shows the ``stress`` rules (source 002), in their words: both
tracks as bars (Wound Points and Stress), the card and sheet rows (``sheet``), the
conditions of injuries and the body, the preview of an attack (to hit against Defense,
damage after Armour, the critical, the chance to take the target out), and a hit as harm
to Stress or Wound Points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.presentation import AnswerPreview, ConditionText, Harm, Motion, PlanGroup, Track
from game.engine.presenter import SHARED_CONDITIONS, Presenter
from game.rules.stress.events import Hurt
from game.rules.stress.injuries import CONDITION_WORDS

if TYPE_CHECKING:
    from game.engine.battle import Battle, UnitView
    from game.engine.decision import Option
    from game.engine.events import Event

# the body's state first: the card lists a unit's conditions in this order (after the
# markers'), and cuts the line short with "…" when it is full
CONDITIONS: dict[str, ConditionText] = {
    "incapacitated": ConditionText(
        "Incapacitated", "0 Wound Points: crawls; acting costs 1 WP", "harm"
    ),
    "dying": ConditionText("Dying", "below 0 Wound Points: loses 1 each round's end", "harm"),
    "stabilised": ConditionText(
        "Stabilised",
        "out of the fight, no longer dying; half speed; its first action a round costs no WP",
    ),
    **{
        k: ConditionText(k.replace("_", " ").capitalize(), v, "harm")
        for k, v in CONDITION_WORDS.items()
    },
    "full_defense": ConditionText("Full Defense", "+4 Defense; ripostes when attacked", "help"),
    **SHARED_CONDITIONS,
}

ACTION_ICONS: dict[str, str] = {
    "stress_attack": "crossed-swords",
    "stress_throw": "thrown-daggers",
    "stress_defensive": "shield-bash",
    "stress_move": "footsteps",
    "stress_full_defense": "shield-reflect",
    "stress_full_defense_move": "checked-shield",
    "stress_stabilise": "first-aid-kit",
}


class StressPresenter(Presenter):
    """The battle screen in 002's terms."""

    condition_texts = CONDITIONS
    sheet_only = ("HD", "STR", "AGI", "INS", "Speed", "Wounds")

    def tracks(self, view: UnitView) -> tuple[Track, ...]:
        """Wound Points and Stress, both drawn as bars."""
        return tuple(Track(t.label, t.current, t.maximum, bar=True) for t in view.tracks)

    def unit_rows(self, battle: Battle, unit: str, *, full: bool) -> list[tuple[str, str]]:
        view = battle.unit(unit)
        rows = [("Status", view.status), *self.own_rows(battle, unit, full=full)]
        return rows if full else [r for r in rows if r[0] not in self.sheet_only]

    def plan_groups(self) -> tuple[PlanGroup, ...]:
        """One group: the round counts up from the lowest initiative; each token's badge
        is its round initiative."""
        return (
            PlanGroup("initiative", "Initiative, lowest acts first", "", "", badge_number="roll"),
        )

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def budget_line(self, battle: Battle, unit: str) -> str:
        return "Declare one action"

    def damage_of(self, battle: Battle, event: Event) -> Harm | None:
        if isinstance(event, Hurt):
            if event.wp_lost:
                return Harm("WP", event.wp_lost, event.unit, event.by)
            return Harm("Stress", event.stress_lost, event.unit, event.by)
        return super().damage_of(battle, event)

    def motions(self, battle: Battle, event: Event) -> tuple[Motion, ...]:
        if isinstance(event, Hurt):
            track = "WP" if event.wp_lost else "Stress"
            amount = event.wp_lost or event.stress_lost
            if not amount:  # a hit Armour turned: a scrape and the word, not "-0"
                return (
                    Motion(
                        "harm",
                        actor=event.by,
                        target=event.unit,
                        track=track,
                        graze=True,
                        words="Armour",
                    ),
                )
            return (Motion("harm", actor=event.by, target=event.unit, amount=amount, track=track),)
        return super().motions(battle, event)

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        found = battle.attack_preview(attacker, target, weapon)
        return found.shown()

    def cover_matters(self, battle: Battle, answer: object) -> bool:
        """002's attacks have no cover modifier: no cover lines on the board."""
        return False
