"""The closed lists of words pyrules knows: card types, colors, zones, phases, mana symbols.

Each list is declared here once; the parser, the fact emitter, the query checker and the docs
read it from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pyrules.base.document import MAX_AMOUNT, Field, whole_number
from pyrules.vocabulary.shapes import Shape

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery")
PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
SUPERTYPES = ("basic", "legendary", "snow", "world")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
#: Land types (205.3i) that rules read: the basic ones have intrinsic mana abilities (305.6).
LAND_TYPES = BASIC_LAND_TYPES + ("desert", "gate", "lair", "locus", "mine", "power_plant", "tower", "cave",
                                 "sphere", "town", "urzas")
#: Creature types (205.3m), which changeling gives an object all of (702.73a): the subtypes of the creature and kindred
#: cards of the 2020 card file (../shared/cards), less the land, artifact and enchantment types a few of those also carry
#: (Dryad Arbor's Forest), with those only an ability or a token names (Blinkmoth Nexus's Blinkmoth, Saproling);
#: tests/test_import.py checks the card fixture's creature types are all here.
CREATURE_TYPES = (
    "advisor", "aetherborn", "ally", "angel", "antelope", "ape", "archer", "archon", "artificer", "assassin",
    "assembly_worker", "atog", "aurochs", "avatar", "badger", "barbarian", "basilisk", "bat", "bear", "beast",
    "beeble", "berserker", "beserker", "bird", "blinkmoth", "boar", "bringer", "brushwagg", "camel", "carrier",
    "cat", "centaur",
    "cephalid", "chimera", "cleric", "cockatrice", "construct", "crab", "crocodile", "cyclops", "dauthi", "demon",
    "devil", "dinosaur", "djinn", "dragon", "drake", "dreadnought", "drone", "druid", "dryad", "dwarf", "efreet",
    "egg", "elder", "eldrazi", "elemental", "elephant", "elf", "elk", "eye", "faerie", "ferret", "fish", "fox",
    "frog", "fungus", "gargoyle", "giant", "gnome", "goat", "goblin", "god", "golem", "gorgon", "gremlin", "griffin",
    "hag", "harpy", "hellion", "hippo", "hippogriff", "homarid", "homunculus", "horror", "horse", "hound", "human",
    "hydra", "hyena", "illusion", "imp", "incarnation", "insect", "jackal", "jellyfish", "juggernaut", "kavu",
    "kirin", "kithkin", "knight", "kobold", "kor", "kraken", "lamia", "lammasu", "leech", "leviathan", "lhurgoyf",
    "licid", "lizard", "manticore", "masticore", "mercenary", "merfolk", "metathran", "minion", "minotaur", "mole",
    "monger", "mongoose", "monk", "monkey", "moonfolk", "mutant", "myr", "mystic", "naga", "nautilus", "nephilim",
    "nightmare", "nightstalker", "ninja", "noggle", "nomad", "nymph", "octopus", "ogre", "ooze", "orc", "orgg",
    "ouphe", "ox", "oyster", "pangolin", "pegasus", "pest", "phelddagrif", "phoenix", "pilot", "pirate", "plant",
    "praetor", "processor", "rabbit", "rat", "rebel", "reflection", "rhino", "rigger", "rogue", "sable",
    "salamander", "samurai", "satyr", "scarecrow", "scorpion", "scout", "serpent", "shade", "shaman", "shapeshifter",
    "sheep", "siren", "skeleton", "slith", "sliver", "slug", "snake", "soldier", "solider", "soltari", "spawn",
    "specter", "spellshaper", "sphinx", "spider", "spike", "spirit", "sponge", "squid", "squirrel", "starfish",
    "surrakar", "thalakos", "thopter", "thrull", "treefolk", "trilobite", "troll", "turtle", "unicorn", "vampire",
    "vedalken", "viashino", "volver", "wall", "warlock", "warrior", "weird", "werewolf", "whale", "wizard", "wolf",
    "wolverine", "wombat", "worm", "wraith", "wurm", "yeti", "zombie", "zubera",
    # creature types only tokens of that file carry, named by the cards that create them
    "camarid", "caribou", "citizen", "deserter", "germ", "graveborn", "orb", "pentavite", "pincher", "prism", "sand",
    "saproling", "scion", "serf", "servo", "splinter", "survivor", "tetravite", "triskelavite",
)
#: Planeswalker types (205.3j) of the same card file, which abilities name ("a Jace planeswalker").
PLANESWALKER_TYPES = (
    "ajani", "angrath", "arlinn", "ashiok", "bolas", "chandra", "dack", "daretti", "domri", "dovin", "elspeth",
    "freyalise", "garruk", "gideon", "huatli", "jace", "jaya", "karn", "kaya", "kiora", "koth", "liliana", "nahiri",
    "narset", "nissa", "nixilis", "ral", "saheeli", "samut", "sarkhan", "sorin", "tamiyo", "teferi", "tezzeret",
    "tibalt", "ugin", "venser", "vivien", "vraska", "xenagos",
)
#: Subtypes of other card types (205.3g-k) that a creature card may carry as well (Dryad Arbor's Forest): never
#: creature types.
OTHER_SUBTYPES = LAND_TYPES + ("equipment", "fortification", "vehicle", "food", "clue", "treasure", "gold", "blood",
                               "map", "powerstone", "incubator", "contraption", "attraction", "aura", "cartouche",
                               "curse", "saga", "shrine", "class", "case", "role", "room", "rune", "shard",
                               "background", "arcane", "trap", "adventure", "lesson")
COLOR_NAMES = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
COLORS = ("w", "u", "b", "r", "g")
MANA_TYPES = COLORS + ("c",)
ZONES = ("battlefield", "hand", "graveyard", "exile", "library", "stack")
PHASES = ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
STEPS = {
    "beginning": ("untap", "upkeep", "draw"),
    "precombat_main": (),
    # first_strike_damage: the first of two combat damage steps, the one in which creatures with first strike or
    # double strike dealt their damage (510.4); combat_damage: the (last) combat damage step.
    "combat": ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
               "end_of_combat"),
    "postcombat_main": (),
    "ending": ("end", "cleanup"),
}
#: The steps in which no player receives priority (502.4; 514.3, but for 514.3a, which pyrules refuses).
STEPS_WITHOUT_PRIORITY = ("untap", "cleanup")
FACES = ("front", "back", "left", "right", "both")
#: The halves of a split card a spell on the stack may be: one of them, or both, fused (708.3, 702.102c).
SPLIT_HALVES = ("left", "right", "both")
#: Counter kinds with rules of their own (122.1a, 306.5b, 704.5q); any other name is a plain counter.
COUNTER_KINDS = ("p1p1", "m1m1", "loyalty")
#: Counter kinds (122.1) a situation may give an object with no card of its own naming them: those the Oracle text of
#: the 2020 card file (../shared/cards) names, less those with rules of their own that pyrules does not model; also any
#: a card of the situation names. Any other name is refused as a typo; tests/test_import.py checks the card fixture's
#: kinds are all here or unmodelled.
COUNTER_NAMES = COUNTER_KINDS + (
    "age", "aim", "arrow", "arrowhead", "awakening", "blaze", "blood", "bounty", "bribery", "brick", "cage", "carrion",
    "charge", "control", "corpse", "credit", "crystal", "cube", "currency", "death", "delay", "depletion", "despair",
    "devotion", "divinity", "doom", "dream", "egg", "elixir", "energy", "eon", "experience", "eyeball", "fade", "fate",
    "feather", "filibuster", "flood", "fungus", "fury", "fuse", "gem", "gold", "growth", "hatchling", "healing", "hit",
    "hoofprint", "hour", "hourglass", "ice", "infection", "intervention", "isolation", "javelin", "ki", "landmark",
    "level", "lore", "luck", "magnet", "manifestation", "mannequin", "matrix", "mine", "mining", "mire", "music",
    "muster", "net", "omen", "ore", "page", "pain", "paralyzation", "petal", "petrification", "phylactery", "pin",
    "plague", "plot", "poison", "polyp", "pressure", "prey", "pupa", "quest", "rust", "scream", "shell", "shred",
    "silver", "sleep", "sleight", "slime", "soot", "spore", "storage", "strife", "study", "theft", "tide", "time",
    "tower", "training", "trap", "treasure", "unity", "velocity", "verse", "vitality", "vortex", "wage", "winch", "wind",
    "wish",
)
#: Counter kinds whose own rules pyrules does not model, refused on an object: power/toughness counters other than
#: +1/+1 and -1/-1 (122.1a: +1/+2, +2/+2 ...), keyword counters (122.1b), shield (122.1c) and stun (122.1d) counters.
UNMODELLED_COUNTERS = re.compile(r"(?![pm]1[pm]1$)[pm]\d+[pm]\d+|flying|first_strike|double_strike|deathtouch|hexproof|"
                                 r"indestructible|lifelink|menace|reach|trample|vigilance|shield|stun")
#: Token kinds that some replacement effects single out (Academy Manufactor).
TOKEN_KINDS = ("clue", "food", "treasure")

_SYMBOL = re.compile(r"\{([^{}]+)\}")


def parse_mana(text: Any, where: Field) -> tuple[tuple[str, int], ...]:
    """``"{2}{G}{G}"`` -> ``(("g", 2), ("generic", 2))``, symbols merged and sorted.

    Symbols: a number (generic), W U B R G C, X, S (snow), hybrid ``{W/U}`` -> ``w_u``,
    two-generic hybrid ``{2/W}`` -> ``2_w``, Phyrexian ``{G/P}`` -> ``g_p``.
    """
    if not isinstance(text, str) or not text.strip():
        raise where.fail(f"{where.name} must be mana symbols such as {{2}}{{G}}, not {text!r}")
    stripped = _SYMBOL.sub("", text).replace(" ", "")
    if stripped:
        raise where.fail(f"{where.name}: '{text}' is not a sequence of mana symbols like {{2}}{{G}}")
    counts: dict[str, int] = {}
    for raw in _SYMBOL.findall(text):
        sym = raw.strip().lower()
        if sym.isdigit():
            amount = whole_number(sym)
            if amount is None or amount > MAX_AMOUNT:  # (None: too many digits to convert)
                raise where.fail(f"{where.name}: {{{raw}}} is more mana than pyrules computes with (at most {MAX_AMOUNT})")
            counts["generic"] = counts.get("generic", 0) + amount
            continue
        if sym in ("w", "u", "b", "r", "g", "c", "x", "s"):
            key = {"s": "snow"}.get(sym, sym)
        elif re.fullmatch(r"[wubrg2]/[wubrgp]", sym) and sym[0] != sym[2]:
            key = sym.replace("/", "_")
        else:
            raise where.fail(f"{where.name}: unknown mana symbol {{{raw}}}")
        counts[key] = counts.get(key, 0) + 1
    if sum(counts.values()) > MAX_AMOUNT:  # (symbol by symbol each fits; all of them are one amount too)
        raise where.fail(f"{where.name}: '{text[:40]}{'...' if len(text) > 40 else ''}' is more mana than pyrules "
                         f"computes with (at most {MAX_AMOUNT} in all)")
    return tuple(sorted(counts.items()))


def mana_value(mana: Iterable[tuple[str, int]]) -> int:
    """The mana value of parsed mana symbols (202.3): a number counts as itself, X as 0 (202.3e), a two-generic hybrid
    symbol as 2 (202.3f), any other symbol as 1."""
    return sum(n * ({"generic": 1, "x": 0}.get(key, 2 if key.startswith("2_") else 1)) for key, n in mana)


def mana_text(mana: Iterable[tuple[str, int]]) -> str:
    """``(("generic", 2), ("g", 1))`` -> ``{2}{G}``; the inverse of :func:`parse_mana`."""
    out = []
    for sym, n in mana:
        if sym == "generic":
            out.append(f"{{{n}}}")
        else:
            out.extend([f"{{{sym.replace('_', '/').replace('snow', 'S').upper()}}}"] * n)
    return "".join(out)


@dataclass(frozen=True)
class ManaSymbols(Shape):
    """Mana symbols such as ``"{2}{G}"``."""

    form = "mana symbols, such as \"{2}{G}\""

    def parse(self, f: Field) -> Any:
        return parse_mana(f.value, f)


@dataclass(frozen=True)
class ManaType(Shape):
    """One symbol naming a type of mana: ``"{G}"``."""

    form = "one of {W} {U} {B} {R} {G} {C}"

    def parse(self, f: Field) -> Any:
        mana = parse_mana(f.value, f)
        if len(mana) != 1 or mana[0][1] != 1 or mana[0][0] not in MANA_TYPES:
            raise f.fail(f"{f.name} must be a single mana symbol such as {{G}}")
        return mana[0][0]


@dataclass(frozen=True)
class Color(Shape):
    """A color, by name (white) or letter (w)."""

    form = "white, blue, black, red or green"

    def parse(self, f: Field) -> Any:
        key = f.text().lower()
        value = COLOR_NAMES.get(key, key)
        if value not in COLORS:
            raise f.fail(f"unknown color '{key}'; expected white, blue, black, red or green")
        return value

#: How mana in a pool may be restricted (106.6), as ``spend_only`` says: the fact term is spend_only_<value>.
RESTRICTIONS = ("abilities", "creature_spells", "legendary_spells")
#: The restrictions a mana ability may put on its mana (106.6): those a pool may hold, and "only to cast a creature
#: spell of the chosen type" (Cavern of Souls), which reads the permanent that made the mana, so never rests in a pool.
CARD_RESTRICTIONS = (*RESTRICTIONS, "creature_spells_of_the_chosen_type")
