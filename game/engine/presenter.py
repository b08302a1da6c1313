"""The seam between a ruleset and the screen (issue 28 · a presenter per ruleset).

The battle screen asks a battle's ``Presenter`` (``Ruleset.presenter()``, reached with
``presenter_of(battle)``) for everything it shows in a ruleset's terms: the rows of the
unit card and sheet, the health tracks drawn as bars, the acting unit's budget line, the
words for its conditions, the links between units (screens), the zones it plays by, the
preview of any answer, and what is at stake when a reaction window opens on an attack.
This base answers with what every ruleset shares (HP, the status, no budget, no zones); a
ruleset's presenter adds its own terms. Everything reads the battle through its public,
pure read methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.events import Damaged, Died, Downed, LeftBattle
from game.engine.presentation import (
    AnswerPreview,
    ConditionText,
    Harm,
    LegendRow,
    Link,
    Motion,
    PlanGroup,
    Row,
    Track,
)

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.engine.answers import Answer
    from game.engine.battle import Battle, UnitView
    from game.engine.decision import Option
    from game.engine.events import Event
    from game.engine.lesson import Lesson
    from game.geometry.zones import ZoneGraph

# a unit's status word → the condition it shows as (a marker on its token)
STATUS_CONDITIONS = {
    "mortally wounded": "mortally_wounded",
    "stabilised": "stabilised",
    "fled": "fled",
    "routed": "routed",  # broke but still on its square, fleeing: drawn, and a target
    "surrendered": "surrendered",
}

# conditions every ruleset means the same by
SHARED_CONDITIONS: dict[str, ConditionText] = {
    "fled": ConditionText("Fled", "has left the battle", "harm"),
    "surrendered": ConditionText("Surrendered", "out of the fight; no need to attack it", "harm"),
    "off_field": ConditionText("Not arrived", "enters the battle in a later round"),
}


# the legend's rows about cover lines, for a ruleset whose attacks meet cover
COVER_ROWS = (
    LegendRow("line", "Cover line to a corner: clear", "cover_line_clear"),
    LegendRow("line", "Cover line to a corner: blocked", "cover_line_blocked"),
    LegendRow("outline", "What gives the hovered target its cover", "cover_source"),
)


class Presenter:
    """What a ruleset shows on the screen; the base shows what every ruleset shares."""

    # card rows left to the sheet (the card shows all but these)
    sheet_only: tuple[str, ...] = ()
    # condition → how the screen names it and what it does
    condition_texts: dict[str, ConditionText] = SHARED_CONDITIONS

    # -- the unit -------------------------------------------------------------------------

    def tracks(self, view: UnitView) -> tuple[Track, ...]:
        """Every health track of a unit (``UnitView.tracks``), the main one first and the
        only one drawn as a bar; a ruleset may draw more."""
        found = tuple(
            Track(t.label, t.current, t.maximum, bar=i == 0) for i, t in enumerate(view.tracks)
        )
        return found or (Track("HP", view.hp, view.max_hp),)

    def conditions(self, view: UnitView) -> frozenset[str]:
        """A unit's conditions, with the one its status shows as (mortally wounded …)."""
        found = set(view.conditions)
        marker = STATUS_CONDITIONS.get(view.status)
        if marker:
            found.add(marker)
        return frozenset(found)

    def condition_text(self, key: str) -> ConditionText:
        """How the screen names condition ``key`` and what it does."""
        known = self.condition_texts.get(key)
        return known if known is not None else ConditionText(key.replace("_", " ").capitalize())

    def unit_rows(self, battle: Battle, unit: str, *, full: bool) -> list[tuple[str, str]]:
        """The unit card's rows (``full``: the unit sheet's): HP, the status, then the
        ruleset's own rows."""
        view = battle.unit(unit)
        rows = [("HP", f"{view.hp}/{view.max_hp}"), ("Status", view.status)]
        rows += self.own_rows(battle, unit, full=full)
        return rows if full else [r for r in rows if r[0] not in self.sheet_only]

    def own_rows(self, battle: Battle, unit: str, *, full: bool) -> list[tuple[str, str]]:
        """The ruleset's rows about ``unit`` after HP and status (its ``sheet_rows``)."""
        return battle.sheet_rows(unit, full=full) or []

    def template_rows(
        self, content: Content, template: UnitTemplate, *, full: bool
    ) -> list[tuple[str, str]]:
        """The rows of a unit template before any battle (a map's preview)."""
        return []

    def budget_line(self, battle: Battle, unit: str) -> str:
        """What the acting unit has left this turn, in the ruleset's words."""
        return ""

    def links(self, battle: Battle) -> list[Link]:
        """Units joined on the board (a screener and its ward)."""
        return []

    def hidden_from(self, battle: Battle, unit: str, side: str) -> bool:
        """Whether ``side``'s player must not see ``unit`` at all, fog or not (a unit
        lying in wait): the screen then leaves it off the board, the tooltips, the card
        and the top bar's count for that side. Never (the default)."""
        return False

    def zone_graph(self, battle: Battle) -> ZoneGraph | None:
        """The zones the ruleset plays by (``game.geometry.zones``), which the board then
        draws: every zone's outline and name, the selected unit's ranges as tints, and a
        click on a square of a zone answers an option aimed at zones (``target_kind``
        "zone", the zone's index in ``target_field``). None (the default): no zones."""
        return None

    def action_icon(self, option: Option) -> str:
        """The game-icons name drawn on the action's button: the ruleset's own choice, else
        one that says what the action does (ends the turn, moves, attacks, helps)."""
        from game.engine.answers import EndTurn

        if option.kind == EndTurn.kind:
            return "player-next"
        if option.attacks:
            return "charging-bull" if option.moves else "crossed-swords"
        if option.helps:
            return "first-aid-kit"
        if option.moves:
            return "footsteps"
        return "hand"

    def action_hint(self, option: Option) -> str:
        """What an action's tooltip adds to its name and cost (". Provokes …"), where the
        name alone would mislead."""
        return ""

    def action_folded(self, option: Option) -> bool:
        """Whether the action bar folds ``option`` out of sight until the player asks for
        every action (issue 30 · the action bar): it can never apply to the unit as it is
        now (a state it is not in, a thing it does not carry), not merely spent this round
        or out of reach. The ruleset knows which of its reasons say so; none by default."""
        return False

    def plan_groups(self) -> tuple[PlanGroup, ...]:
        """The groups a round of declared intentions resolves in, first first, with their
        titles and badges (``Ruleset.declares_intentions``); none by default: the round
        plan then names each group by its key."""
        return ()

    def before_rounds(self, battle: Battle) -> str:
        """What the top bar says instead of a round while the battle plays a turn before
        its first round (round 0: an ambush's bonus turn), short; "Before round 1" by
        default (play-test 6: the bar showed no round at all)."""
        return "Before round 1"

    def fate(self, view: UnitView) -> str:
        """How the unit ended up, in the ruleset's words: its status ("dead", "fled" …),
        "standing" for a unit still ready to fight."""
        return "standing" if view.status == "ready" else view.status

    def turn_clock(self, battle: Battle) -> tuple[float, Answer] | None:
        """A time limit on the pending decision when a player makes it: the seconds a
        unit's turn may last (counted over the whole turn, from its first decision) and
        the answer the screen gives through the engine when they run out. None (the
        default): no clock. The AI is never timed."""
        return None

    def aftermath(self, battle: Battle, unit: str) -> tuple[tuple[str, str], ...]:
        """What else the battle left ``unit`` with, as more columns of its row on the
        victory screen: (heading, value) pairs in the ruleset's words, the same headings
        for every unit. None by default."""
        return ()

    def damage_of(self, battle: Battle, event: Event) -> Harm | None:
        """What ``event`` cost a unit, read neutrally (the victory summary adds these up
        per unit and track): the shared ``Damaged`` comes off the main track; a ruleset
        adds its own tracks."""
        if isinstance(event, Damaged):
            track = self.tracks(battle.unit(event.unit))[0].label
            return Harm(track, event.amount, event.unit, event.by)
        return None

    # -- motion -------------------------------------------------------------------------

    def motions(self, battle: Battle, event: Event) -> tuple[Motion, ...]:
        """How the screen animates ``event`` (issue 33 · game feel), read from the event
        alone: the shared events here (harm to the main track, a fall, a flight); a
        ruleset adds its attacks (who lunges or shoots at whom, a miss, a charge)."""
        if isinstance(event, Damaged):
            track = self.tracks(battle.unit(event.unit))[0].label
            return (Motion("harm", actor=event.by, target=event.unit, amount=event.amount,
                           track=track),)  # fmt: skip
        if isinstance(event, Downed):
            return (Motion("fall", target=event.unit),)
        if isinstance(event, Died) and "wound" not in event.cause:  # not one already lying
            return (Motion("fall", target=event.unit),)
        if isinstance(event, LeftBattle) and event.how in ("fled", "withdrew"):
            return (Motion("flee", target=event.unit),)
        return ()

    def legend_rows(self) -> tuple[LegendRow, ...]:
        """What the legend (F1) explains beyond what every ruleset shares: the board's
        marks and the words only these rules use (a charge's reach, cover lines, a sheet's
        slots). None by default."""
        return ()

    def lessons(self) -> tuple[Lesson, ...]:
        """The ruleset's guided battles (``game.engine.lesson``), each on a map of its own;
        none by default."""
        return ()

    # -- answers --------------------------------------------------------------------------

    def answer_words(self, battle: Battle, answer: Answer) -> str:
        """How a chooser offering several answers of one action names ``answer``."""
        return answer.label

    def choices(self, battle: Battle, answers: Sequence[Answer]) -> list[tuple[str, Answer]]:
        """When a click on a unit with an action picked could mean several of
        ``answers`` (that action's answers on that unit) and the player must say which:
        the chooser's entries, named. Empty (the default): the screen takes the first by
        ``answer_rank``, no question asked."""
        return []

    def answer_rank(self, answer: Answer) -> int:
        """Among answers of one action on one target, which the screen previews and a
        plain click gives first (lowest first); all equal by default."""
        return 0

    def answer_preview(
        self, battle: Battle, answer: Answer, *, cover_why: str = ""
    ) -> AnswerPreview | None:
        """The preview of ``answer`` as it would be made; None when the ruleset previews
        it as a plain attack (``attack_preview``). ``cover_why``: where the cover between
        the two units comes from, for a ruleset that itemises cover."""
        return None

    def cover_matters(self, battle: Battle, answer: Answer | None) -> bool:
        """Whether the cover between attacker and target changes ``answer`` (None: the
        plain attack the screen previews when none can be made now): the board then draws
        the cover lines and the squares giving cover while the target is hovered, and the
        preview says where the cover comes from. Yes by default."""
        return True

    def attack_preview(
        self, battle: Battle, attacker: str, target: str, weapon: str, *, cover_why: str = ""
    ) -> AnswerPreview:
        """The preview of a plain attack of ``attacker`` on ``target`` with ``weapon``."""
        raise NotImplementedError

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
        """What an attack puts at stake, for a reaction prompt: "At stake: 1–6 damage to
        Ada (9/9 HP, enough to drop them)"; ``missed``: its roll missed."""
        preview = self.attack_preview(battle, attacker, target, weapon)
        view = battle.unit(target)
        return damage_at_stake(preview, name(target), view.hp, view.max_hp)


