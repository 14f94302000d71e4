"""Filters: which objects an ability means ("a land an opponent controls"), field by field.

A :class:`Filter` holds the fields a card gives. Each field is a kind of the vocabulary: its YAML
shape, the fact it becomes (``filter_type(F,T)``, ...), and where it may be used. One filter in
``asp/filters.lp`` reads every field, for every use; the uses differ only in what they look at:

* ``static``: static abilities, which find the objects they affect as the layers before theirs left them
  (613.1, 613.6): a type-changing effect (layer 4) from the objects as printed, any later one after layer 4;
  colors are not asked there (an effect on colored objects would read the layer it belongs to);
* ``objects``: everything else that looks at objects (triggers, replacement effects, costs,
  could-produce, copies, cards in other zones, targets);
* ``players``: an effect that looks at what every matching permanent of one player could produce or
  is (could-produce, a color of a permanent you control): fields about the ability's own source
  are not allowed there, since the match is made once for all sources of one player;
* ``counters``: replacement effects on putting counters (the kind of counter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyrules.base.document import Field
from pyrules.base.errors import UnsupportedError
from pyrules.base.symbols import C, fn
from pyrules.vocabulary.keywords import KEYWORD_NAMES
from pyrules.vocabulary.kinds import Kind, Modelled
from pyrules.vocabulary.shapes import Args, Count, ListOf, Name, OneOf, Shape
from pyrules.vocabulary.values import CARD_TYPES, SUPERTYPES, Color

_FILTERS = Modelled("filters.lp", ("109.2",))
ALL_USES = frozenset({"static", "objects", "players", "counters"})
_NOT_STATIC = ALL_USES - {"static"}
#: What a static ability's filter may ask only for an effect of layer 7 (power and toughness), which comes after the
#: layers that decide them (613.1e-f): colors and keyword abilities.
LATE_STATIC = frozenset({"colors", "any_colors", "not_colors", "keywords", "not_keywords"})
_SOURCE = frozenset({"static", "objects", "counters"})  # fields about the ability's own source


@dataclass(frozen=True)
class Bool(Shape):
    """``true`` or ``false`` (false: no condition)."""

    form = "true or false"

    def parse(self, f: Field) -> Any:
        return f.boolean()


@dataclass(frozen=True)
class KeywordList(Shape):
    """Keyword abilities by their names in the vocabulary (702)."""

    form = "a list of keywords, such as [flying]"

    def parse(self, f: Field) -> Any:
        return ListOf(OneOf(KEYWORD_NAMES, "keyword")).parse(f)


def _each(pred: str):
    return lambda value, ctx: [fn(pred, ctx.fid, C(v)) for v in value]


def _flag(pred: str):
    return lambda value, ctx: [fn(pred, ctx.fid)] if value else []


def _who(pred: str):
    return lambda value, ctx: [fn(pred, ctx.fid, C(value))] if value != "any" else []


FILTER_FIELDS: tuple[Kind, ...] = (
    Kind("filter_field", "types", "every one of these card types", _FILTERS, ListOf(OneOf(CARD_TYPES, "card type")),
         ALL_USES, term=_each("filter_type"), asp="filter_type", example="mana/heartbeat-ignores-sol-ring"),
    Kind("filter_field", "any_types", "at least one of these card types (\"an artifact or creature\")", _FILTERS,
         ListOf(OneOf(CARD_TYPES, "card type"), min_len=2), ALL_USES, term=_each("filter_any_type"),
         asp="filter_any_type", example="replacement/winding-constrictor-not-on-lands"),
    Kind("filter_field", "subtypes", "every one of these subtypes", _FILTERS, ListOf(Name("subtype")), ALL_USES,
         term=_each("filter_subtype"), asp="filter_subtype", example="mana/high-tide-forest-gets-nothing"),
    Kind("filter_field", "any_subtypes", "at least one of these subtypes (\"a Plains or an Island\")", _FILTERS,
         ListOf(Name("subtype"), min_len=2), ALL_USES, term=_each("filter_any_subtype"), asp="filter_any_subtype",
         example="replacement/a-check-land-without-its-types-enters-tapped"),
    Kind("filter_field", "not_subtypes", "none of these subtypes (\"non-Aura\")", _FILTERS, ListOf(Name("subtype")),
         ALL_USES, term=_each("filter_not_subtype"), asp="filter_not_subtype",
         example="layers/opalescence-leaves-auras-alone"),
    Kind("filter_field", "supertypes", "every one of these supertypes", _FILTERS,
         ListOf(OneOf(SUPERTYPES, "supertype")), ALL_USES,
         term=_each("filter_supertype"), asp="filter_supertype", example="filters/legendary-supertype"),
    Kind("filter_field", "nonbasic", "not basic", _FILTERS, Bool(), ALL_USES, term=_flag("filter_nonbasic"),
         asp="filter_nonbasic", example="mana/blood-moon-dual-and-urborg"),
    Kind("filter_field", "not_types", "none of these card types (\"noncreature\", \"nonartifact\")", _FILTERS,
         ListOf(OneOf(CARD_TYPES, "card type")), ALL_USES, term=_each("filter_not_type"), asp="filter_not_type",
         example="stack/counter-target-noncreature-spell"),
    Kind("filter_field", "nonland", "not a land", _FILTERS, Bool(), ALL_USES, term=_flag("filter_nonland"),
         asp="filter_nonland", example="mana/color-setting-leaves-lands"),
    Kind("filter_field", "nontoken", "a card, not a token", _FILTERS, Bool(), ALL_USES, term=_flag("filter_nontoken"),
         asp="filter_nontoken", example="replacement/leyline-ignores-tokens"),
    Kind("filter_field", "colorless", "colorless (105.2c)", _FILTERS, Bool(), _NOT_STATIC, term=_flag("filter_colorless"),
         asp="filter_colorless", example="craft/cratermaker-destroys-a-colorless-permanent"),
    Kind("filter_field", "colors", "every one of these colors (\"a black creature\"), after the layers (105.2)", _FILTERS,
         ListOf(Color()), ALL_USES, term=_each("filter_color"), asp="filter_color",
         example="filters/destroy-all-by-colors"),
    Kind("filter_field", "any_colors", "at least one of these colors (\"a red or green creature\")", _FILTERS,
         ListOf(Color(), min_len=2), ALL_USES, term=_each("filter_any_color"), asp="filter_any_color",
         example="filters/destroy-all-by-colors"),
    Kind("filter_field", "not_colors", "none of these colors (\"nonblack\")", _FILTERS, ListOf(Color()), ALL_USES,
         term=_each("filter_not_color"), asp="filter_not_color", example="filters/destroy-all-by-colors"),
    Kind("filter_field", "multicolored", "of two or more colors, after the layers (105.4)", _FILTERS, Bool(),
         _NOT_STATIC, term=_flag("filter_multicolored"), asp="filter_multicolored",
         example="sequences/a-mono-colored-spell-is-not-multicolored"),
    Kind("filter_field", "historic", "historic: an artifact, a legendary or a Saga (700.6)", _FILTERS, Bool(), ALL_USES,
         term=_flag("filter_historic"), asp="filter_historic", example="sequences/an-instant-is-not-historic"),
    Kind("filter_field", "tapped", "tapped (110.5)", _FILTERS, Bool(), ALL_USES, term=_flag("filter_tapped"),
         asp="filter_tapped", example="filters/destroy-all-by-status-and-power"),
    Kind("filter_field", "untapped", "untapped (110.5)", _FILTERS, Bool(), ALL_USES, term=_flag("filter_untapped"),
         asp="filter_untapped", example="filters/destroy-all-by-status-and-power"),
    Kind("filter_field", "with_counter", "a permanent with at least one counter of this kind on it (\"each creature "
         "you control with a +1/+1 counter on it\", 122.1)", _FILTERS, Name("counter kind"),
         frozenset({"static", "objects"}), term=lambda value, ctx: [fn("filter_with_counter", ctx.fid, C(value))],
         asp="filter_with_counter", example="layers/a-keyword-for-each-creature-with-a-counter"),
    Kind("filter_field", "attacking", "an attacking creature (506.4)", _FILTERS, Bool(), ALL_USES,
         term=_flag("filter_attacking"), asp="filter_attacking",
         example="filters/destroy-all-in-combat"),
    Kind("filter_field", "blocking", "a blocking creature (506.4)", _FILTERS, Bool(), ALL_USES,
         term=_flag("filter_blocking"), asp="filter_blocking", example="filters/destroy-all-in-combat"),
    Kind("filter_field", "in_combat", "an attacking or blocking creature (506.4)", _FILTERS, Bool(), ALL_USES,
         term=_flag("filter_in_combat"), asp="filter_in_combat",
         example="filters/destroy-all-in-combat"),
    Kind("filter_field", "power_at_most", "with power N or less, after the layers (208.1)", _FILTERS, Count(1),
         _NOT_STATIC, term=lambda value, ctx: [fn("filter_power_at_most", ctx.fid, value)], asp="filter_power_at_most",
         example="filters/destroy-all-by-status-and-power"),
    Kind("filter_field", "power_at_least", "with power N or greater, after the layers (208.1)", _FILTERS, Count(1),
         _NOT_STATIC, term=lambda value, ctx: [fn("filter_power_at_least", ctx.fid, value)],
         asp="filter_power_at_least", example="filters/destroy-all-by-status-and-power"),
    Kind("filter_field", "keywords", "with every one of these keyword abilities, after the layers (\"a creature with "
         "flying\", 702.1)", _FILTERS, KeywordList(), ALL_USES, term=_each("filter_keyword"), asp="filter_keyword",
         example="filters/target-creature-with-flying-not-without"),
    Kind("filter_field", "not_keywords", "with none of these keyword abilities, after the layers (\"a creature without "
         "flying\", 702.1)", _FILTERS, KeywordList(), ALL_USES, term=_each("filter_not_keyword"),
         asp="filter_not_keyword", example="filters/damage-to-each-creature-with-or-without-flying"),
    Kind("filter_field", "mana_value_at_most", "with mana value N or less (202.3; X is 0 but on the stack, 202.3e)",
         _FILTERS, Count(0), _NOT_STATIC, term=lambda value, ctx: [fn("filter_mana_value_at_most", ctx.fid, value)],
         asp="filter_mana_value_at_most", example="filters/soulshift-returns-a-spirit-by-mana-value"),
    Kind("filter_field", "mana_value_at_least", "with mana value N or greater (202.3; X is 0 but on the stack, 202.3e)",
         _FILTERS, Count(1), _NOT_STATIC, term=lambda value, ctx: [fn("filter_mana_value_at_least", ctx.fid, value)],
         asp="filter_mana_value_at_least", example="filters/counter-a-spell-by-mana-value-with-x"),
    Kind("filter_field", "activated_ability", "with an activated ability, as printed (602; keyword abilities such as "
         "cycling count)", _FILTERS, Bool(), ALL_USES, term=_flag("filter_activated_ability"),
         asp="filter_activated_ability", example="craft/craft-with-four-materials"),
    Kind("filter_field", "token", "a token (111.1)", _FILTERS, Bool(), ALL_USES, term=_flag("filter_token"),
         asp="filter_token", example="sequences/anointer-priest-and-doubling-season"),
    Kind("filter_field", "controller", "controlled by the ability's controller (you) or an opponent; in what a triggered "
         "or activated ability targets or changes (objects), by the defending player of its source, an attacking "
         "creature (defending_player, 508.5), or by the player its triggering event was about (that_player, 603.2)",
         _FILTERS, OneOf(("any", "you", "opponent", "defending_player", "that_player")), ALL_USES,
         term=_who("filter_controller"), asp="filter_controller", example="mana/mirari-wake-only-your-lands"),
    Kind("filter_field", "owner", "owned by the ability's controller (you) or an opponent", _FILTERS,
         OneOf(("any", "you", "opponent")), ALL_USES, term=_who("filter_owner"), asp="filter_owner",
         example="replacement/leyline-own-card"),
    Kind("filter_field", "other", "other than the ability's source", _FILTERS, Bool(), _SOURCE,
         term=_flag("filter_other"), asp="filter_other", example="filters/sacrifice-another-creature"),
    Kind("filter_field", "itself", "the ability's source alone (\"if counters would be put on ~\": Mowu, Loyal "
         "Companion); an effect about its own permanent alone applies to that permanent's entering too (614.12)",
         _FILTERS, Bool(), frozenset({"counters"}), term=_flag("filter_itself"), asp="filter_itself",
         example="replacement/an-entering-creatures-own-counter-effect"),
    Kind("filter_field", "lesser_power", "with power less than the ability's source's, after the layers (\"target "
         "attacking creature with lesser power\": mentor, 702.134a; 208.1)", _FILTERS, Bool(), _SOURCE - {"static"},
         term=_flag("filter_lesser_power"), asp="filter_lesser_power",
         example="combat/mentor-puts-a-counter-on-a-smaller-attacker"),
    Kind("filter_field", "same_name", "with the same name as the ability's source (\"a card named ~\", 201.2)",
         _FILTERS, Bool(), _SOURCE, term=_flag("filter_same_name"), asp="filter_same_name",
         example="choices/a-search-finds-the-cards-named-like-its-source"),
    Kind("filter_field", "damaged_by_source", "dealt damage this turn by the ability's source (\"whenever a creature "
         "dealt damage by ~ this turn dies\", 120.1)", _FILTERS, Bool(), frozenset({"objects"}),
         term=_flag("filter_damaged_by_source"), asp="filter_damaged_by_source",
         example="sequences/a-creature-dealt-damage-by-something-else-dies"),
    Kind("filter_field", "enchanted", "the permanent the source (an Aura) is attached to", _FILTERS, Bool(), _SOURCE,
         term=_flag("filter_enchanted"), asp="filter_enchanted", example="mana/overgrowth-other-land"),
    Kind("filter_field", "chosen_subtype", "of the creature type chosen for the source as it entered", _FILTERS,
         Bool(), _SOURCE - {"static"}, term=_flag("filter_chosen_subtype"),
         asp="filter_chosen_subtype", example="replacement/metallic-mimic-other-type"),
    Kind("filter_field", "counter", "replacement effects on counters: only counters of this kind",
         Modelled("events.lp", ("614.16",)),
         Name("counter kind"), frozenset({"counters"}), term=lambda value, ctx: [fn("filter_counter", ctx.fid, C(value))],
         asp="filter_counter", example="replacement/scales-ignore-charge-counters"),
)
_BY_NAME = {k.name: k for k in FILTER_FIELDS}


class Filter(Args):
    """The fields of one filter, as given (a field not given sets no condition)."""

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return self[key]
        except KeyError:
            return default

    @property
    def conditions(self) -> dict[str, Any]:
        """The fields that set a condition (``false`` and ``any`` set none)."""
        return {k: v for k, v in self.items() if v not in (False, "any", ())}


@dataclass(frozen=True)
class FilterShape(Shape):
    """A filter: a mapping of filter fields, each used where ``use`` allows it."""

    use: str = "objects"
    form = "a filter (see Filters)"

    def parse(self, f: Field) -> Any:
        if f.value is None or f.value == {}:
            return Filter({})
        f.mapping()
        f.only_keys(set(_BY_NAME))
        values = {}
        for key, child in f.items():
            kind = _BY_NAME[key]
            values[key] = kind.shape.parse(child)
        flt = Filter(values)
        check_filter_use(flt, self.use, f)
        return flt


#: Controllers named by the ability's source or event, not by who controls the ability (508.5, 603.2).
_NAMED_PLAYERS = frozenset({"defending_player", "that_player"})


def check_filter_use(flt: Filter, use: str, f: Field) -> None:
    """Refuse fields that this use of a filter would not read (never half read a filter)."""

    unread = sorted(k for k in flt.conditions if use not in _BY_NAME[k].contexts)
    if unread:
        raise UnsupportedError(f.where, f"filter field(s) {', '.join(unread)} in this kind of ability ({_USE_TEXT[use]})")
    if flt.conditions.get("controller") in _NAMED_PLAYERS and use != "objects":
        raise UnsupportedError(f.where, f"controller: {flt.conditions['controller']} in this kind of ability (only in "
                                        "what a triggered or activated ability targets or changes)")


_USE_TEXT = {
    "static": "a static ability's filter asks what layer 4 leaves, status and counters, and colors and keywords "
              "only for an effect on power and toughness",
    "objects": "only counter replacement effects name a kind of counter",
    "players": "matched once for all of a player's permanents, not per source",
    "counters": "a replacement effect on counters",
}


def filter_terms(flt: Filter, ctx: Any) -> list:
    """The ``filter_*`` facts of one filter, for the filter id ``ctx.fid``."""
    out = [fn("filter", ctx.fid)]
    for key, value in flt.items():
        out += _BY_NAME[key].term(value, ctx)
    return out
