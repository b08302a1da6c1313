"""The reaction prompt: a human unit may answer with an Instant inside another's action.

Issue 4 · Reaction prompts. The prompt names the attack that opened the window (who
attacks whom, with what, and the roll: "Bandit attacks Ada with a spear: d20 14 +2 = 16
vs 16 — hit"), what is at stake (the damage range and what else the ruleset says it may
deal, through its presenter), and
under each button what that answer costs (the ruleset's ``ReactionSpec.cost``). It reads
the battle's events generically: the latest event naming an ``attacker``, a ``target`` and
a ``weapon`` is the attack, the latest attack roll after it is its roll.

Issue 30: the prompt keeps clear of the units the attack is about (below the board's
middle, else above it, else anywhere up and down the board, else over the side panel's
edge: play-test 4), an answer that attacks shows its chance to hit under it, and each
button's label shrinks or wraps to fit with its key on a badge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.engine import Answer, Battle, Decision
from game.engine.events import Event, Rolled
from game.engine.presenter import presenter_of
from game.ui import theme
from game.ui.fitting import FittedButton
from game.ui.widgets import Button, draw_panel, draw_text, wrap

DECLINE_TEXT = "Let it happen and keep your actions"
WIDTH = 600
TEXT_SIZE = theme.SIZE_SMALL + 1
COST_SIZE = theme.SIZE_SMALL - 1
ROLES = ("bold", "body")  # the attack line, the stakes line
PER_ROW = 4  # buttons a row
AVOID_MARGIN = 12  # px kept clear around each square the prompt is about
STEP = 16  # px between the places tried when the first ones cover a unit


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack a reaction window is about, read from the events."""

    attacker: str
    target: str
    weapon: str
    roll: Rolled | None


def _attack_of(event: Event) -> tuple[str, str, str] | None:
    attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
    weapon = getattr(event, "weapon", None)
    if isinstance(attacker, str) and isinstance(target, str) and isinstance(weapon, str):
        return attacker, target, weapon
    return None


def attack_behind(events: list[Event]) -> Attack | None:
    """The latest attack (events naming an ``attacker``, a ``target`` and a ``weapon``: its
    declaration, its resolution) and the attack roll made for it, if any."""
    last = next((i for i in range(len(events) - 1, -1, -1) if _attack_of(events[i])), None)
    if last is None:
        return None
    attack = _attack_of(events[last])
    assert attack is not None
    first = last
    for i in range(last - 1, -1, -1):  # back to its declaration
        other = _attack_of(events[i])
        if other is not None and other != attack:
            break
        if other is not None:
            first = i
    rolls = [
        r
        for r in events[first:]
        if isinstance(r, Rolled) and r.unit == attack[0] and "attack" in r.purpose
    ]
    return Attack(*attack, rolls[0] if rolls else None)


def about_an_attack(trigger: Event) -> bool:
    """Whether a reaction window's trigger is part of an attack: its roll, or an event
    naming its target (declared, resolved, a unit under attack)."""
    if isinstance(trigger, Rolled):
        return "attack" in trigger.purpose
    return isinstance(getattr(trigger, "target", None), str)


def units_named(trigger: Event | None) -> tuple[str, ...]:
    """The units a reaction window's trigger names: its ``unit``, ``attacker``, ``target``
    and each of its ``attackers`` (several attacks landing at once)."""
    if trigger is None:
        return ()
    out = [getattr(trigger, f, None) for f in ("unit", "attacker", "target")]
    many = getattr(trigger, "attackers", ())
    out += list(many) if isinstance(many, tuple) else []
    return tuple(u for u in out if isinstance(u, str) and u)


def with_weapon(name: str) -> str:
    """ "with a spear", "with an axe", "unarmed"."""
    low = name.lower()
    if low.startswith("unarmed") or low in ("fists", "bare hands"):
        return "unarmed"
    article = "an" if low[:1] in "aeiou" else "a"
    return f"with {article} {low}"


def context_lines(battle: Battle, d: Decision, name: Callable[[str], str]) -> tuple[str, str]:
    """The prompt's two lines: what happened (attack and roll) and what is at stake. A
    window opened by something other than an attack (a held action's "Bea is about to
    run") is described by its own trigger, not by the last attack of the battle."""
    trigger = d.trigger.text() if d.trigger is not None else d.prompt
    if d.trigger is not None and not about_an_attack(d.trigger):
        return trigger, ""
    attack = attack_behind(battle.events)
    if attack is None:
        return trigger, ""
    weapon = battle.content.weapons.get(attack.weapon)
    head = (
        f"{name(attack.attacker)} attacks {name(attack.target)} "
        f"{with_weapon(weapon.name if weapon else attack.weapon)}"
    )
    if attack.roll is not None:
        head += f": {attack.roll.sum_text()}"
        if attack.roll.outcome:
            head += f" — {attack.roll.outcome}"
    return head, stakes(battle, attack, name)


