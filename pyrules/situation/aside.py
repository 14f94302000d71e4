"""Lines no template fits that cannot matter to what a situation asks, set aside rather than refused (issue 34).

A card with a line pyrules cannot read is refused wherever a situation uses it (``loader._refuse_unsupported``),
unless a rule stated here shows that the line cannot change the answer. Each rule is a reason a judge can check,
with its CR number; anything the rules here do not cover is still refused, and so is every line where the
question lists the abilities or keywords of an object that has it (``abilities``, ``characteristics``):

* a keyword that only works while its card is cast (Flash, Convoke, Delve, Improvise, Cascade, Replicate, Conspire,
  Retrace, Surge, Emerge, Entwine, Ripple: 702.8a, 702.51a, 702.66a, 702.126a, ...), on an object the question and its
  actions never cast; Splice onto Arcane where no spell is cast (702.47a);
* a keyword whose abilities work only while its card is in some zones (Madness: a hand, 702.35a; Suspend: a hand,
  exile or the stack, 702.62a; Jump-start: the stack, 702.133a), of objects elsewhere and never cast;
* a keyword that works only in combat (Banding, Provoke, Myriad, Melee, Annihilator) where no combat action makes it
  happen; Phasing (702.26a: the untap step) where no action begins an untap step, and Partner (702.124a: building a
  deck) anywhere;
* the keyword activated abilities (Unearth, Embalm, Eternalize, Transmute, Ninjutsu, Outlast) as the activated
  abilities below;
* a triggered ability of the beginning of an upkeep, a draw step, an end step, combat or the end of combat (503.1,
  504.2, 513.1, 507.1, 511.2): no question or sequence of actions reaches those steps (they start and stay in the step
  the situation gives, or go through combat) but the actions ``upkeep``, ``draw_step``, ``end_step``,
  ``beginning_of_combat`` and ``end_of_combat``, which begin those steps, unless an ability of that object is already
  on the stack;
* "whenever ~ attacks" (blocks, becomes blocked, deals combat damage): 508.3a, 509.3a, 509.3c, 510.3a, where
  the question and its actions declare no attackers (blockers, deal no combat damage), the only ways those
  events happen here;
* a static line about the untap step ("~ doesn't untap during your untap step", "Creatures don't untap during their
  controllers' untap steps", 502.3) or the skipping of a draw step ("Players skip their draw steps", 504.1, 614.10),
  where no action begins an untap step (``untap_step``), or a draw step or the main phase after the upkeep
  (``draw_step``, ``main``): nothing else performs an untap step's untapping or begins a draw step (a situation in the
  untap step is one whose permanents have untapped already; the action upkeep ends that step);
* an activated ability that is not a mana ability (605.1a), of an object none of whose abilities the question or
  its actions activate and none of whose abilities is on the stack, in a situation where nothing reads or copies
  activated abilities (a craft cost's "with an activated ability", Locus of Enlightenment's copies, 702.167c) and
  the question does not list the abilities that can be activated (``activatable``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pyrules.situation.model import (
    Abilities,
    Activatable,
    Activate,
    BeginCombat,
    BeginDrawStep,
    BeginEndOfCombat,
    BeginEndStep,
    BeginMain,
    BeginUntap,
    BeginUpkeep,
    Cast,
    Characteristics,
    CombatDamage,
    DeclareAttackers,
    DeclareBlockers,
)
from pyrules.vocabulary.abilities import Part
from pyrules.vocabulary.filters import Filter

#: Keywords that only work while their card is being cast, and the rule that says so: timing, alternative and
#: additional costs, and "when you cast this spell" triggers (a spell on the stack was cast already: what they did then,
#: its modes and the copies put on the stack, is the situation's).
CASTING_KEYWORDS = {"flash": "702.8a", "convoke": "702.51a", "delve": "702.66a", "improvise": "702.126a",
                    "cascade": "702.85a", "replicate": "702.56a", "conspire": "702.78a", "retrace": "702.81a",
                    "surge": "702.117a", "emerge": "702.119a", "entwine": "702.42a", "ripple": "702.60a"}
#: Keywords whose abilities work only while their card is in some zones (or is cast: jump-start, 702.133a), and the rule.
ZONE_KEYWORDS = {"madness": (("hand",), "702.35a"), "suspend": (("hand", "exile", "stack"), "702.62a"),
                 "jump-start": (("stack",), "702.133a")}
_ZONE_PHRASES = {"hand": "in a hand", "exile": "in exile", "stack": "on the stack"}
#: Keywords that work only in combat: the action without which they cannot, and the rule.
COMBAT_KEYWORDS = {"banding": ((DeclareAttackers, DeclareBlockers, CombatDamage), "702.22"),
                   "provoke": ((DeclareAttackers,), "702.39a"), "myriad": ((DeclareAttackers,), "702.116a"),
                   "melee": ((DeclareAttackers,), "702.121a"), "annihilator": ((DeclareAttackers,), "702.86a")}
#: Keywords of activated abilities that are not mana abilities (the rule for those below applies).
ACTIVATED_KEYWORDS = {"unearth": "702.84a", "embalm": "702.128a", "eternalize": "702.129a", "transmute": "702.53a",
                      "ninjutsu": "702.49a", "outlast": "702.107a"}
#: A keyword line: its name, then a cost or a number ("Suspend 4-{R}", "Annihilator 2", "Splice onto Arcane {1}{R}").
_KEYWORD_LINE = re.compile(r"([A-Za-z][a-z]+(?:[ -][a-z]+)*(?: onto Arcane)?)(?: \d+)?(?:[-\u2014 ]?(?:\{[^}]+\})+)?")

_STEP_TRIGGER = re.compile(r"At the beginning of (?:your|each|each player's|each opponent's|the next|your next|"
                           r"that player's|the) (upkeep|draw step|end step)\b|At (end of combat)\b|"
                           r"At the (beginning of combat) on your turn\b")
_STEP_RULES = {"upkeep": "503.1", "draw step": "504.2", "end step": "513.1", "end of combat": "511.2",
               "beginning of combat": "507.1"}
#: The actions that begin a step (so that its triggers may matter).
_STEP_ACTIONS = {"upkeep": BeginUpkeep, "end step": BeginEndStep, "end of combat": BeginEndOfCombat,
                 "draw step": BeginDrawStep, "beginning of combat": BeginCombat}
#: "cost: effect", the cost made of mana symbols and the usual cost words (602.1a); a loyalty cost too (606.4).
_ACTIVATED = re.compile(r"(?:[+\u2212-]?\d+|(?:\{[^}]+\}|Sacrifice|Tap|Untap|Discard|Pay|Exile|Remove|Return|Put)[^:\"]*)"
                        r": (.+)")


#: A static line that matters only as an untap step's permanents untap (502.3), or as a draw step would begin (504.1,
#: 614.10): its subject a plain noun phrase (no other instruction rides on it), with an optional condition.
_UNTAP_STEP = re.compile(r"(?P<subject>[^.:\"]+?) (?:doesn't|don't|can't) untap (?:more than [^.:\"]+ )?during "
                         r"(?:its|their|your|its controller's|their controllers'|each player's|that player's) "
                         r"untap steps?(?: if [^.:\"]+| as long as [^.:\"]+)?\.")
_UNTAP_SUBJECT_VERBS = re.compile(r"\b(?:gets?|gains?|has|have|and|or|is|are|can|when|whenever|at|if|tap|untap|put)\b",
                                  re.IGNORECASE)
_SKIP_DRAW = re.compile(r"(?:Skip your draw step|(?:You skip your|Players skip their|Each player skips their) draw "
                        r"steps?)\.")

#: "Whenever ~ attacks" and its kin: the combat action without which the event cannot happen, and its rule.
_COMBAT_TRIGGERS = {"attacks": (DeclareAttackers, "508.3a"), "blocks": (DeclareBlockers, "509.3a"),
                    "becomes blocked": (DeclareBlockers, "509.3c"), "deals combat damage": (CombatDamage, "510.3a")}


def reason(line: str, card: str, obj_ids: Iterable[str], question: Any, actions: tuple[Any, ...], busy: bool,
           zones: Iterable[str] | None = None) -> str:
    """Why this unsupported line of ``card``, the card of the objects ``obj_ids``, cannot matter, or "" if it may.
    ``busy``: something reads or copies activated abilities, or an ability of these objects is on the stack. ``zones``:
    the zones of those objects (None: not known, such as the card of a lasting effect)."""
    ids = set(obj_ids)
    asked = [question] if question is not None else []
    asked += list(actions)
    if any(isinstance(q, (Abilities, Characteristics)) and (not q.objects or ids & set(q.objects)) for q in asked):
        return ""  # (the answer lists these objects' abilities and keywords: the line would be one of them)
    cast = any(isinstance(q, Cast) and q.object in ids for q in asked)
    words = [_keyword_name(w.strip()) for w in line.split(",")]
    if words and all(w in CASTING_KEYWORDS for w in words):
        if not cast:
            rules = ", ".join(dict.fromkeys(CASTING_KEYWORDS[w] for w in words))
            return f"only matters while the card is cast, and it is not cast here ({rules})"
        return ""
    name = _keyword_name(line)
    if name in ZONE_KEYWORDS and zones is not None:
        where, rule = ZONE_KEYWORDS[name]
        if not cast and not set(zones) & set(where):
            places = " or ".join(_ZONE_PHRASES[z] for z in where)
            return f"it works only while its card is cast or {places}, and it is not ({rule})"
    if name == "splice onto arcane" and not any(isinstance(q, Cast) for q in asked):
        return "it matters only as its owner casts an Arcane spell, and no spell is cast here (702.47a)"
    if name == "partner" and line == "Partner":
        return "it matters only for building a deck (702.124a)"
    if name == "phasing" and not any(isinstance(q, BeginUntap) for q in asked):
        return "it matters only in its controller's untap step, which no question here performs (702.26a)"
    if name in COMBAT_KEYWORDS:
        needed, rule = COMBAT_KEYWORDS[name]
        if not any(isinstance(q, needed) for q in asked):
            return f"it works only in combat, and no combat action here makes that happen ({rule})"
        return ""
    if name in ACTIVATED_KEYWORDS:
        line = f"{{0}}: {name}"  # (an activated ability that is not a mana ability, 602.1: as below)
    step = _STEP_TRIGGER.match(line)
    name = step and (step[1] or step[2] or step[3])
    if step and any(isinstance(q, _STEP_ACTIONS.get(name, ())) for q in asked):
        return ""  # (an action begins that step)
    if step and not busy:
        return f"no question reaches the {name}, where it would trigger ({_STEP_RULES[name]})"
    for event, (action, rule) in _COMBAT_TRIGGERS.items():
        for subject in (card, "this creature", "~"):
            if line.startswith(f"Whenever {subject} {event}") and not busy:
                if not any(isinstance(q, action) for q in asked):
                    return f"it triggers only when its creature {event}, and no combat action here makes that ({rule})"
                return ""
    untap = _UNTAP_STEP.fullmatch(line)
    if untap and not _UNTAP_SUBJECT_VERBS.search(untap["subject"]) and not any(isinstance(q, BeginUntap) for q in asked):
        return "it matters only as an untap step's permanents untap, and no question here performs that (502.3)"
    if _SKIP_DRAW.fullmatch(line) and not any(isinstance(q, (BeginDrawStep, BeginMain)) for q in asked):
        return "it matters only as a draw step would begin, and no question here begins one (504.1, 614.10)"
    activated = _ACTIVATED.fullmatch(line)
    if activated and not re.search(r"\bAdd\b", activated[1]):
        if busy or any(isinstance(q, Activatable) for q in asked):
            return ""
        if any(isinstance(q, Activate) and q.object in ids for q in asked):
            return ""
        return "an activated ability that is not a mana ability, never activated here, and nothing reads it (602.1)"
    return ""


def _keyword_name(line: str) -> str:
    """The keyword a line is, lowercase ("suspend" for "Suspend 4-{R}"), or ""."""
    keyword = _KEYWORD_LINE.fullmatch(line)
    return keyword[1].lower() if keyword else ""


def reads_activated(abilities: Iterable[Any]) -> bool:
    """Whether any of these abilities reads or copies activated abilities: a filter "with an activated ability"
    (a craft cost's materials), or "has each activated ability of the exiled cards" (702.167c)."""

    def walk(value: Any) -> bool:
        if isinstance(value, Filter):
            return "activated_ability" in value.conditions
        if isinstance(value, Part):
            return value.kind == "crafted_abilities" or walk(value.value)
        if isinstance(value, dict):
            return any(walk(v) for v in value.values())
        if isinstance(value, (tuple, list)):
            return any(walk(v) for v in value)
        fields = getattr(value, "__dataclass_fields__", None)
        return bool(fields) and any(walk(getattr(value, name)) for name in fields)

    return any(walk(a) for a in abilities)
