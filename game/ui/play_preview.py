"""What the board shows of the pending decision (issue 4): the acting unit's ranges, the
picked action's squares and targets, the area an aimed area attack strikes, cover lines,
the hovered path's attacks of opportunity, and the target preview of the hovered enemy."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.engine import Answer, Decision
from game.engine.presentation import AnswerPreview
from game.geometry.grid import Cell
from game.ui.board import Overlays
from game.ui.cover_view import CoverViews
from game.ui.engine_model import Placed
from game.ui.play_input import InputScene
from game.ui.screen_view import LINK
from game.ui.target_preview import Row, draw_rows, panel_rect, preview_rows
from game.ui.threat_view import NOT_OFFERED, ThreatView

AREA_ALPHA = 110  # the aimed area's tint, over the zone tints


class PreviewScene(InputScene):
    """The battle screen's overlays and previews."""

    def _init_preview(self) -> None:
        self._previews: dict[object, list[Row]] = {}
        self.cover = CoverViews(lambda: self.sight, self._terrain_name)
        self.bar_hover: str | None = None  # action kind of the bar button under the mouse
        # The hovered path's provoking squares and who strikes there: asked every frame,
        # changes only with the decision or the hovered answer (one path is hovered at a time).
        self._provoking: tuple[object, list[tuple[Cell, tuple[str, ...]]]] = (None, [])
        self.threat = ThreatView()  # the enemy's threat overlay (Q)
        self._area: tuple[object, tuple[Cell, ...]] = (None, ())  # the aimed area, by answer
        self.preview_rect: pygame.Rect | None = None  # the attack preview as last drawn

    def overlays(self) -> Overlays:
        ov = Overlays(hover=self.hover)
        ov.hidden = self.hidden_cells() or None
        if self.threat.on:
            ov.fills += self.threat_fills()
        d = self.decision
        if d is None or not self.human_turn() or self.anim.busy or self.handoff_due(d):
            return ov
        if d.kind == "choose_unit":
            mine = {p.target or getattr(p.answer, "unit", None) for p in self.placed()}
            cells = [t.cell for t in self.engine.tokens() if t.key in mine]
            ov.outlines.append((cells, "selection"))
            return ov
        if d.kind != "turn":
            return ov
        if self.mode is None or self.option_of(self.mode).board_range == "reach":
            r = self.ranges(d.unit)
            ov.fills.append((r.move, "move_range", 70))
            ov.labels = r.costs
            ov.outlines.append((r.attack_reach, "charge_range"))
            ov.outlines.append((r.attackable, "target"))
            if self.mode is None and self.bar_hover is not None:
                if self.option_of(self.bar_hover).helps:
                    ov.outlines.append((self._wards(self.bar_hover), LINK))
        elif self.mode is not None:
            chosen = self.of_kind(self.mode)
            mover = d.unit
            ov.fills.append(({p.dest for p in chosen if p.dest}, "move_range", 70))
            tone = LINK if self.option_of(self.mode).helps else "target"
            ov.outlines.append(
                ({p.target_cell for p in chosen if p.target_cell and p.target != mover}, tone)
            )
            ov.fills.append((self.aimed_area(), "blast_area", AREA_ALPHA))
        target = self.token_at(self.hover) if self.hover is not None else None
        if target is not None and d.unit is not None and target.key != d.unit:
            attack = self._attack_for(target.key)
            me = self.engine.token(d.unit)
            if attack is not None and me is not None:
                strike_from = self._strike_from(attack, me.cell)
                if self.engine.presenter.cover_matters(self.battle, attack.answer):
                    cover = self.cover.of(strike_from, target.cell)
                    ov.lines = list(cover.lines)
                    ov.outlines.append((cover.sources, "cover_source"))
                if strike_from != me.cell:
                    ov.path = [me.cell, strike_from]
        hovered = self._hovered_placed()
        if hovered is not None and hovered.path:
            active = self.engine.token(d.unit) if d.unit else None
            start = [active.cell] if active else []
            ov.path = [*start, *hovered.path]
            ov.danger = frozenset(self.provoking_cells(hovered))
        if not ov.path and self.hover is not None and d.unit is not None:
            ov.path = self._zone_path(d.unit, self.hover)
        return ov

    def aimed_area(self) -> tuple[Cell, ...]:
        """The squares the picked action strikes when aimed at the hovered zone (a blast:
        the ruleset's ``AnswerPreview.area``); none when it strikes no area there."""
        zones = self.board.zones
        if zones is None or self.hover is None or self.mode is None:
            return ()
        if self.option_of(self.mode).target_kind != "zone":
            return ()
        zone = zones.graph.zone_at(self.hover)
        placed = self.zone_answers().get(zone) if zone is not None else None
        if placed is None:
            return ()
        key = (len(self.battle.events), len(self.battle.answers), placed.answer)
        if self._area[0] != key:
            preview = self._answer_preview(placed.answer)
            self._area = (key, preview.area if preview is not None else ())
        return self._area[1]

    def _zone_path(self, unit: str, cell: Cell) -> list[Cell]:
        """Hovering a zone a click moves ``unit`` into: a line to the square it would stand
        on there (the zone graph's landing square: the free one nearest it)."""
        zones = self.board.zones
        me = self.engine.token(unit)
        if zones is None or me is None:
            return []
        zone = zones.graph.zone_at(cell)
        if zone is None or zone not in self.zone_answers():
            return []
        taken = {t.cell for t in self.engine.tokens() if not t.down and t.key != unit}
        landing = zones.graph.landing(zone, taken, me.cell)
        return [me.cell, landing] if landing is not None and landing != me.cell else []

    def threat_fills(self) -> list[tuple[Iterable[Cell], str, int]]:
        """The threat overlay: the enemies the viewer sees (all but the side in turn's own,
        when no human watches) and their squares, or the hovered one's alone."""
        d = self.decision
        mine = self.viewer() or (d.side if d is not None else None)
        hidden = self.hidden_tokens()
        enemies = [
            t.key for t in self.engine.tokens()
            if t.side != mine and not t.down and t.key not in hidden
        ]  # fmt: skip
        zones = self.threat.zones(self.battle, enemies)
        hovered = self.token_at(self.hover) if self.hover is not None else None
        return self.threat.fills(zones, self.hidden_cells(), hovered.key if hovered else None)

    def threat_offered(self) -> bool:
        return self.threat.offered(self.battle)

    def toggle_threat(self) -> None:
        if not self.threat_offered():
            self.app.inform(NOT_OFFERED)
            return
        on = self.threat.toggle()
        self.app.inform("Enemy threat shown (Q)" if on else "Enemy threat hidden (Q)")

    def _wards(self, kind: str) -> set[Cell]:
        """Squares of the allies the acting unit can help now with the action ``kind`` (one
        that ``helps``: screen an ally, first aid)."""
        d = self.decision
        return {
            p.target_cell
            for p in self.of_kind(kind)
            if p.target_cell is not None and d is not None and p.target != d.unit
        }

    def provocations(self, placed: Placed) -> list[tuple[Cell, tuple[str, ...]]]:
        """Squares along a path where leaving provokes attacks of opportunity, with who
        makes them (the engine's judgement)."""
        if not placed.path:
            return []
        key = (self._placed_for, placed.answer)
        if self._provoking[0] != key:
            self._provoking = (key, self.battle.provocations(placed.answer))
        return self._provoking[1]

    def provoking_cells(self, placed: Placed) -> list[Cell]:
        """Squares along a path where leaving provokes an attack of opportunity."""
        return [cell for cell, _ in self.provocations(placed)]

    def provocation_text(self) -> str:
        """The tooltip line for the hovered path: "2 attacks of opportunity: Bandit 1,
        Bandit 2" (empty when it provokes nothing)."""
        d = self.decision
        if d is None or d.kind != "turn" or not self.human_turn() or self.anim.busy:
            return ""
        hovered = self._hovered_placed()
        if hovered is None:
            return ""
        who = [self.engine.name(u) for _, units in self.provocations(hovered) for u in units]
        if not who:
            return ""
        many = "attack" if len(who) == 1 else "attacks"
        return f"{len(who)} {many} of opportunity: {', '.join(who)}"

    def _hovered_placed(self) -> Placed | None:
        if self.hover is None:
            return None
        kind = self.mode or ""
        self.placed()
        at = self._at_cell.get(kind)
        if at is None:  # the first answer of that kind (the plain moves for "") per square
            at = {}
            for p in reversed(self.of_kind(kind) if kind else self._moves):
                for cell in (p.target_cell, p.dest):
                    if cell is not None:
                        at[cell] = p
            self._at_cell[kind] = at
        return at.get(self.hover)

    def target_preview(self) -> tuple[list[Row], Placed | None] | None:
        """The hovered enemy's preview rows and the answer they preview (None: no preview)."""
        d = self.decision
        if self.hover is None or d is None or d.kind != "turn" or not self.human_turn():
            return None
        if d.unit is None or self.anim.busy:
            return None
        token = self.token_at(self.hover)
        me = self.engine.token(d.unit)
        if token is None or me is None or token.key == d.unit or token.side == me.side:
            return None
        placed = self._attack_for(token.key)
        found = getattr(placed.answer, "weapon", None) if placed is not None else None
        weapon = found if isinstance(found, str) else ""
        title = placed.answer.label if placed is not None else ""
        if not weapon and placed is not None:  # a Grapple: the ruleset names its weapon
            own = self._answer_preview(placed.answer)
            weapon = own.weapon if own is not None else ""
        if not weapon:
            # no attack possible now: preview the unit's first weapon to say why
            template = self.battle.content.templates.get(me.template)
            if template is None or not template.weapons:
                return None
            weapon, title = template.weapons[0], "No attack now"
        # every event may change the numbers (an attack, a reaction, an undo): key on them
        answer = placed.answer if placed is not None else None
        key = (len(self.battle.events), len(self.battle.answers), d.id, token.key, weapon, answer)
        rows = self._previews.get(key)
        if rows is None:
            presenter = self.engine.presenter
            why = ""
            if presenter.cover_matters(self.battle, answer):
                why = self.cover.of(self._strike_from(placed, me.cell), token.cell).reason
            try:
                preview = (
                    presenter.answer_preview(self.battle, answer, cover_why=why)
                    if answer is not None
                    else None
                )
                if preview is None:
                    preview = presenter.attack_preview(
                        self.battle, d.unit, token.key, weapon, cover_why=why
                    )
            except (KeyError, ValueError, NotImplementedError):
                return None
            rows = preview_rows(
                preview,
                title,
                self._weapon_name(weapon),
                not_now="" if placed is not None else self._why_no_attack(d),
            )
            self._previews = {key: rows}  # one hover at a time; pure, so safe to keep
        return rows, placed

    def _answer_preview(self, answer: Answer) -> AnswerPreview | None:
        try:
            return self.engine.presenter.answer_preview(self.battle, answer)
        except (KeyError, ValueError, NotImplementedError):
            return None

    def _why_no_attack(self, d: Decision) -> str:
        """Why a hovered enemy cannot be attacked now: the greyed attack actions' reason
        (the Main action is spent …), else it is out of reach."""
        targeted = [o for o in d.options if o.attacks and o.target_kind == "unit"]
        if targeted and not any(o.allowed for o in targeted):
            return f"no attack now: {targeted[0].reason}"
        return "out of reach this turn"

    def _cover_cells(
        self, placed: Placed | None, here: Cell, target: Cell
    ) -> tuple[list[Cell], list[Cell]]:
        """The squares of the cover an attack on ``target`` meets, and those its lines of
        sight cross (every half square along the line), for the preview to keep clear
        while a lesson's hint asks to look at them (play-test 3: it covered the wall);
        the first it must keep clear, the others if it can."""
        start = self._strike_from(placed, here)
        (x0, y0), (x1, y1) = start, target
        steps = 2 * max(abs(x1 - x0), abs(y1 - y0))
        line = {
            (round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps))
            for i in range(1, steps)
        }
        return list(self.cover.of(start, target).sources), sorted(line)

    def _draw_target_preview(self, surface: pygame.Surface) -> None:
        shown = self.target_preview()
        d = self.decision
        self.preview_rect = None
        if shown is None or d is None or self.hover is None:
            return
        rows, placed = shown
        me = self.engine.token(d.unit or "")
        cells = [self.hover] + ([me.cell] if me is not None else [])
        if placed is not None and placed.dest is not None:
            cells.append(placed.dest)
        if "cover" in self.pointed and me is not None:  # a lesson asks to look at them
            walls, line = self._cover_cells(placed, me.cell, self.hover)
            cells += walls + line
        ox, oy = self.viewport.topleft
        avoid = [(x + ox, y + oy) for x, y in map(self.camera.cell_centre, cells)]
        hidden = self.hidden_tokens()
        seen = [t.cell for t in self.engine.tokens() if t.key not in hidden]
        others = [(x + ox, y + oy) for x, y in map(self.camera.cell_centre, seen)]
        rect = panel_rect(rows, self.viewport, avoid, self.camera.cell_px, others)
        draw_rows(surface, rect, rows)
        self.preview_rect = rect
