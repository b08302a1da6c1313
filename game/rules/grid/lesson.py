"""The `grid` lesson (issue 30 · Learning the game): the first battle, on
``maps/tutorial.tmx``, teaches source 004 by playing it.

Each step is a hint the screen shows until the player has done what it asks
(``game.engine.lesson``): select a unit (004 · Combat Sequence: the side picks who acts),
Move, read the attack preview, attack (Main), end the turn, cover (004 · Line of Sight
and Cover), Shock on a miss (004 · Shock), an attack of opportunity (004 · Run) and
Disengage (004 · Disengage). The map's wolf and skeleton fight as always, through the AI's
answers; the lesson's seed gives the party the first turn and the dice that show each
rule in its place (``tests/test_ui_lesson.py`` plays it to the end).
"""

from __future__ import annotations

from game.engine.lesson import Deed, Lesson, LessonStep

ATTACKS = (Deed(answer="melee_attack"), Deed(answer="ranged_attack"), Deed(answer="charge"))

GRID_LESSON = Lesson(
    map="tutorial",
    seed=45,
    title="Learn to play",
    steps=(
        LessonStep(
            "select",
            "Pick who acts",
            "Your side acts first; you choose the order. Click Ada (the blue warrior) to "
            "start her turn.",
            (Deed(decision="choose_unit"),),
        ),
        LessonStep(
            "move",
            "Move",
            "Blue squares are where one Move takes her, with its cost in feet. Click the "
            "square left of Old Grey, the wolf.",
            (Deed(answer="move"),),
        ),
        LessonStep(
            "preview",
            "Read the attack",
            "Rest the mouse on Old Grey: the panel gives the hit chance, the damage and "
            "every modifier before you commit.",
            (Deed(look="preview"),),
        ),
        LessonStep(
            "attack",
            "Attack",
            "Click Old Grey to attack. An attack is Ada's Main action: each turn a unit "
            "has a Move and a Main (a second Move if it does not attack).",
            ATTACKS,
        ),
        LessonStep(
            "end",
            "End the turn",
            "Ada has spent her Move and her Main. Press E (or End turn in the bar) to end "
            "her turn; Bran acts next.",
            (Deed(answer="end_turn"),),
        ),
        LessonStep(
            "cover",
            "Cover",
            "Bran's turn. Rest the mouse on Crooked Bones behind the low wall: lines run "
            "from Bran's best corner to its corners; dashed red ones are blocked. Cover "
            "costs -2 to hit (half) or -4 (full).",
            (Deed(look="cover"),),
        ),
        LessonStep(
            "shock",
            "Shock on a miss",
            "In melee even a miss hurts: the preview's Shock line. Shoot or press E, then "
            "attack Old Grey with Ada again and watch the log.",
            (Deed(event="damaged", fields=(("source", "Shock"),)),),
            # Bran's shot changes the dice: Ada may hit, Old Grey may take Total Defense
            # (AC above her Shock rating) or fall; the step must not wait for a Shock then
            moot=(
                Deed(
                    event="attack_resolved",
                    fields=(("hit", False), ("shocks", True), ("ranged", False)),
                    mine=True,
                ),
                Deed(event="downed", fields=(("who", "Old Grey"),)),
                Deed(event="died", fields=(("who", "Old Grey"),)),
            ),
            points=("log",),
            moot_note="No Shock then: a miss does Shock only when the target's AC is "
            "within the weapon's Shock rating (Total Defense raises AC).",
        ),
        LessonStep(
            "opportunity",
            "Attacks of opportunity",
            "Stepping out of a foe's reach lets it strike first. With Ada, rest the mouse "
            "on a square away from Old Grey: a red frame and crossed swords warn you.",
            (
                Deed(look="provoking"),
                Deed(event="attack_declared", fields=(("mode", "opportunity"),)),
            ),
        ),
        LessonStep(
            "disengage",
            "Disengage",
            "Disengage (a Main action) lets Ada step away with no attack of opportunity "
            "this round. If her Main is spent, press E; on her next turn pick Disengage "
            "in the bar.",
            (Deed(answer="disengage"),),
        ),
        LessonStep(
            "retreat",
            "Step away",
            "Now move Ada away from Old Grey: no red frames, nobody strikes.",
            (Deed(answer="move"),),
        ),
        LessonStep(
            "finish",
            "End the turn",
            "Press E to end Ada's turn.",
            (Deed(answer="end_turn"),),
        ),
    ),
    closing="That is the heart of the game. Finish the fight your way; F1 shows every "
    "key and colour.",
)
