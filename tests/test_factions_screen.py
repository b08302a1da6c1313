"""The factions screen in plain words (second play-test): the card's "This round" row,
the reaction prompt's labels and costs, the legend's rows."""

from __future__ import annotations

from factions_support import end, fbattle, ffield, log, ok, react, start

from game.engine import Battle
from game.rules.factions.answers import Attack, Counter, Dodge

PAIR = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "skirmisher", (1, 2)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Dun", "bandits", "bandit", (9, 4)),
]


def this_round(b: Battle, unit: str) -> str:
    rows = dict(b.sheet_rows(unit, full=False) or [])
    return rows["This round"]


def test_the_card_says_waiting_acting_acted_and_spent_on_a_reaction() -> None:
    b = fbattle(ffield(PAIR), [2, 5])
    assert this_round(b, "gor") == "waiting"
    start(b, "bandits", "gor")
    assert this_round(b, "gor") == "acting" and this_round(b, "ada") == "waiting"
    ok(b, Attack("gor", "ada", "spear"))
    react(b, Dodge("ada"))
    assert this_round(b, "ada") == "spent on a reaction"
    end(b, "gor")
    assert this_round(b, "gor") == "acted"


def test_the_acting_unit_bears_no_acted_marker_until_its_turn_is_over() -> None:
    b = fbattle(ffield(PAIR), [2])
    start(b, "bandits", "gor")
    assert "acted" not in b.unit("gor").conditions  # acting: its card says so
    end(b, "gor")
    assert "acted" in b.unit("gor").conditions


def test_the_reaction_prompt_labels_each_answer_plainly_and_says_what_it_costs() -> None:
    b = fbattle(ffield(PAIR), [2])
    start(b, "bandits", "gor")
    ok(b, Attack("gor", "ada", "spear"))
    d = b.pending
    assert d is not None and d.kind == "reaction"
    said = {o.label: o.cost for o in d.options}
    assert set(said) >= {"Dodge", "Counter", "Hide behind Bea", "Decline"}
    assert not any("(" in label or "_" in label for label in said)
    for label in ("Dodge", "Counter", "Hide behind Bea"):
        assert said[label].endswith("takes your turn this round"), label
    assert said["Dodge"].startswith("AGI save")
    counters = {o.answer.weapon: o.cost for o in d.options if isinstance(o.answer, Counter)}
    assert "your sword" in counters["sword"] and "your javelin" in counters["javelin"]
    assert "Bea takes the attack" in said["Hide behind Bea"]


def test_the_legend_shows_cover_lines_a_blast_a_grapple_and_the_markers_effects() -> None:
    from game.engine.presenter import COVER_ROWS
    from game.rules.factions.presenter import FactionsPresenter

    shown = FactionsPresenter()
    rows = shown.legend_rows()
    assert all(r in rows for r in COVER_ROWS)
    assert any(r.tone == "blast_area" for r in rows) and any(r.look == "link" for r in rows)
    said = {r.tone: r.text for r in rows if r.look == "words"}
    assert "peeked" in said["Cover"] and "spent on a reaction" in said["This round"]
    for key in ("concealed", "stuck", "surrendered", "grabbed", "prone", "reacted"):
        assert shown.condition_text(key).effect, key


def test_the_victory_gear_column_names_each_item_once_in_its_last_state() -> None:
    """003 · Combat gear degradation: an item broken in the fight and named again by the
    durability rolls (another case of its name) shows once, broken (play-test: "Sword
    broken, sword damaged")."""
    from types import SimpleNamespace

    from game.rules.factions.events import GearWorn
    from game.rules.factions.presenter import FactionsPresenter

    events = [
        GearWorn("ada", "Ada", "Sword", "broken"),
        GearWorn("ada", "Ada", "sword", "damaged"),
        GearWorn("ada", "Ada", "shield", "damaged"),
        GearWorn("bo", "Bo", "bow", "broken"),
    ]
    battle = SimpleNamespace(events=events)
    rows = FactionsPresenter().aftermath(battle, "ada")  # type: ignore[arg-type]
    assert rows == (("Gear", "Sword broken, shield damaged"),)


def test_the_log_says_what_the_initiative_die_is_for() -> None:
    """Play-test 3: "initiative: d2 1 = 1" had no subject; the line says the die picks
    the side that holds the initiative, and the next line names it."""
    b = fbattle(ffield(PAIR), [2])
    lines = log(b)
    rolled = next(i for i, t in enumerate(lines) if "d2 2 = 2" in t)
    assert lines[rolled].startswith("Which side holds the initiative"), lines[rolled]
    assert lines[rolled + 1].endswith("hold the initiative"), lines[rolled + 1]
