"""The enemy's threat overlay (issue 33): Q shades the squares the enemy units the viewer
can see could attack on their next turn, darker where more of them can; with it on,
hovering one of them shows its own reach alone. The squares come from the ruleset
(``Battle.threatened_cells``, the same reading of the rules as the AI's: moving, then
striking with reach or a ranged weapon); with a ruleset that does not say, Q says so and
the legend has no row for it (play-test 3: Q "showed" nothing in three rulesets)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.engine import Battle
from game.geometry.grid import Cell

KEY_NAME = "Q"
NOT_OFFERED = "No threat overlay in this ruleset"
TONE = "threat"
MAX_COUNTED = 7  # squares more enemies can strike look the same as these
OWN_SHADE = 120


def shade(count: int) -> int:
    """The overlay's alpha on a square ``count`` enemies can strike: darker for more."""
    return min(40 + 18 * (min(count, MAX_COUNTED) - 1), 170)


class ThreatView:
    """Whether the overlay is on, and each enemy's squares while the battle stands still."""

    def __init__(self) -> None:
        self.on = False
        self._key: object = None
        self._zones: dict[str, frozenset[Cell]] = {}
        self._offered: bool | None = None

    def offered(self, battle: Battle) -> bool:
        """Whether the battle's ruleset says which squares a unit threatens (asked once, of
        its first unit)."""
        if self._offered is None:
            units = battle.unit_ids()
            self._offered = bool(units) and battle.threatened_cells(units[0]) is not None
        return self._offered

    def toggle(self) -> bool:
        self.on = not self.on
        return self.on

    def zones(self, battle: Battle, enemies: Iterable[str]) -> dict[str, frozenset[Cell]]:
        """Each of ``enemies`` with the squares it threatens (asked again only when an
        answer was given or taken back, or the enemies seen changed)."""
        units = tuple(sorted(enemies))
        key = (len(battle.events), len(battle.answers), units)
        if key != self._key:
            found = {u: battle.threatened_cells(u) for u in units}
            self._zones = {u: cells for u, cells in found.items() if cells is not None}
            self._key = key
        return self._zones

    def fills(
        self,
        zones: dict[str, frozenset[Cell]],
        fogged: frozenset[Cell],
        hovered: str | None = None,
    ) -> list[tuple[Iterable[Cell], str, int]]:
        """The board's fills: one shade per count of enemies, or the hovered enemy's own
        squares alone; never on a square the viewer cannot see."""
        if hovered in zones:
            return [(zones[hovered] - fogged, TONE, OWN_SHADE)]
        counts = threat_counts(zones.values())
        out: list[tuple[Iterable[Cell], str, int]] = []
        for n in range(1, MAX_COUNTED + 1):
            cells = {c for c, k in counts.items() if min(k, MAX_COUNTED) == n and c not in fogged}
            if cells:
                out.append((cells, TONE, shade(n)))
        return out


def threat_counts(zones: Iterable[frozenset[Cell]]) -> Counter[Cell]:
    """How many of the zones hold each square."""
    counts: Counter[Cell] = Counter()
    for cells in zones:
        counts.update(cells)
    return counts
