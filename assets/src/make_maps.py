"""Generate the five shipped battles in ``maps/`` from the layouts in this file.

A build tool (no pygame): ``python assets/src/make_maps.py`` rewrites
``maps/duel.tmx``, ``village.tmx``, ``fort.tmx``, ``ambush.tmx`` and ``battle.tmx``;
``--check`` only reports whether the committed files are up to date. The small
maps are drawn by hand as ASCII below; the forest of the ambush and the big
battle are grown from a seeded ``random.Random`` around hand-placed features.

Each battle follows the map contract (``maps/README.md``): a ``ground`` layer plus
``structures`` and ``scatter`` tile layers, ``units``/``zones``/``objectives``
object layers and the scenario in map properties. Two maps type their objects
with Tiled 1.8's ``type``, three with Tiled 1.9's ``class``; the big battle is
stored base64 + zlib, the rest as CSV.
"""

from __future__ import annotations

import heapq
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tmxwrite import (  # noqa: E402
    Area,
    Draft,
    Spawn,
    Style,
    blocking,
    check_zones,
    polygon,
    row_spans,
    split_area,
    tmx_text,
    walk,
)

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
AUTHOR = "Shieldwall project"

# char -> (ground, structure, scatter). Families are resolved by tmxwrite.
LEGEND: dict[str, tuple[str, str | None, str | None]] = {
    ".": ("grass", None, None),
    ",": ("forest", None, None),
    ":": ("dirt", None, None),
    "=": ("road", None, None),
    "_": ("stone_floor", None, None),
    "-": ("wood_floor", None, None),
    "c": ("cobbles", None, None),
    "s": ("sand", None, None),
    "m": ("mud", None, None),
    "~": ("shallow", None, None),
    "W": ("deep", None, None),
    "b": ("bridge", None, None),
    "^": ("hill", None, None),
    "#": ("stone_floor", "stone_wall", None),
    "H": ("wood_floor", "wood_wall", None),
    "P": ("grass", "palisade", None),
    "G": ("grass", "palisade_gate", None),
    "D": ("wood_floor", "door_wood", None),
    "d": ("road", "door_stone", None),
    "O": ("wood_floor", "window_wood", None),
    "o": ("stone_floor", "window_stone", None),
    "A": ("stone_floor", "arrow_slit", None),
    "L": ("grass", "low_wall", None),
    "l": ("dirt", "low_wall", None),
    "F": ("grass", "fence", None),
    "T": ("grass", None, "oak"),
    "Y": ("forest", None, "pine"),
    "t": ("forest", None, "oak"),
    "B": ("grass", None, "bush"),
    "u": ("forest", None, "undergrowth"),
    "g": ("grass", None, "tall_grass"),
    "r": ("grass", None, "reeds"),
    "R": ("grass", None, "rubble"),
    "K": ("grass", None, "boulder"),
    "k": ("grass", None, "rock"),
    "%": ("grass", None, "dead_tree"),
    "x": ("grass", None, "crates"),
    "X": ("wood_floor", None, "crates"),
    "0": ("grass", None, "barrels"),
    "Q": ("wood_floor", None, "barrels"),
    "h": ("grass", None, "hay"),
    "w": ("cobbles", None, "well"),
    "n": ("wood_floor", None, "table"),
    "N": ("grass", None, "tent"),
    "*": ("grass", None, "campfire"),
    "+": ("grass", None, "gravestone"),
    "C": ("grass", None, "cart"),
    "f": ("grass", None, "firewood"),
    "j": ("wood_floor", None, "hay"),
    "e": ("road", None, "crates"),
    "E": ("road", None, "barrels"),
    "z": ("stone_floor", None, "rubble"),
    "q": ("road", None, "well"),
    "v": ("road", None, "campfire"),
}


def from_ascii(rows: Sequence[str], legend: dict[str, tuple[str, str | None, str | None]]
               | None = None) -> Draft:
    table = dict(LEGEND)
    if legend:
        table.update(legend)
    width = len(rows[0])
    for i, r in enumerate(rows):
        if len(r) != width:
            raise ValueError(f"layout row {i} is {len(r)} wide, expected {width}")
    d = Draft.blank(width, len(rows))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            g, s, c = table[ch]
            d.ground[y][x], d.structures[y][x], d.scatter[y][x] = g, s, c
    return d


def place(d: Draft, rows: Sequence[str], roster: dict[str, tuple[str, str, str]],
          names: dict[str, list[str]], leaders: str = "") -> None:
    """Put spawns where ``rows`` (same size as the map) have a roster letter.

    ``roster`` maps a letter to (side, template, ai hint); letters in ``leaders`` mark
    leaders. Names are taken in order from ``names[side]``: a side's leaders first, then
    the rest in reading order, so the first name (the one a briefing calls the leader) is
    the leader's.
    """
    found: list[tuple[int, int, str]] = []
    for y, row in enumerate(rows):
        if len(row) != d.width:
            raise ValueError(f"unit row {y} is {len(row)} wide, expected {d.width}")
        found += [(x, y, ch) for x, ch in enumerate(row) if ch in roster]
    taken = {side: 0 for side in names}
    named: dict[tuple[int, int], str] = {}
    for x, y, ch in sorted(found, key=lambda f: f[2] not in leaders):  # stable: reading order
        side = roster[ch][0]
        pool = names.get(side, [])
        named[(x, y)] = pool[taken.get(side, 0)] if taken.get(side, 0) < len(pool) else ""
        taken[side] = taken.get(side, 0) + 1
    for x, y, ch in found:
        side, template, ai = roster[ch]
        d.spawns.append(Spawn(x, y, side, template, named[(x, y)], ai, ch in leaders))


