"""A presenter per ruleset (issue 28): the screen asks the battle's presenter for what it
shows in the ruleset's terms, and draws whatever it is given: any number of health
tracks, the conditions' words, the links between units, the preview of an answer."""

from __future__ import annotations

from dataclasses import replace

import pygame
from clash_support import OPEN, clash_battle, duel_field
from engine_support import act, field

from game.engine import Battle, ChooseUnit, UnitView
from game.engine.intentions import Declared, IntentionRevealed, OrderSet
from game.engine.presentation import ConditionText, Link, Track
from game.engine.presenter import Presenter, presenter_of
from game.rules.clash import events as clash_events
from game.rules.clash.presenter import ClashPresenter
from game.rules.grid.presenter import GridPresenter
from game.rules.grid.screen import ScreenAlly
from game.ui.engine_model import EngineModel
from game.ui.tokens import draw_token


def _grid(spawns: list[tuple[str, str, str, tuple[int, int]]]) -> Battle:
    """A grid battle on an open field, at the first unit's turn."""
    b = Battle(field(OPEN, spawns), "grid", seed=1)
    d = b.pending
    if d is not None and d.kind == "choose_unit":
        b.answer(next(a for a in d.answers if isinstance(a, ChooseUnit)))
    return b


PAIR = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
TRIO = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "warrior", (1, 2)),
    ("Gor", "bandits", "bandit", (3, 1)),
]


def test_each_ruleset_answers_with_its_own_presenter() -> None:
    assert isinstance(presenter_of(_grid(PAIR)), GridPresenter)
    assert isinstance(presenter_of(clash_battle(duel_field(PAIR))), ClashPresenter)


def test_a_unit_view_carries_every_health_track_and_its_conditions() -> None:
    grid = _grid(PAIR)
    ada = grid.unit("ada")
    assert presenter_of(grid).tracks(ada) == (Track("HP", ada.hp, ada.max_hp),)
    assert ada.conditions == ()
    clash = clash_battle(duel_field(PAIR))
    ada = clash.unit("ada")
    assert [t.label for t in ada.tracks] == ["HP", "STR"]
    shown = presenter_of(clash).tracks(ada)
    assert shown[1] == Track("STR", 15, 15, bar=False)  # shown in words on the card


def test_the_grid_budget_line_conditions_and_screen_links_come_from_its_presenter() -> None:
    b = _grid(TRIO)
    d = b.pending
    assert d is not None and d.unit is not None
    presenter = presenter_of(b)
    assert presenter.budget_line(b, d.unit) == "Main ready · Move ready"
    ward = "bea" if d.unit == "ada" else "ada"
    act(b, ScreenAlly(d.unit, ward))
    view = b.unit(d.unit)
    assert "screening" in view.conditions and "screening" in presenter.conditions(view)
    assert Link("screen", d.unit, ward) in presenter.links(b)
    assert EngineModel(b).screen_links() == [(d.unit, ward)]
    said = presenter.condition_text("total_defense")
    assert said.tone == "help" and said.label == "Total Defense"


def test_clash_previews_have_no_odds_and_the_grids_do() -> None:
    grid = _grid(PAIR)
    shown = presenter_of(grid).attack_preview(grid, "ada", "gor", "sword")
    assert shown.odds is not None and 0 <= shown.odds <= 1 and shown.weapon == "sword"
    assert shown.outcome[0] <= shown.outcome[1]
    assert any(r.label == "Hit chance" for r in shown.rows)
    clash = clash_battle(duel_field(PAIR))
    shown = presenter_of(clash).attack_preview(clash, "ada", "gor", "sword")
    assert shown.odds is None and shown.rows and shown.outcome[0] <= shown.outcome[1]
    assert presenter_of(clash).budget_line(clash, "ada") == "Declare: quick or full turn"


def test_the_declaration_events_are_shared_by_every_ruleset_that_declares_first() -> None:
    assert clash_events.Declared is Declared
    assert clash_events.IntentionRevealed is IntentionRevealed
    assert clash_events.OrderSet is OrderSet


class _TwoBars(Presenter):
    condition_texts = {"prone": ConditionText("Lying down", "up next turn")}

    def tracks(self, view: UnitView) -> tuple[Track, ...]:
        return (Track("HP", view.hp, view.max_hp), Track("Grit", 1, 4))


def test_the_screen_draws_as_many_bars_as_the_presenter_gives_in_its_words() -> None:
    b = _grid(PAIR)
    model = EngineModel(b)
    model.presenter = _TwoBars()
    token = model.token("ada")
    assert token is not None and token.more_bars == ((1, 4),)
    assert model.condition_text("prone").label == "Lying down"
    surface = pygame.Surface((40, 40))
    rect = pygame.Rect(0, 0, 40, 40)
    one = replace(token, more_bars=())
    draw_token(surface, one, rect)
    plain = pygame.surfarray.array3d(surface).copy()
    surface.fill((0, 0, 0))
    draw_token(surface, token, rect)
    assert (pygame.surfarray.array3d(surface) != plain).any()  # the second bar is drawn


def test_a_grapple_is_a_link_the_screen_does_not_draw_as_a_screen() -> None:
    from game.rules.grid.components import Conditions

    b = _grid(PAIR)
    b.edit("ada", Conditions).grappling = "gor"  # as a won Grapple leaves it
    assert Link("grapple", "ada", "gor") in presenter_of(b).links(b)
    assert EngineModel(b).screen_links() == []