def odds_text(battle: Battle, answer: Answer) -> str:
    """ "65% to hit" for an answer that strikes a unit with a weapon (a Snap Attack, a
    parry's counter), from the ruleset's preview; "" when nothing is rolled for it."""
    unit, target = getattr(answer, "unit", None), getattr(answer, "target", None)
    weapon = getattr(answer, "weapon", None)
    if not (isinstance(unit, str) and isinstance(target, str) and isinstance(weapon, str)):
        return ""
    presenter = presenter_of(battle)
    try:
        preview = presenter.answer_preview(battle, answer) or presenter.attack_preview(
            battle, unit, target, weapon
        )
    except (KeyError, ValueError, NotImplementedError):
        return ""
    if preview.odds is None or not preview.allowed:
        return ""
    return f"{round(preview.odds * 100)}% to hit"


def stakes(battle: Battle, attack: Attack, name: Callable[[str], str]) -> str:
    """What the attack puts at stake, in the ruleset's words (its presenter's): "At stake:
    1–6 damage to Ada (9/9 HP, enough to drop them)" and what else it may deal."""
    missed = attack.roll is not None and attack.roll.outcome == "miss"
    try:
        return presenter_of(battle).stakes(
            battle, attack.attacker, attack.target, attack.weapon, missed=missed, name=name
        )
    except (KeyError, ValueError, NotImplementedError):
        return ""


