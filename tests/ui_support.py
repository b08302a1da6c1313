"""Helpers for the UI tests: a tiny Tiled map with a generated tileset image."""

from __future__ import annotations

from pathlib import Path

import pygame

TILE = 16

_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="t" tilewidth="{t}" tileheight="{t}"
 tilecount="2" columns="2">
 <image source="t.png" width="{w}" height="{t}"/>
 <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="wall"/>
  <property name="blocks_move" type="bool" value="true"/>
  <property name="blocks_sight" type="bool" value="true"/></properties></tile>
</tileset>
"""

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="{w}" height="{h}" tilewidth="{t}" tileheight="{t}" infinite="0" nextlayerid="4"
 nextobjectid="3">
 <properties>
  <property name="title" value="Test field"/>
  <property name="briefing" value="Two bands meet in a field."/>
  <property name="fog" type="bool" value="{fog}"/>
  <property name="sides"
   value="party; The Party; #3060c0; any; party&#10;foes; Bandits; #c03030; ai"/>
 </properties>
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}">
  <data encoding="csv">{ground}</data>
 </layer>
 <layer id="2" name="walls" width="{w}" height="{h}">
  <data encoding="csv">{walls}</data>
 </layer>
 <objectgroup id="3" name="units">
  <object id="1" name="Ada" type="spawn" x="{t}" y="{t}"><properties>
   <property name="side" value="party"/><property name="template" value="warrior"/>
  </properties><point/></object>
  <object id="2" name="" type="spawn" x="{fx}" y="{fy}"><properties>
   <property name="side" value="foes"/><property name="template" value="bandit"/>
  </properties><point/></object>
 </objectgroup>
</map>
"""


def write_map(
    folder: Path,
    width: int = 10,
    height: int = 8,
    walls: tuple[tuple[int, int], ...] = ((4, 2),),
    fog: bool = False,
) -> Path:
    """A ``width`` × ``height`` map: green ground, grey ``walls``, two spawns: the party's
    warrior at (1, 1) and a bandit at (width - 2, height - 2)."""
    folder.mkdir(parents=True, exist_ok=True)
    image = pygame.Surface((2 * TILE, TILE))
    image.fill((40, 160, 60), pygame.Rect(0, 0, TILE, TILE))
    image.fill((128, 128, 128), pygame.Rect(TILE, 0, TILE, TILE))
    pygame.image.save(image, str(folder / "t.png"))
    (folder / "t.tsx").write_text(_TSX.format(t=TILE, w=2 * TILE), encoding="utf-8")
    ground = ",".join(["1"] * (width * height))
    wall_gids = ["0"] * (width * height)
    for x, y in walls:
        wall_gids[y * width + x] = "2"
    path = folder / "field.tmx"
    path.write_text(
        _TMX.format(
            w=width,
            h=height,
            t=TILE,
            ground=ground,
            walls=",".join(wall_gids),
            fog="true" if fog else "false",
            fx=(width - 2) * TILE + 2,
            fy=(height - 2) * TILE + 2,
        ),
        encoding="utf-8",
    )
    return path
