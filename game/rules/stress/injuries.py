"""Combat injuries (002 · Critical Hits and Injuries): on a critical hit a d% at or under
the damage dealt inflicts an injury from the d20 table of the damage type. Blunt is the
source's table; piercing, slashing and chopping are ours (README · Injury tables): every
effect is one the game applies — attribute damage, half speed, prone, an arm that cannot
attack or hold, one action per two turns, paralysis, bleeding, suffocation, a lost eye,
concussion. Types no weapon of the game deals have no table."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.stress.state import (
    ALTERNATE,
    BLEEDING,
    CONCUSSED,
    HALF_BLIND,
    HALF_SPEED,
    PARALYSED,
    PRONE,
    SUFFOCATING,
)

ARM = "arm"  # the effect falls on the arm a d4 names: 1–2 main, 3–4 off (the source)
NO_ATTACK, NO_HOLD = "no_attack", "no_hold"


@dataclass(frozen=True, slots=True)
class Entry:
    """One row: its name, what it damages (attributes, dice), the conditions it puts on,
    whether a d4 picks the arm, and the arm effect."""

    name: str
    damage: tuple[tuple[tuple[str, ...], str], ...] = ()
    conditions: tuple[str, ...] = ()
    arm: str = ""  # "", NO_ATTACK (can't attack with that arm), NO_HOLD
    note: str = ""


def _e(
    name: str, dmg: str = "", attrs: str = "", *conds: str, arm: str = "", note: str = ""
) -> Entry:
    damage = ((tuple(attrs.split("+")), dmg),) if dmg else ()
    return Entry(name, damage, tuple(conds), arm, note)


AGI, STR, DEX, PER = "Agility", "Strength", "Dexterity", "Perception"
MEM_PER = "Memory+Perception"

BLUNT: tuple[Entry, ...] = (
    _e("Crushed Foot", note="-5 to Balance checks"),
    _e("Broken Shin", "1d8", AGI, HALF_SPEED),
    _e("Shattered Kneecap", "1d12", AGI, PRONE),
    _e("Broken Femur", "1d10", AGI),
    _e("Shattered Hip", "4d4", AGI),
    _e("Broken Rib", "2d4", STR, ALTERNATE),
    _e("Broken Collarbone", "3d4", STR),
    _e("Crushed Shoulder", "2d8", f"{STR}+{DEX}", arm=NO_ATTACK),
    _e("Broken Upper Arm", "1d10", STR, arm=NO_ATTACK),
    _e("Shattered Elbow", "1d12", DEX, arm=NO_ATTACK),
    _e("Broken Forearm", "1d10", f"{STR}+{DEX}", arm=NO_HOLD),
    _e("Shattered Hand", "4d4", DEX, arm=NO_HOLD),
    _e("Broken Finger", "1d8", DEX),
    _e("Broken Neck", "", "", PARALYSED),
    _e("Crushed Windpipe", "", "", SUFFOCATING),
    _e("Broken Jaw", note="can't speak or chew"),
    _e("Broken Nose", "1d10", PER),
    _e("Eye Swollen Shut", "2d8", PER, HALF_BLIND),
    _e("Cauliflower Ear", "1d12", PER),
    _e("Cracked Skull", "1d8", MEM_PER, CONCUSSED),
)

PIERCING: tuple[Entry, ...] = (
    _e("Pierced Foot", "1d6", AGI, HALF_SPEED),
    _e("Pierced Calf", "1d8", AGI, HALF_SPEED),
    _e("Pierced Knee", "1d10", AGI, PRONE),
    _e("Pierced Thigh", "1d10", AGI, BLEEDING),
    _e("Pierced Groin", "2d4", STR, ALTERNATE),
    _e("Gut Wound", "2d6", STR, ALTERNATE, BLEEDING),
    _e("Punctured Lung", "3d4", STR, ALTERNATE),
    _e("Pierced Shoulder", "1d10", STR, arm=NO_ATTACK),
    _e("Pierced Upper Arm", "1d8", STR, arm=NO_ATTACK),
    _e("Pierced Elbow", "1d10", DEX, arm=NO_ATTACK),
    _e("Pierced Forearm", "1d8", DEX, arm=NO_HOLD),
    _e("Pierced Hand", "2d6", DEX, arm=NO_HOLD),
    _e("Pierced Side", "2d4", STR),
    _e("Pierced Spine", "", "", PARALYSED),
    _e("Pierced Throat", "", "", SUFFOCATING),
    _e("Pierced Cheek", "1d6", PER),
    _e("Pierced Ear", "1d8", PER),
    _e("Pierced Eye", "2d8", PER, HALF_BLIND),
    _e("Pierced Temple", "1d8", MEM_PER, CONCUSSED),
    _e("Skewered Skull", "2d8", MEM_PER, CONCUSSED, PRONE),
)

SLASHING: tuple[Entry, ...] = (
    _e("Cut Heel Tendon", "1d8", AGI, HALF_SPEED),
    _e("Hamstrung", "1d10", AGI, PRONE),
    _e("Slashed Thigh", "1d6", AGI, BLEEDING),
    _e("Opened Belly", "2d4", STR, ALTERNATE, BLEEDING),
    _e("Cut Ribs", "2d4", STR),
    _e("Slashed Back", "2d6", STR),
    _e("Cut Shoulder Tendon", "2d6", STR, arm=NO_ATTACK),
    _e("Cut Upper Arm", "1d8", STR, arm=NO_ATTACK),
    _e("Sliced Forearm", "1d8", DEX, arm=NO_HOLD),
    _e("Severed Fingers", "2d6", DEX, arm=NO_HOLD),
    _e("Cut Palm", "1d6", DEX),
    _e("Slashed Chest", "", "", BLEEDING),
    _e("Cut Neck", "1d4", STR, BLEEDING),
    _e("Cut Windpipe", "", "", SUFFOCATING),
    _e("Slashed Face", "1d8", PER),
    _e("Lost Ear", "1d10", PER),
    _e("Cut Brow", "1d6", PER, HALF_BLIND),
    _e("Gouged Eye", "2d8", PER, HALF_BLIND),
    _e("Scalp Wound", "", "", CONCUSSED, BLEEDING),
    _e("Severed Spine", "", "", PARALYSED),
)

CHOPPING: tuple[Entry, ...] = (
    _e("Split Foot", "1d8", AGI, HALF_SPEED),
    _e("Chopped Shin", "1d10", AGI, HALF_SPEED),
    _e("Cloven Knee", "1d12", AGI, PRONE),
    _e("Hewn Thigh", "2d6", AGI, PRONE, BLEEDING),
    _e("Cleft Hip", "4d4", AGI),
    _e("Stove-in Ribs", "2d6", STR, ALTERNATE),
    _e("Split Collarbone", "3d4", STR),
    _e("Cleft Shoulder", "2d8", f"{STR}+{DEX}", arm=NO_ATTACK),
    _e("Hewn Upper Arm", "2d6", STR, BLEEDING, arm=NO_ATTACK),
    _e("Split Elbow", "1d12", DEX, arm=NO_ATTACK),
    _e("Chopped Forearm", "1d10", f"{STR}+{DEX}", arm=NO_HOLD),
    _e("Lopped Hand", "4d4", DEX, BLEEDING, arm=NO_HOLD),
    _e("Lost Fingers", "1d8", DEX),
    _e("Cloven Spine", "", "", PARALYSED),
    _e("Chopped Throat", "", "", SUFFOCATING, BLEEDING),
    _e("Split Jaw", "1d6", PER),
    _e("Lost Nose", "1d10", PER),
    _e("Cleft Eye", "2d8", PER, HALF_BLIND),
    _e("Lopped Ear", "1d12", PER),
    _e("Cleft Skull", "1d8", MEM_PER, CONCUSSED, PRONE),
)

TABLES: dict[str, tuple[Entry, ...]] = {
    "blunt": BLUNT,
    "piercing": PIERCING,
    "slashing": SLASHING,
    "chopping": CHOPPING,
}

assert all(len(t) == 20 for t in TABLES.values())

# what each condition does, in words (the README and the screen)
CONDITION_WORDS: dict[str, str] = {
    HALF_SPEED: "moves at half speed",
    PRONE: "prone until healed: crawls 1 square, -2 to attack and Defense",
    ALTERNATE: "one action per two turns",
    PARALYSED: "paralysed: out of the fight",
    SUFFOCATING: "can't breathe: loses 1 Wound Point each round's end",
    BLEEDING: "bleeding: loses 1 Wound Point each round's end",
    HALF_BLIND: "blind in one eye: -2 to shots",
    CONCUSSED: "concussed: -2 to attack and Defense",
    "main_arm_useless": "main arm useless: no attack with its first weapon",
    "off_arm_useless": "off arm useless: only its first weapon",
}
