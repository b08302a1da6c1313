"""Play-test 4: the README's word on the threat overlay (Q) names the rulesets that draw
it, the ones whose ruleset says which squares a unit threatens, and what Q says in the
others."""

from __future__ import annotations

import re
from pathlib import Path

from game.engine.seam import Ruleset
from game.rulesets import get_ruleset, ruleset_ids
from game.ui.threat_view import NOT_OFFERED

README = Path(__file__).parent.parent / "README.md"


def offering() -> set[str]:
    """The rulesets that answer ``threatened_cells`` (the seam's default says nothing)."""
    return {
        r
        for r in ruleset_ids()
        if type(get_ruleset(r)).threatened_cells is not Ruleset.threatened_cells
    }


def test_the_readme_says_which_rulesets_draw_the_threat() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    paragraph = text[text.index("**The enemy's threat** (**Q**)") :]
    paragraph = paragraph[: paragraph.index("![")]
    named = re.search(r"Only the (.+?) rulesets? draws? it", paragraph)
    assert named is not None, paragraph
    said = set(re.split(r", | and ", named.group(1)))
    assert said == offering(), (said, offering())
    assert f'"{NOT_OFFERED}"' in paragraph
    assert offering() < set(ruleset_ids())  # some do not: the note is needed
