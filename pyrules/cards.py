"""Cards as data: card definitions, their abilities as templates, and the built-in library.

A card is a :class:`CardSpec`: characteristics plus a tuple of :class:`AbilitySpec`. Abilities
are written in a small vocabulary of templates (see ``docs/cards.md``): costs such as ``{T}``,
``{Q}``, mana, sacrifice, exile, loyalty; effects such as adding mana of a type or of any color.
Anything outside the vocabulary is rejected with ``unsupported: ...`` when the card is read,
never ignored. The built-in library lives in ``pyrules/data/cards.yaml``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Iterable, Mapping

from .document import Field, load_document
from .errors import InputError, UnsupportedError

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "land", "planeswalker", "sorcery", "kindred")
SUPERTYPES = ("basic", "legendary", "snow", "world")
BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
COLOR_NAMES = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
#: Keywords whose rules the encodings use, plus static keywords that no modelled question depends on.
KEYWORDS = ("haste", "flying", "defender", "vigilance", "reach", "trample", "first_strike", "deathtouch", "lifelink",
            # Keywords whose rules act only at times no modelled question reaches (attaching an Aura,
            # the upkeep), recorded so that a card carrying them is complete:
            "enchant_land", "enchant_forest", "enchant_creature", "cumulative_upkeep", "protection_from_multicolored",
            "changeling", "opening_hand_start", "protection_from_chosen_color", "overload")
COUNTER_KINDS_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def name_token(text: str, f: Field, what: str) -> str:
    """A subtype, counter kind or the like as one of pyrules' constants: lowercase ASCII letters,
    digits and underscores ("Assembly-Worker" -> assembly_worker); anything else is an input error."""
    token = text.strip().lower().replace(" ", "_").replace("-", "_")
    if not COUNTER_KINDS_PATTERN.match(token) or not token.isascii():
        raise f.fail(f"{what} '{text}' must be a name of letters, digits and underscores")
    return token


def name_tokens(f: Field, what: str) -> tuple[str, ...]:
    if isinstance(f.value, list):
        return tuple(name_token(item.text(), item, what) for item in f.elements())
    return tuple(name_token(t, f, what) for t in f.texts())

_SYMBOL = re.compile(r"\{([^{}]+)\}")


# --------------------------------------------------------------------------------------------
# Mana symbols
# --------------------------------------------------------------------------------------------
def parse_mana(text: str, where: Field) -> tuple[tuple[str, int], ...]:
    """``"{2}{G}{G}"`` -> ``(("generic", 2), ("g", 2))``, symbols merged and sorted.

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
            counts["generic"] = counts.get("generic", 0) + int(sym)
            continue
        if sym in ("w", "u", "b", "r", "g", "c", "x", "s"):
            key = {"s": "snow"}.get(sym, sym)
        elif re.fullmatch(r"[wubrg2]/[wubrgp]", sym) and sym[0] != sym[2]:
            key = sym.replace("/", "_")
        else:
            raise where.fail(f"{where.name}: unknown mana symbol {{{raw}}}")
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items()))


