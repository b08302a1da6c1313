"""#37: the briefings of the shipped maps name units as the maps field them: the leader
a briefing names leads, the archer it names carries a bow, and every raider has a name."""

from __future__ import annotations

import pytest

from game.maps import find_map, load_battlefield


def _spawns(name: str) -> dict[str, tuple[str, bool]]:
    field = load_battlefield(find_map(name))
    return {s.name: (s.template, s.leader) for s in field.spawns}


def test_duel_briefing_wulf_leads_and_crow_has_the_bow() -> None:
    spawns = _spawns("duel")
    field = load_battlefield(find_map("duel"))
    assert "Wulf Half-Hand has challenged" in field.scenario.briefing
    assert "Crow's bow" in field.scenario.briefing
    assert spawns["Wulf Half-Hand"] == ("bandit_chief", True)
    assert spawns["Crow"][0] == "bandit_archer"


def test_village_briefing_red_haldor_leads_his_raiders_and_the_captain_is_a_captain() -> None:
    spawns = _spawns("village")
    assert spawns["Red Haldor"] == ("bandit_chief", True)
    assert spawns["Captain Aldgyth"] == ("captain", True)
    assert all(name and not name.startswith("Bandit") for name in spawns)


@pytest.mark.parametrize("name", ["duel", "village"])
def test_every_unit_of_the_small_maps_has_a_name_of_its_own(name: str) -> None:
    field = load_battlefield(find_map(name))
    names = [s.name for s in field.spawns]
    assert all(names) and len(set(names)) == len(names)
