"""Who saw each event (``game.ui.log_sight``): a line is seen by a side when one of its
places was in that side's sight then; its own units' lines whole; a unit the ruleset
hides keeps its lines from that side."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.events import Damaged, Died, Event, Moved, Note, RoundStarted
from game.engine.intentions import IntentionRevealed, OrderSet
from game.geometry.grid import Cell
from game.rules.stress.events import CountReached
from game.ui.log_redact import hide_squares, without_units
from game.ui.log_sight import Concealed, LogSight, Seen, Standing, read_as, seen_by

SIDES = ("a", "b")
# side b sees only the squares with x < 5
STANDS = {
    "ann": Standing("a", (8, 1), True),
    "bo": Standing("b", (1, 1), True),
    "cy": Standing("a", (2, 2), True),
}


def _b_sees_west(side: str, eyes: tuple[Cell, ...], places: Sequence[Cell]) -> bool:
    return side == "a" or any(x < 5 for x, _ in places)


def _nobody_hidden(unit: str, side: str) -> bool:
    return False


def _seen(event: Event, concealed: Concealed = _nobody_hidden) -> Seen:
    return seen_by(event, dict(STANDS), SIDES, _b_sees_west, concealed)


def test_a_move_is_seen_from_any_of_its_squares_and_read_without_a_hidden_end() -> None:
    unseen = Moved("ann", "Ann", (8, 1), ((7, 1), (6, 1)), 10)
    assert _seen(unseen).sides == {"a"}
    leaving = Moved("cy", "Cy", (4, 2), ((5, 2), (6, 2)), 10)
    seen = _seen(leaving)
    assert seen.sides == {"a", "b"} and seen.blind_end == {"b"}
    assert read_as(leaving, seen, "b") == "Cy moves out of sight"
    assert read_as(leaving, seen, "a") == leaving.text()  # its own side reads it whole
    coming = Moved("ann", "Ann", (8, 1), ((7, 1), (4, 1)), 15)
    assert read_as(coming, _seen(coming), "b") == coming.text()


def test_an_attack_is_seen_when_the_attacker_or_the_target_was() -> None:
    on_bo = Damaged("bo", "Bo", 3, 5, 8, "hit", by="ann")  # the target is b's own
    assert _seen(on_bo).sides == {"a", "b"}
    on_cy = Damaged("cy", "Cy", 3, 5, 8, "hit", by="ann")  # Cy at (2, 2): in b's sight
    assert _seen(on_cy).sides == {"a", "b"}
    on_ann = Damaged("ann", "Ann", 3, 5, 8, "hit", by="cy")  # both of a's: but Cy is seen
    assert _seen(on_ann).sides == {"a", "b"}
    far = Died("ann", "Ann", "a", "slain")
    assert _seen(far).sides == {"a"}


def test_lines_of_nobody_are_everyones_and_a_hidden_unit_keeps_its_lines() -> None:
    assert _seen(RoundStarted(2)).sides == set(SIDES)
    assert _seen(Note("The gate opens")).sides == set(SIDES)
    lurking = Note("Cy waits", unit="cy")
    assert _seen(lurking).sides == {"a", "b"}
    assert _seen(lurking, lambda unit, side: unit == "cy" and side == "b").sides == {"a"}


def test_the_units_are_read_back_to_where_each_event_found_them() -> None:
    """Cy walks out of b's sight and then strikes Ann: b saw the walk leave, not the
    blow (Cy stood where b could not see by then); an undo forgets the taken-back part."""
    walk = Moved("cy", "Cy", (2, 2), ((6, 2),), 5)
    blow = Damaged("ann", "Ann", 1, 7, 8, "hit", by="cy")
    now = {**STANDS, "cy": Standing("a", (6, 2), True)}
    log = LogSight()
    log.catch_up(
        [RoundStarted(1), walk, blow], lambda: dict(now), SIDES, _b_sees_west, _nobody_hidden
    )
    assert [s.sides for s in log.seen] == [{"a", "b"}, {"a", "b"}, {"a"}]
    assert log.reads([RoundStarted(1), walk, blow], 1, "b") == "Cy moves out of sight"
    log.catch_up([RoundStarted(1)], lambda: dict(STANDS), SIDES, _b_sees_west, _nobody_hidden)
    assert len(log.seen) == 1


def test_the_squares_a_side_did_not_see_of_a_line_it_read() -> None:
    """A blow on b's own Bo from Ann, out of b's sight: b reads the line whole, but Ann's
    square is among the places it did not see (the screen draws nothing there); a hidden
    unit's square is not seen either; its own units' squares always are."""
    on_bo = _seen(Damaged("bo", "Bo", 3, 5, 8, "hit", by="ann"))
    assert "b" in on_bo.sides
    assert on_bo.unseen_by("b") == {(8, 1)} and on_bo.unseen_by("a") == frozenset()
    hidden = _seen(Damaged("ann", "Ann", 3, 5, 8, "hit", by="cy"), lambda u, s: u == "cy")
    assert hidden.unseen_by("b") == {(2, 2), (8, 1)}
    log = LogSight()
    log.catch_up([Damaged("bo", "Bo", 3, 5, 8, "hit", by="ann")], lambda: dict(STANDS),
                 SIDES, _b_sees_west, _nobody_hidden)  # fmt: skip
    assert log.unseen(0, "b") == {(8, 1)} and log.unseen(1, "b") == frozenset()


def test_a_list_of_units_leaves_out_those_the_side_did_not_see() -> None:
    """Play-test 8: "Initiative turns: ..." named every foe in fog to a reader whose own
    units were in the list. The units of any list of units (the order, the units acting at
    one count) are in the sight check and a side reads only those it saw, with their names
    and rolls; a list of units it saw none of is not its line."""
    order = OrderSet("initiative", ("ann", "bo", "cy"), ("Ann", "Bo", "Cy"), ("4", "7", "9"))
    seen = _seen(order)
    assert seen.sides == {"a", "b"}
    assert read_as(order, seen, "b") == "Initiative turns: Bo, Cy"  # Ann at (8, 1): unseen
    assert read_as(order, seen, "a") == order.text()
    far = CountReached(4, ("ann",), ("Ann",))
    assert _seen(far).sides == {"a"}  # before, a line naming no unit: everyone's
    both = CountReached(7, ("ann", "cy"), ("Ann", "Cy"))
    assert read_as(both, _seen(both), "b") == "Initiative 7: Cy"
    lurking = _seen(order, lambda unit, side: unit == "cy" and side == "b")
    assert read_as(order, lurking, "b") == "Initiative turns: Bo"
    nofog = seen_by(order, dict(STANDS), SIDES, None, lambda u, s: u == "ann" and s == "b")
    assert read_as(order, nofog, "b") == "Initiative turns: Bo, Cy"


def test_a_square_a_foe_means_to_go_to_is_not_named_when_out_of_sight() -> None:
    """Play-test 8: "Rolf intends to Move to 23,14", 23,14 in fog. The line of a unit
    the side sees is read, without the squares it aims at that the side cannot see; its
    own side reads it whole; a square in sight is named."""
    away = IntentionRevealed("cy", "Cy", "move", None, "full", "move to 8,2", to=((8, 2),))
    seen = _seen(away)
    assert seen.sides == {"a", "b"}
    assert read_as(away, seen, "b") == "Cy intends to move out of sight (full turn)"
    assert read_as(away, seen, "a") == away.text()
    near = IntentionRevealed("cy", "Cy", "move", None, "full", "move to 3,2", to=((3, 2),))
    assert read_as(near, _seen(near), "b") == near.text()
    shot = IntentionRevealed(
        "cy", "Cy", "shoot", "bo", "full", "shoot Bo after moving to 2,3, then move to 9,9",
        to=((2, 3), (9, 9)),
    )  # fmt: skip
    assert read_as(shot, _seen(shot), "b") == (
        "Cy intends to shoot Bo after moving to 2,3, then move out of sight (full turn)"
    )
    aiming_only = IntentionRevealed("ann", "Ann", "move", None, "full", "move to 3,3", to=((3, 3),))
    assert _seen(aiming_only).sides == {"a"}  # a square aimed at does not show who aims


def test_hide_squares_names_no_other_square() -> None:
    assert hide_squares("move to 3,4", [(3, 4)]) == "move out of sight"
    assert hide_squares("move to 13,4 then 3,44", [(3, 4)]) == "move to 13,4 then 3,44"
    assert hide_squares("guard 3,4", [(3, 4)]) == "guard a square out of sight"


@dataclass(frozen=True, slots=True)
class _Volley(Event):
    units: tuple[str, ...]
    names: tuple[str, ...]
    at: tuple[int, int]

    def text(self) -> str:
        return f"{', '.join(self.names)} shoot at {self.at[0]},{self.at[1]}"


def test_a_list_beside_the_units_loses_their_places_a_square_does_not() -> None:
    volley = _Volley(("ann", "bo"), ("Ann", "Bo"), (3, 4))
    cut = without_units(volley, ["ann"], STANDS)
    assert cut == _Volley(("bo",), ("Bo",), (3, 4))
    assert read_as(volley, _seen(volley), "b") == "Bo shoot at 3,4"


def test_a_foe_unseen_declaring_on_a_sides_unit_is_not_read_by_that_side() -> None:
    """Play-test 8: "Vigga intends to Throw Captain Aldgyth" was read by Aldgyth's side
    with Vigga in fog: the unit a declaration aims at does not make its line seen, as
    the unit aiming does."""
    unseen = IntentionRevealed("ann", "Ann", "attack", "bo", "full", "attack Bo")
    assert _seen(unseen).sides == {"a"}
    seen = IntentionRevealed("cy", "Cy", "attack", "bo", "full", "attack Bo")
    assert _seen(seen).sides == {"a", "b"}
    assert read_as(seen, _seen(seen), "b") == seen.text()
    lurking = _seen(seen, lambda unit, side: unit == "cy" and side == "b")
    assert lurking.sides == {"a"}


def test_a_seen_foes_declaration_does_not_name_a_unit_the_side_cannot_see() -> None:
    """Review of play-test 8's fix: "Vigga intends to Stabilise Bryni" named Bryni, a
    downed ally of Vigga's lying in the reader's fog. The unit a seen foe aims at is named
    only when the reader sees it (or it is the reader's own); its side reads it whole."""
    helping = IntentionRevealed(
        "cy", "Cy", "stabilise", "ann", "full", "stabilise Ann", target_name="Ann"
    )
    seen = _seen(helping)
    assert seen.sides == {"a", "b"}
    assert read_as(helping, seen, "b") == "Cy intends to stabilise someone out of sight (full turn)"
    assert read_as(helping, seen, "a") == helping.text()
    on_bo = IntentionRevealed("cy", "Cy", "attack", "bo", "full", "attack Bo", target_name="Bo")
    assert read_as(on_bo, _seen(on_bo), "b") == on_bo.text()  # b's own unit: named
    hidden_by_rules = _seen(on_bo, lambda unit, side: unit == "ann" and side == "b")
    assert read_as(on_bo, hidden_by_rules, "b") == on_bo.text()
    # a name inside another word is left alone ("Annwyn" is not "Ann")
    annwyn = IntentionRevealed(
        "cy", "Cy", "attack", "ann", "full", "attack Ann near Annwyn", target_name="Ann"
    )
    assert read_as(annwyn, _seen(annwyn), "b") == (
        "Cy intends to attack someone out of sight near Annwyn (full turn)"
    )