# --------------------------------------------------------------------------------------------
# Abilities
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Filter:
    """Which permanents an ability refers to, seen from its controller ("a land an opponent controls")."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    nonbasic: bool = False
    nonland: bool = False
    controller: str = "any"  # any, you, opponent
    enchanted: bool = False  # the permanent this Aura is attached to
    other: bool = False  # other than the source itself
    any_types: tuple[str, ...] = ()  # at least one of these card types ("an artifact or creature")
    chosen_subtype: bool = False  # of the subtype chosen for the source as it entered
    owner: str = "any"  # any, you, opponent (for cards in any zone: "an opponent's graveyard")
    counter: str = ""  # replacement effects on counters: only counters of this kind
    nontoken: bool = False  # cards only ("a card", not "a card or token")


@dataclass(frozen=True)
class Cost:
    """One part of an activation cost. ``kind``: tap, untap, mana, sacrifice_self, exile_self,
    sacrifice (another permanent matching ``filter``), pay_life, remove_counters, put_counters, loyalty."""

    kind: str
    amount: int = 0
    counter: str = ""
    mana: tuple[tuple[str, int], ...] = ()
    filter: Filter | None = None


@dataclass(frozen=True)
class Effect:
    """One instruction of an ability's effect; see ``EFFECTS`` for the kinds."""

    kind: str
    amount: int = 1
    mana: tuple[tuple[str, int], ...] = ()
    options: tuple[str, ...] = ()
    filter: Filter | None = None
    range: str = ""  # for add_could_produce: "color" or "type"
    counter: str = ""
    type_map: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class AbilitySpec:
    """An ability printed on a card (or granted by one). ``kind``: activated, keyword, triggered,
    replacement, static, or enters (how the permanent itself enters, CR 614.1c)."""

    kind: str
    costs: tuple[Cost, ...] = ()
    effects: tuple[Effect, ...] = ()
    keyword: str = ""
    limit: str = ""  # "once_each_turn"
    timing: str = ""  # "sorcery"
    trigger: str = ""  # triggered: the event, e.g. tapped_for_mana
    event: str = ""  # replacement: the event it modifies
    filter: Filter | None = None  # triggered/replacement/static: the permanents concerned
    lasting: str = ""  # replacement/static created by a resolved spell or ability: until_end_of_turn
    static: str = ""  # static: set_land_type, add_land_type, grant, set_color, spend_as
    value: str = ""  # static: the land type or color
    granted: "AbilitySpec | None" = None
    riders: tuple[str, ...] = ()  # spending restrictions and the like (CR 106.6): never change the type

    @property
    def text(self) -> str:
        if self.kind == "keyword":
            return self.keyword.replace("_", " ").capitalize()
        if self.kind == "activated":
            return f"{', '.join(map(_cost_text, self.costs))}: {'. '.join(map(_effect_text, self.effects))}"
        return f"{self.kind} ({self.trigger or self.event or self.static or ''})"


def mana_text(mana: Iterable[tuple[str, int]]) -> str:
    """``(("generic", 2), ("g", 1))`` -> ``{2}{G}``; the inverse of :func:`parse_mana`."""
    return _mana_text(mana)


def _mana_text(mana: Iterable[tuple[str, int]]) -> str:
    out = []
    for sym, n in mana:
        if sym == "generic":
            out.append(f"{{{n}}}")
        else:
            out.extend([f"{{{sym.replace('_', '/').replace('snow', 'S').upper()}}}"] * n)
    return "".join(out)


def _cost_text(c: Cost) -> str:
    return {
        "tap": "{T}",
        "untap": "{Q}",
        "mana": _mana_text(c.mana),
        "sacrifice_self": "Sacrifice this",
        "exile_self": "Exile this",
        "sacrifice": "Sacrifice a permanent",
        "pay_life": f"Pay {c.amount} life",
        "remove_counters": f"Remove {c.amount} {c.counter} counter(s)",
        "put_counters": f"Put {c.amount} {c.counter} counter(s) on this",
        "loyalty": f"[{c.amount:+d}]" if c.amount else "[0]",
    }[c.kind]


def _effect_text(e: Effect) -> str:
    return {
        "add": f"Add {_mana_text(e.mana)}",
        "add_one_of": "Add " + " or ".join(f"{{{t.upper()}}}" for t in e.options),
        "add_any_color": f"Add {e.amount} mana of any one color",
    }.get(e.kind, e.kind.replace("_", " "))


COSTS = ("{T}", "{Q}", "mana symbols", "sacrifice: self", "sacrifice: {filter}", "exile: self", "pay_life",
         "remove_counters", "put_counters", "loyalty")
EFFECTS = ("add", "add_one_of", "add_any_color", "add_could_produce", "add_color_of", "add_produced_type",
           "add_chosen_color", "draw", "gain_life", "lose_life", "land_doesnt_untap", "sacrifice_if_no_counters",
           "create_effect", "sacrifice_unless_sacrifice", "return_exiled", "exile_all_graveyards", "fetch_partner",
           "exile_target", "put_counters_self", "create_tokens", "damage_any_target", "look_at_top",
           "each_opponent_sacrifices_greatest_power", "discard_rounds", "each_opponent_loses_life",
           "copy_target_spell", "copy_card_may_cast", "exile_self")
