"""The target preview: what hovering an enemy shows before an attack.

Issue 4 · Battle screen: the exact hit chance with every modifier itemised, the damage
range, the Shock on a miss, the cover and the chance to drop the target. For a charge
(the only way to reach some targets) the preview is of the charge's own blow, struck from
its end square at +2, with the charger's AC penalty. The rows are built from the
ruleset's ``AttackPreview``: the d20 rows, or the ruleset's own rows when it gives them
(clash: no hit roll, a damage die against Armor). The panel sits in the viewport corner
farthest from both units, so the cover lines stay in view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.rules.base import AttackPreview
from game.ui import theme
from game.ui.widgets import draw_panel, draw_text, wrap

ROW_H = 22
MIN_W = 270
TEXT_W = MIN_W - 28  # a wrapped line fits the narrowest panel
_CORNER_NAMES = ("topleft", "topright", "bottomleft", "bottomright")
CHARGE_AC = "Your AC while charging"  # 004 · Charge: -2 to the end of the round


@dataclass(frozen=True, slots=True)
class Row:
    label: str  # a leading space marks an itemised modifier (drawn in the body face)
    value: str = ""
    tone: str = "ink"


def preview_rows(
    preview: AttackPreview,
    title: str,
    weapon: str,
    *,
    charge: bool,
    not_now: str = "",
    cover_why: str = "",
) -> list[Row]:
    """The panel's rows for ``preview`` ("Charge · Sword", hit chance, modifiers …);
    ``not_now`` says why no attack on this target is on offer now, if none is;
    ``cover_why`` where the cover comes from, shown under the cover's modifier."""
    rows = [Row(f"{title} · {weapon}")]
    why_not = _wrapped(not_now) if not_now else []
    if not preview.allowed:  # what stops this turn first (Main spent), then the weapon
        return [*rows, *why_not, *_wrapped(preview.reason or "not possible now")]
    if preview.rows:  # the ruleset's own terms (clash: the damage die, Armor, STR)
        rows += [
            Row(label, value, "ink_soft" if label.startswith("  ") else "ink")
            for label, value in preview.rows
        ]
        return rows + why_not
    rows += [
        Row("Hit chance", f"{round(100 * preview.hit_chance)}%"),
        Row("Attack bonus", f"{preview.attack_bonus:+d}", "ink_soft"),
        *_modifier_rows(preview, cover_why),
        Row("vs AC", str(preview.target_ac), "ink_soft"),
        Row("Damage", f"{preview.damage_min}–{preview.damage_max}"),
        Row("Shock on a miss", str(preview.shock_on_miss or "none")),
        Row("Cover", preview.cover),
        Row("Chance to drop", f"{round(100 * preview.kill_chance)}%", "hit"),
    ]
    if charge:
        rows.append(Row(CHARGE_AC, "-2 this round", "hit"))
    return rows + why_not


def _wrapped(text: str, tone: str = "hit") -> list[Row]:
    """A long line of the panel as rows no wider than ``TEXT_W`` (never cut off)."""
    return [Row(line, "", tone) for line in wrap(text, TEXT_W, "bold", theme.SIZE_SMALL)]


def _modifier_rows(preview: AttackPreview, cover_why: str) -> list[Row]:
    rows = []
    for m in preview.modifiers:
        rows.append(Row(f"  {m.label}", f"{m.value:+d}", "ink_soft"))
        if cover_why and m.label.endswith(" cover"):
            rows.append(Row(f"    {_clip(cover_why, 48)}", "", "ink_soft"))
    return rows


def panel_rect(
    rows: Sequence[Row], viewport: pygame.Rect, avoid: Sequence[tuple[float, float]]
) -> pygame.Rect:
    """The panel's place: the viewport corner farthest from the ``avoid`` points (screen)."""
    f = theme.font("bold", theme.SIZE_SMALL)
    width = max(
        [MIN_W]
        + [f.size(r.label)[0] + 28 for r in rows if not r.value]
        + [f.size(r.label)[0] + f.size(r.value)[0] + 44 for r in rows if r.value]
    )
    rect = pygame.Rect(0, 0, width, 16 + theme.px(ROW_H) * len(rows))
    view = viewport.inflate(-16, -16)
    corners = [view.topleft, view.topright, view.bottomleft, view.bottomright]

    def placed_at(i: int) -> pygame.Rect:
        box = rect.copy()
        setattr(box, _CORNER_NAMES[i], corners[i])
        return box

    def clearance(i: int) -> float:
        box = placed_at(i)
        return min(abs(box.centerx - px) + abs(box.centery - py) for px, py in avoid)

    best = placed_at(max(range(4), key=clearance) if avoid else 1)
    best.clamp_ip(viewport)
    return best


def draw_rows(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Row]) -> None:
    draw_panel(surface, rect, fill="parchment", border="target")
    y = rect.y + 8
    for row in rows:
        draw_text(
            surface,
            row.label,
            (rect.x + 12, y),
            role="body" if row.label.startswith(" ") else "bold",
            size=theme.SIZE_SMALL,
            fg=row.tone,
        )
        if row.value:
            draw_text(
                surface,
                row.value,
                (rect.right - 12, y),
                role="bold",
                size=theme.SIZE_SMALL,
                fg=row.tone,
                anchor="topright",
            )
        y += theme.px(ROW_H)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
