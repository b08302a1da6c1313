"""What the menu hands to the battle (issue 4 · Menu): the map, the ruleset, who controls
each side (human or an AI level, as the menu labels them), the seed, fog and house
rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.maps.battlefield import SideInfo
from game.ui.catalogue import MapEntry
from game.ui.settings import LastSetup

HUMAN = "Human"
DEFAULT_AI = "AI (normal)"  # the "ai" controller: the normal level
LEVEL_ORDER = ("easy", "normal", "hard")  # listed first, in this order; others after
# what each choice is, one short line each (play-test 11 · 5: the side's tooltip named
# easy, normal and hard only, the list offers baseline, tactical and search too);
# game/ai/README.md · The levels, and the table of names: every ruleset's AIs go by them
CONTROLLER_HELP = {
    "human": "players here take turns (hotseat).",
    "easy": "the gentlest; it makes mistakes.",
    "normal": "the default, a steady opponent.",
    "hard": "the strongest of the three levels.",
    "baseline": "the plainest, with no tactics.",
    "tactical": "hard's tactics, for comparisons.",
    "search": "tries moves ahead first; slower.",
}


def controller_labels(ai_levels: Sequence[str]) -> list[str]:
    """Human, then the AI levels easiest first ("AI (easy)", "AI (normal)", "AI (hard)",
    then any others such as "AI (baseline)"); "AI (normal)" is the default AI."""
    levels = [level for level in LEVEL_ORDER if level in ai_levels or level == "normal"]
    levels += [level for level in ai_levels if level not in LEVEL_ORDER]
    return [HUMAN] + [f"AI ({level})" for level in levels]


def controller_help(labels: Sequence[str]) -> str:
    """One line per offered choice saying what it is ("AI (search): tries moves ahead
    first; slower."); a level with no words of its own gets none."""
    lines = []
    for label in labels:
        value = controller_value(label)
        about = CONTROLLER_HELP.get("normal" if value == "ai" else value)
        if about:
            lines.append(f"{label}: {about}")
    return "\n".join(lines)


def controller_value(label: str) -> str:
    """The controller name a menu label stands for: "human", "ai" (the default AI) or
    an AI level."""
    if label == HUMAN:
        return "human"
    if label == DEFAULT_AI:
        return "ai"
    return label.removeprefix("AI (").removesuffix(")")


def controller_label(value: str) -> str:
    """The menu label of a controller name (the inverse of ``controller_value``)."""
    if value == "human":
        return HUMAN
    return DEFAULT_AI if value in ("ai", "normal") else f"AI ({value})"


@dataclass(frozen=True, slots=True)
class BattleSetup:
    """What the menu hands to the battle: the map, ruleset, who controls each side, seed,
    fog, and the ruleset's house rules set in the menu (name, value)."""

    map: MapEntry
    ruleset: str
    controllers: tuple[tuple[str, str], ...]  # (side id, "human" | "ai" | an AI level)
    seed: int | None
    fog: bool = False
    options: tuple[tuple[str, str], ...] = ()  # house rules changed from the default

    def controller(self, side_id: str) -> str:
        return dict(self.controllers)[side_id]

    def remembered(self) -> LastSetup:
        """What the settings keep so the next menu opens on this battle (#29)."""
        seed = "" if self.seed is None else str(self.seed)
        path = str(self.map.path.resolve())
        return LastSetup(path, self.ruleset, self.controllers, seed, self.fog)


def default_controllers(sides: Sequence[SideInfo]) -> list[str]:
    """Human for the party side (or the first side a human may play), AI for the rest.

    A side marked ``human`` or ``ai`` by the map keeps that control.
    """
    out = []
    human_given = False
    for side in sides:
        if side.control in ("human", "ai"):
            out.append(HUMAN if side.control == "human" else DEFAULT_AI)
            human_given = human_given or side.control == "human"
        else:
            out.append("")
    wanted_human = -1
    if not human_given:
        party = [i for i, s in enumerate(sides) if s.party and not out[i]]
        free = [i for i, s in enumerate(sides) if not out[i]]
        wanted_human = (party or free or [-1])[0]
    return [c or (HUMAN if i == wanted_human else DEFAULT_AI) for i, c in enumerate(out)]