ABILITY_KINDS = ("activated", "keyword", "triggered", "replacement", "static", "enters", "spell")
TRIGGERS = ("tapped_for_mana", "beginning_of_upkeep", "enters", "leaves", "dies", "cast_or_copy_instant_sorcery")
REPLACEMENT_EVENTS = ("tapped_for_mana", "counters", "tokens", "enter", "to_graveyard", "player_counters")
STATICS = ("set_land_type", "add_land_type", "grant", "set_color", "spend_as", "modify_pt", "is_chosen_type")
MODIFY = ("multiply", "plus", "becomes", "becomes_type", "each_of", "exile_instead", "plus_counter", "copy_of")
LAND_TYPES = BASIC_LAND_TYPES + ("desert", "gate", "lair", "locus", "mine", "power_plant", "tower", "cave",
                                 "sphere", "town", "urzas")
_MANA_TYPES = ("w", "u", "b", "r", "g", "c")


def parse_filter(f: Field) -> Filter:
    f.mapping()
    f.only_keys({"types", "subtypes", "supertypes", "nonbasic", "nonland", "controller", "enchanted", "other",
                 "any_types", "chosen_subtype", "owner", "counter", "nontoken"})
    types = tuple(t.lower() for t in f.child("types").texts())
    any_types = tuple(t.lower() for t in f.child("any_types").texts())
    for t in types + any_types:
        if t not in CARD_TYPES:
            raise f.fail(f"unknown card type '{t}'")
    for t in f.child("supertypes").texts():
        if t.lower() not in SUPERTYPES:
            raise f.child("supertypes").fail(f"unknown supertype '{t}'")
    return Filter(
        types=types,
        subtypes=name_tokens(f.child("subtypes"), "subtype"),
        supertypes=tuple(t.lower() for t in f.child("supertypes").texts()),
        nonbasic=f.child("nonbasic").boolean(default=False),
        nonland=f.child("nonland").boolean(default=False),
        controller=f.child("controller").choice(("any", "you", "opponent"), default="any"),
        enchanted=f.child("enchanted").boolean(default=False),
        other=f.child("other").boolean(default=False),
        any_types=any_types,
        chosen_subtype=f.child("chosen_subtype").boolean(default=False),
        owner=f.child("owner").choice(("any", "you", "opponent"), default="any"),
        counter=name_token(f.child("counter").text(), f.child("counter"), "counter kind") if f.child("counter").present else "",
        nontoken=f.child("nontoken").boolean(default=False),
    )


def _mana_type(f: Field) -> str:
    mana = parse_mana(f.text(), f)
    if len(mana) != 1 or mana[0][1] != 1 or mana[0][0] not in _MANA_TYPES:
        raise f.fail(f"{f.name} must be a single mana symbol such as {{G}}")
    return mana[0][0]


def _parse_cost(f: Field) -> tuple[Cost, ...]:
    if isinstance(f.value, str):
        costs: list[Cost] = []
        for part in [p.strip() for p in f.value.split(",")]:
            upper = part.upper()
            if upper == "{T}":
                costs.append(Cost("tap"))
            elif upper == "{Q}":
                costs.append(Cost("untap"))
            else:
                costs.append(Cost("mana", mana=parse_mana(part, f)))
        return tuple(costs)
    if isinstance(f.value, list):
        return tuple(c for item in f.elements() for c in _parse_cost(item))
    if isinstance(f.value, dict):
        if len(f.value) != 1:
            raise f.fail(f"each cost in {f.name} must have exactly one kind")
        (key, sub), = f.items()
        if key in ("sacrifice", "exile"):
            if sub.value == "self":
                return (Cost(f"{key}_self"),)
            if key == "sacrifice" and isinstance(sub.value, dict):
                return (Cost("sacrifice", filter=parse_filter(sub)),)
            raise UnsupportedError(sub.where, f"cost '{key}: {sub.value}'")
        if key == "pay_life":
            return (Cost("pay_life", amount=sub.integer(minimum=0)),)
        if key == "loyalty":
            return (Cost("loyalty", amount=sub.integer()),)
        if key in ("remove_counters", "put_counters"):
            sub.only_keys({"kind", "count"})
            kind = sub.child("kind").text()
            if not COUNTER_KINDS_PATTERN.match(kind):
                raise sub.child("kind").fail(f"counter kind '{kind}' must be a lowercase name such as p1p1 or charge")
            return (Cost(key, amount=sub.child("count").integer(default=1, minimum=1), counter=kind),)
        raise UnsupportedError(sub.where, f"cost '{key}' (modelled costs: {', '.join(COSTS)})")
    raise f.fail(f"{f.name} must be a cost such as '{{T}}' or a list of costs")


