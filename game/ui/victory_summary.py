"""What the victory screen says about a finished battle (#36): the headline in the
winner's colour, one line of detail, a row per side (standing, fallen, fled,
surrendered, damage dealt on each health track) and, a key away, a row per unit (its fate,
kills, damage dealt and taken on each track: issue 30)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from game.ui.battle_record import amounts_text, battle_records, side_amounts, track_order
from game.ui.objectives_view import deciding_line
from game.ui.victory_cause import ending_cause
from game.ui.victory_scene import VictoryScene
from game.ui.victory_tables import SideSummary, UnitSummary

if TYPE_CHECKING:
    from game.engine import Battle
    from game.ui.map_view import MapView

FLED = ("fled", "routed")


def side_summaries(battle: Battle, dealt: Mapping[str, int]) -> list[SideSummary]:
    """A row per side of the scenario, in its order (``dealt``: damage per side, every
    track added up; the row also says it per track)."""
    views = battle.units()
    per_track = side_amounts(battle_records(battle), track_order(battle))
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
                dealt=amounts_text(per_track.get(side.id, ())),
            )
        )
    return out


def unit_summaries(battle: Battle) -> list[UnitSummary]:
    """A row per unit, side by side in the scenario's order: its fate, kills, the
    damage it dealt and took on each track, and what else the ruleset says the battle
    left it with (``Presenter.aftermath``: worn gear …)."""
    colours = {s.id: s.colour for s in battle.battlefield.scenario.sides}
    rank = {side: i for i, side in enumerate(colours)}
    records = sorted(battle_records(battle), key=lambda r: rank.get(r.side, len(rank)))
    return [
        UnitSummary(
            name=r.name,
            colour=colours.get(r.side, "wood_light"),
            fate=r.fate,
            kills=r.kills,
            dealt=amounts_text(r.dealt),
            taken=amounts_text(r.taken),
            more=r.aftermath,
        )
        for r in records
    ]


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
        detail = f"{side.name} hold the field after {rounds(battle.round)}."
        cause = ending_cause(battle.events, winner, names)
        if cause:  # what decided it (play-test 4: 13 fled on one failed save, unsaid)
            detail = f"{detail[:-1]}: {cause}."
    else:
        headline, tone = "A draw", "wood_light"
        detail = f"Neither side prevailed after {rounds(battle.round)}."
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
        units=unit_summaries(battle),
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


def rounds(n: int) -> str:
    """ "1 round", "3 rounds"."""
    return f"{n} round" if n == 1 else f"{n} rounds"