def rows_of(pairs: Iterable[tuple[str, str]]) -> tuple[Row, ...]:
    """(label, value) pairs as rows; a label led by two spaces itemises the row above it
    and is drawn in the soft ink."""
    return tuple(
        Row(label, value, "ink_soft" if label.startswith("  ") else "ink") for label, value in pairs
    )


def damage_at_stake(preview: AnswerPreview, target: str, hp: int, max_hp: int) -> str:
    """ "At stake: 1–6 damage to Ada (9/9 HP, enough to drop them)"."""
    low, high = preview.outcome
    text = f"At stake: {low}–{high} damage to {target} ({hp}/{max_hp} HP"
    return text + (", enough to drop them)" if high >= hp > 0 else ")")


def presenter_of(battle: Battle) -> Presenter:
    """The presenter of ``battle``'s ruleset (``Ruleset.presenter``)."""
    found = battle.ctx.ruleset.presenter()
    assert isinstance(found, Presenter)
    return found


__all__ = [
    "COVER_ROWS",
    "AnswerPreview",
    "ConditionText",
    "Harm",
    "LegendRow",
    "Link",
    "Motion",
    "PlanGroup",
    "Presenter",
    "Row",
    "Track",
    "damage_at_stake",
    "presenter_of",
    "rows_of",
]