def _parse_effect(f: Field) -> tuple[Effect, ...]:
    if isinstance(f.value, list):
        return tuple(e for item in f.elements() for e in _parse_effect(item))
    if not isinstance(f.value, dict) or len(f.value) != 1:
        raise f.fail(f"{f.name} must be one effect such as {{add: '{{G}}'}} or a list of them")
    (key, sub), = f.items()
    if key == "add":
        mana = parse_mana(sub.text(), sub)
        bad = [s for s, _ in mana if s not in _MANA_TYPES and s != "generic"]
        if bad:
            raise UnsupportedError(sub.where, f"adding mana symbol(s) {', '.join(bad)}")
        merged: dict[str, int] = {}
        for sym, n in mana:  # 106.10: a generic symbol adds that much colorless mana
            t = "c" if sym == "generic" else sym
            merged[t] = merged.get(t, 0) + n
        if not any(merged.values()):
            raise sub.fail(f"{sub.name}: adding no mana is not an effect")
        return (Effect("add", mana=tuple(sorted((t, n) for t, n in merged.items() if n))),)
    if key == "add_one_of":
        options = tuple(_mana_type(item) for item in sub.elements())
        if len(options) < 2:
            raise sub.fail(f"{sub.name} needs at least two options")
        return (Effect("add_one_of", options=options),)
    if key == "add_could_produce":
        sub.only_keys({"filter", "of", "range"})
        if sub.child("of").present:
            sub.child("of").choice(("sacrificed",))
            return (Effect("add_sacrificed", range=sub.child("range").choice(("color", "type"))),)
        return (Effect("add_could_produce", filter=parse_filter(sub.child("filter")),
                       range=sub.child("range").choice(("color", "type"))),)
    if key == "add_color_of":
        return (Effect("add_color_of", filter=parse_filter(sub)),)
    if key in ("add_any_color", "add_produced_type", "add_chosen_color", "draw", "gain_life", "lose_life"):
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key in ("land_doesnt_untap", "return_exiled", "exile_all_graveyards", "fetch_partner"):
        return (Effect(key),)
    if key == "look_at_top":  # look at the top N cards of your library, one into your hand, the rest into your graveyard
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key == "each_opponent_sacrifices_greatest_power":
        return (Effect(key),)
    if key == "discard_rounds":  # each opponent may discard a card; if they don't, they lose life; N rounds
        sub.only_keys({"rounds", "lose_life"})
        return (Effect(key, amount=sub.child("rounds").integer(minimum=1),
                       counter=str(sub.child("lose_life").integer(minimum=0))),)
    if key == "copy_target_spell":  # "copy target instant or sorcery spell" N times
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key in ("copy_card_may_cast", "exile_self"):  # copy target card (you may cast the copy); exile this spell
        return (Effect(key),)
    if key == "each_opponent_loses_life":
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key == "exile_target":
        return (Effect(key, filter=parse_filter(sub)),)
    if key == "put_counters_self":
        sub.only_keys({"kind", "count"})
        return (Effect(key, counter=name_token(sub.child("kind").text(), sub.child("kind"), "counter kind"),
                       amount=sub.child("count").integer(default=1, minimum=1)),)
    if key == "create_tokens":  # "create N [kind] tokens"; per_counter: one for each counter of that kind on this
        sub.only_keys({"kind", "count", "per_counter"})
        return (Effect(key, options=(name_token(sub.child("kind").text(), sub.child("kind"), "token kind"),),
                       amount=sub.child("count").integer(default=1, minimum=1),
                       counter=name_token(sub.child("per_counter").text(), sub.child("per_counter"), "counter kind")
                       if sub.child("per_counter").present else ""),)
    if key == "damage_any_target":
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key == "create_effect":  # creates the effect of this card's ability number N (a lasting one)
        return (Effect(key, amount=sub.integer(minimum=1)),)
    if key == "sacrifice_unless_sacrifice":  # "sacrifice this unless you sacrifice a [filter]"
        return (Effect(key, filter=parse_filter(sub)),)
    if key == "sacrifice_if_no_counters":
        return (Effect(key, counter=sub.text()),)
    raise UnsupportedError(sub.where, f"effect '{key}' (modelled effects: {', '.join(EFFECTS)})")