def spots(
    viewport: pygame.Rect, bounds: pygame.Rect, room: pygame.Rect, height: int
) -> Iterator[pygame.Rect]:
    """Where a prompt ``height`` tall may go, the likeliest first: above the board's
    bottom or below its top, centred or to one side (play-test 3); then anywhere up and
    down the board; then across the window, over the side panel's edge (play-test 4:
    with the attacker at the bottom and the target at the top every one of the first
    covered one of them)."""
    xs = (viewport.centerx, viewport.left + WIDTH // 2, viewport.right - WIDTH // 2)

    def at(x: int, y: int, within: pygame.Rect) -> pygame.Rect:
        rect = pygame.Rect(0, 0, WIDTH, height)
        rect.midtop = (x, y)
        return rect.clamp(within)

    for y in (viewport.bottom - 24 - height, viewport.top + 24):
        yield from (at(x, y, bounds) for x in xs)
    for y in range(bounds.top, bounds.bottom - height + 1, STEP):
        yield from (at(x, y, bounds) for x in xs)
    for x in range(room.right - WIDTH // 2, room.left + WIDTH // 2 - 1, -STEP):
        for y in range(room.top, room.bottom - height + 1, STEP):
            yield at(x, y, room)


class ReactionPrompt:
    """The panel and its buttons for one reaction decision."""

    def __init__(
        self,
        give: Callable[[Answer], None],
        weapon_name: Callable[[str], str],
        keys: Sequence[int],
    ) -> None:
        self._give = give
        self._keys = keys
        self._weapon_name = weapon_name
        self.buttons: list[Button] = []
        self.costs: list[str] = []
        self.odds: list[str] = []  # "65% to hit" for an answer that strikes, else ""
        self.decision_id = -1
        self.rect = pygame.Rect(0, 0, WIDTH, 200)
        self.lines: tuple[str, str] = ("", "")
        self.about: tuple[str, ...] = ()  # the units the prompt keeps clear of

    def build(self, battle: Battle, d: Decision, name: Callable[[str], str]) -> None:
        """Buttons for ``d``'s options (once per decision): number keys pick, Esc declines."""
        if self.decision_id == d.id and self.buttons:
            return
        self.decision_id = d.id
        self.buttons, self.costs, self.odds = [], [], []
        self.lines = context_lines(battle, d, name)
        attack = attack_behind(battle.events)
        about = (attack.attacker, attack.target) if attack is not None else ()
        named = (d.unit, *units_named(d.trigger), *about)
        self.about = tuple(dict.fromkeys(u for u in named if u is not None))
        keys = iter(self._keys)
        for option in d.options:
            if option.answer is None:
                continue
            label = option.label
            weapon = getattr(option.answer, "weapon", None)
            target = getattr(option.answer, "target", None)
            if isinstance(weapon, str):
                label = f"{label}: {self._weapon_name(weapon)}"
            elif isinstance(target, str) and target in battle.unit_ids():
                label = f"{label}: {name(target)}"  # which attacker (fight back, parry)
            decline = option.kind == "decline"
            cost = DECLINE_TEXT if decline else option.cost
            self.buttons.append(
                FittedButton(
                    label,
                    partial(self._give, option.answer),
                    style="flat" if decline else "primary",
                    shortcut=pygame.K_ESCAPE if decline else next(keys, None),
                    size=theme.SIZE_SMALL + 1,
                    hint=cost,
                )
            )
            self.costs.append(cost)  # under every button, each weapon's too
            self.odds.append("" if decline else odds_text(battle, option.answer))

    def layout(
        self,
        viewport: pygame.Rect,
        room: pygame.Rect | None = None,
        avoid: Sequence[pygame.Rect] = (),
        spread: bool = True,
    ) -> None:
        """The first of ``spots`` (above the bottom of ``viewport`` or below its top, then
        up and down the board, then across ``room``, the window) that covers none of the
        squares in ``avoid`` (the defender, its attackers), else the first that covers
        fewest; a prompt taller than the board (many attackers, a small window) may spread
        over ``room``. ``spread`` False: not across the window (the screen first tries
        moving the camera: a prompt over the side panel hides the card and the lesson's
        hint, play-test 5)."""
        inner = WIDTH - 36
        line_h = theme.font("body", TEXT_SIZE).get_height() + 3
        n_text = sum(
            len(wrap(t, inner, role, TEXT_SIZE))
            for t, role in zip(self.lines, ROLES, strict=True)
            if t
        )
        cost_h = self._cost_lines() * (theme.font("body", COST_SIZE).get_height() + 1)
        rows = -(-max(1, len(self.buttons)) // PER_ROW)
        row_h = 44 + 8 + cost_h
        height = 46 + n_text * line_h + 12 + rows * row_h + 6
        bounds = viewport if room is None or height <= viewport.h else room
        clear = [a.inflate(AVOID_MARGIN, AVOID_MARGIN) for a in avoid]
        wide = (
            bounds
            if room is None or not spread
            else pygame.Rect(room.x, bounds.y, room.w, bounds.h)
        )
        fewest = len(clear) + 1
        for spot in spots(viewport, bounds, wide, height):
            covered = sum(spot.colliderect(a) for a in clear)
            if covered < fewest:  # the first that covers none of them, else fewest
                self.rect, fewest = spot, covered
            if not covered:
                break
        n, w = self._row_width()
        top = self.rect.bottom - 6 - rows * row_h
        for i, button in enumerate(self.buttons):
            row, col = divmod(i, n)
            button.rect = pygame.Rect(self.rect.x + 18 + col * (w + 10), top + row * row_h, w, 44)

    def _row_width(self) -> tuple[int, int]:
        """(buttons per row, button width): at most ``PER_ROW`` a row (many attackers to
        fight back against make several rows)."""
        n = min(PER_ROW, max(1, len(self.buttons)))
        return n, (WIDTH - 36 - 10 * (n - 1)) // n

    def _cost_lines(self) -> int:
        w = self._row_width()[1]
        return max([len(wrap(c, w, "body", COST_SIZE)) for c in self.under() if c] or [0])

    def under(self) -> list[str]:
        """The words under each button: its chance to hit, if any, and its cost."""
        return [
            f"{odds} · {cost}" if odds and cost else odds or cost
            for odds, cost in zip(self.odds, self.costs, strict=True)
        ]

    def draw(self, surface: pygame.Surface, who: str) -> None:
        rect = self.rect
        draw_panel(surface, rect, fill="parchment", border="gold")
        draw_text(
            surface,
            f"{who} may react",
            (rect.x + 18, rect.y + 12),
            role="title",
            size=theme.SIZE_BODY,
            fg="ink",
        )
        y = rect.y + 46
        line_h = theme.font("body", TEXT_SIZE).get_height() + 3
        for text, role, fg in zip(self.lines, ROLES, ("ink", "hit"), strict=True):
            for line in wrap(text, rect.w - 36, role, TEXT_SIZE) if text else ():
                draw_text(surface, line, (rect.x + 18, y), role=role, size=TEXT_SIZE, fg=fg)
                y += line_h
        cost_h = theme.font("body", COST_SIZE).get_height() + 1
        for button, cost in zip(self.buttons, self.under(), strict=True):
            button.draw(surface)
            cy = button.rect.bottom + 6
            for line in wrap(cost, button.rect.w, "body", COST_SIZE):
                draw_text(surface, line, (button.rect.x, cy), size=COST_SIZE, fg="ink_soft")
                cy += cost_h
