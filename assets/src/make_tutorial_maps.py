"""Generate the two lesson maps (issue 30 · Learning the game) in ``maps/``.

A build tool (no pygame): ``python assets/src/make_tutorial_maps.py`` rewrites
``maps/tutorial.tmx`` (the `grid` lesson: select, move, the attack preview, attack,
cover, Shock on a miss, an attack of opportunity, Disengage, ending the turn) and
``maps/tutorial_clash.tmx`` (the `clash` guided first round: declare, reveal, order,
react); ``--check`` only reports whether the committed files are up to date. The
lessons' steps live with their rulesets (``game/rules/grid/lesson.py``,
``game/rules/clash/lesson.py``), bound to these maps by their file names; the maps'
``tutorial`` difficulty lists them first in the menu.

The AI hints keep the lesson in order: the wolf in the open (``aggressive``) fights Ada
where she meets it, the skeleton behind the low wall (``hold``) stays in its cover for
Bran's look at cover; in the clash round both raiders (``aggressive``) come at Hild, so
one of them attacks her and she is asked to react.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_maps import AUTHOR, MAPS, from_ascii, place, validate  # noqa: E402
from tmxwrite import Area, Draft, Style, tmx_text  # noqa: E402

Props = list[tuple[str, str | int | bool]]

GROUND = [
    "YYYYYYYYYYYYY",
    "Y...g.......Y",
    "Y.......L...Y",
    "Y.......L...Y",
    "Y...........Y",
    "Y..B........Y",
    "Y.......g...Y",
    "YYYYYYYYYYYYY",
]


def tutorial() -> tuple[Draft, Props]:
    """The `grid` lesson: Ada and Bran against a wolf in the open and a skeleton behind
    a low wall."""
    d = from_ascii(GROUND)
    place(d, [
        ".............",
        ".............",
        ".........b...",
        ".............",
        "..w....a.....",
        ".............",
        "..r..........",
        ".............",
    ], {"w": ("party", "warrior", ""), "r": ("party", "archer", ""),
        "a": ("barrow", "wolf", "aggressive"),
        "b": ("barrow", "skeleton", "hold")},
        {"party": ["Ada", "Bran"], "barrow": ["Crooked Bones", "Old Grey"]})
    d.zones += [Area("Yard", 1, 1, 7, 6), Area("Behind the wall", 9, 1, 3, 6)]
    props: Props = [
        ("title", "Learn to play"),
        ("briefing",
         "Ada and Bran clear a wolf and an old skeleton out of a barrow yard. A hint at "
         "the right says what to try next and goes on once you have done it; F2 skips it."),
        ("ruleset", "grid"),
        ("sides", "party; The Wardens; #3f6fb5; human; party\n"
                  "barrow; The Barrow; #8a8f7a; ai"),
        ("round_limit", 20),
        ("fog", False),
        ("difficulty", "tutorial"),
        ("author", AUTHOR),
    ]
    return d, props


def tutorial_clash() -> tuple[Draft, Props]:
    """The `clash` guided first round: Hild against two raiders who come at her."""
    d = from_ascii(GROUND)
    place(d, [
        ".............",
        ".............",
        ".............",
        ".......a.....",
        "...w.........",
        ".......b.....",
        ".............",
        ".............",
    ], {"w": ("party", "warrior", ""), "a": ("raiders", "bandit", "aggressive"),
        "b": ("raiders", "bandit", "aggressive")},
        {"party": ["Hild"], "raiders": ["Raider", "Thrall"]})
    d.zones += [Area("Yard", 1, 1, 7, 6), Area("Behind the wall", 9, 1, 3, 6)]
    props: Props = [
        ("title", "Learn to play: Clash"),
        ("briefing",
         "Hild meets two raiders. A hint at the right takes you through one round of the "
         "Clash rules (declare, reveal, the order, react); F2 skips it."),
        ("ruleset", "clash"),
        ("sides", "party; The Company; #3f6fb5; human; party\n"
                  "raiders; Raiders; #b0483a; ai"),
        ("round_limit", 20),
        ("fog", False),
        ("difficulty", "tutorial"),
        ("author", AUTHOR),
    ]
    return d, props


LESSON_MAPS = (("tutorial.tmx", tutorial), ("tutorial_clash.tmx", tutorial_clash))


def build_all() -> dict[str, str]:
    """Each lesson map's file name and its text."""
    out = {}
    for name, build in LESSON_MAPS:
        draft, props = build()
        validate(draft, name)
        out[name] = tmx_text(draft, props, Style("class", "csv"), 30)
    return out


def main(argv: list[str]) -> int:
    texts = build_all()
    if "--check" in argv:
        stale = [n for n, t in texts.items()
                 if not (MAPS / n).exists() or (MAPS / n).read_text(encoding="utf-8") != t]
        for n in stale:
            print(f"maps/{n}: out of date (run python assets/src/make_tutorial_maps.py)")
        return 1 if stale else 0
    for n, t in texts.items():
        (MAPS / n).write_text(t, encoding="utf-8")
        print(f"maps/{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