_CHOSEN_MANA = {"add_sacrificed", "add_one_of", "add_any_color", "add_could_produce", "add_color_of", "add_produced_type",
                "add_chosen_color"}


def _check_mana_effects(effects: tuple[Effect, ...], f: Field) -> None:
    chosen = [e for e in effects if e.kind in _CHOSEN_MANA]
    fixed = [e for e in effects if e.kind == "add"]
    if len(chosen) > 1 or (chosen and fixed):
        raise UnsupportedError(f.where, "an ability that adds mana in more than one instruction with a choice")


def _parse_modify(f: Field) -> Effect:
    if not isinstance(f.value, dict) or len(f.value) != 1:
        raise f.fail(f"{f.name} must be one of: {', '.join(MODIFY)}")
    (key, sub), = f.items()
    if key == "multiply":
        return Effect("multiply", amount=sub.integer(minimum=2))
    if key == "plus":  # "that many plus one"
        return Effect("plus", amount=sub.integer(minimum=1))
    if key == "each_of":  # Academy Manufactor: "instead create one of each"
        kinds = tuple(sorted(t.lower() for t in sub.texts()))
        if kinds != ("clue", "food", "treasure"):
            raise UnsupportedError(sub.where, "'each_of' other than [clue, food, treasure]")
        return Effect("each_of", options=kinds)
    if key == "exile_instead":  # "exile it instead" of putting it into a graveyard
        return Effect("exile_instead")
    if key == "plus_counter":  # "enters with an additional +1/+1 counter"
        sub.only_keys({"kind", "count"})
        return Effect("plus_counter", counter=name_token(sub.child("kind").text(), sub.child("kind"), "counter kind"),
                      amount=sub.child("count").integer(default=1, minimum=1))
    if key == "copy_of":  # "you may have this enter as a copy of any [filter] on the battlefield"
        return Effect("copy_of", filter=parse_filter(sub))
    if key == "becomes":  # "produces {B} instead of any other type and amount"
        return Effect("becomes", options=(_mana_type(sub),))
    if key == "becomes_type":  # "produces {C} instead of any other type" (the amount stays)
        return Effect("becomes_type", options=(_mana_type(sub),))
    raise UnsupportedError(f.where, f"replacement modification '{key}' (modelled: {', '.join(MODIFY)})")


#: Which effects each kind of ability can have: the encodings give each of these a meaning there.
_ACTIVATED_EFFECTS = {"add", "add_one_of", "add_any_color", "add_could_produce", "add_color_of", "add_sacrificed",
                      "draw", "gain_life", "lose_life", "sacrifice_if_no_counters", "create_effect",
                      "put_counters_self", "damage_any_target", "look_at_top", "each_opponent_sacrifices_greatest_power",
                      "discard_rounds", "each_opponent_loses_life"}
_TRIGGERED_EFFECTS = {"tapped_for_mana": {"add", "add_produced_type", "add_chosen_color", "land_doesnt_untap"},
                      "beginning_of_upkeep": {"sacrifice_unless_sacrifice"},
                      "enters": {"exile_target", "exile_all_graveyards", "fetch_partner"},
                      "leaves": {"return_exiled"},
                      "dies": {"create_tokens"},
                      "cast_or_copy_instant_sorcery": {"draw", "gain_life", "each_opponent_loses_life"}}
