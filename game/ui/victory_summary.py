"""What the victory screen says about a finished battle (#36): the headline in the
winner's colour, one line of detail, and a row per side (standing, fallen, fled,
surrendered, damage dealt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from game.ui.objectives_view import deciding_line
from game.ui.overlays import SideSummary, VictoryScene

if TYPE_CHECKING:
    from game.engine import Battle
    from game.ui.map_view import MapView

FLED = ("fled", "routed")


def side_summaries(battle: Battle, dealt: Mapping[str, int]) -> list[SideSummary]:
    """A row per side of the scenario, in its order."""
    views = battle.units()
    out = []
    for side in battle.battlefield.scenario.sides:
        mine = [v for v in views if v.side == side.id]
        fled = sum(1 for v in mine if v.status in FLED)
        surrendered = sum(1 for v in mine if v.status == "surrendered")
        standing = sum(1 for v in mine if v.in_fight)
        out.append(
            SideSummary(
                name=side.name,
                colour=side.colour,
                units=len(mine),
                standing=standing,
                fallen=len(mine) - standing - fled - surrendered,
                fled=fled,
                surrendered=surrendered,
                damage=dealt.get(side.id, 0),
            )
        )
    return out


def victory_scene(
    battle: Battle,
    dealt: Mapping[str, int],
    humans: Sequence[str],
    back_to_menu: Callable[[], None],
    *,
    play_again: Callable[[bool], None] | None = None,
    watch: Callable[[], None] | None = None,
) -> VictoryScene:
    """The victory (or defeat, or draw) screen of ``battle``; ``humans`` are the sides
    players commanded (one: "Victory!" or "Defeat"; several: "<side> win")."""
    winner = battle.winner
    names = {s.id: s.name for s in battle.battlefield.scenario.sides}
    if winner is not None and winner in names:
        side = battle.battlefield.side(winner)
        if len(humans) == 1:
            headline = "Victory!" if winner in humans else "Defeat"
        else:
            headline = f"{side.name} win"
        tone = side.colour
        detail = f"{side.name} hold the field after {battle.round} rounds."
    else:
        headline, tone = "A draw", "wood_light"
        detail = f"Neither side prevailed after {battle.round} rounds."
    decided = deciding_line(battle)
    if decided is not None:
        detail = f"{decided[:-1]}, in round {battle.round}."
    return VictoryScene(
        headline,
        tone,
        battle.round,
        side_summaries(battle, dealt),
        detail,
        back_to_menu,
        play_again=play_again,
        watch=watch,
    )


class Rematch(Protocol):
    """What the victory screen's Play again and Watch replay ask of the screens around it
    (``game.ui.flow.GameFlow``)."""

    def play_again(self, battle: Battle, view: MapView, fog: bool, same_seed: bool) -> None: ...

    def watch_battle(self, battle: Battle, view: MapView, fog: bool) -> None: ...


def victory_for(
    battle: Battle,
    dealt: Mapping[str, int],
    humans: Sequence[str],
    back_to_menu: Callable[[], None],
    flow: Rematch | None,
    view: MapView,
    fog: bool,
) -> VictoryScene:
    """The victory screen of a battle played on ``view``, with Play again and Watch replay
    when ``flow`` can start them."""
    again: Callable[[bool], None] | None = None
    watch: Callable[[], None] | None = None
    if flow is not None:

        def again(same_seed: bool) -> None:
            flow.play_again(battle, view, fog, same_seed)

        def watch() -> None:
            flow.watch_battle(battle, view, fog)

    return victory_scene(battle, dealt, humans, back_to_menu, play_again=again, watch=watch)
