"""The rules area of a line no template fits, and the greedy order of areas to model next.

A line's area is the first of ``AREAS`` whose pattern it matches (the order puts the narrower areas first:
"Counter target spell" is a counterspell, not a counter on a permanent). The ranking answers "what to model
next": the area that, modelled, imports the most cards fully (every unsupported line of theirs in the areas
chosen so far or this one), then the next given that one, and so on.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Area:
    name: str
    rules: str  # the Comprehensive Rules sections it belongs to
    pattern: re.Pattern[str]


def _area(name: str, rules: str, *patterns: str) -> Area:
    return Area(name, rules, re.compile("|".join(f"(?:{p})" for p in patterns), re.I))


_COSTS = ("flashback|kicker|multikicker|buyback|convoke|delve|improvise|evoke|cycling|madness|dash|suspend|morph|"
          "megamorph|unearth|embalm|eternalize|scavenge|emerge|escape|overload|spectacle|surge|replicate|entwine|"
          "retrace|jump-start|ninjutsu|prowl|miracle|aftermath|affinity|bestow|awaken|foretell|mutate|"
          "transmute|forecast|transfigure|plainscycling|islandcycling|swampcycling|mountaincycling|forestcycling|"
          "landcycling|basic landcycling|typecycling|reinforce|channel|splice onto arcane|offering|conspire|"
          "recover|cascade|rebound|storm|epic|sweep|gravestorm|ripple|devour|champion|fuse|assist|undaunted|"
          "partner|companion|encore|blitz|disturb|cleave|casualty|demonstrate|craft")
_COMBAT_KEYWORDS = ("plainswalk|islandwalk|swampwalk|mountainwalk|forestwalk|\\w+walk|fear|intimidate|shadow|"
                    "horsemanship|flanking|bushido|rampage|exalted|banding|bands with other|provoke|afflict|"
                    "battle cry|annihilator|myriad|melee|mentor|training|skulk|dethrone|frenzy|ninjutsu|"
                    "exert|menace|first strike|double strike|trample|vigilance|reach|flying|defender|"
                    "lure|renown|raid|battalion|bloodrush|crew")

#: The areas, narrowest first; the last matches every line.
AREAS: tuple[Area, ...] = (
    _area("mana abilities and mana", "106, 605", r"\b[Aa]dds? (?:\{|one|two|three|X|an amount|mana)", r"\bmana of any"),
    _area("modal spells and abilities", "700.2", r"^Choose (?:one|two|three|four|N|any number|one or more|one or both)",
          r"^\u2022", r"^Escalate"),
    _area("timing and flash", "117, 307, 702.8", r"^Flash$", r"as though (?:it|they) had flash",
          r"any time you could cast an instant", r"^Split second"),
    _area("alternative and additional costs, other zones", "118.9, 601.2b, 601.3, 702",
          rf"^(?:{_COSTS})\b", r"rather than pay|without paying|additional cost|from your graveyard|"
          r"costs? \{[^}]+\} (?:less|more)|from exile"),
    _area("regeneration and prevention", "701.19, 614.8, 615", r"\bregenerat", r"\bprevent"),
    _area("turn structure", "500-514", r"^(?:Echo|Fading|Vanishing|Cumulative upkeep|Phasing|Upkeep)\b",
          r"\bat the beginning of\b", r"\buntap step\b", r"\bextra turn\b", r"\bend of turn\b(?! *\.?$)",
          r"\bdoesn't untap\b", r"\bskip\b"),
    _area("combat", "506-511, 702", rf"^(?:{_COMBAT_KEYWORDS})\b", r"\battack", r"\bblock",
          r"\bcombat damage\b", r"\bcombat\b"),
    _area("entering the battlefield", "614.1c-d, 614.12", r"\benters? (?:the battlefield )?(?:tapped|with)\b",
          r"^As ~ enters\b", r"\benters? as a copy\b"),
    _area("counterspells", "701.5", r"\bcounter target\b", r"\bcan't be countered\b", r"\bcounter (?:it|that)\b"),
    _area("protection and targeting", "702.11, 702.16, 702.18", r"^(?:hexproof|shroud|protection from|ward)\b",
          r"\bhas (?:hexproof|shroud|protection)\b", r"^Enchant\b", r"\bbecomes the target\b", r"\bchange the target"),
    _area("counters of named kinds", "122", r"\bcounters?\b(?! target)", r"\{E\}", r"^(?:undying|persist|modular|"
          r"outlast|adapt|evolve|graft|bolster|support|proliferate|level up|LEVEL)\b"),
    _area("poison, infect, wither", "702.80, 702.90, 122.1f", r"^(?:infect|wither|toxic|poisonous)\b", r"\bpoison"),
    _area("removal and zone changes", "701.7, 701.8, 701.17, 400.7",
          r"\bdestroy\b", r"\bexile\b", r"\bsacrifices?\b", r"\breturn\b.*\bto (?:its|their) owners?'?s?'? hands?\b",
          r"\bput .* on (?:the )?(?:top|bottom) of .* library\b", r"\bflicker\b"),
    _area("card movement", "121, 701.9, 701.18, 701.19, 701.22",
          r"\bdraws?\b", r"\bdiscards?\b", r"\bmill", r"\bsearch", r"\breveal", r"\bshuffle", r"\bscry\b", r"\bsurveil\b",
          r"\blook at\b", r"\bgraveyard\b", r"\binto (?:your|their|its owner's) hand\b", r"\blibrary\b",
          r"\bexplores?\b", r"\binvestigate\b"),
    _area("tokens", "111", r"\btokens?\b", r"^(?:fabricate|amass|populate)\b"),
    _area("life and damage to players", "119, 120", r"\blife\b", r"\bdamage\b"),
    _area("tap and untap", "701.21", r"\btap\b", r"\buntap\b"),
    _area("continuous effects: pump, lords, characteristics", "611, 613",
          r"\bgets? [+-]\w+/[+-]\w+", r"\bgains?\b", r"\blos(?:e|es)\b(?! \w+ life)", r"\bhave\b", r"\bhas\b",
          r"\bpower\b", r"\btoughness\b",
          r"\bbecomes?\b", r"\bis (?:a|an|every|all|the chosen)\b", r"^(?:prowess|devoid|changeling)\b"),
    _area("spells and abilities: restrictions and costs", "601.3, 602.5", r"\bcan't (?:cast|be cast|activate)\b",
          r"\bactivate\b", r"\bcast\b", r"\bspells?\b"),
    _area("other keywords", "702", r"^[A-Z][a-z]+(?: [a-z]+)?(?: \S+)?$"),
    _area("other", "", r""),
)


def area_of(line: str) -> Area:
    """The rules area of an unsupported line (its first matching area)."""
    for area in AREAS:
        if area.pattern.search(line):
            return area
    return AREAS[-1]


@dataclass(frozen=True)
class Step:
    """One step of the ranking: modelling ``area`` (after the areas before it) imports ``gain`` more cards
    fully, ``total`` in all; ``cards`` and ``lines`` are how many partly imported cards and lines it touches."""
    area: Area
    gain: int
    total: int
    cards: int
    lines: int


def rank(cards: Iterable[Iterable[str]], full: int = 0) -> list[Step]:
    """The greedy order of areas, given each partly imported card's unsupported lines and ``full``, the cards
    already imported fully. Ties go to the area touching more cards, then to the order of ``AREAS``."""
    sets: list[frozenset[str]] = []
    touched: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    for card in cards:
        areas = [area_of(line).name for line in card]
        lines.update(areas)
        touched.update(set(areas))
        sets.append(frozenset(areas))
    order = {a.name: i for i, a in enumerate(AREAS)}
    by_name = {a.name: a for a in AREAS}
    chosen: set[str] = set()
    steps: list[Step] = []
    remaining = [s for s in sets if s]
    total = full
    while remaining:
        gains: Counter[str] = Counter()
        for s in remaining:
            left = s - chosen
            if len(left) == 1:
                gains[next(iter(left))] += 1
        candidates = set(touched) - chosen
        if not candidates:
            break
        best = min(candidates, key=lambda a: (-gains[a], -touched[a], order[a]))
        chosen.add(best)
        total += gains[best]
        steps.append(Step(by_name[best], gains[best], total, touched[best], lines[best]))
        remaining = [s for s in remaining if not s <= chosen]
    return steps
