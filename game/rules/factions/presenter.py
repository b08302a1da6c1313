"""How the battle screen shows the ``factions`` rules (source 003), in their own words:
the card and sheet rows (``sheet``), the budget line (what is left of the turn), the
conditions (acted, spent on a reaction, concealed, knocked down, grabbed ...) and the
preview of an attack (automatic hit or a WIT save, damage after armour)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.presentation import AnswerPreview, ConditionText, LegendRow, Link
from game.engine.presenter import COVER_ROWS, SHARED_CONDITIONS, Presenter, rows_of

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.battle import Battle
    from game.engine.decision import Option
    from game.geometry.zones import ZoneGraph
    from game.rules.factions.answers import Blast

CONDITIONS: dict[str, ConditionText] = {
    "mortally_wounded": ConditionText(
        "Incapacitated", "out of the fight; a final blow or any harm kills it", "harm"
    ),
    "acted": ConditionText("Acted", "has taken its turn this round", "neutral"),
    "reacted": ConditionText("Reacted", "spent its turn this round on a reaction", "neutral"),
    "concealed": ConditionText("Concealed", "hidden from the enemy; its attacks surprise", "help"),
    "prone": ConditionText("Knocked down", "loses its next move getting up", "harm"),
    "stuck": ConditionText("Stuck", "caught in a hazard: loses its next move", "harm"),
    "grabbed": ConditionText("Grabbed", "cannot move while held", "harm"),
    "crippled": ConditionText("Crippled", "its blows are impaired", "harm"),
    **SHARED_CONDITIONS,
}

LEGEND_ROWS: tuple[LegendRow, ...] = (
    *COVER_ROWS,
    LegendRow("fill", "Blast: the zone aimed at and the squares on its borders", "blast_area"),
    LegendRow("link", "Grapple: the holder and the one it grabbed"),
    LegendRow(
        "words",
        "direct ranged shots only: half cover adds 1 to armour (not against a weapon that"
        " penetrates cover); a barrier blocks the shot unless the target peeked out",
        "Cover",
    ),
    LegendRow(
        "words",
        "waiting, acting, acted, or spent on a reaction (Dodge, Counter, Hide behind, Guard"
        " and an opportunity attack each take the turn)",
        "This round",
    ),
)

ACTION_ICONS: dict[str, str] = {
    "factions_attack": "crossed-swords",
    "factions_move": "footsteps",
    "factions_blast": "flail",
    "factions_grapple": "grab",
    "factions_disarm": "hand",
    "factions_surrender": "manacles",
    "factions_speak": "conversation",
    "factions_equip": "broadsword",
    "factions_unequip": "backup",
    "factions_hide": "hooded-figure",
}


class FactionsPresenter(Presenter):
    condition_texts = CONDITIONS

    def legend_rows(self) -> tuple[LegendRow, ...]:
        """003's marks on the board and words on the card: the cover lines of a direct
        ranged shot (003 · Cover), a blast's area, a grapple, and the round's place."""
        return LEGEND_ROWS

    def zone_graph(self, battle: Battle) -> ZoneGraph | None:
        """The zones the battle plays by (a move goes one zone; a blast hits a zone and its
        borders): the board draws them and a click on a zone's square aims a blast."""
        from game.rules.factions import units

        return units.graph(battle.ctx)

    def action_icon(self, option: Option) -> str:
        return ACTION_ICONS.get(option.kind) or super().action_icon(option)

    def action_folded(self, option: Option) -> bool:
        return not option.allowed and option.reason in (
            "no blast weapon",
            "holding no one",
            "nothing to pick up nearby",
        )

    def links(self, battle: Battle) -> list[Link]:
        """A holder and the character it grabbed (003 · Grapple)."""
        from game.rules.factions.state import Fate

        out = []
        for key in sorted(battle.unit_ids()):
            held = battle.component(key, Fate).holding
            if held:
                out.append(Link("grapple", key, held))
        return out

    def hidden_from(self, battle: Battle, unit: str, side: str) -> bool:
        """003 · Sneaking: a concealed character is hidden from the other side's view."""
        view = battle.unit(unit)
        return view.side != side and "concealed" in view.conditions

    def before_rounds(self, battle: Battle) -> str:
        """003 · Sneaking: units that start concealed play a bonus turn before round 1."""
        return "Ambush: bonus turn"

    def turn_clock(self, battle: Battle) -> tuple[float, Answer] | None:
        """House rule · the chaos of combat (003): 15 seconds for each character's turn;
        when they run out the character does nothing more (its turn ends)."""
        from game.engine.answers import EndTurn
        from game.rules.factions.house_rules import CHAOS, CHAOS_SECONDS

        d = battle.pending
        if battle.ruleset_options.get(CHAOS.name) != "on" or d is None:
            return None
        if d.kind != "turn" or d.unit is None:
            return None
        return CHAOS_SECONDS, EndTurn(d.unit)

    def aftermath(self, battle: Battle, unit: str) -> tuple[tuple[str, str], ...]:
        """003 · Combat gear degradation: the gear the battle damaged or broke (during the
        fight, and by the durability rolls after it), each item in its last state."""
        from game.rules.factions.events import GearWorn

        worn: dict[str, tuple[str, str]] = {}  # one entry an item, whatever its case
        for event in battle.events:
            if isinstance(event, GearWorn) and event.unit == unit:
                key = event.item.lower()
                name, state = worn.get(key, (event.item, ""))
                worn[key] = (name, state if state == "broken" else event.state)
        shown = ", ".join(f"{name} {state}" for name, state in worn.values())
        return (("Gear", shown or "intact"),)

    def budget_line(self, battle: Battle, unit: str) -> str:
        from game.rules.factions import budget

        return budget.line(battle.ctx, unit)

    def answer_preview(
        self, battle: Battle, answer: Answer, *, cover_why: str = ""
    ) -> AnswerPreview | None:
        from game.rules.factions.answers import Blast

        if isinstance(answer, Blast):
            return self._blast(battle, answer)
        found = battle.answer_preview(answer)
        if found is None:
            return None
        return self._shown(found)

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        return self._shown(battle.attack_preview(attacker, target, weapon))

    def _blast(self, battle: Battle, answer: Blast) -> AnswerPreview | None:
        """003 · Blast attacks: the zone and every square on its borders (README ·
        Decisions), drawn while the player aims."""
        from game.rules.factions.blast import area_of

        graph = self.zone_graph(battle)
        if graph is None or not 0 <= answer.zone < len(graph.zones):
            return None
        name = graph.zones[answer.zone].name
        return AnswerPreview(
            weapon=answer.weapon,
            allowed=True,
            reason="",
            rows=rows_of([("Blast", f"{name} and the squares on its borders")]),
            area=area_of(graph, answer.zone),
        )

    def _shown(self, found: object) -> AnswerPreview:
        from game.rules.preview import AttackPreview

        assert isinstance(found, AttackPreview)
        return found.shown(odds=found.hit_chance < 1)

    def cover_matters(self, battle: Battle, answer: Answer | None) -> bool:
        """003 · Cover: only a direct ranged attack meets cover (armour +1, or a barrier)."""
        return getattr(answer, "mode", "") == "ranged"


# 003's actions that had no icon of their own (issue 30 play-test: five hands in one bar)
ACTION_ICONS.update(
    {
        "factions_final_blow": "knife-thrust",
        "factions_disarm": "drop-weapon",
        "factions_shove": "push",
        "factions_pick_up": "card-pickup",
        "factions_put_down": "card-discard",
        "factions_pass": "hourglass",
    }
)
