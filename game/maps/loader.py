"""Loading a Tiled ``.tmx`` into a Battlefield (DESIGN.md · Maps; maps/README.md).

Three passes, each collecting every problem it can before giving up:

1. ``precheck``: the raw XML (and external ``.tsx``) with ``xml.etree`` — file
   errors, format, limits, layer data and gids. Anything wrong here stops the
   load, because pytmx would crash or misread it.
2. ``pytmx.TiledMap`` without images (imported without pygame); any exception it
   still raises becomes a problem, never a traceback.
3. The contract: terrain per cell from the tile properties of every visible tile
   layer, the scenario from map properties, spawns, zones and objectives.

Problems become one ``MapError``; a good map becomes a ``Battlefield``.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from game.geometry.grid import Grid, Terrain
from game.maps import contract
from game.maps.battlefield import Battlefield
from game.maps.errors import MapError, Problem
from game.maps.placeholders import placeholder_warnings
from game.maps.placements import (
    MapObject,
    check_sides_have_units,
    from_pytmx,
    read_objectives,
    read_spawns,
    read_zones,
)
from game.maps.precheck import XmlFacts, check_file
from game.maps.scenario import declared_side_ids, parse_scenario
from game.maps.templates import open_tmx
from game.maps.terrain import PYTMX_TILE_KEYS, combine, tile_terrain
from game.maps.tiled_headless import import_pytmx


def default_templates() -> Collection[str]:
    """Unit template ids from the game's content (``game.content``)."""
    from game.content import load_content

    return frozenset(load_content().templates)


def load_battlefield(
    path: Path | str, known_templates: Collection[str] | None = None
) -> Battlefield:
    """Load and check a map; raise ``MapError`` listing every problem found.

    ``known_templates`` are the unit template ids spawns may name; by default
    they come from ``load_content()`` (whose ``ContentError`` passes through).
    """
    path = Path(path)
    facts = check_file(path)
    if facts.blocking:
        raise MapError(path, facts.problems)
    if known_templates is None:
        known_templates = default_templates()
    tmx = _read_with_pytmx(path, facts)
    _restore_text_properties(tmx, facts)
    problems = list(facts.soft)
    grid = _build_grid(tmx, facts, problems)
    properties = dict(tmx.properties)
    scenario = parse_scenario(properties, problems)
    side_ids = declared_side_ids(properties)
    groups, has_units_layer = _object_groups(tmx, facts, problems)
    if grid is None:
        raise MapError(path, problems)
    tile = facts.tile_size
    spawns = read_spawns(
        groups[contract.UNITS_LAYER], grid, tile, side_ids, known_templates, problems
    )
    if has_units_layer:
        check_sides_have_units(scenario.sides, groups[contract.UNITS_LAYER], problems)
    zones = read_zones(groups[contract.ZONES_LAYER], grid, tile, problems)
    objectives = read_objectives(
        groups[contract.OBJECTIVES_LAYER],
        grid,
        tile,
        side_ids,
        problems,
        spawn_sides={s.name: s.side for s in spawns},
    )
    problems.extend(placeholder_warnings(properties, scenario, zones))
    if any(not p.warning for p in problems):
        raise MapError(path, problems)
    digest = hashlib.sha256()
    for chunk in facts.hashed_bytes:
        digest.update(hashlib.sha256(chunk).digest())
    return Battlefield(
        path=path,
        grid=grid,
        spawns=spawns,
        zones=zones,
        objectives=objectives,
        scenario=scenario,
        content_hash=digest.hexdigest(),
        hidden_layers=frozenset(facts.hidden_layers),
        warnings=tuple(problems),
    )


def _read_with_pytmx(path: Path, facts: XmlFacts) -> Any:
    pytmx = import_pytmx()
    # pytmx logs its own errors before raising; the MapError says it better.
    pytmx_logger = logging.getLogger("pytmx.pytmx")
    was_disabled = pytmx_logger.disabled
    pytmx_logger.disabled = True
    try:
        # allow_duplicate_names: spawns carry a `template` property, a name pytmx
        # keeps for Tiled's object templates; the precheck refuses real clashes.
        return open_tmx(pytmx, path, facts.expanded)
    except Exception as exc:  # pytmx raises bare Exception, some with no message
        reason = str(exc) or type(exc).__name__
        problem = Problem("map", f"pytmx cannot read it: {reason}")
        raise MapError(path, [*facts.soft, problem]) from None
    finally:
        pytmx_logger.disabled = was_disabled


def _restore_text_properties(tmx: Any, facts: XmlFacts) -> None:
    """Put back string properties pytmx misread as "None" (text content with an
    explicit ``type="string"``, valid TMX that pytmx mishandles)."""
    for key, values in facts.text_properties.items():
        target = tmx if key == "map" else tmx.objects_by_id.get(key)
        if target is not None:
            target.properties.update(values)


def _tile_where(tiled_gid: int, facts: XmlFacts) -> str:
    tileset = facts.tileset_of(tiled_gid)
    if tileset is None:
        return f"tile gid {tiled_gid}"
    label = tileset.source.name if tileset.source is not None else tileset.name
    return f"tileset '{label}' tile {tiled_gid - tileset.firstgid}"