def validate(d: Draft, name: str) -> None:
    """A generated map must never spawn on a blocking cell or stack two spawns."""
    blocked = blocking(d)
    seen: set[tuple[int, int]] = set()
    for s in d.spawns:
        if not d.inside(s.x, s.y):
            raise ValueError(f"{name}: spawn {s} off the map")
        if blocked[s.y][s.x]:
            raise ValueError(f"{name}: spawn {s.template} at {s.x},{s.y} on a blocking cell")
        if (s.x, s.y) in seen:
            raise ValueError(f"{name}: two spawns at {s.x},{s.y}")
        seen.add((s.x, s.y))
    if d.spawns:
        joined = walkable_from(blocked, (d.spawns[0].x, d.spawns[0].y))
        for s in d.spawns:
            if (s.x, s.y) not in joined:
                raise ValueError(f"{name}: spawn {s.template} at {s.x},{s.y} is walled in: "
                                 "no walk leads from it to the other spawns")


STEPS8 = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


def walkable_from(blocked: list[list[bool]], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The cells a unit could walk to from ``start``; as in the game, a diagonal step
    may not squeeze between two blocking cells."""
    h, w = len(blocked), len(blocked[0])
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS8:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or blocked[ny][nx] or (nx, ny) in seen:
                continue
            if dx and dy and blocked[y][nx] and blocked[ny][x]:
                continue
            seen.add((nx, ny))
            todo.append((nx, ny))
    return seen


def clear_way(d: Draft, start: tuple[int, int], to: tuple[int, int]) -> None:
    """Open a way from ``start`` to the cells walkable from ``to`` when thickets wall it
    in: the fewest blocking cells on a straight-step way there become undergrowth."""
    blocked = blocking(d)
    goal = walkable_from(blocked, to)
    if start in goal:
        return
    best = {start: 0}
    back: dict[tuple[int, int], tuple[int, int]] = {}
    frontier = [(0, start)]
    end = start
    while frontier:
        spent, (x, y) = heapq.heappop(frontier)
        if (x, y) in goal:
            end = (x, y)
            break
        if spent > best[(x, y)]:
            continue
        for dx, dy in STEPS8[:4]:
            nx, ny = x + dx, y + dy
            if not d.inside(nx, ny):
                continue
            total = spent + (20 if blocked[ny][nx] else 1)
            if total < best.get((nx, ny), 1 << 30):
                best[(nx, ny)] = total
                back[(nx, ny)] = (x, y)
                heapq.heappush(frontier, (total, (nx, ny)))
    cell = end
    while cell != start:
        x, y = cell
        if blocked[y][x]:
            d.structures[y][x] = None
            d.ground[y][x] = "forest"
            d.scatter[y][x] = "undergrowth"
        cell = back[cell]


def blocking_share(d: Draft) -> float:
    blocked = blocking(d)
    return sum(map(sum, blocked)) / (d.width * d.height)


@dataclass(frozen=True, slots=True)
class Battle:
    filename: str
    seed: int
    style: Style
    build: Callable[[], tuple[Draft, list[tuple[str, str | int | bool]]]]
    # a zone may lie in pieces joined through other zones (woods grown at random)
    zones_in_pieces: bool = False


# --- 1. duel ---------------------------------------------------------------------------
def duel() -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    d = from_ascii([
        "YYYtt..ttYYY",
        "Yu.B.....gYY",
        "Y..g.......Y",
        "T..LLL.LLL.T",
        "...L.....L..",
        "..gL..%..Lg.",
        "......R.....",
        "...L.K...L..",
        "T..LLL.LLL.T",
        "Y.g.......BY",
        "YYB......uYY",
        "YYYtt..tYYYY",

    ])
    place(d, [
        "............",
        "............",
        ".....bc.....",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        "............",
        ".....wa.....",
        "............",
    ], {"w": ("party", "warrior", ""), "a": ("party", "archer", ""),
        "c": ("brigands", "bandit_chief", "aggressive"),
        "b": ("brigands", "bandit_archer", "skirmish")},
        {"party": ["Hild", "Osric"], "brigands": ["Wulf Half-Hand", "Crow"]}, leaders="c")
    d.zones += [Area("North glade", 0, 0, 12, 3), Area("West glade", 0, 3, 3, 6),
                Area("Shrine", 3, 3, 7, 6), Area("East glade", 10, 3, 2, 6),
                Area("South glade", 0, 9, 12, 3)]
    d.objectives.append(Area("The old shrine", 5, 5, 3, 2, (
        ("kind", "hold"),
        ("description", "When the light fails (round 12), whoever stands by the dead oak "
                        "with no foe beside it wins."),
    )))
    props: list[tuple[str, str | int | bool]] = [
        ("title", "Duel at the Broken Shrine"),
        ("briefing",
         "Wulf Half-Hand has challenged the company to settle an old debt at the broken "
         "shrine in the pinewood, two against two.\n"
         "The low ring walls give half cover to whoever keeps them between themselves and "
         "Crow's bow. First side to lose both fighters loses the debt; if both still stand "
         "when the light fails, whoever holds the shrine wins it."),
        ("ruleset", "grid"),
        ("sides", "party; The Company; #3f6fb5; any; party\n"
                  "brigands; Wulf's Brigands; #b0483a; any"),
        ("round_limit", 12),
        ("fog", False),
        ("difficulty", "easy"),
        ("author", AUTHOR),
    ]
    return d, props


# --- 2. village ----------------------------------------------------------------------
VILLAGE = [
    "TT...FFFFFFFF.....TTT..T.TTTTT",
    "T....F..g...F..HHHOHHH..T.T.TT",
    "..HHHOHHH.h.F..H-----H...T.T.T",
    "..H-----H...F..O-n---D..h.....",
    "..H-X---O.g.F..H-----H.B......",
    "..H---Q-H..BF..HHHDHHH...FFFFF",
    "B.HHHDHHH...F..B..=..B...F.x0.",
    ".....=......FFF...=......F..0.",
    "K....=...T........=......F.C..",
    "====================ccccc=====",
    "====================cccwc=====",
    "....=..........T....ccccc.....",
    "..B.=.......B...........=..T.%",
    ".HHHDHHHH...FFFFFFFF.HHHDHHHH.",
    ".H------O...F.g..g.F.H------H.",
    ".H-nn---H...F.gg.g.F.H-j-Q--O.",
    ".O------H...F..g...F.H------H.",
    ".H--X-X-H...FFFFFFFF.H-jj-X-H.",
    ".HHHHOHHH............HHHHHHHH.",
    "...........x.....~~~.........B",
    "..T...gg....C...~~W~~r...TT...",
    ".TT.........ff...~~~rr....T.TT",
    "TTT..TT..+.+......g....TTTTTTT",
    "TTTTTTT.................TTTTTT",
]


def village() -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    d = from_ascii(VILLAGE)
    place(d, [
        "..............................",
        "..............................",
        "..............................",
        ".........................b....",
        "..................c...........",
        "........................B.....",
        "...................b...B......",
        ".....................b........",
        ".w..........................b.",
        "a.s.......................b...",
        "Ck.......................b....",
        "...........................B..",
        "m.....................b.......",
        "...................b..........",
        "..............................",
        "..............................",
        "..........................b...",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
        "..............................",
    ], {
        "C": ("party", "captain", ""), "w": ("party", "warrior", ""),
        "s": ("party", "spearman", ""), "a": ("party", "archer", ""),
        "k": ("party", "skirmisher", ""), "m": ("party", "militia", ""),
        "c": ("raiders", "bandit_chief", "guard"), "b": ("raiders", "bandit", "aggressive"),
        "B": ("raiders", "bandit_archer", "skirmish"),
    }, {
        "party": ["Captain Aldgyth", "Beorn", "Eadric", "Sunniva", "Tove", "Ceolmund",
                  "Oswy"],
        "raiders": ["Red Haldor", "Grim", "Snape", "Ulla", "Ketil", "Brand", "Rolf", "Vigga",
                    "Arn", "Sigrid", "Hakon", "Bera", "Leif"],
    }, leaders="Cc")
    d.zones += [
        polygon("West green", (0, 0), (2, 0), (2, 7), (9, 7), (9, 9), (0, 9)),
        Area("Garden path", 2, 0, 7, 2), Area("West house", 2, 2, 7, 5),
        Area("Herb garden", 9, 0, 3, 9),
        polygon("Mill lane", (12, 0), (18, 0), (18, 1), (15, 1), (15, 9), (12, 9)),
        Area("Mill house", 15, 1, 7, 5),
        polygon("East lane", (21, 0), (30, 0), (30, 5), (22, 5), (22, 1), (21, 1)),
        polygon("Mill yard", (15, 6), (22, 6), (22, 5), (25, 5), (25, 9), (15, 9)),
        Area("Orchard", 25, 5, 5, 4),
        Area("West road", 0, 9, 10, 4), Area("Village road", 10, 9, 10, 4),
        Area("Village square", 20, 9, 5, 4), Area("East road", 25, 9, 5, 4),
        polygon("Woodside", (0, 13), (1, 13), (1, 19), (7, 19), (7, 24), (0, 24)),
        Area("Weaver's house", 1, 13, 8, 6), Area("Garden lane", 9, 13, 3, 6),
        Area("Walled garden", 12, 13, 9, 5), Area("Graveyard", 7, 19, 5, 5),
        Area("Cart track", 12, 18, 5, 6),
        Area("Pond", 17, 18, 5, 6, (("hazard", "DEX 12: stuck"),)),
        Area("Barn", 21, 13, 8, 6),
        polygon("East path", (29, 13), (30, 13), (30, 24), (22, 24), (22, 19), (29, 19)),
    ]
    d.objectives += [
        Area("Village square", 21, 9, 5, 3, (
            ("kind", "hold"), ("side", "party"),
            ("description", "Hold the well and the square when the raiders break."),
        )),
        Area("The barn's stores", 23, 14, 6, 4, (
            ("kind", "protect"), ("side", "party"),
            ("description", "If the raiders hold the barn, none of the company inside, at "
                            "five round ends in a row, the grain is gone."),
            ("rounds", 5),
        )),
    ]
    props: list[tuple[str, str | int | bool]] = [
        ("title", "Raid on Elmbrook"),
        ("briefing",
         "Red Haldor's raiders are loose in Elmbrook, breaking into the mill and the barn "
         "while the villagers hide in the woods.\n"
         "The company comes in on the west road. Houses give hard corners and windows to "
         "shoot through; the garden fences give only half cover. Drive them off before they "
         "load the cart."),
        ("ruleset", "grid"),
        ("sides", "party; The Company; #3f6fb5; any; party\n"
                  "raiders; Haldor's Raiders; #a8432f; ai"),
        ("round_limit", 20),
        ("difficulty", "medium"),
        ("author", AUTHOR),
    ]
    return d, props


# --- 3. fort -------------------------------------------------------------------------
FORT = [
    "TT........g.....KK.......TTTTT",
    "T...T.........^^^^^.......TTT.",
    "..........%..^^^^^^^.......TT.",
    ".....B.....g..^^^^^.##A###A##.",
    "..g.....LLLLL.......#=======#.",
    "..##z#....g.........#e=====E#.",
    "..#__z..B...........A===q===A.",
    "..z__#..LLL.....P...#=======#.",
    "..#z##.g........P...#===v===#.",
    "..B...R.....K.......#=======#.",
    "====================d=======A.",
    "====================d=======#.",
    "......g.............#=======#.",
    "...L.......T....P...#E=====e#.",
    "...L......B.....P...A=======A.",
    "...L......g.........#=======#.",
    "........%.......K...##A###A##.",
    "....B...gg......K.............",
    "..........LLLL.........B......",
    "..T...gg..............T.......",
    ".TTT......T....B.....TT...TT..",
    "TTTTT...........T...TTTTTTTTTT",
]


def fort() -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    d = from_ascii(FORT)
    garrison = [(24, 9, "captain", "Sergeant Bryni"), (21, 10, "warrior", "Wistan"),
                (21, 11, "warrior", "Godric"), (22, 12, "spearman", "Hereward"),
                (21, 6, "crossbowman", "Aelfhild"), (21, 14, "crossbowman", "Toki"),
                (22, 4, "archer", "Mildred"), (22, 15, "archer", "Leofwine")]
    for x, y, tmpl, nm in garrison:
        d.spawns.append(Spawn(x, y, "party", tmpl, nm, "hold" if tmpl != "captain" else "",
                              tmpl == "captain"))
    # the horde comes up the road and over the fields from the west
    horde = [(4, 11, "ogre", "Old Stonebelly"), (3, 10, "orc", "Gorbag"),
             (3, 12, "orc", "Bolg"), (2, 4, "orc_archer", "Uzg"), (3, 6, "orc", "Lugash"),
             (1, 8, "orc", "Skarn"), (4, 9, "orc_archer", "Mauk"), (4, 14, "orc", "Thrak"),
             (2, 16, "orc_archer", "Grishna"), (5, 18, "orc", "Ruk"),
             (6, 10, "orc", "Shagbar"), (6, 12, "orc", "Muzgash"), (5, 3, "orc", "Yagak"),
             (7, 14, "orc", "Durbag"), (4, 19, "orc_archer", "Lagduf")]

    for x, y, tmpl, nm in horde:
        d.spawns.append(Spawn(x, y, "horde", tmpl, nm,
                              "skirmish" if tmpl == "orc_archer" else "aggressive",
                              tmpl == "ogre"))
    d.zones += [
        *split_area("North fields", 0, 0, 12, 5, 2, 1), Area("Cottage yard", 0, 5, 6, 5),
        Area("Orchard lane", 6, 5, 6, 5), Area("West road", 0, 10, 12, 2),
        *split_area("South fields", 0, 12, 12, 10, 2, 2),
        Area("Barrow hill", 12, 0, 9, 4), Area("North field", 12, 4, 8, 5),
        Area("The road", 12, 9, 8, 4), *split_area("South meadow", 12, 13, 8, 9, 1, 2),
        Area("Under the north wall", 21, 0, 8, 3), Area("East ditch", 29, 0, 1, 17),
        Area("Under the south wall", 20, 17, 10, 5),
        Area("Keep, north yard", 20, 3, 9, 7),
        Area("The gate", 20, 10, 4, 2, (("capacity", 2),)), Area("Keep hall", 24, 10, 5, 2),
        Area("Keep, south yard", 20, 12, 9, 5),
    ]
    d.objectives += [
        Area("Keep courtyard", 21, 6, 7, 10, (
            ("kind", "hold"), ("side", "party"),
            ("description", "Have a defender in the courtyard, and no orc, when the last "
                            "round ends."),
        )),
        Area("The gate", 20, 10, 2, 2, (
            ("kind", "hold"), ("side", "horde"),
            ("description", "Hold the west gate, no defender in it, at two round ends in a "
                            "row, and the keep falls."),
            ("rounds", 2),
        )),
    ]
    props: list[tuple[str, str | int | bool]] = [
        ("title", "The Watch at Greyford Keep"),
        ("briefing",
         "An orc war band and its ogre have come over the downs to take Greyford Keep, and "
         "the relief column is a day away.\n"
         "The garrison is small but the walls are good: the arrow slits give full cover to "
         "anyone shooting out of them and let no one through. Hold the courtyard until the "
         "last round and the keep is saved."),
        ("ruleset", "grid"),
        ("sides", "party; Garrison of Greyford; #3f6fb5; any; party\n"
                  "horde; The Black Tusk War Band; #6e7d2c; any"),
        ("round_limit", 15),
        ("fog", False),
        ("difficulty", "medium"),
        ("author", AUTHOR),
    ]
    return d, props


# --- 4. ambush ----------------------------------------------------------------------
def ambush() -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    w, h = 34, 24
    rng = random.Random(4)
    d = Draft.blank(w, h, "forest")
    # a road winding west to east
    road: set[tuple[int, int]] = set()
    for x in range(w):
        cy = 12 + 3.2 * math.sin(x / 6.0) + 1.2 * math.sin(x / 2.7 + 1)
        y0 = int(round(cy))
        for y in (y0, y0 + 1):
            road.add((x, y))
    # join diagonal steps so the road has no corner-only links
    for x in range(1, w):
        ys_prev = sorted(y for (xx, y) in road if xx == x - 1)
        ys_now = sorted(y for (xx, y) in road if xx == x)
        lo, hi = min(ys_prev + ys_now), max(ys_prev + ys_now)
        if max(ys_now) < min(ys_prev):
            for y in range(max(ys_now) + 1, min(ys_prev)):
                road.add((x, y))
        if min(ys_now) > max(ys_prev):
            for y in range(max(ys_prev) + 1, min(ys_now)):
                road.add((x, y))
        del lo, hi
    near_road = {(x + dx, y + dy) for (x, y) in road for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    # a clearing at the centre where the carts stopped, and a stream in the east
    clearing = {(x, y) for x in range(13, 21) for y in range(8, 17)
                if ((x - 16.5) / 4.2) ** 2 + ((y - 12.5) / 4.6) ** 2 <= 1}
    stream = set()
    for y in range(h):
        x0 = int(round(27 + 1.5 * math.sin(y / 3.0)))
        if any((xx, y) in road for xx in range(25, 31)):
            x0 = 28  # straight under the bridge
        stream |= {(x0, y), (x0 + 1, y)}
    for y in range(h):
        for x in range(w):
            c = (x, y)
            if c in road:
                d.ground[y][x] = "road"
                continue
            if c in stream:
                d.ground[y][x] = "shallow"
                continue
            if c in clearing:
                d.ground[y][x] = "grass"
                if rng.random() < 0.12:
                    d.scatter[y][x] = "tall_grass"
                continue
            r = rng.random()
            if c in near_road:
                d.ground[y][x] = "forest"
                if r < 0.16:
                    d.scatter[y][x] = "bush"
                elif r < 0.3:
                    d.scatter[y][x] = "undergrowth"
                elif r < 0.38:
                    d.scatter[y][x] = "tall_grass"
                continue
            if r < 0.44:
                d.scatter[y][x] = "oak" if rng.random() < 0.55 else "pine"
            elif r < 0.66:
                d.scatter[y][x] = "undergrowth"
            elif r < 0.74:
                d.scatter[y][x] = "bush"
            elif r < 0.76:
                d.scatter[y][x] = "boulder"

    # reeds along the stream, a footbridge where the road fords it
    for (x, y) in stream:
        for nx in (x - 1, x + 1):
            if (0 <= nx < w and (nx, y) not in road and (nx, y) not in stream
                    and rng.random() < 0.5):
                d.ground[y][nx], d.scatter[y][nx] = "forest", "reeds"
        if (x, y) in road:
            d.ground[y][x] = "bridge"
    # the trap: a felled tree across the road ahead and the stopped carts
    blockade = [(23, y) for y in range(h) if (23, y) in road]
    for (x, y) in blockade:
        d.scatter[y][x] = "dead_tree"
    for (x, y) in [(22, yy) for yy in range(h) if (22, yy) in road][:1]:
        d.scatter[y][x] = "rubble"
    d.scatter[11][15] = "cart"
    d.scatter[13][18] = "barrels"
    d.scatter[10][17] = "crates"
    # a campfire long cold in the clearing
    d.ground[14][14], d.scatter[14][14] = "dirt", "campfire"
    # hidden bandits: in undergrowth and bushes either side of the clearing
    hiding = [(12, 7), (15, 6), (19, 6), (21, 9), (21, 15), (17, 18), (13, 17), (10, 11),
              (24, 11), (8, 18), (20, 17)]
    for (x, y) in hiding:
        d.structures[y][x] = None
        d.ground[y][x] = "forest"
        d.scatter[y][x] = "undergrowth" if (x + y) % 2 else "bush"
    roster = ["bandit_chief", "bandit", "bandit_archer", "bandit", "bandit_archer", "bandit",
              "bandit", "bandit_archer", "wolf", "bandit_archer", "bandit"]
    bandit_names = ["Black Morcar", "Ivo", "Jory the Quiet", "Harte", "Fen", "Nym", "Gudrun",
                    "Ash", "Morcar's hound", "Sparrow", "Long Tom"]

    for cell in hiding:  # the trees must not wall anyone in for good
        clear_way(d, cell, (16, 12))
    for (x, y), tmpl, nm in zip(hiding, roster, bandit_names, strict=True):
        ai = "hold" if tmpl == "bandit_archer" else "aggressive"
        d.spawns.append(Spawn(x, y, "outlaws", tmpl, nm, ai, tmpl == "bandit_chief"))
    # the party, strung out along the road west of the clearing
    party_cells = sorted((c for c in road if 4 <= c[0] <= 14 and d.scatter[c[1]][c[0]] is None),
                         key=lambda c: (-c[0], c[1]))
    party = [("warrior", "Dunstan"), ("captain", "Lady Eawynn"), ("spearman", "Ricbert"),
             ("archer", "Wenna"), ("skirmisher", "Tatwin"), ("warrior", "Sigeberht"),
             ("warrior", "Aelric"), ("spearman", "Beornoth")]
    picks = [i * 3 + (i % 2) for i in range(6)] + [1, 9]  # the rear guard in the gaps
    for i, (tmpl, nm) in enumerate(party):
        x, y = party_cells[picks[i]]
        d.spawns.append(Spawn(x, y, "party", tmpl, nm, "", tmpl == "captain"))
    east_exit = Area("East road", w - 2, 0, 2, h)
    d.zones += [
        Area("North-west woods", 0, 0, 12, 12), Area("West road", 0, 12, 6, 6),
        Area("Woodcutters' track", 6, 12, 6, 6), Area("South-west woods", 0, 18, 12, 6),
        *split_area("North woods", 12, 0, 13, 8, 2, 1),
        *split_area("The clearing", 12, 8, 10, 9, 2, 1), Area("Blockade", 22, 8, 3, 9),
        *split_area("South woods", 12, 17, 13, 7, 2, 1),
        *split_area("Stream", 25, 0, 5, 24, 1, 3, (("hazard", "DEX 12: stuck"),)),
        *split_area("East road", 30, 0, 4, 24, 1, 2),
    ]
    d.objectives += [
        Area(east_exit.name, east_exit.x, east_exit.y, east_exit.w, east_exit.h, (
            ("kind", "escape"), ("side", "party"),
            ("description", "Get four of the company past the felled tree and off the east "
                            "edge of the map."),
            ("count", 4),
        )),
        Area("The carts", 14, 10, 6, 5, (
            ("kind", "protect"), ("side", "party"),
            ("description", "If the outlaws hold the carts, none of the company beside them, "
                            "at two round ends in a row, the silver is lost."),
            ("rounds", 2),
        )),
    ]
    props: list[tuple[str, str | int | bool]] = [
        ("title", "Ambush on the Hollin Road"),
        ("briefing",
         "The company is escorting the abbey's silver along the Hollin road when a felled "
         "tree stops the carts in a clearing.\n"
         "Black Morcar's outlaws are already lying in the undergrowth on both sides, and "
         "the company is caught unawares: expect the first blows before you can act. "
         "Break out past the tree to the east, or drive them off."),
        ("ruleset", "grid"),
        ("sides", "party; The Company; #3f6fb5; any; party\n"
                  "outlaws; Black Morcar's Outlaws; #7a4f2a; ai"),
        ("surprise", "party"),
        ("round_limit", 16),
        ("fog", True),
        ("difficulty", "hard"),
        ("author", AUTHOR),
    ]
    return d, props


# --- 5. battle ------------------------------------------------------------------------
def battle() -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    w = h = 64
    rng = random.Random(5)
    d = Draft.blank(w, h, "grass")

    def river_x(y: float) -> float:
        return 32 + 5.0 * math.sin(y / 9.0) + 2.0 * math.sin(y / 4.3 + 2)

    bridges = (15, 47)
    ford = range(30, 34)
    # woods: noisy blobs
    woods = [(12, 10, 7, 5), (50, 8, 8, 6), (10, 52, 8, 7), (52, 54, 7, 6), (22, 32, 4, 6),
             (44, 28, 4, 5)]

    def in_wood(x: int, y: int) -> float:
        best = 0.0
        for cx, cy, rx, ry in woods:
            v = 1 - ((x - cx) / rx) ** 2 - ((y - cy) / ry) ** 2
            best = max(best, v)
        return best

    hills = [(16, 30, 5, 4), (49, 37, 5, 4), (8, 22, 3, 3), (56, 22, 3, 3)]

    def in_hill(x: int, y: int) -> bool:
        return any(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1 for cx, cy, rx, ry in hills)

    # ground and scatter
    for y in range(h):
        rx = river_x(y)
        for x in range(w):
            dist = abs(x + 0.5 - rx)
            if y in ford and dist < 3.2:
                d.ground[y][x] = "shallow"
                continue
            if dist < 1.6:
                d.ground[y][x] = "deep"
                continue
            if dist < 2.8:
                d.ground[y][x] = "shallow"
                continue
            if dist < 3.6 and rng.random() < 0.35:
                d.scatter[y][x] = "reeds"
                continue
            if in_hill(x, y):
                d.ground[y][x] = "hill"
                if rng.random() < 0.05:
                    d.scatter[y][x] = "boulder"
                continue
            wv = in_wood(x, y) + (rng.random() - 0.5) * 0.5
            if wv > 0.15:
                d.ground[y][x] = "forest"
                r = rng.random()
                if r < 0.68:
                    d.scatter[y][x] = "oak" if rng.random() < 0.6 else "pine"
                elif r < 0.86:

                    d.scatter[y][x] = "undergrowth"
                elif r < 0.9:
                    d.scatter[y][x] = "bush"
            elif wv > -0.1:
                r = rng.random()
                if r < 0.18:
                    d.scatter[y][x] = "bush"
                elif r < 0.3:
                    d.scatter[y][x] = "tall_grass"
            else:
                r = rng.random()
                if r < 0.025:
                    d.scatter[y][x] = "oak"
                elif r < 0.04:
                    d.scatter[y][x] = "bush"
                elif r < 0.05:
                    d.scatter[y][x] = "rock"
                elif r < 0.06:
                    d.scatter[y][x] = "boulder"
                elif r < 0.09:
                    d.scatter[y][x] = "tall_grass"
    # roads: west to east over each bridge, joined by a north-south track on each bank
    road: set[tuple[int, int]] = set()
    for by in bridges:
        for x in range(w):
            for y in (by, by + 1):
                road.add((x, y))
    for x0 in (6, 57):
        for y in range(bridges[0], bridges[1] + 2):
            x = x0 + int(round(1.4 * math.sin(y / 5.0)))
            road.add((x, y))
            road.add((x + 1, y))
    wet = {(x, y) for y in range(h) for x in range(w) if d.ground[y][x] in ("shallow", "deep")}
    for (x, y) in road:
        d.scatter[y][x] = None
        d.ground[y][x] = "road"
    for by in bridges:  # one straight deck over both road rows, bank to bank
        xs = [x for (x, y) in wet if y in (by, by + 1)]
        for x in range(min(xs), max(xs) + 1):
            for y in (by, by + 1):
                d.ground[y][x] = "bridge"
    # a walled farmstead on the west bank, a ruined watchtower on the east hill
    stamp(d, FARM, 15, 38)
    tower = [
        "..RRR..",
        ".##A##.",
        ".#zzz#.",
        ".Az_eA.",
        ".#___R.",
        ".##d##.",
        "..:::..",
    ]
    stamp(d, tower, 46, 34)
    # low walls along the west bank fields
    for y in range(20, 29):
        d.ground[y][22], d.structures[y][22], d.scatter[y][22] = "grass", "low_wall", None
    for y in range(24, 31):
        d.ground[y][42], d.structures[y][42], d.scatter[y][42] = "grass", "low_wall", None
    # the armies: the company to the west, the horde to the east
    company = [("captain", 1), ("warrior", 5), ("spearman", 3), ("archer", 2),
               ("skirmisher", 2), ("crossbowman", 1)]
    horde = [("ogre", 2), ("orc", 17), ("orc_archer", 6), ("wolf", 4)]
    _deploy(d, "company", company, range(3, 13), range(14, 50), rng)
    _deploy(d, "horde", horde, range(51, 61), range(14, 50), rng)
    d.zones += battle_zones(d, bridges, ford)
    d.objectives += [
        Area("North bridge", 28, 14, 8, 4, (
            ("kind", "hold"),
            ("description", "Whoever holds both bridges at the end holds the valley."),
        )),
        Area("South bridge", 28, 46, 8, 4, (
            ("kind", "hold"),
            ("description", "Whoever holds both bridges at the end holds the valley."),
        )),
        Area("Watchtower", 47, 35, 5, 5, (
            ("kind", "hold"), ("side", "horde"),
            ("description", "The war band's shaman wants the old tower on the hill."),
        )),
    ]
    props: list[tuple[str, str | int | bool]] = [
        ("title", "The Battle of Wrenford Valley"),
        ("briefing",
         "Two hosts meet across the Wren: the Company and its levies on the west bank, the "
         "Grey Maw horde, with ogres and wolves, on the east.\n"
         "Two bridges and a shallow ford are the only ways over; the woods and hills on "
         "either flank hide archers and break up the lines. Hold both bridges when the sun "
         "goes down, or break the other army."),
        ("ruleset", "grid"),
        ("sides", "company; The Company of the Wren; #3f6fb5; any; party\n"
                  "horde; The Grey Maw Horde; #8a3b2e; any"),
        ("round_limit", 30),
        ("difficulty", "hard"),
        ("author", AUTHOR),
    ]
    return d, props


# A walled farmstead (house, yard, barn, well), stamped on the battle map and on the
# generated big maps (make_big_maps.py).
FARM = (
    "FFFFFFFFFFFF",
    "F..h.......F",
    "F.HHHOHHH..F",
    "F.H-----H.hF",
    "F.O-n---D..F",
    "F.H-X-Q-H..F",
    "F.HHHOHHH..F",
    "F..........F",
    "F..x.0.C...F",
    "FFFFFF.FFFFF",
)


# the rows where the big battle's zones are cut: every column of a bank is cut at these
# (the farmstead and the watch hill have rows of their own)
CUTS = (0, 5, 10, 14, 18, 22, 26, 30, 34, 38, 42, 47, 50, 55, 60, 64)
FARM_ROWS, HILL_ROWS = range(38, 47), range(34, 41)
MIN_ZONE = 6  # squares a unit can reach


def battle_zones(d: Draft, bridges: Sequence[int], ford: range) -> list[Area]:
    """The big battle's zones: each bank cut into room-sized blocks either side of the
    winding river (bands of rows, columns that follow the water), the two bridge decks
    (choke points: a capacity) and the ford (a hazard) zones of their own, the farmstead
    and the watch hill named for what they are."""
    decks = {by + k for by in bridges for k in (0, 1)}

    def wet(y: int) -> list[int]:  # the deck, the ford, or the deep water of row y
        kind = "bridge" if y in decks else "shallow" if y in ford else "deep"
        return [x for x in range(d.width) if d.ground[y][x] == kind]

    def west_end(y: int) -> int:  # where the farmstead's wall dammed the river, it
        # is shallow (the wading cells go to the east shore)
        return min(wet(y) or [x for x in range(d.width) if d.ground[y][x] == "shallow"])

    def east_start(y: int) -> int:
        return max(wet(y)) + 1 if wet(y) else west_end(y)

    Column = Callable[[int], int]
    west: list[tuple[str, Column, Column]] = [
        ("Far west", lambda y: 0, lambda y: 8), ("West fields", lambda y: 8, lambda y: 15),
        ("West meadows", lambda y: 15, lambda y: (15 + west_end(y)) // 2),
        ("West shore", lambda y: (15 + west_end(y)) // 2, west_end)]
    east: list[tuple[str, Column, Column]] = [
        ("East shore", east_start, lambda y: (east_start(y) + 46) // 2),
        ("East meadows", lambda y: (east_start(y) + 46) // 2, lambda y: 46),
        ("East fields", lambda y: 46, lambda y: 53), ("East hills", lambda y: 53, lambda y: 58),
        ("Far east", lambda y: 58, lambda y: 64)]
    zones: list[Area] = []

    def add(name: str, rows: range, x0: Column, x1: Column,
            props: tuple[tuple[str, str | int], ...] = ()) -> None:
        zones.append(row_spans(name, {y: (x0(y), x1(y)) for y in rows}, props))

    blocked = blocking(d)
    reached = set().union(*(walk(blocked, (s.x, s.y)) for s in d.spawns))

    def reachable(rows: tuple[int, int], x0: Column, x1: Column) -> int:
        return sum((x, y) in reached for y in range(*rows) for x in range(x0(y), x1(y)))

    def column(name: str, x0: Column, x1: Column, skip: range = range(0)) -> None:
        """One column of blocks cut at CUTS, numbered from the north; ``skip``: rows a
        zone of its own holds (the cut rows round it are moved to its edges). A block
        with fewer than MIN_ZONE squares a unit can reach (deep in a wood) joins the
        next one (the last one the block before it)."""
        cuts = sorted({c for c in CUTS if c not in skip} | ({skip.start, skip.stop} - {0}))
        blocks: list[tuple[int, int]] = []
        for y0, y1 in zip(cuts[:-1], cuts[1:], strict=True):
            if y0 in skip:
                continue
            if blocks and blocks[-1][1] == y0 and reachable(blocks[-1], x0, x1) < MIN_ZONE:
                blocks[-1] = (blocks[-1][0], y1)
            else:
                blocks.append((y0, y1))
        if len(blocks) > 1 and blocks[-2][1] == blocks[-1][0]:
            if reachable(blocks[-1], x0, x1) < MIN_ZONE:
                blocks[-2:] = [(blocks[-2][0], blocks[-1][1])]
        for n, rows in enumerate(blocks, start=1):
            add(f"{name} {n}", range(*rows), x0, x1)

    (far, x0, x1), (lane, l0, _), (meadows, m0, m1), (shore, s0, s1) = west
    column(far, x0, x1)
    column(lane, l0, lambda y: 17 if 40 <= y < 45 else 15)  # the lane by the farm's fence
    column(meadows, m0, m1, skip=FARM_ROWS)
    column(shore, s0, s1, skip=FARM_ROWS)
    add("Farmstead, north yard", range(38, 40), m0, west_end)  # the yard, the house, the
    add("Farmhouse", range(40, 45), lambda y: 17, west_end)  # yard below it
    add("Farmstead, south yard", range(45, 47), m0, west_end)
    for name, x0, x1 in east:
        column(name, x0, x1, skip=HILL_ROWS if name == "East fields" else range(0))
    add("Watch hill", HILL_ROWS, lambda y: 46, lambda y: 53)
    for label, by in zip(("North bridge", "South bridge"), bridges, strict=True):
        add(label, range(by, by + 2), west_end, east_start, (("capacity", 4),))
    add("The ford", ford, west_end, east_start, (("hazard", "STR 12: stuck"),))
    return zones


def stamp(d: Draft, rows: Sequence[str], ox: int, oy: int) -> None:
    """Draw an ASCII fragment onto the draft at (ox, oy)."""
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            g, s, c = LEGEND[ch]
            d.ground[oy + y][ox + x] = g
            d.structures[oy + y][ox + x] = s
            d.scatter[oy + y][ox + x] = c


def _deploy(d: Draft, side: str, roster: Sequence[tuple[str, int]], xs: range, ys: range,
            rng: random.Random) -> None:
    """Place a side in loose ranks on open ground; large units get a clear 2x2."""
    blocked = blocking(d)
    taken = {(s.x, s.y) for s in d.spawns}
    cells = [(x, y) for y in ys for x in xs]
    rng.shuffle(cells)
    cells.sort(key=lambda c: abs(c[0] - (xs.start + xs.stop) / 2) // 3)
    names = _NAMES[side]
    k = 0
    for tmpl, count in roster:
        for _ in range(count):
            for cell in cells:
                x, y = cell
                need = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] if tmpl == "ogre" \
                    else [(x, y)]
                if all(d.inside(*c) and not blocked[c[1]][c[0]] and c not in taken
                       and d.scatter[c[1]][c[0]] is None for c in need):
                    break
            else:  # pragma: no cover - the layout leaves plenty of room
                raise ValueError(f"no room for {tmpl} of {side}")
            for c in need:
                taken.add(c)
            cells.remove(cell)
            ai = {"archer": "skirmish", "orc_archer": "skirmish", "crossbowman": "hold",
                  "wolf": "aggressive", "ogre": "aggressive"}.get(tmpl, "")
            # the first unit of each side leads it (the captain; the first ogre)
            d.spawns.append(Spawn(x, y, side, tmpl, names[k] if k < len(names) else "", ai,
                                  k == 0))
            k += 1


_NAMES = {
    "company": ["Marshal Eanfled", "Aldwin", "Brihtric", "Cuthred", "Deorwine", "Ealdred",
                "Frithu", "Garmund", "Hunfrith", "Ingild", "Leofric", "Mawer", "Nothhelm",
                "Offa", "Pega", "Ricola", "Saexburh", "Tondbert", "Wulfrun", "Yrmenlaf",
                "Aelle", "Berhta"],
    "horde": ["Ugrim the Vast", "Old Gutbag", "Gashnak", "Hurzog", "Izgul", "Krag", "Lurtz",
              "Mogdul", "Nazg", "Orthog", "Pugh", "Rakh", "Shagrat", "Tugg", "Ulgat", "Varg",
              "Yazneg", "Bone-Hound", "Grey Fang", "Red Fang"],

}


BATTLES = (
    Battle("duel.tmx", 1, Style("class", "csv"), duel),
    Battle("village.tmx", 2, Style("type", "csv"), village),
    Battle("fort.tmx", 3, Style("class", "csv"), fort),
    Battle("ambush.tmx", 4, Style("type", "csv"), ambush, zones_in_pieces=True),
    Battle("battle.tmx", 5, Style("class", "base64-zlib"), battle, zones_in_pieces=True),
)


def build_all() -> dict[str, str]:
    """Every shipped map's file name and its text."""
    out = {}
    for b in BATTLES:
        draft, props = b.build()
        validate(draft, b.filename)
        check_zones(draft, b.filename, whole=not b.zones_in_pieces)
        out[b.filename] = tmx_text(draft, props, b.style, b.seed)
    return out


def summary() -> list[str]:
    lines = []
    for b in BATTLES:
        draft, _ = b.build()
        sides: dict[str, int] = {}
        for s in draft.spawns:
            sides[s.side] = sides.get(s.side, 0) + 1
        lines.append(f"{b.filename}: {draft.width}x{draft.height}, blocking "
                     f"{blocking_share(draft):.0%}, units {sides}")
    return lines


def main(argv: list[str]) -> int:
    texts = build_all()
    if "--check" in argv:
        stale = [n for n, t in texts.items()
                 if not (MAPS / n).exists() or (MAPS / n).read_text(encoding="utf-8") != t]
        for n in stale:
            print(f"maps/{n}: out of date (run python assets/src/make_maps.py)")
        return 1 if stale else 0
    MAPS.mkdir(exist_ok=True)
    for n, t in texts.items():
        (MAPS / n).write_text(t, encoding="utf-8")
    print("\n".join(summary()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
