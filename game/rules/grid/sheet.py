"""What the unit card and the right-click unit sheet say about a unit in the ``grid``
rules' terms (004); ``GridPresenter`` serves it to the screen.

Issue 4 · the unit sheet: stats, attack bonus, every weapon the unit holds now (in hand or
stowed) with its damage, Shock, range and tags, armour, and the unit's conditions with what
each one does; the card (the right panel) shows the short form, with the current AC and
what changes it (Total Defense, charging). Rows are ``(label, value)`` pairs; pure text, no
pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.content.armour import armour_class_parts
from game.content.loader import Content
from game.content.templates import UnitTemplate
from game.content.weapons import Weapon
from game.rules.preview import Modifier

Rows = list[tuple[str, str]]
Carried = tuple[Sequence[str], Sequence[str]]  # weapon ids in hand, stowed
NOT_ON_CARD = ("Attributes", "Attack", "Traits")


def shock_text(weapon: Weapon) -> str:
    if weapon.shock is None:
        return ""
    ac = "-" if weapon.shock.ac is None else str(weapon.shock.ac)
    return f"Shock {weapon.shock.points}/{ac}"


def weapon_text(template: UnitTemplate, weapon: Weapon, *, full: bool) -> str:
    """ "1d8, Shock 2/13" on the card; on the sheet also the attack bonus, the reach or
    range and the tags: "1d8 · Shock 2/13 · +4 to hit · melee, reach 5 ft · two-handed"."""
    damage = str(weapon.damage)
    shock = shock_text(weapon)
    if not full:
        return f"{damage}, {shock}" if shock else damage
    parts = [damage, shock or "no Shock", f"{template.attack_modifier(weapon):+d} to hit"]
    use = []
    if weapon.melee:
        use.append(f"melee, reach {5 * weapon.reach} ft")
    if weapon.shoots and weapon.range_normal_ft is not None:
        kind = "thrown" if weapon.thrown and not weapon.ranged else "range"
        use.append(f"{kind} {weapon.range_normal_ft}/{weapon.range_long_ft or '-'} ft")
    parts.append(", ".join(use))
    tags = [t for t, on in (("two-handed", weapon.two_handed),) if on]
    if weapon.reload != "none":
        tags.append(f"reload: {weapon.reload.replace('_', ' ')}")
    if weapon.magic:
        tags.append(f"magic {weapon.magic:+d}")
    tags += [t for t in weapon.tags if t not in tags]
    if tags:
        parts.append(", ".join(tags))
    return " · ".join(p for p in parts if p)


def ac_text(
    template: UnitTemplate,
    content: Content,
    now: tuple[int, Sequence[Modifier]] | None,
    *,
    full: bool,
) -> str:
    """The AC now and what changes it: "14 (charging -2)" on the card; on the sheet also
    where the usual AC comes from: "14: 16 (Mail 14, Shield +1, DEX +1), charging -2"."""
    ac, changes = (template.ac, ()) if now is None else (now[0], tuple(now[1]))
    changed = ", ".join(f"{m.label} {m.value:+d}" for m in changes)
    if not full:
        return f"{ac} ({changed})" if changed else str(ac)
    usual = str(template.ac)
    parts = _gear_parts(template, content)
    if parts and sum(v for _, v in parts) == template.ac:
        first, *rest = parts
        bits = [f"{first[0]} {first[1]}", *(f"{name} {v:+d}" for name, v in rest)]
        usual += f" ({', '.join(bits)})"
    return f"{ac}: {usual}, {changed}" if changed else usual


def _gear_parts(template: UnitTemplate, content: Content) -> list[tuple[str, int]]:
    armour = content.armours.get(template.armour) if template.armour else None
    shield = content.shields.get(template.shield) if template.shield else None
    dex = template.modifier("DEX") if template.is_party else 0
    return armour_class_parts(armour, shield, dex)


def template_lines(
    template: UnitTemplate,
    content: Content,
    *,
    full: bool = True,
    ac_now: tuple[int, Sequence[Modifier]] | None = None,
    carried: Carried | None = None,
) -> Rows:
    """Stats, attack, weapons, armour (the sheet's rows, or the card's with ``full``
    false); ``ac_now`` is the AC in play and its changes, and ``carried`` the weapons the
    unit holds now (in hand, stowed), when a battle is on; without it, the template's."""
    lines: Rows = [
        ("AC", ac_text(template, content, ac_now, full=full)),
        ("Attack", f"{template.attack_bonus:+d} (HD {template.hd})"),
        ("Speed", f"{template.speed_ft} ft"),
    ]
    if template.is_party:
        scores = "  ".join(f"{a} {template.score(a)}" for a in template.attributes)
        lines.append(("Attributes", scores))
    if carried is None:
        for weapon_id in template.weapons:
            weapon = content.weapons.get(weapon_id)
            if weapon is not None:
                lines.append((weapon.name, weapon_text(template, weapon, full=full)))
    else:
        lines += carried_lines(template, content, carried, full=full)
    armour = content.armours.get(template.armour) if template.armour else None
    shield = content.shields.get(template.shield) if template.shield else None
    gear = []
    if armour is not None:
        gear.append(f"{armour.name} ({armour.weight})" if full else armour.name)
    if shield is not None:
        gear.append(f"{shield.name}: ignores the first Shock each round" if full else shield.name)
    lines.append(("Armour", ", ".join(gear) or "none"))
    traits = [t for t, on in (("fearless", template.fearless), ("trained", template.trained)) if on]
    if template.size != "medium":
        traits.append(template.size)
    if traits:
        lines.append(("Traits", ", ".join(traits)))
    return lines


def carried_lines(
    template: UnitTemplate, content: Content, carried: Carried, *, full: bool
) -> Rows:
    """One row per weapon the unit holds now, saying whether it is in hand or stowed
    ("in hand · 1d8, Shock 2/13"); two of a kind in the same place share a row ("Spear ×2");
    a weapon thrown or dropped is no longer listed."""
    in_hand, stowed = carried
    rows: Rows = []
    for where, ids in (("in hand", in_hand), ("stowed", stowed)):
        for weapon_id in dict.fromkeys(ids):  # each kind once, in order
            weapon = content.weapons.get(weapon_id)
            if weapon is not None:
                count = list(ids).count(weapon_id)
                name = weapon.name + (f" ×{count}" if count > 1 else "")
                rows.append((name, f"{where} · {weapon_text(template, weapon, full=full)}"))
    if not rows:
        rows.append(("Weapons", "none (bare hands)"))
    return rows