_MODIFY_FOR = {"tapped_for_mana": {"multiply", "becomes", "becomes_type"}, "counters": {"multiply", "plus"},
               "tokens": {"multiply", "each_of"}, "enter": {"plus_counter", "copy_of"},
               "to_graveyard": {"exile_instead"}, "player_counters": {"multiply", "plus"}}
#: Filter fields each use reads; a filter that sets another is refused rather than half read.
_FILTER_FIELDS_READ = {
    "static": {"types", "supertypes", "nonbasic", "nonland", "controller", "enchanted", "other"},
    "view": {"types", "subtypes", "supertypes", "nonbasic", "nonland", "controller", "any_types", "owner", "nontoken"},
}


def _check_filter(flt: Filter | None, use: str, f: Field) -> None:
    if flt is None:
        return
    defaults = Filter()
    used = {name for name in Filter.__dataclass_fields__ if getattr(flt, name) != getattr(defaults, name)}
    unread = sorted(used - _FILTER_FIELDS_READ[use])
    if unread:
        raise UnsupportedError(f.where, f"filter field(s) {', '.join(unread)} in this kind of ability")


def _check_effects(effects: tuple[Effect, ...], allowed: set[str], what: str, f: Field) -> None:
    for effect in effects:
        if effect.kind not in allowed:
            raise UnsupportedError(f.where, f"effect '{effect.kind}' in {what}")


