"""Small words of the stress screen (play-test 9): a blow Armour turned rose as "-0", and
the sheet said "Speed 1 squares"."""

from __future__ import annotations

from stress_support import FACE_TO_FACE, make_field, set_fighter, stress_battle

from game.engine.presentation import Motion
from game.rules.stress.events import Hurt
from game.rules.stress.presenter import StressPresenter
from game.rules.stress.sheet import sheet
from game.ui.play_animation import Animations
from game.ui.play_motion import Batch, _harm


def _hurt(stress: int, wp: int) -> Hurt:
    return Hurt("gor", "Gor", stress, wp, 3, 9, 11, "slashing", False, by="ada")


def test_a_blow_armour_turned_shows_the_word_not_minus_nothing() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 6])
    presenter = StressPresenter()
    (turned,) = presenter.motions(b, _hurt(0, 0))
    assert turned.kind == "harm" and turned.graze and turned.words == "Armour"
    assert turned.amount == 0
    (hit,) = presenter.motions(b, _hurt(0, 4))
    assert hit.amount == 4 and hit.track == "WP" and not hit.graze
    texts = []
    for m in (turned, hit):
        anim = Animations()
        batch = Batch(anim, {"gor": (3, 3), "ada": (2, 3)}, {}, blocks=False)
        _harm(batch, m, (3, 3), lambda unit, track: "damage")
        texts.append(anim.floaters[0].text)
    assert texts == ["Armour", "-4"]
    # a harm of nothing with no words of its own still never reads "-0"
    anim = Animations()
    _harm(
        Batch(anim, {"gor": (3, 3)}, {}, blocks=False),
        Motion("harm", target="gor"),
        (3, 3),
        lambda unit, track: "damage",
    )
    assert anim.floaters[0].text == "0"


def test_the_sheet_counts_a_speed_of_one_square_in_the_singular() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 6])
    unit = next(iter(b.ctx.units()))
    rows = dict(sheet(b.ctx, unit, full=True))
    assert rows["Speed"].endswith(" squares")
    set_fighter(b, unit, speed=1)
    assert dict(sheet(b.ctx, unit, full=True))["Speed"] == "1 square"
