"""Write game-icons.net icons as standalone white SVGs into ``assets/icons/``.

The icons come from the npm package ``@iconify-json/game-icons`` (CC BY 3.0,
credited in ``assets/CREDITS.md``). Fetch it once with
``npm pack @iconify-json/game-icons`` and unpack the tarball, then run::

    python -m game.ui.tools.extract_icons /tmp/package/icons.json [NAME ...]

With no names, the list below (``WANTED``) is written. Each icon is drawn in
white so the game can tint it to any side colour.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parents[3] / "assets" / "icons"

# Unit archetypes, conditions and actions the battle screen shows.
WANTED: tuple[str, ...] = (
    # units
    "broadsword",
    "sword-brandish",
    "crossed-swords",
    "sprint",
    "thrown-daggers",
    "bowman",
    "pocket-bow",
    "bow-arrow",
    "spears",
    "spear-hook",
    "pikeman",
    "crested-helmet",
    "visored-helm",
    "centurion-helmet",
    "bandit",
    "hood",
    "hooded-assassin",
    "hooded-figure",
    "cowled",
    "crowned-skull",
    "wolf-head",
    "direwolf",
    "orc-head",
    "skeleton",
    "ogre",
    "troll",
    "pitchfork",
    "farmer",
    "crossbow",
    "dagger-rose",
    "daggers",
    "brutal-helm",
    "heavy-helm",
    "light-helm",
    "barbute",
    "archer",
    "mailed-fist",
    "battle-axe",
    "mace-head",
    "flail",
    "dwarf-helmet",
    "war-pick",
    "guards",
    "kneeling",
    "person",
    # conditions
    "falling",
    "grab",
    "checked-shield",
    "shield-reflect",
    "back-forth",
    "heart-beats",
    "bleeding-heart",
    "run",
    "flying-flag",
    "skull-crossed-bones",
    "hourglass",
    "manacles",
    # actions
    "sword-array",
    "charging-bull",
    "reload-gun-barrel",
    "sword-altar",
    "first-aid-kit",
    "conversation",
    "card-pickup",
    "stopwatch",
    "footsteps",
    "boot-prints",
    "backup",
    "shield-bash",
    "swords-emblem",
    "arrow-flights",
    "player-next",
    "cancel",
    "hand",
    "crosshair",
    "eye-target",
    "sands-of-time",
    "walk",
    "trade",
    "backward-time",
    "push",
    "acrobatic",
    "breaking-chain",
    "knife-thrust",
    "drop-weapon",
    "card-discard",
)


def svg_text(body: str, width: int, height: int, fill: str = "#ffffff") -> str:
    """One standalone SVG document for an Iconify icon body, painted in ``fill``."""
    body = body.replace('fill="currentColor"', f'fill="{fill}"')
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" fill="{fill}">{body}</svg>\n'
    )


def extract(icons_json: Path, names: list[str], out_dir: Path) -> list[str]:
    """Write each named icon; return the names that the set does not have."""
    data = json.loads(icons_json.read_text(encoding="utf-8"))
    icons = data["icons"]
    aliases = data.get("aliases", {})
    missing: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in names:
        key = name
        if key not in icons and key in aliases:
            key = aliases[key]["parent"]
        if key not in icons:
            missing.append(name)
            continue
        icon = icons[key]
        width = int(icon.get("width", data.get("width", 512)))
        height = int(icon.get("height", data.get("height", 512)))
        (out_dir / f"{name}.svg").write_text(
            svg_text(icon["body"], width, height), encoding="utf-8"
        )
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("icons_json", type=Path)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    if not args.icons_json.is_file():
        print(f"{args.icons_json}: no such file", file=sys.stderr)
        return 2
    missing = extract(args.icons_json, list(args.names) or list(WANTED), ICON_DIR)
    for name in missing:
        print(f"{args.icons_json}: no icon named {name!r}", file=sys.stderr)
    return 2 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
