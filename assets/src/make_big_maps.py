"""Generate big battles (128×128, 256×256 …) for the benchmark and for testing big maps.

A build tool (no pygame), not a shipped map: ``python assets/src/make_big_maps.py
SIZE UNITS OUT.tmx [--seed N]`` writes one seeded battle of SIZE×SIZE squares with
about UNITS units, half a side each (the company in the west, the horde in the
east). The map follows the authors' contract (``maps/README.md``) the same way
``make_maps.py`` builds the shipped maps: woods grown from noisy blobs, hills with
boulders, farmsteads with walls, doors and windows, low field walls, a river with
fords and bridges. ``python -m game bench`` uses it for its big-map frame rows. It
draws no zones: the zone rulesets make them automatically (maps/README.md · Zones made
automatically), which also measures that method on a big map.

The tileset is referenced by a path relative to where the file is written, so the
map can be written anywhere (a temporary folder) and still load.
"""

from __future__ import annotations

import math
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_maps import AUTHOR, FARM, _deploy, stamp, validate  # noqa: E402
from tmxwrite import TSX_SOURCE, Draft, Style, tmx_text  # noqa: E402

TILESET = (Path(__file__).resolve().parents[2] / "maps" / TSX_SOURCE).resolve()

COMPANY = (
    ("captain", 1),
    ("warrior", 10),
    ("spearman", 6),
    ("archer", 5),
    ("skirmisher", 3),
    ("crossbowman", 2),
    ("militia", 3),
)
HORDE = (("ogre", 2), ("orc", 16), ("orc_archer", 6), ("wolf", 5), ("skeleton", 1))


def _roster(pattern: tuple[tuple[str, int], ...], count: int) -> list[tuple[str, int]]:
    """``count`` units in the pattern's proportions (its first entry once: the leader)."""
    lead, rest = pattern[0], pattern[1:]
    weight = sum(n for _, n in rest)
    out = [(lead[0], 1)]
    left = count - 1
    for i, (tmpl, n) in enumerate(rest):
        share = left if i == len(rest) - 1 else min(left, round((count - 1) * n / weight))
        if share > 0:
            out.append((tmpl, share))
        left -= max(0, share)
    return out


def big_battle(
    size: int, units: int, seed: int = 1
) -> tuple[Draft, list[tuple[str, str | int | bool]]]:
    """A seeded ``size``×``size`` battle with ``units`` spawns (half a side)."""
    if size < 96:
        raise ValueError("a big battle is at least 96 squares wide")
    rng = random.Random(seed)
    d = Draft.blank(size, size, "grass")
    scale = size / 64
    woods = [
        (
            rng.uniform(0.15, 0.85) * size,
            rng.uniform(0, 1) * size,
            rng.uniform(4, 8) * scale**0.5,
            rng.uniform(4, 7) * scale**0.5,
        )
        for _ in range(round(6 * scale * scale))
    ]
    hills = [
        (
            rng.uniform(0.15, 0.85) * size,
            rng.uniform(0, 1) * size,
            rng.uniform(3, 5),
            rng.uniform(3, 4),
        )
        for _ in range(round(4 * scale * scale))
    ]
    phase = rng.uniform(0, 6.3)

    def river_x(y: float) -> float:
        return size / 2 + 5.0 * math.sin(y / 9.0 + phase) + 2.0 * math.sin(y / 4.3 + 2)

    fords = {y for start in range(size // 8, size, size // 4) for y in range(start, start + 4)}
    for y in range(size):
        rx = river_x(y)
        for x in range(size):
            dist = abs(x + 0.5 - rx)
            if dist < 2.8:
                d.ground[y][x] = "shallow" if dist >= 1.6 or y in fords else "deep"
                continue
            if any(((x - cx) / rx_) ** 2 + ((y - cy) / ry) ** 2 <= 1 for cx, cy, rx_, ry in hills):
                d.ground[y][x] = "hill"
                if rng.random() < 0.05:
                    d.scatter[y][x] = "boulder"
                continue
            wood = max(
                (1 - ((x - cx) / rx_) ** 2 - ((y - cy) / ry) ** 2 for cx, cy, rx_, ry in woods),
                default=-1.0,
            )
            wood += (rng.random() - 0.5) * 0.5
            r = rng.random()
            if wood > 0.15:
                d.ground[y][x] = "forest"
                if r < 0.6:
                    d.scatter[y][x] = "oak" if rng.random() < 0.6 else "pine"
                elif r < 0.8:
                    d.scatter[y][x] = "undergrowth"
            elif r < 0.03:
                d.scatter[y][x] = "bush"
            elif r < 0.05:
                d.scatter[y][x] = "rock"
            elif r < 0.08:
                d.scatter[y][x] = "tall_grass"
    for by in range(size // 4, size, size // 4):  # bridges over the river
        for y in (by, by + 1):
            for x in range(size):
                if d.ground[y][x] in ("shallow", "deep"):
                    d.ground[y][x], d.scatter[y][x] = "bridge", None
    for _ in range(round(2 * scale * scale)):  # farmsteads away from the river
        ox = rng.choice(
            (rng.randrange(14, size // 2 - 20), rng.randrange(size // 2 + 10, size - 26))
        )
        stamp(d, FARM, ox, rng.randrange(2, size - len(FARM) - 2))
    for _ in range(round(3 * scale * scale)):  # low walls along fields
        x, y0 = rng.randrange(14, size - 14), rng.randrange(0, size - 10)
        if abs(x - size / 2) > 8:
            for y in range(y0, y0 + 8):
                d.ground[y][x], d.structures[y][x], d.scatter[y][x] = "grass", "low_wall", None
    half = units // 2
    band = range(size // 8, size - size // 8)
    _deploy(d, "company", _roster(COMPANY, half), range(2, 12), band, rng)
    _deploy(d, "horde", _roster(HORDE, units - half), range(size - 12, size - 2), band, rng)
    props: list[tuple[str, str | int | bool]] = [
        ("title", f"Generated battle {size}×{size}"),
        (
            "briefing",
            f"Two hosts of {half} and {units - half} meet across a long river "
            "(a generated map for measuring big battles).",
        ),
        ("ruleset", "grid"),
        ("sides", "company; The Company; #3f6fb5; any; party\nhorde; The Horde; #8a3b2e; any"),
        ("round_limit", 30),
        ("author", AUTHOR),
    ]
    return d, props


def write_big_map(out: Path, size: int, units: int, seed: int = 1) -> Path:
    """Write the battle to ``out`` (a .tmx), its tileset referenced from there."""
    draft, props = big_battle(size, units, seed)
    validate(draft, out.name)
    text = tmx_text(draft, props, Style("class", "base64-zlib"), seed)
    relative = Path(os.path.relpath(TILESET, out.resolve().parent)).as_posix()
    out.write_text(text.replace(f'source="{TSX_SOURCE}"', f'source="{relative}"'), "utf-8")
    return out


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Write a generated big battle (.tmx).")
    parser.add_argument("size", type=int)
    parser.add_argument("units", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    path = write_big_map(args.out, args.size, args.units, args.seed)
    print(f"{path}: {args.size}x{args.size}, {args.units} units")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