def parse_ability(f: Field) -> AbilitySpec:
    if not isinstance(f.value, dict) or len(f.value) != 1:
        raise f.fail(f"{f.name} must be one ability such as 'activated: {{...}}' or 'keyword: haste'")
    (kind, body), = f.items()
    if kind == "keyword":
        name = body.text().lower().replace(" ", "_")
        if name not in KEYWORDS:
            raise UnsupportedError(body.where, f"keyword '{name}' (modelled keywords: {', '.join(KEYWORDS)})")
        return AbilitySpec("keyword", keyword=name)
    if kind == "activated":
        body.only_keys({"cost", "effect", "limit", "timing", "spend_only"})
        costs = _parse_cost(body.child("cost"))
        effects = _parse_effect(body.child("effect"))
        _check_mana_effects(effects, body.child("effect"))
        _check_effects(effects, _ACTIVATED_EFFECTS, "an activated ability", body.child("effect"))
        for cost in costs:
            _check_filter(cost.filter, "view", body.child("cost"))
        for effect in effects:
            _check_filter(effect.filter, "view", body.child("effect"))
        if any(e.kind == "add_sacrificed" for e in effects) and not any(c.kind == "sacrifice" for c in costs):
            raise body.child("effect").fail("'of: sacrificed' needs a cost that sacrifices a permanent")
        limit = body.child("limit").choice(("once_each_turn",), default="")
        timing = body.child("timing").choice(("sorcery", "instant"), default="")
        if any(c.kind == "loyalty" for c in costs):
            timing = "sorcery"  # 606.3: loyalty abilities only at sorcery speed
        riders = tuple(f"spend_only_{r}" for r in body.child("spend_only").texts())
        return AbilitySpec("activated", costs=costs, effects=effects, limit=limit,
                           timing="" if timing == "instant" else timing, riders=riders)
    if kind == "triggered":
        body.only_keys({"when", "filter", "effect", "lasting"})
        effects = _parse_effect(body.child("effect"))
        _check_mana_effects(effects, body.child("effect"))
        when = body.child("when").choice(TRIGGERS)
        _check_effects(effects, _TRIGGERED_EFFECTS[when], f"a '{when}' triggered ability", body.child("effect"))
        return AbilitySpec("triggered", trigger=when,
                           filter=parse_filter(body.child("filter")) if body.child("filter").present else Filter(),
                           effects=effects, lasting=body.child("lasting").choice(("until_end_of_turn",), default=""))
    if kind == "replacement":
        body.only_keys({"event", "filter", "modify", "lasting"})
        event = body.child("event").choice(REPLACEMENT_EVENTS)
        modify = _parse_modify(body.child("modify"))
        if modify.kind not in _MODIFY_FOR[event]:
            raise UnsupportedError(body.child("modify").where, f"modification '{modify.kind}' of a '{event}' event")
        return AbilitySpec("replacement", event=event,
                           filter=parse_filter(body.child("filter")) if body.child("filter").present else Filter(),
                           effects=(modify,),
                           lasting=body.child("lasting").choice(("until_end_of_turn",), default=""))
    if kind == "static":
        body.only_keys(set(STATICS) | {"filter", "lasting"})
        present = [k for k in STATICS if body.child(k).present]
        if len(present) != 1:
            raise body.fail(f"a static ability has exactly one of: {', '.join(STATICS)}")
        which = present[0]
        value, granted = "", None
        if which in ("set_land_type", "add_land_type"):
            value = body.child(which).choice(LAND_TYPES)
        elif which == "set_color":
            key = body.child(which).text().lower()
            value = COLOR_NAMES.get(key, key)
            if value not in COLOR_NAMES.values():
                raise body.child(which).fail(f"unknown color '{key}'")
        elif which == "modify_pt":
            value = body.child(which).text()
            if not re.fullmatch(r"[+-]\d+/[+-]\d+", value):
                raise body.child(which).fail(f"{body.child(which).name} must look like +1/+1")
        elif which == "grant":
            granted = parse_ability(body.child(which))
            if granted.kind != "activated":
                raise UnsupportedError(body.child(which).where, "granting abilities other than activated ones")
        elif which == "is_chosen_type":
            if body.child(which).boolean() is not True:
                raise body.child(which).fail("'is_chosen_type' can only be true")
            value = "yes"
        else:
            value = body.child(which).text()
        static_filter = parse_filter(body.child("filter")) if body.child("filter").present else Filter()
        _check_filter(static_filter, "static", body.child("filter"))
        return AbilitySpec("static", static=which, value=value, granted=granted,
                           filter=static_filter,
                           lasting=body.child("lasting").choice(("until_end_of_turn",), default=""))
    if kind == "spell":  # the instructions of an instant or sorcery (CR 113.3a)
        body.only_keys({"effect"})
        effects = _parse_effect(body.child("effect"))
        _check_effects(effects, {"draw", "gain_life", "lose_life", "damage_any_target", "copy_target_spell",
                                 "copy_card_may_cast", "each_opponent_loses_life", "exile_self"}, "a spell ability",
                       body.child("effect"))
        return AbilitySpec("spell", effects=effects)
    if kind == "enters":
        body.only_keys({"tapped", "counters", "choose_color", "choose_creature_type"})
        effects = []
        if body.child("tapped").boolean(default=False):
            effects.append(Effect("enters_tapped"))
        if body.child("counters").present:
            for ck, n in body.child("counters").items():
                effects.append(Effect("enters_with_counters", counter=name_token(ck, n, "counter kind"),
                                      amount=-1 if n.value == "X" else n.integer(minimum=0)))
        if body.child("choose_color").boolean(default=False):
            effects.append(Effect("choose_color"))
        if body.child("choose_creature_type").boolean(default=False):
            effects.append(Effect("choose_creature_type"))
        if not effects:
            raise body.fail("'enters' needs tapped, counters or choose_color")
        return AbilitySpec("enters", effects=tuple(effects))
    raise UnsupportedError(f.where, f"ability kind '{kind}' (modelled kinds: {', '.join(ABILITY_KINDS)})")


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardSpec:
    """A card, or one face of a double-faced card."""

    name: str
    mana_cost: tuple[tuple[str, int], ...] = ()
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None  # color indicator; None = from the mana cost
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: tuple[AbilitySpec, ...] = ()
    faces: tuple["CardSpec", ...] = ()  # (front, back) for a double-faced card

    @property
    def is_double_faced(self) -> bool:
        return bool(self.faces)


_CARD_FIELDS = {"name", "cost", "types", "supertypes", "subtypes", "colors", "power", "toughness", "loyalty",
                "abilities", "faces", "text"}


