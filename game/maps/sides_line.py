"""A ``sides`` line with a ';' left out (maps/README.md · Map properties): every field after
the gap stands one place early, so the colour check meets the control word and the control
check a flag. Instead of those echoes, check-map names the gap: the line reads right once
one field is split in two at a space.
"""

from __future__ import annotations

from game.maps import contract


def line_reads(fields: list[str]) -> bool:
    """Whether ``fields`` (a sides line split at ';') make a side as the contract says:
    ``id; Name; #rrggbb[; control][; flag …]``, each flag known and written once, the
    party not undecided."""
    if not 3 <= len(fields) <= 4 + contract.MAX_SIDE_FLAGS:
        return False
    side_id, name, colour = fields[:3]
    control = fields[3].lower() if len(fields) > 3 and fields[3] else "any"
    flags = [flag.lower() for flag in fields[4:]]
    return (
        bool(contract.SIDE_ID.match(side_id))
        and bool(name)
        and bool(contract.COLOUR.match(colour))
        and control in contract.CONTROLS
        and all(flag in contract.SIDE_FLAGS for flag in flags)
        and len(set(flags)) == len(flags)
        and not {"party", "undecided"} <= set(flags)
    )


def missing_separator(fields: list[str]) -> str | None:
    """What to say about a line that does not read but would with one field split at a
    space (a ';' missing there), or None."""
    if line_reads(fields):
        return None
    for index, field in enumerate(fields):
        words = field.split()
        for cut in range(1, len(words)):
            left, right = " ".join(words[:cut]), " ".join(words[cut:])
            if line_reads([*fields[:index], left, right, *fields[index + 1 :]]):
                return (
                    f"has {len(fields)} fields where {len(fields) + 1} are expected: "
                    f"a ';' missing between {left!r} and {right!r}? (a side reads "
                    "'id; Name; #rrggbb; control', then its flags)"
                )
    return None