def _tile_terrains(tmx: Any, facts: XmlFacts, problems: list[Problem]) -> dict[int, Terrain]:
    """Terrain for every pytmx gid that has tile properties, checking each tile once."""
    terrains: dict[int, Terrain] = {}
    checked: set[int] = set()
    properties: Mapping[int, Mapping[str, object]] = tmx.tile_properties
    for gid in sorted(properties):
        terrain, issues = tile_terrain(properties[gid])
        terrains[gid] = terrain
        tiled_gid = int(tmx.tiledgidmap.get(gid, gid))
        if tiled_gid in checked:
            continue
        checked.add(tiled_gid)
        where = _tile_where(tiled_gid, facts)
        problems.extend(Problem(where, what) for what in issues)
    return terrains


def _build_grid(tmx: Any, facts: XmlFacts, problems: list[Problem]) -> Grid | None:
    """Combine the visible tile layers into one Terrain per cell (maps/README.md · Layers)."""
    pytmx = import_pytmx()
    tile_layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
    ground = [layer for layer in tile_layers if layer.name == contract.GROUND_LAYER]
    named_ground = [layer for layer in tmx.layers if layer.name == contract.GROUND_LAYER]
    if not ground:
        if named_ground:
            problems.append(Problem("layer 'ground'", "must be a tile layer"))
        else:
            problems.append(
                Problem("map", "has no tile layer named 'ground' (the floor of every cell)")
            )
        return None
    if not any(shown(layer, facts) for layer in ground):
        problems.append(
            Problem("layer 'ground'", "is hidden; terrain comes from visible tile layers only")
        )
        return None
    visible = [layer for layer in tile_layers if shown(layer, facts)]
    terrains = _tile_terrains(tmx, facts, problems)
    default = Terrain(name="")
    width, height = facts.width, facts.height
    combined: dict[tuple[int, ...], Terrain] = {}
    cells: list[Terrain] = []
    empty = 0
    first_empty: tuple[int, int] | None = None
    rows = [layer.data for layer in visible]
    for y in range(height):
        for x in range(width):
            gids = tuple(gid for data in rows if (gid := data[y][x]))
            if not gids:
                empty += 1
                if first_empty is None:
                    first_empty = (x, y)
                cells.append(Terrain())
                continue
            terrain = combined.get(gids)
            if terrain is None:
                terrain = combine([terrains.get(gid, default) for gid in gids])
                combined[gids] = terrain
            cells.append(terrain)
    if empty:
        problems.append(
            Problem(
                "map",
                f"{'1 cell has' if empty == 1 else f'{empty} cells have'} no tile "
                f"on any visible layer, first at {first_empty}; paint the 'ground' layer "
                "everywhere",
            )
        )
    return Grid(width, height, cells)


def shown(layer: Any, facts: XmlFacts) -> bool:
    """Whether Tiled shows ``layer``: visible itself and inside no hidden group."""
    return bool(layer.visible) and int(getattr(layer, "id", 0) or 0) not in facts.hidden_layers


def _object_groups(
    tmx: Any, facts: XmlFacts, problems: list[Problem]
) -> tuple[dict[str, list[MapObject]], bool]:
    """Objects of the contract's object layers by layer name, classes checked, and
    whether the map has a ``units`` layer at all."""
    pytmx = import_pytmx()
    groups: dict[str, list[MapObject]] = {name: [] for name in contract.CLASS_OF_LAYER}
    found_units = False
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledObjectGroup):
            if layer.name in contract.CLASS_OF_LAYER:
                problems.append(Problem(f"layer '{layer.name}'", "must be an object layer"))
            continue
        name = str(layer.name or "")
        if not shown(layer, facts):
            continue  # what Tiled does not show is not played (maps/README.md · Layers)
        found_units = found_units or name == contract.UNITS_LAYER
        expected = contract.CLASS_OF_LAYER.get(name)
        for obj in layer:
            tile_keys: Collection[str] = ()
            if obj.gid:
                tile_keys = set(tmx.tile_properties.get(obj.gid, {})) | PYTMX_TILE_KEYS
            shape = facts.shapes.get(int(obj.id), "rect")
            item = from_pytmx(obj, name, shape, tile_keys)
            if expected is None:
                if item.cls in contract.CLASS_OF_LAYER.values():
                    home = next(k for k, v in contract.CLASS_OF_LAYER.items() if v == item.cls)
                    problems.append(
                        Problem(
                            item.where,
                            f"class '{item.cls}' belongs on the '{home}' layer, not '{name}'",
                        )
                    )
                continue
            if item.cls and item.cls != expected:
                problems.append(
                    Problem(
                        item.where,
                        f"class '{item.cls}' on layer '{name}'; use "
                        f"'{expected}' (or leave it empty)",
                    )
                )
                continue
            groups[name].append(item)
    if not found_units:
        problems.append(Problem("map", "has no object layer named 'units' (where the spawns go)"))
    return groups, found_units
