"""Every outcome predicate, in one catalogue: those of one action are the encodings' ``output`` and
``answer`` predicates (:func:`pyrules.engine.encodings.output_signatures`); the outcome of a sequence of
actions uses some of them (:data:`SHARED`) and a few of its own (:data:`OUTCOMES`)."""

from __future__ import annotations

from pyrules.engine.encodings import all_entries

#: The outcome predicates of one action that the outcome of a sequence uses too, for what changed in all.
SHARED = ("move/3", "tap/1", "untap/1", "counters_put/3", "counters_removed/3", "life_lost/2", "life_gained/2",
          "mana_added/3", "shuffled/1", "discarded/2")


#: What the outcome of a sequence says beyond those: signature -> (argument names, meaning).
OUTCOMES: dict[str, tuple[tuple[str, ...], str]] = {
    "created/3": (("O", "Card", "Z"), "O, created by the actions (a token or a copy of a spell), "
                                   "is of card Card and in zone Z at the end"),
    "ceased_to_exist/1": (("O",), "O (a token or a copy) ceased to exist (704.5d, 704.5e)"),
    "stack/2": (("N", "Item"), "Item is the N-th object of the stack, from the bottom, at the end"),
    "target/3": (("Item", "N", "Target"), "Item, a spell or ability on the stack at the end that was not there (or not with "
                                     "these choices) at the start, has Target as its N-th target (601.2c, 707.10c)"),
    "mode/2": (("Item", "N"), "Item, a spell or ability on the stack at the end that was not there (or not with these "
                              "choices) at the start, has mode N chosen (700.2a)"),
    "affected_by/3": (("O", "Card", "N"), "O is one of the objects a lasting effect begun during the actions changes: "
                                          "ability N of card Card, locked in as it began (611.2c), still applying at "
                                          "the end"),
    "effect_begun/3": (("Card", "N", "P"), "a lasting effect begun during the actions that changes no object named "
                                           "(611.2c): ability N of card Card, controlled by P, still applying at the end"),
    "chosen_color/2": (("O", "Color"), "permanent O had the color Color chosen for it as it entered, during the actions "
                                   "(614.12a)"),
    "mana_spent/3": (("P", "T", "N"), "P's mana pool holds N fewer mana of type T at the end"),
    "illegal/2": (("N", "Reason"), "action N was not legal, for Reason: the line ended there"),
    "loop/1": (("N",), "during action N the line came back to a state it had been in: it can go on forever"),
    "bound/1": (("N",), "action N was still going after the bound on steps (max_steps): the line was cut there"),
    "lost/2": (("P", "Why"), "P lost the game, for Why. Why is life (704.5a), empty_library (704.5b) or poison (704.5c)"),
    "poison/2": (("P", "N"), "P has N poison counters at the end (122.1f)"),
    "gained_keyword/2": (("O", "Keyword"), "permanent O gained Keyword during the actions, from an effect with no end "
                                           "(riot's haste, 702.136a)"),
    "energy/2": (("P", "N"), "P has N energy counters at the end (122.1, 107.14)"),
    "game_over/1": (("N",), "the game ended during action N (every player but one lost, or all at once: a draw, "
                            "104.4a): later actions were not taken"),
    "drew/2": (("P", "N"), "P drew N cards during the actions"),
    "milled/2": (("P", "N"), "P milled N cards of their library that the situation does not name, during the actions"),
    "exiled_from_library/2": (("P", "N"), "P exiled N cards of their library that the situation does not name, during "
                                          "the actions (406.2)"),
    "may_play/2": (("C", "P"), "P may play card C, in exile, this turn, as an effect lets them (601.3)"),
    "surveilled/2": (("P", "N"), "surveilling, P put N cards of their library that the situation does not name into "
                                  "their graveyard, during the actions (701.25a)"),
    "damage/2": (("O", "N"), "N damage is marked on O at the end (120.3e)"),
    "face/2": (("O", "F"), "permanent or spell O has face F up at the end (it transformed, 712.14a)"),
    "crafted_with/2": (("O", "C"), "C is one of the exiled cards used to craft O at the end (702.167c)"),
    "exiled_with/2": (("O", "C"), "C is one of the cards exiled with O at the end (607.2a)"),
    "attached/2": (("O", "Y"), "O is attached to Y at the end (701.3)"),
    "unattached/1": (("O",), "O, attached to something at the start, is on the battlefield attached to nothing at "
                             "the end (704.5n, 704.5p)"),
    "regeneration_shields/2": (("O", "N"), "N regeneration shields protect O at the end (701.19a)"),
    "prevention_shields/2": (("Target", "N"), "the next N damage that would be dealt to Target this turn is "
                                              "prevented, at the end: its prevention shields add up to N (615.7)"),
    "renowned/1": (("O",), "O is a renowned permanent at the end (702.112b)"),
    "monstrous/1": (("O",), "O is a monstrous permanent at the end (701.37b)"),
    "skips_next_untap/2": (("O", "P"), "O doesn't untap during P's next untap step (502.3)"),
    "at_bottom/1": (("O",), "O is at the bottom of its owner's library at the end, below the cards the situation "
                            "only counts, and was not there at the start (401.4)"),
    "face_down/1": (("O",), "O is a face-down permanent or spell at the end, and was not one at the start (708.2)"),
    "face_up/1": (("O",), "O, a face-down permanent at the start, is face up at the end (turned face up, 702.37e)"),
    "copy_of/2": (("O", "Card"), "O is a permanent at the end with the copiable values of the card Card: it entered as a "
                                 "copy of it, or became one (707.2)"),
    "removed_from_combat/1": (("O",), "O, attacking or blocking at the start, is on the battlefield out of combat at "
                                      "the end (506.4)"),
    "attacking/2": (("O", "Target"), "O is an attacking creature at the end, attacking Target (508.1)"),
    "blocking/2": (("O", "Y"), "O is a blocking creature at the end, blocking the attacking creature Y (509.1)"),
    "restricted_mana/4": (("P", "T", "R", "N"), "P's pool holds N mana of type T that may be spent only as R says, at "
                                                "the end (106.6)"),
}


def outcome_signatures() -> dict[str, tuple[str, ...]]:
    """Every predicate the outcome of a sequence may hold, with its argument names."""

    found = {s: all_entries()[s].args for s in SHARED}
    found.update({s: args for s, (args, _) in OUTCOMES.items()})
    return found
