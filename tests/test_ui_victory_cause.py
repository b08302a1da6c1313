"""Play-test 4: the clash fort ended in round 2 when one failed save sent all 13 orcs
fleeing, and the victory screen said only "Garrison … hold the field after 2 rounds".
It now names what decided it, read from the battle's events in the ruleset's words."""

from __future__ import annotations

from game.engine import Battle
from game.engine.events import Died, Event, LeftBattle, Rolled, UnitActivated
from game.maps import find_map
from game.rules.ending import finish
from game.ui.victory_cause import ending_cause
from game.ui.victory_summary import victory_scene

NAMES = {"party": "Garrison of Greyford", "horde": "The Black Tusk War Band"}


def save(who: str, unit: str, outcome: str) -> Rolled:
    return Rolled(unit, who, "WIL save for morale", "d20", (14,), 0, 14, 8, "WIL", outcome)


def morale_break() -> list[Event]:
    """Mildred acts; the war band's leader fails a save and three of them flee."""
    return [
        UnitActivated("mildred", "Mildred"),
        Rolled("mildred", "Mildred", "attack", "d20", (12,), 0, 12, 10, "AC", "hit"),
        save("Old Stonebelly", "old-stonebelly", "failed"),
        *(LeftBattle(u.lower(), u, "horde", "fled") for u in ("Old Stonebelly", "Bolg", "Uzg")),
    ]


def test_a_break_names_the_roll_before_it() -> None:
    cause = ending_cause(morale_break(), "party", NAMES)
    assert cause == (
        "the last 3 of The Black Tusk War Band fled at once, "
        "after Old Stonebelly's WIL save for morale (failed)"
    )


def test_the_last_one_down_is_named() -> None:
    events: list[Event] = [
        *morale_break(),
        UnitActivated("toki", "Toki"),
        Died("lagduf", "Lagduf", "horde", "slain"),
    ]
    assert ending_cause(events, "party", NAMES) == (
        "Lagduf, the last of The Black Tusk War Band, fell"
    )
    mixed = [UnitActivated("toki", "Toki"), Died("a", "A", "horde", "slain")]
    mixed.append(LeftBattle("b", "B", "horde", "surrendered"))
    assert ending_cause(mixed, "party", NAMES) == (
        "the last 2 of The Black Tusk War Band left the fight at once"
    )
    # the winner's own losses and rolls by others say nothing
    quiet = [UnitActivated("toki", "Toki"), Died("toki", "Toki", "party", "slain")]
    assert ending_cause(quiet, "party", NAMES) == ""


def test_the_victory_screen_says_why() -> None:
    battle = Battle(find_map("fort"), "grid", 0, {"party": "human", "horde": "human"})
    battle.events.extend(morale_break())  # as a ruleset's morale would leave them
    finish(battle.ctx, "party", "last side standing")
    detail = victory_scene(battle, {}, ["party", "horde"], lambda: None).detail
    assert detail == (
        f"Garrison of Greyford hold the field after {battle.round} round"
        f"{'' if battle.round == 1 else 's'}: the last 3 of The Black Tusk War Band fled at "
        "once, after Old Stonebelly's WIL save for morale (failed)."
    )
