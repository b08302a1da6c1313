"""The `clash` guided first round (issue 30 · Learning the game), on
``maps/tutorial_clash.tmx``: one round of source 000 · Rounds, Initiative & Actions, a step
at a time (``game.engine.lesson``): declare in secret, every plan revealed, the order
(quick turns before full ones, a DEX save against the enemies), and a reaction to an
attack that always hits (000 · Reactions). The raiders fight through the AI's answers as
always; the lesson's seed brings the attack on Hild, and its prompt, in the first round
(``tests/test_ui_lesson.py`` plays it to the end). The steps follow what happens: the
React step is shown while the prompt is up, and the others may be done in any order.
"""

from __future__ import annotations

from game.engine.lesson import Deed, Lesson, LessonStep

CLASH_LESSON = Lesson(
    map="tutorial_clash",
    seed=1,
    title="Guided round",
    steps=(
        LessonStep(
            "declare",
            "Declare in secret",
            "Every round starts with plans. Click a raider to declare Hild's attack: "
            "nothing happens until every unit has declared, and the enemy cannot see it.",
            (Deed(event="declared", mine=True),),
        ),
        LessonStep(
            "reveal",
            "Reveal",
            "Once every unit has declared, every plan is revealed at once. The panel at "
            "the top left then says who intends what: rest the mouse on it.",
            (Deed(look="plans"),),
        ),
        LessonStep(
            "order",
            "The order",
            "Quick turns (one move or one blow) go before full turns (move and attack); "
            "a DEX save may put Hild before the enemies. The numbers in the panel, and "
            "the badges on the board (Q1, F2), are the order: point at one.",
            (Deed(look="order"),),
        ),
        LessonStep(
            "react",
            "React",
            "Attacks always hit; the defender chooses how to take it. Pick a reaction in "
            "the prompt (fight back, block, parry): what each costs is under it.",
            (Deed(decision="reaction"),),
            cue="reaction",  # shown whenever the prompt is up, before or after the panel
        ),
    ),
    closing="That is a round of Clash: declare, reveal, resolve in order, react. Fight "
    "on; F1 shows every key.",
    any_order=True,  # the prompt may come, and be answered, before the panel is read
)