def parse_card(f: Field, *, face: bool = False) -> CardSpec:
    f.mapping()
    f.only_keys(_CARD_FIELDS)
    name = f.child("name").text()
    if not name.strip():
        raise f.child("name").fail("a card name cannot be empty")
    faces = ()
    if f.child("faces").present:
        if face:
            raise f.child("faces").fail("a face cannot have faces of its own")
        faces = tuple(parse_card(x, face=True) for x in f.child("faces").elements())
        if len(faces) != 2:
            raise f.child("faces").fail("a double-faced card has exactly two faces: front and back")
    types = tuple(t.lower() for t in f.child("types").texts())
    for i, t in enumerate(types):
        if t not in CARD_TYPES:
            raise f.child("types").child(i).fail(f"unknown card type '{t}'; expected one of {', '.join(CARD_TYPES)}")
    if not types and not faces:
        raise f.fail(f"card '{name}' needs at least one card type")
    supertypes = tuple(t.lower() for t in f.child("supertypes").texts())
    for i, t in enumerate(supertypes):
        if t not in SUPERTYPES:
            raise f.child("supertypes").child(i).fail(f"unknown supertype '{t}'")
    subtypes = name_tokens(f.child("subtypes"), "subtype")
    colors = None
    if f.child("colors").present:
        colors = []
        for c in f.child("colors").texts():
            key = COLOR_NAMES.get(c.lower(), c.lower())
            if key not in COLOR_NAMES.values():
                raise f.child("colors").fail(f"unknown color '{c}'")
            colors.append(key)
        colors = tuple(sorted(set(colors)))
    cost_field = f.child("cost")
    mana_cost = parse_mana(cost_field.text(), cost_field) if cost_field.present else ()
    abilities = tuple(parse_ability(a) for a in f.child("abilities").elements()) if f.child("abilities").present else ()
    return CardSpec(
        name=name,
        mana_cost=mana_cost,
        types=types,
        supertypes=supertypes,
        subtypes=subtypes,
        colors=colors,
        power=f.child("power").integer(default=None),
        toughness=f.child("toughness").integer(default=None),
        loyalty=f.child("loyalty").integer(default=None, minimum=0),
        abilities=abilities,
        faces=faces,
    )


@dataclass(frozen=True)
class CardLibrary:
    """Card definitions by name: the built-in library, plus any cards a situation defines."""

    cards: Mapping[str, CardSpec] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> CardSpec:
        return self.cards[name]

    def __len__(self) -> int:
        return len(self.cards)

    def names(self) -> list[str]:
        return sorted(self.cards)

    def lookup(self, name: str, where: str) -> CardSpec:
        """The card called ``name``, or an error suggesting the closest known names."""
        if name in self.cards:
            return self.cards[name]
        folded = {n.casefold(): n for n in self.cards}
        if name.casefold() in folded:
            return self.cards[folded[name.casefold()]]
        close = difflib.get_close_matches(name, list(self.cards), n=3, cutoff=0.6)
        if not close:
            close = difflib.get_close_matches(name.casefold(), list(folded), n=3, cutoff=0.6)
            close = [folded[c] for c in close]
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise InputError(where, f"unknown card '{name}'{hint}")

    def with_cards(self, extra: Iterable[CardSpec]) -> "CardLibrary":
        merged = dict(self.cards)
        for card in extra:
            merged[card.name] = card
        return CardLibrary(merged)


def parse_cards(f: Field) -> tuple[CardSpec, ...]:
    cards = []
    seen: dict[str, Field] = {}
    for item in f.elements():
        card = parse_card(item)
        if card.name in seen:
            raise item.child("name").fail(f"card '{card.name}' is defined twice")
        seen[card.name] = item
        cards.append(card)
    return tuple(cards)


@lru_cache(maxsize=1)
def builtin_library() -> CardLibrary:
    """The card library that ships with pyrules."""
    ref = resources.files("pyrules.data").joinpath("cards.yaml")
    text = ref.read_text(encoding="utf-8")
    value, lines = load_document(text, str(ref))
    cards = parse_cards(Field(value, "", str(ref), lines))
    return CardLibrary({c.name: c for c in cards})
