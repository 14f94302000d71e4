"""The templates cards are written in: costs, effects, triggers, replacement effects, statics, keywords.

Each template is a :class:`~pyrules.vocabulary.kinds.Kind`: how it is written, where it may appear,
the fact term it becomes and its status. ``term(value, ctx)`` returns the term (or terms) that go
into the fact of its family: ``ability_cost(D, Term)``, ``ability_effect(D, J, Term)``,
``ability_trigger(D, Term)``, ``ability_event(D, Term)``, ``ability_modify(D, Term)``,
``ability_static(D, Term)``, ``card_keyword(C, Term)``. ``ctx`` gives the ids (``ctx.d``, ``ctx.j``)
and turns a filter into a filter id (``ctx.filter(flt)``).

A refused template becomes the term ``unsupported(Reason)``, which the encodings turn into
``unsupported: <reason>`` whenever it would take effect (``asp/stack.lp``, ``asp/core.lp``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from clingo import Number

from pyrules.base.document import MAX_AMOUNT, Field, whole_number
from pyrules.base.errors import UnsupportedError
from pyrules.base.symbols import C, fn, mana_symbol
from pyrules.vocabulary.filters import Filter, FilterShape
from pyrules.vocabulary.keywords import KEYWORDS
from pyrules.vocabulary.kinds import Informational, Kind, Modelled, Refused
from pyrules.vocabulary.shapes import Count, Flag, ListOf, Name, OneOf, Shape, Signed, Text, name_token
from pyrules.vocabulary.values import (
    CARD_RESTRICTIONS,
    COLOR_NAMES,
    CREATURE_TYPES,
    LAND_TYPES,
    MANA_TYPES,
    OTHER_SUBTYPES,
    Color,
    ManaSymbols,
    ManaType,
    mana_text,
)
from pyrules.vocabulary.values import CARD_TYPES as CARD_TYPES_
from pyrules.vocabulary.values import SUPERTYPES as SUPERTYPES_

#: The subtypes an effect may add "in addition to its other types" (205.1b): land types are add_land_type's (305.7).
ADDED_SUBTYPES = tuple(s for s in CREATURE_TYPES + OTHER_SUBTYPES if s not in LAND_TYPES)

#: "If {G} was spent to cast it" (601.2h), one condition for each color: spent_<color>.
SPENT_CONDITIONS = tuple(f"spent_{name}" for name in COLOR_NAMES)


def condition_term(condition: str) -> Any:
    """The fact term of a condition an ability's "if" or one of its instructions asks: spent_green is spent(g); the
    others are their own names."""
    if condition in SPENT_CONDITIONS:
        return fn("spent", C(COLOR_NAMES[condition.removeprefix("spent_")]))
    return C(condition)

# ---------------------------------------------------------------------------------------------
# Targets (CR 115)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TargetSpec:
    """What one use of the word "target" allows: objects in ``zone`` that match ``filter``
    (seen from the controller of the spell or ability), and players if ``players``."""

    text: str
    zone: str = "battlefield"
    filter: Filter = Filter({})
    players: bool = False
    opponents: bool = False  # (of the players, only the opponents of the controller: "target opponent")
    up_to: int = 0  # one of N targets of "up to N target ...": chosen or not, each a different object (601.2c)
    distinct_from: int = 0  # "another target": an object other than target K of the same spell or ability (115.3)


ANY_TARGET = TargetSpec("any target (a creature, player, planeswalker or battle)", "battlefield",
                        Filter({"any_types": ("creature", "planeswalker", "battle")}), players=True)  # 115.4
PLAYER_OR_PLANESWALKER = TargetSpec("target player or planeswalker", "battlefield", Filter({"types": ("planeswalker",)}),
                                    players=True)
OPPONENT_OR_PLANESWALKER = TargetSpec("target opponent or planeswalker", "battlefield",
                                      Filter({"types": ("planeswalker",)}), players=True, opponents=True)
class PlayerInstruction(Shape):
    """One instruction a player follows, with its number: {draw: 2} -> ("draw", 2); or the permanent they sacrifice:
    {sacrifice: {types: [creature]}} -> ("sacrifice", the filter) (701.21a: they choose one they control)."""

    INSTRUCTIONS = ("draw", "discard", "gain_life", "lose_life", "mill", "exile_top", "get_poison", "sacrifice")

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{" + " | ".join(f"{i}: N" for i in self.INSTRUCTIONS[:-1]) + " | sacrifice: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys(set(self.INSTRUCTIONS))
        return self.instruction(f)

    def instruction(self, f: Field) -> tuple[str, Any]:
        given = [key for key in self.INSTRUCTIONS if f.child(key).present]
        if len(given) != 1:
            raise f.fail(f"{f.name} needs one instruction of {', '.join(self.INSTRUCTIONS)}")
        if given[0] == "sacrifice":
            return (given[0], FilterShape("objects").parse(f.child(given[0])))
        if given[0] == "draw":  # (or X, 107.3: "target player draws X cards")
            return (given[0], Amount().parse(f.child(given[0])))
        return (given[0], Count(1).parse(f.child(given[0])))


def followed_term(value: tuple[str, Any], ctx: Any) -> Any:
    """The instruction term of a PlayerInstruction: draw(2), or sacrifice_one(you, F) (the player who follows it
    sacrifices: choices.lp)."""
    name, amount = value
    if name == "sacrifice":
        return fn("sacrifice_one", C("you"), ctx.filter(amount, "eff"))
    if name == "create_tokens":
        return fn("create_tokens", C(amount[0]), amount[1], C("none"))
    return fn(name, amount_term(amount))


@dataclass(frozen=True)
class TargetControllerInstruction(Shape):
    """``{target: 1, lose_life: 2}``: the instruction the controller of target 1 (of the instructions before it) follows:
    (1, ("lose_life", 2))."""

    form = ("{target: N, draw | discard | gain_life | lose_life | mill | exile_top: N, sacrifice: a filter, or "
            "create_tokens: {kind: a token kind, count: N}}")

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"target", "create_tokens", *PlayerInstruction.INSTRUCTIONS})
        if not f.child("target").present:
            raise f.fail(f"{f.name} needs 'target': the number of the target whose controller follows it")
        if f.child("create_tokens").present:  # "its controller creates a 1/1 white Spirit creature token" (111.2)
            if any(f.child(k).present for k in PlayerInstruction.INSTRUCTIONS):
                raise f.fail(f"{f.name} needs one instruction")
            tokens = CreateTokens().parse(f.child("create_tokens"))
            if tokens[2]:
                raise UnsupportedError(f.child("create_tokens").where, "tokens for each counter, created by the "
                                       "controller of a target")
            return Count(1).parse(f.child("target")), ("create_tokens", tokens)
        return Count(1).parse(f.child("target")), PlayerInstruction().instruction(f)


@dataclass(frozen=True)
class TargetControllerDamage(Shape):
    """``{target: 1, amount: 2}``: the damage dealt to the controller of target 1 (of the instructions before it)."""

    form = "{target: N, amount: N}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"target", "amount"})
        f.needs_keys("target", "amount")
        return Count(1).parse(f.child("target")), Count(1).parse(f.child("amount"))


@dataclass(frozen=True)
class ChosenFromHand(Shape):
    """``{whose: opponent, filter: {...}}``: the hand of target player (or opponent), and what kind of card in it."""

    form = "{whose: player or opponent, filter: a filter of cards}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"whose", "filter"})
        whose = OneOf(("player", "opponent")).parse(f.child("whose")) if f.child("whose").present else "player"
        return whose, FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else Filter({})


#: The zone of a target that only players can be: no object is in it.
PLAYERS_ONLY = "players"
PLAYER_TARGET = TargetSpec("target player", PLAYERS_ONLY, Filter({}), players=True)  # 115.1
OPPONENT_TARGET = TargetSpec("target opponent", PLAYERS_ONLY, Filter({}), players=True, opponents=True)  # 115.1, 102.3
SPELL_TARGET = TargetSpec("target instant or sorcery spell", "stack", Filter({"any_types": ("instant", "sorcery")}))
CARD_TARGET = TargetSpec("target instant or sorcery card in your graveyard", "graveyard",
                         Filter({"any_types": ("instant", "sorcery"), "owner": "you"}))

# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------
_UNSUPPORTED = "unsupported"
#: The reason given for a card with a line no template fits (the ability kind ``unsupported``).
UNSUPPORTED_LINE = "rules text that no template fits"


def refused_term(kind_name: str) -> Any:
    """The term a refused template becomes: ``unsupported(Name)``."""
    return fn(_UNSUPPORTED, C(kind_name))


def _const(name: str):
    return lambda value, ctx: C(name)


def _amount(name: str):
    return lambda value, ctx: fn(name, value)


@dataclass(frozen=True)
class CounterAmount(Shape):
    """``{kind: p1p1, count: 1}``: counters of one kind (count 1 unless given; X where ``x`` allows it)."""

    x: bool = False

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{kind: a counter kind, count: N (default 1)" + (" or X" if self.x else "") + "}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"kind", "count"})
        kind = name_token(f.child("kind").text(), f.child("kind"), "counter kind")
        if self.x and f.child("count").value == "X":
            return kind, "x"
        return kind, f.child("count").integer(default=1, minimum=1)


@dataclass(frozen=True)
class SacrificeOne(Shape):
    """``{who: you | each_player | each_opponent, filter: ...}``: who sacrifices a permanent the filter matches."""

    form = "{who: you, each_player or each_opponent (default you), filter: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"who", "filter"})
        who = f.child("who").choice(("you", "each_player", "each_opponent"), default="you")
        return who, FilterShape("objects").parse(f.child("filter"))


@dataclass(frozen=True)
class TwoTargets(Shape):
    """``{first: ..., second: ...}`` (bite: ``{source: ..., target: ...}``): the filters of two targets, in order."""

    names: tuple[str, str] = ("first", "second")

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{" + ", ".join(f"{n}: a filter" for n in self.names) + "}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys(set(self.names))
        f.needs_keys(*self.names)
        return tuple(FilterShape("objects").parse(f.child(name)) for name in self.names)


def _creature_target(flt: Filter) -> TargetSpec:
    return TargetSpec("target " + filter_words(flt) + " creature", "battlefield", _with_type(flt, "creature"))


def _with_type(flt: Filter, card_type: str) -> Filter:
    """The filter, asking also for a card type (a creature that fights, or deals damage by its power)."""
    types = tuple(flt.conditions.get("types", ()))
    return flt if card_type in types else Filter({**flt.conditions, "types": (*types, card_type)})


@dataclass(frozen=True)
class UpToMatching(Shape):
    """``{count: N, filter: ...}``: at most N permanents the filter matches, no target."""

    form = "{count: N (at least 1), filter: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"count", "filter"})
        if not f.child("count").present:
            raise f.fail(f"{f.name} needs 'count'")
        return f.child("count").integer(minimum=1), FilterShape("objects").parse(f.child("filter"))


#: The conditions an "if" names by a word (603.4, 614.1c).
IF_WORDS = ("kicked", "evoked", "no_p1p1_counters", "no_m1m1_counters", "not_renowned", "opponent_damaged_this_turn",
                "revolt", "raid", "cast_from_hand", "not_cast_from_hand", "attacks_player_with_most_life",
                "with_two_other_attackers", "x_in_cost", "untapped", "tapped", "no_spells_cast_last_turn",
                "two_spells_cast_last_turn", "surged", "p1p1_counter", "tribute_not_paid", "citys_blessing",
                "evolves", "suspended", "time_counter", *SPENT_CONDITIONS)


#: What an "if no [filter] are on the battlefield" may ask: what the permanents are, and who controls them.
_NONE_IF_FIELDS = frozenset({"types", "any_types", "not_types", "subtypes", "any_subtypes", "not_subtypes",
                             "supertypes", "controller", "nonland", "nonbasic", "token", "nontoken", "colors",
                             "not_colors"})


@dataclass(frozen=True)
class IfCondition(Shape):
    """A condition an "if" asks: one of IF_WORDS, ``{you_control: {count: N, filter: F}}``: N or more permanents
    of a filter that the ability's controller controls (603.4), or ``{no_permanents: F}``: no permanent on the
    battlefield matches F ("if no creatures are on the battlefield")."""

    form = "one of the words below, {you_control: {count: N, filter: a filter}}, or {no_permanents: a filter}"

    def parse(self, f: Field) -> Any:
        if isinstance(f.value, dict) and f.child("no_permanents").present:
            f.only_keys({"no_permanents"})
            flt = FilterShape("objects").parse(f.child("no_permanents"))
            asked = set(flt.conditions) - _NONE_IF_FIELDS
            if asked:
                raise UnsupportedError(f.child("no_permanents").where, "'no_permanents' asking "
                                       f"{', '.join(sorted(asked))} (only what the permanents are and who controls them)")
            return ("no_permanents", flt)
        if isinstance(f.value, dict):
            f.only_keys({"you_control"})
            inner = f.child("you_control")
            inner.mapping()
            inner.only_keys({"count", "filter"})
            return ("you_control", Count(1, maximum=20).parse(inner.child("count")),
                    FilterShape("objects").parse(inner.child("filter")))
        return OneOf(IF_WORDS).parse(f)


@dataclass(frozen=True)
class ManyMatching(Shape):
    """``{count: N, filter: ...}``: N different objects the filter matches (N at least ``least``: of permanents 2, one
    being the filter alone)."""

    least: int = 2

    @property
    def form(self) -> str:  # type: ignore[override]
        return f"{{count: N ({self.least} to 20), filter: a filter}}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"count", "filter"})
        if not f.child("count").present:
            raise f.fail(f"{f.name} needs 'count'")
        return Count(self.least, maximum=20).parse(f.child("count")), FilterShape("objects").parse(f.child("filter"))


@dataclass(frozen=True)
class DiscardInstead(Shape):
    """``{}``, ``{filter: {types: [land]}}`` or ``{at_random: true}``: the one card "sacrifice it unless you discard"
    asks for: any card, a card of a filter, or a card at random."""

    form = "{filter: a filter (optional), at_random: true (optional, without a filter)}"

    def parse(self, f: Field) -> Any:
        if f.value is None:
            return None, False
        f.mapping()
        f.only_keys({"filter", "at_random"})
        at_random = f.child("at_random").value is True
        if f.child("at_random").present and not isinstance(f.child("at_random").value, bool):
            raise f.child("at_random").fail(f"{f.child('at_random').name} is true or false")
        if at_random and f.child("filter").present:
            raise f.child("filter").fail("a card discarded at random is any card of the hand: no filter with at_random")
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else None
        return flt, at_random


@dataclass(frozen=True)
class LookAndTake(Shape):
    """``{look: 4, take: up_to_one, filter: {types: [artifact]}}``: the top N cards looked at, one (up to one, or all
    that match) put into the hand, the rest on the bottom."""

    form = "{look: N (1 to 10), take: one, up_to_one or all, filter: a filter (required with all)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"look", "take", "filter"})
        if not f.child("look").present or not f.child("take").present:
            raise f.fail(f"{f.name} needs 'look' and 'take'")
        look = Count(1, maximum=10).parse(f.child("look"))
        take = OneOf(("one", "up_to_one", "all")).parse(f.child("take"))
        if take == "all" and not f.child("filter").present:
            raise f.child("take").fail("take: all puts every card a filter matches into the hand: give 'filter'")
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else None
        return look, take, flt


@dataclass(frozen=True)
class CountersOnTarget(Shape):
    """``{kind: p1p1, count: 1, filter: ...}``: counters of one kind on a target the filter allows; with ``its``,
    ``count: its`` is as many as its source has (had, as it last existed, 608.2h), and ``count: its_power`` as many as
    its source card's power (scavenge, 702.97a)."""

    its: bool = False

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{kind: a counter kind, count: N (default 1)" + (", its or its_power" if self.its else "") + \
            ", filter: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"kind", "count", "filter"})
        kind = name_token(f.child("kind").text(), f.child("kind"), "counter kind")
        count = f.child("count").value if self.its and f.child("count").value in ("its", "its_power") else \
            f.child("count").integer(default=1, minimum=1)
        return kind, count, FilterShape("objects").parse(f.child("filter"))


@dataclass(frozen=True)
class TokenCopies(Shape):
    """``{filter: ..., count: 1, kicked_count: 5}``: N tokens that are copies of a target the filter allows; M instead
    if the spell was kicked ("if this spell was kicked, create five of those tokens instead", 702.33d)."""

    form = "{filter: a filter, count: N (default 1), kicked_count: M (default N)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "count", "kicked_count"})
        count = f.child("count").integer(default=1, minimum=1)
        return FilterShape("objects").parse(f.child("filter")), count, \
            f.child("kicked_count").integer(default=count, minimum=1)


@dataclass(frozen=True)
class SelfOrFilter(Shape):
    """``self``, or a filter naming another permanent."""

    form = "self, or a filter"

    def parse(self, f: Field) -> Any:
        if f.value == "self":
            return "self"
        if isinstance(f.value, dict):
            return FilterShape("objects").parse(f)
        raise f.fail(f"{f.name} must be 'self' or a filter such as {{types: [land], controller: you}}")


@dataclass(frozen=True)
class Amount(Shape):
    """A number of at least 1, or X (the value announced as the spell was cast or the ability activated, 107.3)."""

    form = "N (at least 1) or X"

    def parse(self, f: Field) -> Any:
        if f.value == "X":
            return "x"
        return f.integer(minimum=1)


def amount_term(value: Any) -> Any:
    return C("x") if value == "x" else Number(value)


@dataclass(frozen=True)
class SelfOrCount(Shape):
    """``self`` (this card), or how many cards of the player's choice."""

    form = "self, or N"

    def parse(self, f: Field) -> Any:
        if f.value == "self":
            return "self"
        return f.integer(minimum=1)


@dataclass(frozen=True)
class LifeEqualTo(Shape):
    """``{characteristic: power, of: 1, player: its_controller}``: as much life as a characteristic of an object an
    instruction before it names: its target N, the permanent it had ``sacrificed`` ("that creature"), or ``that`` (what
    the triggered ability triggered on); you gain or lose it, or (of a target) ``its_controller`` does.
    -> (characteristic, N or the word, player)."""

    form = ("{characteristic: power | toughness | mana_value, of: N (a target before it) | sacrificed | that, "
            "player: you | its_controller (optional)}")

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"characteristic", "of", "player"})
        f.needs_keys("characteristic", "of")
        characteristic = OneOf(("power", "toughness", "mana_value")).parse(f.child("characteristic"))
        of = f.child("of")
        named = OneOf(("sacrificed", "that")).parse(of) if isinstance(of.value, str) else Count(1).parse(of)
        player = OneOf(("you", "its_controller")).parse(f.child("player")) if f.child("player").present else "you"
        if player == "its_controller" and not isinstance(named, int):
            raise f.child("player").fail(f"{f.name}: 'its_controller' is the controller of a target (of: N)")
        return characteristic, named, player


def _life_equal_to_term(change: str):
    def term(value: tuple[str, Any, str], ctx: Any) -> Any:
        characteristic, named, player = value
        of = fn("target", named) if isinstance(named, int) else C(named)
        return fn("life_equal_to", C(change), C(characteristic), of, C(player))
    return term


@dataclass(frozen=True)
class Materials(Shape):
    """Craft's materials: ``{filter: ..., count: N, or_more: true}``."""

    form = "{filter: a filter, count: N, or_more: true or false}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "count", "or_more"})
        return (FilterShape("objects").parse(f.child("filter")), f.child("count").integer(minimum=1),
                f.child("or_more").boolean(default=False))


@dataclass(frozen=True)
class CraftShape(Shape):
    """``{materials: {filter, count, or_more}, cost: "{8}{U}"}``."""

    form = "{materials: {filter: a filter, count: N, or_more: true}, cost: mana symbols}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"materials", "cost"})
        return ManaSymbols().parse(f.child("cost")), Materials().parse(f.child("materials"))


@dataclass(frozen=True)
class Typecycling(Shape):
    """``{cost: "{2}", filter: {subtypes: [swamp]}}``: typecycling's cost and what its search looks for."""

    form = "{cost: mana symbols, filter: what the search finds (a stated quality)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"cost", "filter"})
        if not f.child("filter").present or not f.child("filter").value:
            raise f.fail(f"{f.name} needs a filter: the [type] it searches for (plain cycling is 'cycling')")
        return ManaSymbols().parse(f.child("cost")), FilterShape("objects").parse(f.child("filter"))


@dataclass(frozen=True)
class CountAndCost(Shape):
    """``{count: 4, cost: "{U}"}``: a keyword's number and its cost (suspend's time counters, 702.62a; reinforce's +1/+1
    counters, 702.77a)."""

    form = "{count: N (1 to 20), cost: mana symbols}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"count", "cost"})
        f.needs_keys("count", "cost")
        cost = ManaSymbols().parse(f.child("cost"))
        if any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(f.child("cost").where, f"a {f.key} cost with {{X}} (107.3d)")
        return Count(1, maximum=20).parse(f.child("count")), cost


@dataclass(frozen=True)
class DamageTarget(Shape):
    """``{amount: N or X, filter: ...}``."""

    form = "{amount: N or X, filter: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"amount", "filter"})
        return Amount().parse(f.child("amount")), FilterShape("objects").parse(f.child("filter"))


@dataclass(frozen=True)
class ShieldTarget(Shape):
    """``{amount: N, filter: ..., counters: kind}``: a shield's amount (at most SHIELD_LIMIT), its target's filter and,
    optionally, the kind of counter put on the target for each 1 damage the shield prevents (Test of Faith)."""

    form = "{amount: N, filter: a filter, counters: a counter kind (optional)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"amount", "filter", "counters"})
        kind = name_token(f.child("counters").text(), f.child("counters"), "counter kind") \
            if f.child("counters").present else ""
        return (Count(1, maximum=SHIELD_LIMIT).parse(f.child("amount")),
                FilterShape("objects").parse(f.child("filter")), kind)


@dataclass(frozen=True)
class DamageEach(Shape):
    """``{amount: N or X, filter: ..., players: each | opponents}``: damage to each permanent the filter finds
    and to each player (or each opponent); at least one of the two."""

    form = "{amount: N or X, filter: a filter (optional), players: each or opponents (optional)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"amount", "filter", "players"})
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else None
        players = f.child("players").choice(("each", "opponents")) if f.child("players").present else None
        if flt is None and players is None:
            raise f.fail(f"{f.name} needs a filter, players, or both: what is dealt damage")
        return Amount().parse(f.child("amount")), flt, players


@dataclass(frozen=True)
class Divided(Shape):
    """``{amount: N, targets: K}``: N damage divided among one to K targets."""

    form = "{amount: N, targets: K}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"amount", "targets"})
        amount = f.child("amount").integer(minimum=1)
        most = f.child("targets").integer(minimum=1)
        if most > amount:
            raise f.child("targets").fail("each target of divided damage gets at least 1 (601.2d): at most "
                                          f"{amount} targets")
        return amount, most


@dataclass(frozen=True)
class SpellCopies(Shape):
    """``N``, or ``{count: N, new_targets: true, filter: {...}}``: how many copies of the target spell, whether new
    targets may be chosen for each (707.10c), and what else the target spell must be ("you control")."""

    form = "N (1 to 20), or {count: N, new_targets: true or false, filter: a filter}"

    def parse(self, f: Field) -> Any:
        if not isinstance(f.value, dict):
            return Count(1, maximum=20).parse(f), False, SPELL_TARGET.filter
        f.only_keys({"count", "new_targets", "filter"})
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else Filter({})
        return (Count(1, maximum=20).parse(f.child("count")), f.child("new_targets").boolean(default=False),
                Filter({**SPELL_TARGET.filter, **flt}))


@dataclass(frozen=True)
class Search(Shape):
    """``{filter: {...}, count: N}`` (each optional): what a search of a library looks for, and how many; no filter
    is "a card" (701.23c), a filter a stated quality (701.23b). With ``tapped``, also ``tapped: true``: the cards
    found are put onto the battlefield tapped."""

    tapped: bool = False

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{filter: a filter, count: N" + (", tapped: true or false" if self.tapped else "") + \
            "} (a filter left out: \"a card\"; count: 1 unless given)"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "count"} | ({"tapped"} if self.tapped else set()))
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else Filter({})
        count = Count(1).parse(f.child("count")) if f.child("count").present else 1
        return (flt, count, f.child("tapped").boolean(default=False)) if self.tapped else (flt, count)


def _search_words(value: Any) -> str:
    flt, count = value[:2]
    if not flt.conditions:
        return "a card" if count == 1 else f"{count} cards"
    return f"a {filter_words(flt)} card" if count == 1 else f"up to {count} {filter_words(flt)} cards"


@dataclass(frozen=True)
class CopyChoice(Shape):
    """``{new_targets: true}``: whether new targets may be chosen for the copy."""

    form = "{new_targets: true or false}"

    def parse(self, f: Field) -> Any:
        if f.value is True:
            return False
        f.mapping()
        f.only_keys({"new_targets"})
        return f.child("new_targets").boolean(default=False)


# ---------------------------------------------------------------------------------------------
# Ability kinds
# ---------------------------------------------------------------------------------------------
_CORE = Modelled("core.lp", ("113.1",))
ABILITY_KINDS: tuple[Kind, ...] = (
    Kind("ability", "activated", "[Cost]: [Effect] (602)", Modelled("activation.lp", ("113.3b", "602.1")),
         example="mana/tap-for-mana-sol-ring-reflection"),
    Kind("ability", "keyword", "a keyword ability (702)", Modelled("continuous.lp", ("702.1",)),
         example="activation/tap-haste-creature", asp="card_keyword"),
    Kind("ability", "triggered", "When/Whenever/At [event], [effect] (603)", Modelled("mana.lp", ("113.3c", "603.1")),
         example="mana/heartbeat-adds-type-produced"),
    Kind("ability", "replacement", "a replacement effect (614)", Modelled("replacement.lp", ("614.1",)),
         example="mana/mana-reflection-doubles-tap"),
    Kind("ability", "static", "a static ability (604)", Modelled("continuous.lp", ("113.3d", "604.1")),
         example="mana/blood-moon-dual-and-urborg"),
    Kind("ability", "enters", "how the permanent itself enters (614.1c, 614.12)", Modelled("events.lp", ("614.1c",)),
         example="replacement/vivid-crag-enters-tapped-with-counters"),
    Kind("ability", "enchant", "Enchant [filter] (702.5a, 303.4a): what this Aura may be attached to (a permanent the "
         "filter matches, seen from the Aura's controller; 704.5m puts it into the graveyard otherwise), and what it "
         "targets as an Aura spell (303.4a, 608.3c). Enchanting a player or a card in a graveyard is not modelled",
         Modelled("sba.lp", ("702.5a", "303.4a", "704.5m")), FilterShape("objects"),
         example="sequences/aura-on-an-illegal-object"),
    Kind("ability", "cost_reduction", "\"This spell costs {N} less to cast for each [filter]\" ({less: N, for_each: "
         "filter}; affinity for artifacts, 702.41a) or \"... if you control a [filter]\" ({less: N, if_any: filter}): "
         "the reduction of its own cost, counted as it is cast (601.2f), of generic mana only, never below {0}",
         Modelled("casting.lp", ("601.2f", "702.41a")), Count(1), example="payment/affinity-counts-the-artifacts"),
    Kind("ability", "spell", "the instructions of an instant or sorcery (113.3a)", Modelled("stack.lp", ("113.3a",)),
         example="choices/magecraft-twincast-copy"),
    Kind("ability", "cycling", "Cycling [cost]: \"[cost], discard this card: draw a card\", activated from the hand "
         "(702.29)", Modelled("activation.lp", ("702.29a", "113.6")), ManaSymbols(), asp="discard_self",
         example="craft/cycling-from-the-hand"),
    Kind("ability", "reinforce", "Reinforce N-[cost] (702.77a): \"[cost], discard this card: put N +1/+1 counters on "
         "target creature\", activated from the hand, any time its owner has priority", Modelled("activation.lp",
         ("702.77a", "113.6")), CountAndCost(), asp="discard_self", example="activation/reinforce-from-the-hand"),
    Kind("ability", "typecycling", "[Type]cycling [cost] (\"swampcycling\", \"basic landcycling\"): \"[cost], discard "
         "this card: search your library for a [filter] card, reveal it, put it into your hand, then shuffle\", "
         "activated from the hand (702.29e): {cost, filter}", Modelled("choices.lp", ("702.29e", "701.23a")),
         Typecycling(), asp="search_to_hand", example="choices/swampcycling-finds-a-swamp"),
    Kind("ability", "transmute", "Transmute [cost]: \"[cost], discard this card: search your library for a card with "
         "the same mana value as this card, reveal it, put it into your hand, then shuffle; transmute only as a sorcery\", "
         "activated from the hand (702.53a; not cycling)", Modelled("choices.lp", ("702.53a", "701.23a")), ManaSymbols(),
         asp="search_to_hand", example="choices/transmute-finds-a-card-of-the-same-mana-value"),
    Kind("ability", "equip", "Equip [cost]: \"[cost]: attach this to target creature you control; activate only as a "
         "sorcery\" (702.6)", Modelled("stack.lp", ("702.6a",)), ManaSymbols(), asp="attach_target",
         example="craft/equip-attaches"),
    Kind("ability", "kicker", "Kicker [cost]: \"you may pay an additional [cost] as you cast this spell\" (702.33); "
         "the spell's kicked_effect happens only if it was kicked", Modelled("casting.lp", ("702.33a", "601.2b")),
         ManaSymbols(), asp="kicker", example="payment/kicker-paid-and-kicked-effect"),
    Kind("ability", "multikicker", "Multikicker [cost]: \"you may pay an additional [cost] any number of times as you "
         "cast this spell\" (702.33c); cast with times_kicked: N, it is kicked (702.33d)",
         Modelled("casting.lp", ("702.33c", "601.2b")), ManaSymbols(), asp="multikicker",
         example="payment/multikicker-paid-twice"),
    Kind("ability", "echo", "Echo [cost]: \"at the beginning of your upkeep, if this came under your control since the "
         "beginning of your last upkeep, sacrifice it unless you pay [cost]\" (702.30a); the object field "
         "since_last_upkeep says whether it did", Modelled("triggers.lp", ("702.30a", "603.4")), ManaSymbols(),
         asp="ability_if", example="sequences/echo-paid-or-sacrificed"),
    Kind("ability", "dash", "Dash [cost] (702.109a): \"you may cast this spell by paying [cost] rather than its mana "
         "cost\" (cast with dash: true), and \"if its dash cost was paid, return the permanent it becomes to its owner's "
         "hand at the beginning of the next end step\" (a delayed triggered ability begun as it resolves, no trigger of "
         "its own); its third ability, \"as long as its dash cost was paid, it has haste\", is written beside it "
         "(static: {gain_keywords: [haste], as_long_as: dashed})", Modelled("casting.lp", ("702.109a", "118.9", "603.7a")),
         ManaSymbols(), asp="question_dash", example="sequences/a-dashed-creature-returns-at-the-end-step"),
    Kind("ability", "madness", "Madness [cost] (702.35a): \"if you would discard this card, discard it, but exile it "
         "instead of putting it into your graveyard\" (a replacement effect of the card in its owner's hand), and \"when "
         "this card is exiled this way, its owner may cast it by paying [cost] rather than its mana cost; if that player "
         "doesn't, they put it into their graveyard\" (its trigger, from exile): the owner casts it while that trigger "
         "resolves (cast with madness: true, 608.2g: no priority, its card type's timing ignored); resolving the trigger "
         "is not casting it", Modelled("casting.lp", ("702.35a", "702.35b", "608.2g", "118.9a")), ManaSymbols(),
         asp="question_madness", example="sequences/madness-cast-at-instant-speed"),
    Kind("ability", "entwine", "Entwine [cost] (702.42a): \"you may choose all modes of this spell instead of just the "
         "number specified; if you do, you pay an additional [cost]\" (cast with entwine: true); a card with entwine has "
         "a modal spell ability choosing fewer than all its modes", Modelled("casting.lp", ("702.42a", "700.2", "601.2f")),
         ManaSymbols(), asp="question_entwine", example="stack/entwine-chooses-every-mode"),
    Kind("ability", "surge", "Surge [cost] (702.117a): \"you may cast this spell by paying [cost] rather than its mana "
         "cost if you have cast another spell this turn\" (cast with surge: true; the spell, and the permanent it "
         "becomes, is surged: if: surged asks it)", Modelled("casting.lp", ("702.117a", "118.9a")), ManaSymbols(),
         asp="question_surge", example="payment/surge-after-another-spell"),
    Kind("ability", "rebound", "Rebound (702.88a): \"if this spell was cast from your hand, instead of putting it into "
         "your graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may cast this card "
         "from exile without paying its mana cost\": a replacement effect of the spell as it resolves, and the delayed "
         "triggered ability it begins; its owner casts it while that trigger resolves (cast with rebound: true, "
         "608.2g), and resolving the trigger leaves it in exile", Modelled("casting.lp", ("702.88a", "603.7a",
         "608.2g")), Flag(), asp="question_rebound", example="sequences/rebound-casts-it-again-next-upkeep"),
    Kind("ability", "evoke", "Evoke [cost]: \"you may cast this spell by paying [cost] rather than its mana cost\" and "
         "\"when this enters, if its evoke cost was paid, its controller sacrifices it\" (702.74a); cast with evoke: true",
         Modelled("casting.lp", ("702.74a", "118.9", "603.4")), ManaSymbols(), asp="question_evoke",
         example="sequences/evoked-creature-is-sacrificed"),
    Kind("ability", "emerge", "Emerge [cost] (702.119a): \"you may cast this spell by paying [cost] and sacrificing a "
         "creature rather than paying its mana cost\" (cast with emerge: true), the emerge cost reduced by the "
         "sacrificed creature's mana value (generic mana only, never below {0}); an alternative cost",
         Modelled("casting.lp", ("702.119a", "118.9", "601.2f")), ManaSymbols(), asp="question_emerge",
         example="payment/emerge-reduced-by-the-sacrificed-creature"),
    Kind("ability", "replicate", "Replicate [cost] (702.56a): \"as an additional cost to cast this spell, you may pay "
         "[cost] any number of times\" (cast with replicate: N) and \"when you cast this spell, if a replicate cost was "
         "paid for it, copy it for each time its replicate cost was paid; if the spell has any targets, you may choose "
         "new targets for any of the copies\"", Modelled("casting.lp", ("702.56a", "601.2f", "707.10")),
         ManaSymbols(), asp="question_replicate", example="stack/replicate-copies-for-each-time-it-was-paid"),
    Kind("ability", "suspend", "Suspend N-[cost] (702.62a): \"if you could begin to cast this card by putting it onto "
         "the stack from your hand, you may pay [cost] and exile it with N time counters on it\", a special action (116.2f; "
         "the action suspend), with the card's timing; its other two abilities are written beside it: at the beginning "
         "of its owner's upkeep, if it is suspended (in exile with a time counter, 702.62b), remove a time counter from "
         "it (triggered: {when: beginning_of_upkeep, zone: exile, if: suspended, effect: {remove_counters_self: {kind: "
         "time, count: 1}}}), and when the last is removed, its owner may cast it without paying its mana cost "
         "(triggered: {when: last_time_counter_removed, zone: exile, effect: {cast_suspended: true}})",
         Modelled("events.lp", ("702.62a", "116.2f")), CountAndCost(), asp="suspend",
         example="sequences/suspending-a-card-exiles-it-with-time-counters"),
    Kind("ability", "bestow", "Bestow [cost] (702.103a): \"you may cast this card bestowed by paying [cost] rather "
         "than its mana cost\" (cast with bestow: true and one target creature), and \"as long as it is bestowed, it is "
         "an Aura with enchant creature and isn't a creature\": the spell targets a creature, and resolves into an Aura "
         "attached to it (a permanent bestowed, the object field); should it become unattached (the creature gone, or "
         "no longer one it may enchant), it stops being bestowed and stays on the battlefield as an enchantment "
         "creature (702.103f, not put into a graveyard by 704.5m). Its target gone as it would resolve (702.103e, "
         "where it resolves as an enchantment creature) is refused", Modelled("casting.lp", ("702.103a", "702.103b",
         "702.103f", "118.9")), ManaSymbols(), asp="question_bestow",
         example="sequences/a-spell-cast-bestowed-enters-attached"),
    Kind("ability", "morph", "Morph [cost]: \"you may cast this card as a 2/2 face-down creature with no text, name, "
         "subtypes or mana cost by paying {3} rather than its mana cost\" (cast with face_down: true), and, face down, "
         "its controller may turn it face up for [cost] any time they have priority (702.37a, 702.37c, 702.37e)",
         Modelled("casting.lp", ("702.37a", "702.37c", "702.37e"), also=("events.lp",)), ManaSymbols(), asp="morph",
         example="sequences/a-morph-turned-face-up-triggers"),
    Kind("ability", "megamorph", "Megamorph [cost]: morph, and \"as this is turned face up, if its megamorph cost was "
         "paid, put a +1/+1 counter on it\" (702.37b)", Modelled("events.lp", ("702.37b", "702.37e")), ManaSymbols(),
         asp="megamorph", example="sequences/a-megamorph-gets-its-counter-through-replacement-effects"),
    Kind("ability", "buyback", "Buyback [cost]: \"you may pay an additional [cost] as you cast this spell; if it was "
         "paid, put this spell into its owner's hand instead of into that player's graveyard as it resolves\" (702.27a); "
         "cast with buyback: true", Modelled("casting.lp", ("702.27a", "601.2b")), ManaSymbols(), asp="buyback",
         example="payment/buyback-paid-returns-to-hand"),
    Kind("ability", "additional_cost", "\"As an additional cost to cast this spell, [costs]\" (118.8, 601.2f): mana, "
         "pay_life, sacrifice a [filter], or discard N cards (601.2h)", Modelled("casting.lp", ("118.8", "601.2f")), Text(),
         asp="additional_cost", example="payment/additional-cost-sacrifice-a-creature"),
    Kind("ability", "alternative_cost", "\"You may [costs] rather than pay this spell's mana cost\" (118.9, 601.2b): "
         "mana, pay_life, or sacrifice a [filter]; cast with alternative_cost: true", Modelled("casting.lp",
         ("118.9", "601.2b")), Text(), asp="alternative_cost", example="payment/alternative-cost-instead-of-mana-cost"),
    Kind("ability", "retrace", "Retrace: \"you may cast this card from your graveyard by discarding a land card in "
         "addition to paying its other costs\" (702.81a): a permission (601.3), not an alternative cost; the card goes "
         "to its owner's graveyard as it leaves the stack, as any would", Modelled("casting.lp", ("702.81a", "601.3",
         "601.2h")), Flag(), asp="retrace", example="payment/retrace-cast-from-the-graveyard-discarding-a-land"),
    Kind("ability", "jump_start", "Jump-start: \"you may cast this card from your graveyard by discarding a card in "
         "addition to paying its other costs\", and exiled instead of put anywhere else as it leaves the stack "
         "(702.133a), as flashback's is", Modelled("casting.lp", ("702.133a", "601.3", "601.2h")), Flag(),
         asp="jump_start", example="payment/jump-start-cast-from-the-graveyard-and-exiled"),
    Kind("ability", "flashback", "Flashback [costs]: \"you may cast this card from your graveyard, paying [costs] "
         "rather than its mana cost\", and exiled instead of put anywhere else as it leaves the stack (702.34a): an "
         "instant or sorcery; mana, pay_life, or sacrifice a [filter]", Modelled("casting.lp", ("702.34a", "118.9")),
         Text(), asp="flashback", example="payment/flashback-cast-from-the-graveyard"),
    Kind("ability", "craft", "Craft with [materials] [cost]: \"[cost], exile this and the materials from among "
         "permanents you control and cards in your graveyard: return this transformed; activate only as a sorcery\" "
         "(702.167)", Modelled("activation.lp", ("702.167a",)), CraftShape(), asp="exile_materials",
         example="craft/craft-with-four-materials"),
    Kind("ability", "unsupported", "a line of a card's rules text (or a characteristic) that no template fits, kept "
         "as text by the card importer (docs/import.md): a situation with an object of that card is answered "
         "unsupported, with the line", Refused(UNSUPPORTED_LINE), Text(), example="unsupported/ability-unsupported"),
)

# ---------------------------------------------------------------------------------------------
# Costs (118, 602.2)
# ---------------------------------------------------------------------------------------------
_ACT = Modelled("activation.lp", ("602.2",))
COSTS: tuple[Kind, ...] = (
    Kind("cost", "{T}", "tap this permanent (107.5)", Modelled("activation.lp", ("107.5",)), term=_const("tap"), asp="tap",
         text=lambda v: "{T}", example="mana/tap-for-mana-sol-ring-reflection"),
    Kind("cost", "{Q}", "untap this permanent (107.6)", Modelled("activation.lp", ("107.6",)), term=_const("untap"),
         asp="untap",
         text=lambda v: "{Q}", example="activation/untap-tapped-artifact"),
    Kind("cost", "mana", "mana symbols such as {2}{G}, paid from the mana pool (602.2b, 601.2h)",
         Modelled("activation.lp", ("601.2h", "602.2b")), ManaSymbols(),
         term=lambda value, ctx: [fn("mana", mana_symbol(s), n) for s, n in value], text=mana_text,
         example="activation/untap-activatable-pili-pala"),
    Kind("cost", "sacrifice", "sacrifice this permanent (self) or another permanent of a filter (701.21)", _ACT,
         SelfOrFilter(),
         term=lambda value, ctx: C("sacrifice_self") if value == "self" else fn("sacrifice", ctx.filter(value, "cost")),
         text=lambda v: "Sacrifice this" if v == "self" else f"Sacrifice {_a(_permanent_words(v))}",
         example="mana/could-produce-squandered-resources"),
    Kind("cost", "tap_untapped", "tap an untapped permanent of a filter its activator controls (\"tap an untapped "
         "creature you control\", 602.2b, 701.26a): not {T}, so a creature that came under its control this turn may "
         "pay it (302.6)", _ACT, FilterShape("objects"),
         term=lambda value, ctx: fn("tap_untapped", ctx.filter(value, "cost")),
         text=lambda v: "Tap an untapped permanent", example="activation/tap-an-untapped-creature-as-a-cost"),
    Kind("cost", "tap_untapped_many", "tap N untapped permanents of a filter its activator controls (\"tap two "
         "untapped Elves you control\", 602.2b, 701.26a): N different ones, the source among them if it matches and its "
         "own cost does not tap it; not {T}, so summoning sickness does not matter (302.6)", _ACT, ManyMatching(),
         term=lambda value, ctx: fn("tap_untapped_many", ctx.filter(value[1], "cost"), value[0]),
         text=lambda v: f"Tap {v[0]} untapped permanents", example="activation/tap-two-untapped-elves-as-a-cost"),
    Kind("cost", "sacrifice_many", "sacrifice N permanents of a filter (\"sacrifice two lands\", 701.21a): N different "
         "ones its activator controls", _ACT, ManyMatching(),
         term=lambda value, ctx: fn("sacrifice_many", ctx.filter(value[1], "cost"), value[0]),
         text=lambda v: f"Sacrifice {v[0]} permanents", example="activation/sacrifice-two-lands-as-a-cost"),
    Kind("cost", "exile_from_graveyard", "exile N cards of a filter from your graveyard (\"exile two creature cards from "
         "your graveyard\", 406.2, 602.2b): N different ones; a graveyard the situation only counts is refused",
         _ACT, ManyMatching(least=1),
         term=lambda value, ctx: fn("exile_from_graveyard", ctx.filter(value[1], "cost"), value[0]),
         text=lambda v: f"Exile {v[0]} card(s) from your graveyard",
         example="activation/exile-two-cards-from-your-graveyard-as-a-cost"),
    Kind("cost", "crew", "Crew N: tap any number of untapped creatures you control, other than this, with total power N "
         "or greater (702.122a); not {T}, so summoning sick creatures may crew (302.6)",
         Modelled("activation.lp", ("702.122a", "302.6")), Count(1), term=_amount("crew"),
         text=lambda v: f"Crew {v}", example="activation/crewing-a-vehicle"),
    Kind("cost", "exile", "exile this permanent", _ACT, OneOf(("self",)), term=_const("exile_self"), asp="exile_self",
         text=lambda v: "Exile this", example="activation/exile-self-cost"),
    Kind("cost", "return_to_hand", "return this permanent to its owner's hand (602.2h, 400.7: a new object there)",
         _ACT, OneOf(("self",)), term=_const("return_self_to_hand"), asp="return_self_to_hand",
         text=lambda v: "Return this to its owner's hand", example="activation/return-it-to-its-owners-hand-as-a-cost"),
    Kind("cost", "exert", "exert this permanent: it won't untap during your next untap step (701.43a; again if it was "
         "already exerted, 701.43b); \"whenever you exert a creature\" triggers", Modelled("activation.lp", ("701.43a",)),
         OneOf(("self",)), term=_const("exert_self"), asp="exert_self", text=lambda v: "Exert this",
         example="activation/exert-as-a-cost"),
    Kind("cost", "pay_life", "pay N life (119.4)", _ACT, Count(0), term=_amount("pay_life"),
         text=lambda v: f"Pay {v} life", example="activation/pay-life-cost"),
    Kind("cost", "pay_energy", "pay {E} N times: remove N energy counters from yourself (107.14)",
         Modelled("activation.lp", ("107.14", "602.2b")), Count(1), term=_amount("pay_energy"),
         text=lambda v: f"Pay {'{E}' * v}", example="activation/paying-energy-to-activate"),
    Kind("cost", "remove_counters", "remove N counters from this permanent, or X of them (X chosen as it is "
         "activated, 107.3)", Modelled("activation.lp", ("602.2", "107.3")), CounterAmount(x=True),
         term=lambda v, ctx: fn("remove_counters", C(v[0]), amount_term(v[1])),
         text=lambda v: f"Remove {str(v[1]).upper()} {v[0]} counter(s)", example="mana/gemstone-mine-last-counter"),
    Kind("cost", "put_counters", "put counters on this permanent", _ACT, CounterAmount(),
         term=lambda v, ctx: fn("put_counters", C(v[0]), v[1]), text=lambda v: f"Put {v[1]} {v[0]} counter(s) on this",
         example="activation/put-counters-cost"),
    Kind("cost", "reveal", "reveal this card from your hand (self; forecast's, 702.57a): the ability is activated from "
         "its owner's hand, where the card stays, shown",
         Modelled("activation.lp", ("702.57a", "701.20a")), OneOf(("self",)), term=lambda v, ctx: C("reveal_self"),
         text=lambda v: "Reveal this card from your hand", example="activation/forecast-from-the-hand-in-the-upkeep",
         asp="reveal_self"),
    Kind("cost", "discard", "discard this card (self), or N cards of your choice (701.9)",
         Modelled("activation.lp", ("701.9a", "602.2h")), SelfOrCount(),
         term=lambda v, ctx: C("discard_self") if v == "self" else fn("discard", v),
         text=lambda v: "Discard this card" if v == "self" else f"Discard {v} card(s)",
         example="craft/arc-mage-divides-its-damage", asp="discard"),
    Kind("cost", "discard_random", "discard N cards at random (701.9b): no one chooses; each card that could be "
         "discarded is an outcome of its own", Modelled("activation.lp", ("701.9b", "602.2h")), Count(1),
         term=_amount("discard_random"), text=lambda v: f"Discard {v} card(s) at random",
         example="activation/discard-a-card-at-random-as-a-cost"),
    Kind("cost", "discard_matching", "discard N cards of a filter (\"discard a creature card\", 701.9a): cards of "
         "your hand it matches; a hand the situation only counts is refused", Modelled("activation.lp", ("701.9a",)),
         ManyMatching(least=1), term=lambda value, ctx: fn("discard_matching", ctx.filter(value[1], "cost"), value[0]),
         text=lambda v: f"Discard {v[0]} card(s) of a kind", example="activation/discard-a-creature-card-as-a-cost"),
    Kind("cost", "exile_materials", "exile N (or N or more) objects of a [filter] from among permanents you control "
         "and cards in your graveyard (craft's materials, 702.167a-b)", Modelled("activation.lp", ("702.167a",)),
         Materials(), term=lambda v, ctx: fn("exile_materials", ctx.filter(v[0], "materials"), v[1],
                                             C("or_more" if v[2] else "exactly")),
         text=lambda v: f"Exile {v[1]}{' or more' if v[2] else ''} materials", example="craft/craft-with-four-materials"),
    Kind("cost", "loyalty", "a loyalty cost [+N], [-N] or [0] (606.4)", Modelled("activation.lp", ("606.4",)), Signed(),
         term=_amount("loyalty"), text=lambda v: f"[{v:+d}]" if v else "[0]",
         example="choices/onyx-minus3-not-enough-loyalty"),
)

# ---------------------------------------------------------------------------------------------
# Effects: the instructions of abilities and spells (608.2c)
# ---------------------------------------------------------------------------------------------
#: Contexts: activated, triggered (any trigger), spell; mana effects also name the one trigger
#: they may follow (tapped_for_mana).
RESOLVING = frozenset({"activated", "triggered", "spell"})
ON_PERMANENT = frozenset({"activated", "triggered"})
MANA = frozenset({"activated"})
#: The triggers whose event is damage dealt to a player: "that player" (and "that much") is about it.
DAMAGE_TO_PLAYER = frozenset({"deals_combat_damage_to_player", "deals_damage_to_player", "deals_damage_to_opponent",
                              "deals_combat_damage_to_opponent"})
#: The triggers whose event is about a player ("that player"): damage dealt to one, a card one discards, each player's
#: upkeep or draw step (the player whose step it is, 603.2).
ABOUT_A_PLAYER = DAMAGE_TO_PLAYER | {"discards", "beginning_of_each_draw_step", "beginning_of_each_upkeep"}


@dataclass(frozen=True)
class AddMana(Shape):
    """``"{G}{G}"``: mana symbols. Generic and snow symbols add colorless mana (106.10, 106.11), a
    Phyrexian symbol one mana of its color (106.9), a hybrid symbol one of its halves, as the player
    chooses (106.8). The value is the mana as (type, amount) pairs, or, with a choice, the distinct ways
    it may come out, each as such pairs (see :func:`add_ways`)."""

    form = "mana symbols, such as \"{G}{G}\", \"{C}\" or \"{R/G}\""

    def parse(self, f: Field) -> Any:
        mana = ManaSymbols().parse(f)
        if any(s == "x" for s, _ in mana):
            raise UnsupportedError(f.where, "adding X mana")
        ways: set[tuple[tuple[str, int], ...]] = {()}
        for sym, n in mana:
            for _ in range(1 if sym == "generic" else n):
                ways = {_merge(way, half) for way in ways for half in _halves(sym, n)}
        if len(ways) > 64:
            raise UnsupportedError(f.where, f"adding mana with {len(ways)} ways to choose (at most 64)")
        if not any(n for way in ways for _, n in way):
            raise f.fail(f"{f.name}: adding no mana is not an effect")
        return tuple(sorted(ways)) if len(ways) > 1 else next(iter(ways))


def add_ways(value: Any) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The ways the mana of an ``add`` effect may come out (one, unless it has hybrid symbols)."""
    return (value,) if value and isinstance(value[0][0], str) else tuple(value)


def _halves(sym: str, n: int) -> tuple[tuple[str, int], ...]:
    """What one symbol adds: the (type, amount) it may give (106.8-106.11)."""
    if sym == "generic":
        return (("c", n),)
    if sym == "snow":
        return (("c", 1),)
    if sym in MANA_TYPES:
        return ((sym, 1),)
    a, b = sym.split("_")
    if b == "p":
        return ((a, 1),)
    return (("c", 2) if a == "2" else (a, 1), (b, 1))


def _merge(way: tuple[tuple[str, int], ...], add: tuple[str, int]) -> tuple[tuple[str, int], ...]:
    merged = dict(way)
    merged[add[0]] = merged.get(add[0], 0) + add[1]
    return tuple(sorted((t, k) for t, k in merged.items() if k))


def _add_term(value: Any, ctx: Any) -> Any:
    ways = add_ways(value)
    if len(ways) == 1:
        return [fn("add", C(t), n) for t, n in ways[0]]
    for way in ways:
        amounts = dict(way)
        ctx.extra(fn("ability_effect_choice", ctx.d, ctx.j, fn("m", *(amounts.get(t, 0) for t in "wubrgc"))))
    return C("add_choice")


@dataclass(frozen=True)
class AddForEach(Shape):
    """``{mana: "{G}", filter: ...}``: that mana for each permanent of a filter (Gaea's Cradle); or X mana
    of any one color (``mana: any_color``, Wirewood Channeler) or in any combination of colors
    (``mana: any_combination``), where X is the number of those permanents."""

    form = "{mana: one mana symbol such as \"{G}\", any_color or any_combination, filter: a filter}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"mana", "filter"})
        if not f.child("filter").present:
            raise f.child("filter").fail(f"{f.name} needs a filter: what to count")
        mana = f.child("mana")
        which = mana.value if mana.value in ("any_color", "any_combination") else ManaType().parse(mana)
        return which, FilterShape("players").parse(f.child("filter"))


@dataclass(frozen=True)
class Combination(Shape):
    """``{count: 2, of: ["{W}", "{U}"]}``: N (or X) mana in any combination of these types (Calciform
    Pools' "X mana in any combination of {W} and/or {U}"; one type: "{C} for each counter removed")."""

    form = "{count: N or X, of: [mana symbols such as \"{W}\", ...]}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"count", "of"})
        f.needs_keys("count", "of")
        types = ListOf(ManaType()).parse(f.child("of"))
        if len(set(types)) != len(types):
            raise f.child("of").fail("add_combination's 'of' names a type twice")
        return Amount().parse(f.child("count")), tuple(sorted(types, key=MANA_TYPES.index))


def _combination_term(value: Any, ctx: Any) -> Any:
    _options_of(value[1], ctx)
    return fn("add_combination", amount_term(value[0]))


@dataclass(frozen=True)
class OnlyIf(Shape):
    """``{played_land_this_turn: true}``, ``{you_control: {count: N, filter: ...}}``, and conditions about the
    activator: ``your_turn``, ``no_cards_in_hand``, ``attacked_this_turn``, ``citys_blessing`` (each true),
    ``cards_in_graveyard: N``, ``total_power_at_least: N`` (one or more of them, all of which must hold)."""

    #: Conditions about the activator that are only true (their term: the condition's name, 602.5b).
    FLAGS = ("your_turn", "no_cards_in_hand", "attacked_this_turn", "citys_blessing")
    #: Conditions about the activator with a number (their term's name).
    AMOUNTS = {"cards_in_graveyard": "graveyard_at_least", "total_power_at_least": "total_power_at_least"}
    form = ("{played_land_this_turn: true, you_control: {count: N, filter: a filter}, your_turn: true, "
            "no_cards_in_hand: true, attacked_this_turn: true, citys_blessing: true, cards_in_graveyard: N, "
            "total_power_at_least: N} (one or more)")

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"played_land_this_turn", "you_control", *OnlyIf.FLAGS, *OnlyIf.AMOUNTS})
        out = OnlyIf.played_land(f) + OnlyIf.you_control(f)
        for name in OnlyIf.FLAGS:
            flag = f.child(name)
            if flag.present and flag.value is not True:
                raise flag.fail(f"{flag.name} can only be true (leave it out otherwise)")
            out += [(name, True)] if flag.present else []
        for name in OnlyIf.AMOUNTS:
            amount = f.child(name)
            out += [(name, amount.integer(minimum=1))] if amount.present else []
        if not out:
            raise f.fail(f"{f.name} needs a condition: one of played_land_this_turn, you_control, "
                         + ", ".join([*OnlyIf.FLAGS, *OnlyIf.AMOUNTS]))
        return tuple(out)

    @staticmethod
    def played_land(f: Field) -> list[tuple[str, Any]]:
        """``played_land_this_turn: true`` of the mapping ``f``, if it is there (305.2)."""
        played = f.child("played_land_this_turn")
        if not played.present:
            return []
        if played.value is not True:
            raise played.fail(f"{played.name} can only be true (leave it out otherwise)")
        return [("played_land", True)]

    @staticmethod
    def you_control(f: Field) -> list[tuple[str, Any]]:
        """``you_control: {count: N, filter: ...}`` of the mapping ``f``, if it is there."""
        control = f.child("you_control")
        if not control.present:
            return []
        control.mapping()
        control.only_keys({"count", "filter"})
        return [("controls", (control.child("count").integer(minimum=1),
                              FilterShape("players").parse(control.child("filter"))))]


@dataclass(frozen=True)
class AsLongAs(Shape):
    """The condition of a static ability (611.3a): a word, or one key with its value."""

    WORDS = ("attacking", "tapped", "untapped", "monstrous", "dashed", "your_turn", "not_your_turn", "no_cards_in_hand",
             "citys_blessing")
    form = ("one of " + ", ".join(WORDS) + ", or {permanents: {count: N, filter: a filter}}, {no_permanents: a filter}, "
            "{counter: a counter kind}, {counters: {kind: a counter kind, at_least: N, at_most: M (optional)}}, "
            "{life_at_least: N}, {opponent_life_at_most: N}, {cards_in_graveyard: N}")
    #: What a condition's filter may ask: what the layers up to colors (5) decide, or no layer (611.3a, 613.1).
    FILTER_FIELDS = frozenset({"types", "any_types", "not_types", "subtypes", "not_subtypes", "any_subtypes",
                               "supertypes", "nonbasic", "nonland", "token", "nontoken", "colors", "any_colors",
                               "not_colors", "colorless", "controller", "owner", "other", "tapped", "untapped",
                               "attacking", "blocking", "in_combat", "mana_value_at_most", "mana_value_at_least"})

    def parse(self, f: Field) -> Any:
        if isinstance(f.value, str):
            if f.value not in self.WORDS:
                raise f.fail(f"{f.name} must be {self.form}; not {f.value!r}")
            return (f.value, None)
        f.mapping()
        f.only_keys({"permanents", "no_permanents", "counter", "counters", "life_at_least", "opponent_life_at_most",
                     "cards_in_graveyard"})
        if len(f.value) != 1:
            raise f.fail(f"{f.name} is one condition: {self.form}")
        (key, _), = f.items()
        child = f.child(key)
        if key == "counter":
            return (key, name_token(child.text(), child, "counter kind"))
        if key == "counters":  # a leveler's "LEVEL 2-6" (711.2a), "LEVEL 7+" (711.2b)
            child.mapping()
            child.only_keys({"kind", "at_least", "at_most"})
            if not child.child("kind").present:
                raise child.fail(f"{child.name} needs kind: a counter kind")
            low = child.child("at_least").integer(minimum=1)
            high = child.child("at_most").integer(default=None, minimum=low)
            return (key, (name_token(child.child("kind").text(), child.child("kind"), "counter kind"), low, high))
        if key in ("life_at_least", "opponent_life_at_most", "cards_in_graveyard"):
            return (key, child.integer(minimum=0))
        if key == "permanents":
            child.mapping()
            child.only_keys({"count", "filter"})
            count, flt = child.child("count").integer(default=1, minimum=1), child.child("filter")
        else:
            count, flt = 0, child
        parsed = FilterShape("objects").parse(flt)
        extra = set(parsed.conditions) - self.FILTER_FIELDS
        if extra:
            raise UnsupportedError(flt.where, f"a condition's filter asking {', '.join(sorted(extra))} (read only "
                                              f"after layer 6)")
        return (key, (count, parsed))


def _as_long_as_terms(value: Any, ctx: Any) -> Any:
    key, v = value
    if v is None:
        return C(key)
    if key == "counter":
        return fn("counter", C(v))
    if key == "counters":
        kind_, low, high = v
        return fn("counters_at_least", C(kind_), low) if high is None else fn("counters_between", C(kind_), low, high)
    if key in ("life_at_least", "opponent_life_at_most"):
        return fn(key, v)
    if key == "cards_in_graveyard":
        return fn("graveyard_at_least", v)
    fid = ctx.filter(v[1], "while")
    return fn("permanents", fid, v[0]) if key == "permanents" else fn("no_permanents", fid)


@dataclass(frozen=True)
class ForEach(Shape):
    """What a "+N/+N for each ..." counts (608.2h, 613.4c): one key, and ``beyond: N`` to leave the first N out ("for
    each creature blocking it beyond the first")."""

    KEYS = ("permanents", "attached", "blocking_it", "counters", "cards", "basic_land_types", "x")
    form = ("{permanents: a filter}, {attached: a filter} (those attached to the object it changes), {blocking_it: "
            "true} (the creatures blocking the object it changes), {counters: a counter kind} (on this permanent), "
            "{cards: {zone, whose, filter}}, {basic_land_types: a filter} (the basic land types among the "
            "permanents it matches), or {x: true} (X, the number announced for the spell or ability that begins a "
            "lasting effect: \"+X/+0 until end of turn\", 107.3); and beyond: N")
    #: Power reads layer 7c, where the count is used: a filter asking it would count itself.
    UNREAD_FIELDS = frozenset({"power_at_most", "power_at_least", "lesser_power"})

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({*self.KEYS, "beyond"})
        keys = [k for k in self.KEYS if f.child(k).present]
        if len(keys) != 1:
            raise f.fail(f"{f.name} counts one thing: {self.form}")
        key, child = keys[0], f.child(keys[0])
        beyond = f.child("beyond").integer(default=0, minimum=1) if f.child("beyond").present else 0
        if key in ("blocking_it", "x"):
            if child.value is not True:
                raise child.fail(f"{key} is true or absent")
            return (key, None, beyond)
        if key == "counters":
            return (key, name_token(child.text(), child, "counter kind"), beyond)
        if key == "cards":
            return (key, CardsCounted().parse(child), beyond)
        parsed = FilterShape("objects").parse(child)
        asked = set(parsed.conditions) & self.UNREAD_FIELDS
        if asked:
            raise UnsupportedError(child.where, f"counting permanents by power ({', '.join(sorted(asked))}) for "
                                                "+N/+N: power is what the count changes")
        return (key, parsed, beyond)


@dataclass(frozen=True)
class CountedAsItResolves(ForEach):
    """What an instruction's "for each ..." counts as it is followed (608.2h): as for +N/+N, "it" being the source."""

    UNREAD_FIELDS = frozenset()  # (the count changes no power)


@dataclass(frozen=True)
class LifeForEach(Shape):
    """``{amount: 1, for_each: {permanents: {types: [creature], controller: you}}}``: N life for each one counted."""

    form = "{amount: N, for_each: what it counts, as the option for_each says}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"amount", "for_each"})
        if not f.child("for_each").present:
            raise f.fail(f"{f.name} needs for_each: what it counts")
        return f.child("amount").integer(minimum=1), CountedAsItResolves().parse(f.child("for_each"))


@dataclass(frozen=True)
class CountedDamageTarget(Shape):
    """``{filter: {types: [creature]}, count: {permanents: {subtypes: [mountain], controller: you}}}``: damage to a
    target permanent of the filter, as much as the count finds as the instruction is followed."""

    form = "{filter: a filter, count: what it counts, as the option for_each says}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "count"})
        if not f.child("count").present:
            raise f.fail(f"{f.name} needs count: what it counts")
        return FilterShape("objects").parse(f.child("filter")), CountedAsItResolves().parse(f.child("count"))


def _for_each_terms(value: Any, ctx: Any) -> Any:
    key, v, beyond = value
    if key in ("blocking_it", "x"):
        what = C(key)
    elif key == "counters":
        what = fn("counters", C(v))
    elif key == "cards":
        zone, whose, flt = v
        what = fn("cards", C(zone), C(whose), C("none") if flt is None else ctx.filter(flt, "each"))
    else:
        what = fn(key, ctx.filter(v, "each"))
    return fn("counting", what, beyond)


@dataclass(frozen=True)
class InsteadShape(Shape):
    """A mana ability's "If [condition], add [mana] instead" (614.1a, 614.15): ``{if: conditions, effect: a mana
    effect}``; the effect is read by the ability parser (:func:`pyrules.vocabulary.abilities.parse_ability` calls
    :meth:`parse_instead` with its own reader of instructions), as a granted ability is."""

    form = ("{if: {played_land_this_turn: true, counter: a counter kind, cards_in_graveyard: N, you_control: {count: N, "
            "filter: a filter}} (one or more, all of which must hold), effect: an instruction that adds mana}")

    def parse(self, f: Field) -> Any:
        raise TypeError("an 'instead' is read by pyrules.vocabulary.abilities.parse_ability")

    @staticmethod
    def parse_instead(f: Field, parse_effects: Any) -> tuple[tuple, Any]:
        f.mapping()
        f.only_keys({"if", "effect"})
        cond = f.child("if")
        cond.mapping()
        cond.only_keys({"played_land_this_turn", "counter", "cards_in_graveyard", "you_control"})
        out: list[tuple[str, Any]] = []
        out += OnlyIf.played_land(cond)
        if cond.child("counter").present:
            out.append(("counter", name_token(cond.child("counter").text(), cond.child("counter"), "counter kind")))
        if cond.child("cards_in_graveyard").present:
            out.append(("cards_in_graveyard", cond.child("cards_in_graveyard").integer(minimum=1)))
        out += OnlyIf.you_control(cond)
        if not out:
            raise cond.fail(f"{cond.name} needs a condition: {InsteadShape.form}")
        return tuple(out), parse_effects(f.child("effect"))


def _instead_terms(value: Any, ctx: Any) -> list:
    terms = []
    for name, v in value:
        if name == "counter":
            terms.append(fn("counter", C(v)))
        elif name == "cards_in_graveyard":
            terms.append(fn("graveyard_at_least", v))
        elif name == "played_land":
            terms.append(C("played_land"))
        else:
            terms.append(fn("controls", ctx.filter(v[1], "instead"), v[0]))
    return terms


def instead_words(conditions: tuple) -> str:
    """The conditions of a mana ability's "instead", in words: "you played a land this turn and ..."."""
    words = []
    for name, v in conditions:
        if name == "played_land":
            words.append("you played a land this turn")
        elif name == "counter":
            words.append(f"it has a {v.replace('_', ' ')} counter on it")
        elif name == "cards_in_graveyard":
            words.append(f"{v} or more cards are in your graveyard")
        else:
            words.append(f"you control {v[0]} or more {filter_words(v[1])} permanents")
    return " and ".join(words)


def _card_in_your_graveyard(value: Any) -> tuple[TargetSpec, ...]:
    """The target "target [filter] card from your graveyard": a card in its owner's graveyard, owner: you (115.1)."""
    return (TargetSpec("target " + filter_words(value) + " card in your graveyard", "graveyard",
                       Filter({"owner": "you", **value})),)


def _only_if_terms(value: Any, ctx: Any) -> list:
    return [C("played_land") if name == "played_land" else C(name) if name in OnlyIf.FLAGS
            else fn(OnlyIf.AMOUNTS[name], v) if name in OnlyIf.AMOUNTS
            else fn("controls", ctx.filter(v[1], "only_if"), v[0]) for name, v in value]


@dataclass(frozen=True)
class CardsCounted(Shape):
    """``{zone: hand, whose: you, filter: {...}}``: the cards counted in a zone of yours (of all players), of a filter
    if given."""

    form = "{zone: hand or graveyard, whose: you or all, filter: a filter (optional)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"zone", "whose", "filter"})
        flt = FilterShape("objects").parse(f.child("filter")) if f.child("filter").present else None
        return f.child("zone").choice(("hand", "graveyard")), f.child("whose").choice(("you", "all")), flt


@dataclass(frozen=True)
class CouldProduce(Shape):
    """``{filter: ..., range: type|color}`` or ``{of: sacrificed, range: ...}``."""

    form = "{filter: a filter, range: type or color} or {of: sacrificed, range: type or color}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "of", "range"})
        rng = f.child("range").choice(("color", "type"))
        if f.child("of").present:
            f.child("of").choice(("sacrificed",))
            if f.child("filter").present:
                raise f.child("filter").fail("give either 'filter' or 'of: sacrificed', not both")
            return ("sacrificed", rng)
        return (FilterShape("players").parse(f.child("filter")), rng)


@dataclass(frozen=True)
class Numbers(Shape):
    """``{key: N, ...}``: whole numbers under these keys, each at least its minimum, in this order."""

    minimums: tuple[tuple[str, int], ...]

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{" + ", ".join(f"{key}: N" for key, _ in self.minimums) + "}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({key for key, _ in self.minimums})
        return tuple(f.child(key).integer(minimum=low) for key, low in self.minimums)


@dataclass(frozen=True)
class CreateTokens(Shape):
    form = "{kind: a token kind, count: N (default 1), per_counter: a counter kind (optional)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"kind", "count", "per_counter"})
        kind = name_token(f.child("kind").text(), f.child("kind"), "token kind")
        per = f.child("per_counter")
        return (kind, f.child("count").integer(default=1, minimum=1),
                name_token(per.text(), per, "counter kind") if per.present else "")


def _could_produce_term(value: Any, ctx: Any) -> Any:
    what, rng = value
    if what == "sacrificed":
        return fn("add_sacrificed", C(rng))
    return fn("add_could_produce", ctx.filter(what, "eff"), C(rng))


def _options_of(types: Any, ctx: Any) -> None:
    """The types an instruction may add, as ``ability_effect_option`` facts."""
    for t in types:
        ctx.extra(fn("ability_effect_option", ctx.d, ctx.j, C(t)))


def _add_one_of_term(value: Any, ctx: Any) -> Any:
    _options_of(value, ctx)
    return C("add_one_of")


_FLAG = Flag()
COLOR_WORDS = {letter: name for name, letter in COLOR_NAMES.items()}

#: The most damage one "prevent the next N damage" shield may prevent: how much of it applies to each damage event
#: is a choice among 0..N (615.7), which grounding enumerates.
SHIELD_LIMIT = 1000


@dataclass(frozen=True)
class LastingOnTarget(Shape):
    """``{ability: N, target: filter}``: the lasting ability N of the same card, on one target; with
    ``other_than_target: K``, "another target": an object other than target K ("target creature gets +2/+2 until end of
    turn; another target creature gets -2/-2 until end of turn")."""

    form = "{ability: N, target: {filter}, other_than_target: K (optional)}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"ability", "target", "other_than_target"})
        other = Count(1).parse(f.child("other_than_target")) if f.child("other_than_target").present else 0
        return f.child("ability").integer(minimum=1), FilterShape("objects").parse(f.child("target")), other


def _refused(name: str, doc: str, reason: str, shape: Shape = _FLAG, contexts: frozenset[str] = RESOLVING,
             example: str = "", targets: Any = None) -> Kind:
    return Kind("effect", name, doc, Refused(reason), shape, contexts, term=lambda v, ctx: refused_term(name),
                example=example or f"unsupported/effect-{name.replace('_', '-')}", targets=targets,
                text=lambda v: doc[0].upper() + doc[1:].replace(" N ", f" {v} "))


_MANA = Modelled("mana.lp", ("106.3", "605.1a"))
_CHOICES = Modelled("choices.lp", ("101.4", "608.2d"))
_STACK = Modelled("stack.lp", ("608.2c",))
_CASTING = Modelled("casting.lp", ("707.10",))
_EVENTS = Modelled("events.lp", ("122.1", "111.1"))

class MayInstruction(Shape):
    """``{draw: 1}``: one instruction that its player may follow or not ("you may draw a card", 608.2d); the
    instruction's name and its parsed value. Only the instructions the encodings read as they are followed
    (``instruction/3``): not mana or divided damage, which other rules read from the ability itself; tokens, whose
    event exists whatever is chosen (events.lp)."""

    form = "one instruction, such as {draw: 1}"
    FOLLOWED = frozenset({
        "draw", "discard", "mill", "exile_top", "may_play_exiled", "gain_life", "lose_life", "each_opponent_loses_life",
        "drain_each_opponent",
        "damage_any_target", "damage_player_or_planeswalker",
        "damage_target", "damage_each", "damage_you", "destroy_target", "exile_target", "tap_target", "untap_target",
        "return_target_to_hand", "return_self_to_hand", "regenerate_self", "regenerate_target", "counter_target_spell",
        "put_counters_self", "put_counters_target", "untap_self", "target_player", "lasting_on_self", "lasting_on_target",
        "return_one_to_hand", "destroy_all", "return_card_to_hand", "exile_card_target", "put_card_on_top",
        "search_to_hand", "search_to_battlefield", "fight_target", "power_damage_target", "power_damage_any_target",
        "exile_card_from_hand", "copy_triggering_spell", "copy_triggering_ability", "create_token_copy_that",
        "move_counter_to_that", "create_tokens", "flip_coin", "remove_counters_self", "sacrifice_self", "each_player",
        "attach_to_that", "that_player", "scry", "get_energy", "target_opponent"})

    def parse(self, f: Field) -> Any:
        return _one_instruction(f, self.FOLLOWED, "as an instruction one may follow")


def _one_instruction(f: Field, allowed: frozenset[str], role: str) -> tuple[str, Any]:
    """``{draw: 1}``: the one instruction a wrapper holds, its name and parsed value, if it is one of ``allowed``."""
    f.mapping()
    if len(f.value) != 1:
        raise f.fail(f"{f.name} needs exactly one instruction")
    (key, sub), = f.items()
    inner = _effect_kind(key)
    if inner is None or key not in allowed:
        raise UnsupportedError(sub.where, f"effect '{key}' {role}")
    return key, inner.shape.parse(sub)


@dataclass(frozen=True)
class UnlessSpent(Shape):
    """``{color: blue, effect: {sacrifice_self: true}}``: one instruction followed unless mana of the color was spent to
    cast this permanent. -> (color, instruction name, its value)."""

    form = "{color: white | blue | black | red | green, effect: {sacrifice_self: true}}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"color", "effect"})
        f.needs_keys("color", "effect")
        color = OneOf(tuple(COLOR_NAMES), "color").parse(f.child("color"))
        key, value = _one_instruction(f.child("effect"), frozenset({"sacrifice_self"}), "held by 'unless_spent'")
        return color, key, value


@dataclass(frozen=True)
class UnlessPaid(Shape):
    """``{pay: "{3}", by: target_controller, effect: {counter_target_spell: {}}}``: one instruction followed unless
    a player pays a mana cost as it would be (118.12): ``by`` you (the instruction's player, the default) or the
    controller of the instruction's first target. An {X} in it is the X announced for the spell or ability (107.3)."""

    form = "{pay: mana symbols, by: you | target_controller, effect: one instruction}"
    FOLLOWED = frozenset({"counter_target_spell", "sacrifice_self"})

    def parse(self, f: Field) -> Any:
        f.only_keys({"pay", "by", "effect"})
        if not f.child("pay").present or not f.child("effect").present:
            raise f.fail(f"{f.name} needs 'pay' (mana symbols) and 'effect' (one instruction)")
        cost = ManaSymbols().parse(f.child("pay"))
        if not cost or sum(n for sym, n in cost if sym == "x") > 1:
            raise f.child("pay").fail("a cost to pay needs mana symbols, with one {X} at most (the X announced for "
                                      "the spell or ability)")
        by = f.child("by").value if f.child("by").present else "you"
        if by not in ("you", "target_controller"):
            raise f.child("by").fail(f"'by' must be you or target_controller, not {by!r}")
        inner = f.child("effect")
        inner.mapping()
        if len(inner.value) != 1:
            raise inner.fail("'effect' needs exactly one instruction")
        (key, sub), = inner.items()
        kind = _effect_kind(key)
        if kind is None or key not in self.FOLLOWED:
            raise UnsupportedError(sub.where, f"effect '{key}' as an instruction followed unless a cost is paid")
        value = kind.shape.parse(sub)
        if by == "target_controller" and not targets_of(kind, value):
            raise f.child("by").fail("'target_controller' needs an instruction with a target")
        return cost, by, key, value


def _unless_term(value: Any, ctx: Any) -> Any:
    cost, by, key, inner = value
    for symbol, n in cost:
        ctx.extra(fn("ability_effect_cost", ctx.d, ctx.j, mana_symbol(symbol), n))
    payer = C("you") if by == "you" else fn("target_controller", ctx.target(0))
    return fn("unless_paid", _effect_kind(key).term(inner, ctx), payer)  # type: ignore[union-attr]


@dataclass(frozen=True)
class IfPaid(Shape):
    """``{pay: "{2}", effect: {draw: 1}}``: "you may pay {2}. If you do, draw a card": the instruction's player
    may pay a mana cost as it would be followed, and the instruction is followed only if they do (608.2d)."""

    form = "{pay: mana symbols, energy: N, life: N or that_much, effect: one instruction, as 'may' takes}"

    def parse(self, f: Field) -> Any:
        f.only_keys({"pay", "energy", "life", "effect"})
        if not any(f.child(k).present for k in ("pay", "energy", "life")) or not f.child("effect").present:
            raise f.fail(f"{f.name} needs 'pay' (mana symbols), 'energy' ({{E}} symbols, 107.14) or 'life' (N, or "
                         "that_much), and 'effect' (one instruction)")
        cost = ManaSymbols().parse(f.child("pay")) if f.child("pay").present else ()
        if f.child("pay").present and (not cost or any(sym == "x" for sym, _ in cost)):
            raise f.child("pay").fail("a cost to pay needs mana symbols and no {X}")
        energy = Count(1).parse(f.child("energy")) if f.child("energy").present else 0
        life_f = f.child("life")
        if life_f.present and isinstance(life_f.value, str) and life_f.value != "that_much":
            raise life_f.fail(f"{life_f.name} is a number of life, or that_much (as much as the event the ability "
                              f"triggered on), not '{life_f.value}'")
        life = ("that_much" if life_f.value == "that_much" else Count(1).parse(life_f)) if life_f.present else 0
        return (cost, *MayInstruction().parse(f.child("effect")), energy, life)


def _if_paid_term(value: Any, ctx: Any) -> Any:
    cost, key, inner, energy, life = value
    for symbol, n in cost:
        ctx.extra(fn("ability_effect_cost", ctx.d, ctx.j, mana_symbol(symbol), n))
    if energy:
        ctx.extra(fn("ability_effect_energy", ctx.d, ctx.j, energy))
    if life:
        ctx.extra(fn("ability_effect_life", ctx.d, ctx.j, C(life) if life == "that_much" else life))
    term = _effect_kind(key).term(inner, ctx)  # type: ignore[union-attr]
    return [fn("if_paid", t) for t in term] if isinstance(term, list) else fn("if_paid", term)


def _effect_kind(name: str) -> Kind | None:
    return next((k for k in EFFECTS if k.name == name), None)


def _wrapped(name: str, inner: Any) -> Any:
    return [fn(name, t) for t in inner] if isinstance(inner, list) else fn(name, inner)


@dataclass(frozen=True)
class UpTo(Shape):
    """``{count: 2, effect: {tap_target: {types: [creature]}}}``: "tap up to two target creatures": one instruction
    with one target, followed for each of up to N different targets (601.2c)."""

    form = "{count: 2 or more, effect: one instruction with one target, such as {tap_target: {types: [creature]}}}"
    EACH = frozenset({"tap_target", "untap_target", "return_target_to_hand", "return_card_to_hand", "destroy_target",
                      "exile_target", "put_counters_target", "counter_target_spell", "lasting_on_target",
                      "damage_target", "exile_card_target", "return_card_to_battlefield"})

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"count", "effect"})
        count = Count(2, maximum=20).parse(f.child("count"))
        return (count, *_one_instruction(f.child("effect"), self.EACH, "for each of up to N targets"))


def _up_to_targets(value: Any) -> tuple[TargetSpec, ...]:
    count, key, inner = value
    return tuple(replace(spec, up_to=count) for _ in range(count)
                 for spec in targets_of(_effect_kind(key), inner))  # type: ignore[arg-type]


def _up_to_term(value: Any, ctx: Any) -> Any:
    """The instruction once for each of its targets: the same instruction number, target after target."""
    count, key, inner = value
    k = _effect_kind(key)
    base, out = ctx.target_base, []
    for n in range(count):
        ctx.target_base = base + n
        made = k.term(inner, ctx)  # type: ignore[union-attr]
        out += made if isinstance(made, list) else [made]
    ctx.target_base = base
    return out


@dataclass(frozen=True)
class IfYouControl(Shape):
    """``{filter: {subtypes: [wizard]}, count: 1, effect: {draw: 1}}``: "if you control a Wizard, draw a card": one
    instruction one may follow (as ``may`` holds), followed only if its player controls at least ``count`` (1)
    permanents the filter matches as it would be followed. -> (filter, count, instruction name, its value)."""

    form = "{filter: a filter, count: N (optional, 1), effect: one instruction, such as {draw: 1}}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "count", "effect"})
        f.needs_keys("filter", "effect")
        count = Count(1).parse(f.child("count")) if f.child("count").present else 1
        key, value = _one_instruction(f.child("effect"), MayInstruction.FOLLOWED, "held by 'if_you_control'")
        return FilterShape("objects").parse(f.child("filter")), count, key, value


def _if_you_control_term(value: Any, ctx: Any) -> Any:
    flt, count, key, inner = value
    condition = ctx.filter(flt, "if")
    made = _effect_kind(key).term(inner, ctx)  # type: ignore[union-attr]
    return [fn("if_controls", condition, count, t) for t in made] if isinstance(made, list) else \
        fn("if_controls", condition, count, made)


def _may_term(value: Any, ctx: Any) -> Any:
    inner = _effect_kind(value[0]).term(value[1], ctx)  # type: ignore[union-attr]
    return [fn("may", t) for t in inner] if isinstance(inner, list) else fn("may", inner)


EFFECTS: tuple[Kind, ...] = (
    # Mana (106, 605)
    Kind("effect", "add", "add this mana (a hybrid symbol: one of its halves, 106.8; Phyrexian: its color, 106.9; "
         "generic and snow: colorless, 106.10-106.11); in a spell or a triggered ability that is not a mana ability "
         "(\"Add {B}{B}{B}\", \"when this dies, add {C}{C}{C}\"), the mana it adds as it resolves, one way only "
         "(106.4, 605.1b)", Modelled("mana.lp", ("106.3", "106.8", "106.9", "605.1a")),
         AddMana(), MANA | {"tapped_for_mana", "spell", "triggered"}, term=_add_term,
         text=lambda v: "Add " + " or ".join(mana_text(way) for way in add_ways(v)),
         example="mana/tap-for-mana-sol-ring-reflection"),
    Kind("effect", "add_one_of", "add one mana of one of these types", _MANA, ListOf(ManaType(), min_len=2), MANA,
         term=_add_one_of_term, text=lambda v: "Add " + " or ".join(f"{{{t.upper()}}}" for t in v),
         example="mana/citadel-adds-one-of-three"),
    Kind("effect", "add_any_color", "add N mana of any one color", _MANA, Count(1), MANA, term=_amount("add_any_color"),
         text=lambda v: f"Add {v} mana of any one color", example="mana/birds-any-color"),
    Kind("effect", "add_power", "add an amount of mana of this type equal to this permanent's power (as it resolves)",
         Modelled("mana.lp", ("106.1", "208.3", "605.1a")), ManaType(), MANA, term=lambda v, ctx: fn("add_power", C(v)),
         text=lambda v: f"Add an amount of {{{v.upper()}}} equal to this permanent's power",
         example="payment/mana-equal-to-power"),
    Kind("effect", "add_doubled_pool", "double the amount of each type of unspent mana you have (Doubling Cube): add "
         "as much of each type as your mana pool holds as the ability resolves, its costs paid; what it adds has none of "
         "the restrictions of the mana it doubles (701.10f, 106.6)", Modelled("mana.lp", ("701.10f", "106.6", "605.1a")),
         Flag(), MANA, term=_const("add_doubled_pool"), text=lambda v: "Double the amount of each type of unspent mana "
         "you have", example="mana/doubling-cube-doubles-what-is-left"),
    Kind("effect", "add_any_combination", "add N mana in any combination of colors (106.1b)",
         Modelled("mana.lp", ("106.1b", "605.1a")), Count(1), MANA, term=_amount("add_any_combination"),
         text=lambda v: f"Add {v} mana in any combination of colors", example="payment/any-combination-of-colors"),
    Kind("effect", "add_combination", "add N (or X) mana in any combination of these types (106.1b; X as the "
         "ability was activated, 107.3)", Modelled("mana.lp", ("106.1b", "107.3", "605.1a")), Combination(), MANA,
         term=_combination_term,
         text=lambda v: f"Add {str(v[0]).upper()} mana in any combination of "
                        + " and/or ".join(f"{{{t.upper()}}}" for t in v[1]),
         example="payment/storage-land-removes-x-counters"),
    Kind("effect", "add_for_each", "add this mana for each permanent of a [filter] (seen from the ability's controller)",
         Modelled("mana.lp", ("106.1", "605.1a")), AddForEach(), MANA,
         term=lambda v, ctx: fn("add_for_each", C(v[0]), ctx.filter(v[1], "eff")),
         text=lambda v: (f"Add {{{v[0].upper()}}} for each" if len(v[0]) == 1 else
                         f"Add X mana ({v[0].replace('_', ' ')}), X the number of") + f" {filter_words(v[1])} permanent(s)",
         example="payment/mana-for-each-creature"),
    Kind("effect", "add_could_produce", "add one mana of any type (color) that a [filter] could produce (106.7), or "
         "that the land sacrificed could produce", Modelled("mana.lp", ("106.7",)), CouldProduce(), MANA,
         term=_could_produce_term, example="mana/cr-106-7-forest-orchard-vs-orchard"),
    Kind("effect", "add_color_of", "add one mana of any color that a [filter] is (undefined with none, 106.5)",
         Modelled("mana.lp", ("106.5",)), FilterShape("players"), MANA,
         term=lambda value, ctx: fn("add_color_of", ctx.filter(value, "eff")),
         example="mana/undefined-mana-crater-colored-permanents"),
    Kind("effect", "add_color_of_exiled", "add one mana of any of the colors of the cards exiled with this permanent "
         "(\"the exiled card's colors\", linked abilities, 607.2a: Chrome Mox; undefined with none or a colorless one, "
         "106.5)", Modelled("mana.lp", ("607.2a", "106.5")), Flag(), MANA, term=lambda v, ctx: C("add_color_of_exiled"),
         text=lambda v: "Add one mana of any of the exiled card's colors",
         example="mana/chrome-mox-adds-the-exiled-cards-colors"),
    Kind("effect", "add_produced_type", "add N mana of any type that land produced (a triggered mana ability)",
         Modelled("mana.lp", ("605.4a",)), Count(1), frozenset({"tapped_for_mana"}), term=_amount("add_produced_type"),
         example="mana/heartbeat-adds-type-produced"),
    Kind("effect", "add_chosen_color", "add N mana of the color chosen as this entered (an activated mana ability, or a "
         "triggered one; none if no color was chosen, 106.5)", Modelled("mana.lp", ("607.2d", "106.5")), Count(1),
         MANA | frozenset({"tapped_for_mana"}), term=_amount("add_chosen_color"),
         example="mana/utopia-sprawl-chosen-color"),
    # Life, counters, tokens, zones
    Kind("effect", "gain_life", "you gain N life (or X: the X announced for the spell or ability, 107.3; none at 0)",
         Modelled("stack.lp", ("119.3",)), Amount(), RESOLVING,
         term=lambda value, ctx: fn("gain_life", amount_term(value)), text=lambda v: f"You gain {v} life",
         example="stack/spell-gains-life"),
    Kind("effect", "gain_life_for_each", "you gain N life for each one of what it counts, counted as the instruction is "
         "followed (608.2h): {amount: N, for_each: as the option for_each (\"for each creature you control\"; \"it\" "
         "is its source)}; no life gained where it counts none", Modelled("stack.lp", ("119.3", "608.2h")),
         LifeForEach(), RESOLVING,
         term=lambda value, ctx: fn("gain_life_for_each", value[0], _for_each_terms(value[1], ctx)),
         text=lambda v: f"You gain {v[0]} life for each", example="stack/gain-life-for-each-creature-you-control"),
    Kind("effect", "get_energy", "you get {E} N times: N energy counters (107.14, 122.1)",
         Modelled("stack.lp", ("107.14",)), Count(1), RESOLVING, term=_amount("get_energy"),
         text=lambda v: f"You get {'{E}' * v}", example="sequences/energy-got-as-it-enters-is-paid-later"),
    Kind("effect", "lose_life", "you lose N life", Modelled("stack.lp", ("119.3",)), Count(1), RESOLVING,
         term=_amount("lose_life"), text=lambda v: f"You lose {v} life", example="choices/onyx-plus1-top-three"),
    Kind("effect", "gain_life_equal_to", "you (or the controller of that target) gain life equal to the power, "
         "toughness or mana value of a target of the instructions before it, of the permanent an instruction before it "
         "had sacrificed (\"that creature\") or of what the triggered ability triggered on, as it last existed before "
         "the instructions were followed; none where that is 0 or less (119.3, 608.2h, 107.1b)",
         Modelled("choices.lp", ("119.3", "608.2h")), LifeEqualTo(), RESOLVING, term=_life_equal_to_term("gain"),
         asp="life_equal_to",
         example="stack/plowshares-its-controller-gains-life-equal-to-its-power"),
    Kind("effect", "lose_life_equal_to", "you (or the controller of that target) lose life equal to a characteristic "
         "of an object, as gain_life_equal_to (119.3, 608.2h)", Modelled("choices.lp", ("119.3", "608.2h")),
         LifeEqualTo(), RESOLVING, term=_life_equal_to_term("lose"), asp="life_equal_to",
         example="stack/lose-life-equal-to-the-destroyed-creatures-toughness"),
    Kind("effect", "each_opponent_loses_life", "each opponent loses N life", Modelled("choices.lp", ("119.3",)),
         Count(1), RESOLVING, term=_amount("each_opponent_loses_life"), text=lambda v: f"Each opponent loses {v} life",
         example="stack/resolve-magecraft-trigger"),
    Kind("effect", "drain_each_opponent", "each opponent loses N life and you gain life equal to the total life lost "
         "this way (extort, 702.101a; 119.3)", Modelled("choices.lp", ("702.101a", "119.3")), Count(1), RESOLVING,
         term=_amount("drain_each_opponent"),
         text=lambda v: f"Each opponent loses {v} life and you gain life equal to the life lost",
         example="sequences/a-drain-gains-what-each-opponent-lost"),
    Kind("effect", "defending_player_loses_life", "the defending player loses N life: the player this creature attacks, or "
         "the controller of the planeswalker it attacks (afflict, 702.130a; 508.5): only in its own combat triggers",
         Modelled("choices.lp", ("508.5", "119.3")), Count(1),
         frozenset({"becomes_blocked", "attacks", "attacks_unblocked"}),
         term=_amount("defending_player_loses_life"), text=lambda v: f"Defending player loses {v} life",
         example="combat/afflict-as-it-becomes-blocked"),
    Kind("effect", "untap_that", "untap the permanent that is its target N (\"untap that creature\", 701.26b)",
         Modelled("stack.lp", ("701.26b",)), Count(1), RESOLVING, term=lambda value, ctx: fn("untap_that", value),
         example="layers/act-of-treason-then-tap-for-mana"),
    Kind("effect", "untap_self", "untap this permanent (701.26b)", Modelled("stack.lp", ("701.26b",)), Flag(),
         ON_PERMANENT, term=_const("untap_self"), text=lambda v: "Untap this",
         example="sequences/devoted-druid-untaps"),
    Kind("effect", "put_counters_self", "put N (or X) counters of a kind on this permanent (through replacement "
         "effects, 614.1)", Modelled("events.lp", ("122.1", "614.1")), CounterAmount(x=True), ON_PERMANENT,
         term=lambda v, ctx: fn("put_counters_self", C(v[0]), amount_term(v[1])),
         text=lambda v: f"Put {v[1]} {v[0]} counter(s) on this", example="stack/hangarback-puts-a-counter"),
    Kind("effect", "put_counters_target", "put N counters of a kind on target [filter] permanent (through replacement "
         "effects, 614.1; 122.1); count: its, as many of that kind as this ability's source has, or had as it last "
         "existed (modular, 702.43a; 608.2h)", Modelled("events.lp", ("122.1", "614.1", "608.2h")),
         CountersOnTarget(its=True), RESOLVING,
         term=lambda v, ctx: fn("put_counters_target", ctx.target(0), C(v[0]),
                                C(v[1]) if v[1] in ("its", "its_power") else v[1]),
         targets=lambda v: (TargetSpec("target " + filter_words(v[2]) + " permanent", "battlefield", v[2]),),
         text=lambda v: f"Put {v[1]} {v[0]} counter(s) on target {filter_words(v[2])} permanent",
         example="sequences/a-counter-on-target-creature-is-doubled"),
    Kind("effect", "put_counters_each", "put N counters of a kind on each [filter] permanent, no target: those the "
         "filter matches as this is followed, each through its own replacement effects (122.1, 614.1)",
         Modelled("events.lp", ("122.1", "614.1")), CountersOnTarget(), RESOLVING,
         term=lambda v, ctx: fn("put_counters_each", ctx.filter(v[2], "eff"), C(v[0]), v[1]),
         text=lambda v: f"Put {v[1]} {v[0]} counter(s) on each {filter_words(v[2])} permanent",
         example="sequences/a-counter-on-each-creature-you-control"),
    Kind("effect", "bolster", "bolster N: choose a creature with the least toughness among the creatures you control, "
         "and put N +1/+1 counters on it (701.39a; through replacement effects, 614.1); none: nothing",
         Modelled("events.lp", ("701.39a", "122.1")), Count(1), RESOLVING, term=_amount("bolster"),
         text=lambda v: f"Bolster {v}", example="sequences/bolster-picks-among-the-least-toughness"),
    Kind("effect", "explore", "this permanent explores: its controller reveals the top card of their library; a land "
         "card goes into their hand, otherwise a +1/+1 counter would be put on this (through replacement effects) and "
         "they may put the card into their graveyard (701.44a-c); twice in a row, the second reveals the card then on "
         "top. A library the situation only counts is refused", Modelled("stack.lp", ("701.44a", "701.44b", "701.44c")),
         Flag(), ON_PERMANENT, term=_const("explore"), text=lambda v: "It explores",
         example="stack/explore-reveals-a-land-or-grows"),
    Kind("effect", "explore_that", "that creature explores, as explore does: in a trigger about a creature that entered "
         "(603.2), the creature that entered", Modelled("stack.lp", ("701.44a", "603.2")), Flag(),
         frozenset({"triggered"}), term=_const("explore_that"), text=lambda v: "That creature explores",
         example="stack/each-creature-entering-explores"),
    Kind("effect", "create_tokens", "create N tokens of a kind (one per counter of a kind on this, if per_counter)",
         Modelled("events.lp", ("111.1", "614.1")), CreateTokens(), RESOLVING,
         term=lambda v, ctx: fn("create_tokens", C(v[0]), v[1], C(v[2]) if v[2] else C("none")),
         text=lambda v: f"Create {v[1]} {v[0]} token(s)" + (f" for each {v[2]} counter on this" if v[2] else ""),
         example="stack/token-maker-resolves"),
    Kind("effect", "create_token_copies_target", "create N tokens that are copies of target [filter] permanent (707.2: "
         "its copiable values as the instruction is followed; 111.1), M instead if the spell was kicked (kicked_count, "
         "702.33d): Rite of Replication", Modelled("events.lp", ("707.2", "111.1", "702.33d")), TokenCopies(), RESOLVING,
         term=lambda v, ctx: fn("create_token_copies_target", ctx.target(0), v[1], v[2]),
         targets=lambda v: (TargetSpec("target " + filter_words(v[0]) + " permanent", "battlefield", v[0]),),
         text=lambda v: f"Create {v[1]} token(s) that are copies of target {filter_words(v[0])} permanent",
         example="sequences/rite-of-replication-kicked"),
    Kind("effect", "create_token_copy_that", "create a token that's a copy of that creature: the permanent a triggered "
         "ability's event is about (707.2, 111.1; Riku of Two Reflections), which is on the battlefield as it resolves",
         Modelled("events.lp", ("707.2", "111.1", "603.2")), Flag(), frozenset({"triggered"}),
         term=lambda v, ctx: C("create_token_copy_that"), text=lambda v: "Create a token that's a copy of that creature",
         example="sequences/a-token-copy-of-the-creature-that-entered"),
    Kind("effect", "exile_target", "exile target [filter] permanent", Modelled("stack.lp", ("406.2", "115.1")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("exile_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/oblivion-ring-exiles-target"),
    Kind("effect", "exile_target_until_leaves", "exile target [filter] permanent until this permanent leaves the "
         "battlefield (610.3c): only if this permanent is still on the battlefield as the instruction is followed; once "
         "it has left, the card returns to the battlefield under its owner's control before anyone next receives "
         "priority (the object field exiled_until)", Modelled("stack.lp", ("610.3c", "406.2")), FilterShape("objects"),
         ON_PERMANENT, term=lambda value, ctx: fn("exile_target_until_leaves", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         text=lambda v: f"Exile target {filter_words(v)} permanent until this leaves the battlefield",
         example="stack/exiled-until-its-source-leaves"),
    Kind("effect", "mill", "mill N cards: put the top N cards of your library into your graveyard",
         Modelled("stack.lp", ("701.17a",)), Count(1), RESOLVING, term=_amount("mill"),
         text=lambda v: f"Mill {v} card(s)", example="stack/stitchers-supplier-mills-three"),
    Kind("effect", "exile_top", "exile the top N cards of your library (or, with that_player or target_player, that "
         "player's; 406.2, 401.1): the cards the situation names on top, then those it only counts (recorded as "
         "exiled, unnamed)", Modelled("stack.lp", ("406.2", "401.1")), Count(1), RESOLVING, term=_amount("exile_top"),
         text=lambda v: f"Exile the top {v} card(s) of your library",
         example="sequences/an-impulse-exiles-the-top-card-to-play-this-turn"),
    Kind("effect", "may_play_exiled", "\"you may play that card this turn\": right after exile_top, the controller of "
         "the spell or ability may play the cards it exiled, until the turn ends: cast them (paying their costs, at the "
         "times their types allow) or play them as their land drop (601.3, 305.1); of cards the situation only counts "
         "nothing can be asked", Modelled("stack.lp", ("601.3", "611.2b")), Flag(), RESOLVING,
         term=_const("may_play_exiled"), example="sequences/a-card-exiled-by-syr-carah-is-cast-this-turn"),
    Kind("effect", "exile_all_graveyards", "exile all cards from all graveyards", Modelled("stack.lp", ("406.2",)),
         Flag(), RESOLVING, term=_const("exile_all_graveyards"), example="stack/rest-in-peace-trigger-exiles-graveyards"),
    Kind("effect", "exile_graveyard_of_target", "exile all cards from target player's graveyard (406.2): a graveyard "
         "holding cards the situation only counts is refused", Modelled("stack.lp", ("406.2", "608.2b")), Flag(),
         RESOLVING, term=lambda value, ctx: fn("exile_graveyard_of_target", ctx.target(0)),
         targets=lambda value: (PLAYER_TARGET,), text=lambda v: "Exile all cards from target player's graveyard",
         example="stack/exile-all-cards-from-target-players-graveyard"),
    Kind("effect", "remove_counters_self", "remove N counters of a kind from this permanent: as many as it has, N at "
         "most (122.1)", Modelled("stack.lp", ("122.1", "608.2c")), CounterAmount(), ON_PERMANENT,
         term=lambda v, ctx: fn("remove_counters_self", C(v[0]), v[1]),
         text=lambda v: f"Remove {v[1]} {v[0]} counter(s) from this",
         example="sequences/a-depletion-counter-removed-in-the-upkeep"),
    Kind("effect", "remove_counter_or_sacrifice", "remove a counter of a kind from this permanent; if you can't, "
         "sacrifice it (fading, 702.32a)", Modelled("stack.lp", ("702.32a",)), Name("counter kind"), ON_PERMANENT,
         term=lambda value, ctx: fn("remove_counter_or_sacrifice", C(value)),
         text=lambda v: f"Remove a {v} counter from this. If you can't, sacrifice it",
         example="sequences/fading-at-the-beginning-of-the-upkeep"),
    Kind("effect", "sacrifice_if_no_counters", "then sacrifice this if it has no counters of that kind (Gemstone Mine)",
         Modelled("activation.lp", ("608.2c",)), Name("counter kind"), frozenset({"activated"}),
         term=lambda value, ctx: fn("sacrifice_if_no_counters", C(value)), example="mana/gemstone-mine-last-counter"),
    # Choices in turn order (101.4)
    Kind("effect", "look_at_top", "look at the top N cards of your library; put one into your hand and the rest into "
         "your graveyard", _CHOICES, Count(1), RESOLVING, term=_amount("look_at_top"),
         text=lambda v: f"Look at the top {v} cards; put one into your hand and the rest into your graveyard",
         example="choices/onyx-plus1-top-three"),
    Kind("effect", "look_and_take", "look at (reveal) the top N cards of your library; put one of them (you may put one "
         "a filter matches; put every one it matches) into your hand, and the rest on the bottom of your library, in no "
         "order the situation keeps (401.4: an instruction reading that deep later is refused); cards of a library the "
         "situation only counts among them are refused", Modelled("choices.lp", ("401.4", "608.2c", "608.2d")),
         LookAndTake(), RESOLVING,
         term=lambda v, ctx: fn("look_and_take", v[0], C(v[1]), ctx.filter(v[2], "eff") if v[2] is not None
                                else C("none")),
         text=lambda v: f"Look at the top {v[0]} cards; put {v[1].replace('_', ' ')} into your hand and the rest on "
                        "the bottom", example="choices/look-at-the-top-four-and-take-an-artifact"),
    Kind("effect", "search_to_hand", "search your library for a card (as many as count says, as many as there are if "
         "fewer), or for up to N cards a filter matches (a stated quality: any number of them may be left unfound), "
         "put them into your hand, then shuffle (701.23a-c, 701.24a); revealing them changes nothing modelled. A "
         "library the situation only counts is refused (name its cards)",
         Modelled("choices.lp", ("701.23a", "701.23b", "701.23c", "701.24a")), Search(), RESOLVING,
         term=lambda value, ctx: fn("search_to_hand", ctx.filter(value[0], "eff"), value[1],
                                    C("stated" if value[0].conditions else "any")),
         text=lambda v: f"Search your library for {_search_words(v)}, put it into your hand, then shuffle",
         example="choices/a-tutor-finds-any-card"),
    Kind("effect", "search_to_battlefield", "search your library for a card (as many as count says), or for up to N "
         "cards a filter matches, put them onto the battlefield (tapped: true, tapped), then shuffle (701.23a-c, "
         "701.24a, 110.2): in a sequence of actions the cards are found as its resolution begins, a step of its own "
         "(the one question resolve is refused), where \"you may search\" is taken up or not too; not in a mode or on a "
         "condition",
         Modelled("events.lp", ("701.23a", "110.2")), Search(tapped=True), RESOLVING,
         term=lambda value, ctx: fn("search_to_battlefield", ctx.filter(value[0], "eff"), value[1],
                                    C("stated" if value[0].conditions else "any"),
                                    C("tapped" if value[2] else "untapped")),
         text=lambda v: f"Search your library for {_search_words(v)}, put it onto the battlefield" +
         (" tapped" if v[2] else "") + ", then shuffle",
         example="sequences/a-land-search-puts-a-forest-onto-the-battlefield"),
    Kind("effect", "each_opponent_sacrifices_greatest_power", "each opponent sacrifices a creature with the greatest "
         "power among creatures they control", _CHOICES, Flag(), RESOLVING,
         term=_const("each_opponent_sacrifices_greatest_power"), example="choices/onyx-minus3-ties-three-opponents"),
    Kind("effect", "sacrifice_one", "you (each player, each opponent) sacrifice a [filter] permanent: each chooses one "
         "they control, in turn order (701.21a, 101.4); no target", Modelled("choices.lp", ("701.21a", "101.4")),
         SacrificeOne(), RESOLVING, term=lambda v, ctx: fn("sacrifice_one", C(v[0]), ctx.filter(v[1], "eff")),
         text=lambda v: f"{ {'you': 'You', 'each_player': 'Each player', 'each_opponent': 'Each opponent'}[v[0]]} "
                        f"sacrifice(s) a {filter_words(v[1])} permanent",
         example="choices/each-player-sacrifices-a-creature"),
    Kind("effect", "discard_rounds", "N times: each opponent may discard a card; each who doesn't loses N life",
         _CHOICES, Numbers((("rounds", 1), ("lose_life", 0))), RESOLVING,
         term=lambda v, ctx: fn("discard_rounds", v[0], v[1]),
         example="choices/onyx-minus8-hand-of-two"),
    # Spells (707.10, 707.12)
    Kind("effect", "copy_target_spell", "copy target instant or sorcery spell N times (up to 20: each copy is an "
         "object of its own, with its own triggers); with new_targets, its controller may choose new targets for each "
         "copy (707.10c)", Modelled("casting.lp", ("707.10", "707.10c")), SpellCopies(),
         RESOLVING, term=lambda value, ctx: fn("copy_target_spell", ctx.target(0), value[0],
                                                          C("new_targets" if value[1] else "same_targets")),
         targets=lambda value: (SPELL_TARGET if value[2] == SPELL_TARGET.filter else TargetSpec(
             f"target {filter_words(value[2])} spell", "stack", value[2]),),
         text=lambda v: "Copy target instant or sorcery spell" + (f" {v[0]} times" if v[0] > 1 else "") +
         (". You may choose new targets for the copies" if v[1] else ""),
         example="stack/twincast-a-bolt-with-a-new-target"),
    Kind("effect", "copy_card_may_cast", "copy target instant or sorcery card in your graveyard; you may cast the copy",
         Modelled("casting.lp", ("707.12",)), Flag(), frozenset({"spell"}),
         term=lambda value, ctx: fn("copy_card_may_cast", ctx.target(0)), targets=lambda value: (CARD_TARGET,),
         example="choices/magecraft-card-copy-not-cast"),
    Kind("effect", "may_cast_self_free", "\"you may cast this card from exile without paying its mana cost\" (rebound's "
         "delayed trigger, 702.88a): casting it is the question cast with rebound: true while the trigger resolves; "
         "resolving the trigger leaves the card in exile; written by the keyword rebound",
         Modelled("casting.lp", ("702.88a", "608.2g")), Flag(), frozenset({"beginning_of_upkeep"}),
         term=_const("may_cast_self_free"), example="sequences/rebound-casts-it-again-next-upkeep"),
    Kind("effect", "cascade", "cascade's trigger (702.85a: \"when you cast this spell, exile cards from the top of your "
         "library until you exile a nonland card whose mana value is less than this spell's; you may cast it without "
         "paying its mana cost; then put all cards exiled this way that weren't cast on the bottom of your library in a "
         "random order\"): the cards the situation names on top are turned over until the first such card, which its "
         "controller may cast as the trigger resolves (cast with cascade: true); the rest go to the bottom in no known "
         "order. Reaching the cards the situation only counts is refused. Only in a \"when you cast this spell\" ability",
         Modelled("stack.lp", ("702.85a", "401.4", "608.2g")), Flag(), frozenset({"triggered"}), term=_const("cascade"),
         text=lambda v: "Cascade", example="stack/cascade-casts-the-first-cheaper-nonland-card"),
    Kind("effect", "copy_self_replicated", "copy the spell this ability's source is, if it is still on the stack, once "
         "for each time its replicate cost was paid (the spell's replicated); the copies may have new targets "
         "(702.56a, 707.10c): written by the keyword replicate", Modelled("casting.lp", ("702.56a", "707.10")), Flag(),
         frozenset({"triggered"}), term=_const("copy_self_replicated"),
         text=lambda v: "Copy this spell for each time its replicate cost was paid",
         example="stack/replicate-copies-for-each-time-it-was-paid"),
    Kind("effect", "ripple", "ripple N's trigger (702.60a: \"when you cast this spell, you may reveal the top N cards of "
         "your library; if you do, you may cast any revealed cards with the same name as this spell without paying their "
         "mana costs; then put all revealed cards not cast this way on the bottom of your library in any order\"): "
         "revealing is a choice; a card of that name may be cast as the trigger resolves (cast with ripple: true); the "
         "rest go to the bottom in no order the situation keeps. Revealing cards the situation only counts, or two cards "
         "of that name, is refused. Only alone in a \"when you cast this spell\" ability",
         Modelled("stack.lp", ("702.60a", "401.4", "608.2g")), Count(1, maximum=10), frozenset({"triggered"}),
         term=_amount("ripple"), text=lambda v: f"Ripple {v}", example="stack/ripple-casts-a-card-of-the-same-name"),
    Kind("effect", "myriad", "myriad's trigger (702.116a: \"whenever this creature attacks, for each opponent other than "
         "the defending player, you may create a token that's a copy of it, tapped and attacking that player or a "
         "planeswalker they control; exile the tokens at end of combat\"): with one opponent there is no other, and it "
         "does nothing; a game of more players is refused. Only in an 'attacks' triggered ability",
         Modelled("stack.lp", ("702.116a",)), Flag(), frozenset({"triggered"}), term=_const("myriad"),
         text=lambda v: "Myriad", example="combat/myriad-with-two-opponents-is-refused"),
    Kind("effect", "cast_suspended", "\"you may cast this card without paying its mana cost\" (suspend's last ability, "
         "702.62a): casting it is the question cast with suspend: true while the trigger resolves (608.2g); a creature "
         "spell cast this way has haste as long as its owner controls it (the object field cast_with_suspend); "
         "not cast, the card stays in exile", Modelled("casting.lp", ("702.62a", "608.2g")), Flag(),
         frozenset({"last_time_counter_removed"}), term=_const("cast_suspended"),
         example="sequences/a-suspended-creature-is-cast-with-haste"),
    Kind("effect", "put_self_into_graveyard", "its owner puts this card into their graveyard from exile, if it is still "
         "there (madness's trigger not taken up, 702.35a); only in that trigger, which the keyword madness writes",
         Modelled("stack.lp", ("702.35a", "400.3")), Flag(), frozenset({"exiled_with_madness"}),
         term=_const("put_self_into_graveyard"), example="sequences/madness-not-cast-goes-to-the-graveyard"),
    Kind("effect", "exile_self", "exile this spell as it resolves (instead of putting it into a graveyard)",
         Modelled("casting.lp", ("608.2n",)), Flag(), frozenset({"spell"}), term=_const("exile_self"),
         example="choices/magecraft-card-copy-not-cast"),
    Kind("effect", "exile_self_with_time_counters", "exile this spell as it resolves with N time counters on it (instead "
         "of putting it into a graveyard; 608.2n, 122.1): a card with suspend is then suspended (702.62b)",
         Modelled("casting.lp", ("608.2n", "702.62b")), Count(1), frozenset({"spell"}),
         term=_amount("exile_self_with_time_counters"), text=lambda v: f"Exile this with {v} time counters on it",
         example="sequences/a-spell-exiles-itself-with-time-counters"),
    Kind("effect", "shuffle_self_into_library", "shuffle this spell into its owner's library as it resolves (instead "
         "of putting it into a graveyard; 608.2n, 701.24a)", Modelled("casting.lp", ("608.2n", "701.24a")), Flag(),
         frozenset({"spell"}), term=_const("shuffle_self_into_library"),
         example="stack/beacon-of-destruction-shuffles-itself-into-the-library"),
    Kind("effect", "put_self_on_bottom", "put this spell on the bottom of its owner's library as it resolves (instead "
         "of putting it into a graveyard; 608.2n, 401.4): below the cards the situation only counts",
         Modelled("casting.lp", ("608.2n", "401.4")), Flag(), frozenset({"spell"}), term=_const("put_self_on_bottom"),
         example="sequences/ever-after-returns-two-black-zombies"),
    Kind("effect", "draw", "draw N cards (121), or X: the X announced for the spell or ability (107.3; none at 0)",
         Modelled("stack.lp", ("121.1", "121.2", "107.3")), Amount(), RESOLVING,
         term=lambda value, ctx: fn("draw", amount_term(value)), text=lambda v: f"Draw {v} card(s)",
         example="sequences/archmage-twincast-draws-three"),
    Kind("effect", "scry", "scry N: look at the top N cards of your library, put any of them on the bottom and the rest "
         "on top in any order (701.22a); of a library the situation only counts, recorded as scried (scrying cards "
         "it names is refused)", Modelled("stack.lp", ("701.22a",)), Count(1), RESOLVING, term=_amount("scry"),
         text=lambda v: f"Scry {v}", example="stack/scry-an-unseen-library"),
    Kind("effect", "look_and_reorder_top", "look at the top N cards of your library, then put them back in any order; "
         "of a library the situation only counts, recorded as reordered_top (doing it to cards it names is refused)",
         Modelled("stack.lp", ("401.2",)), Count(1), RESOLVING, term=_amount("look_and_reorder_top"),
         text=lambda v: f"Look at the top {v} cards of your library, then put them back in any order",
         example="stack/look-at-the-top-and-put-them-back"),
    Kind("effect", "surveil", "surveil N: look at the top N cards of your library, put any number of them into your "
         "graveyard and the rest on top in any order (701.25a); of a library the situation only counts, how many go "
         "to the graveyard is the choice, each number an outcome (surveilling cards it names is refused)",
         Modelled("stack.lp", ("701.25a",)), Count(1), RESOLVING, term=_amount("surveil"),
         text=lambda v: f"Surveil {v}", example="sequences/surveil-an-unseen-library"),
    Kind("effect", "damage_any_target", "this deals N (or X) damage to any target (120, 115.4)",
         Modelled("events.lp", ("120.1", "120.3")), Amount(), RESOLVING,
         term=lambda value, ctx: fn("damage_any_target", ctx.target(0), amount_term(value)),
         targets=lambda value: (ANY_TARGET,),
         text=lambda v: f"This deals {v} damage to any target", example="sequences/ballista-pings-a-creature-to-death"),
    Kind("effect", "damage_player_or_planeswalker", "this deals N (or X) damage to target player or planeswalker (120, "
         "115.1)", Modelled("events.lp", ("120.1", "120.3", "115.1")), Amount(), RESOLVING, asp="damage_any_target",
         term=lambda value, ctx: fn("damage_any_target", ctx.target(0), amount_term(value)),
         targets=lambda value: (PLAYER_OR_PLANESWALKER,),
         text=lambda v: f"This deals {v} damage to target player or planeswalker",
         example="stack/damage-to-target-player-or-planeswalker"),
    Kind("effect", "damage_any_target_counted", "this deals damage to any target equal to the number of what it counts "
         "(the option for_each's forms: \"equal to the number of Mountains you control\"), counted as the instruction "
         "is followed (120.1, 608.2h); none where it counts none", Modelled("events.lp", ("120.1", "608.2h")),
         CountedAsItResolves(), RESOLVING, asp="damage_counted",
         term=lambda value, ctx: fn("damage_counted", ctx.target(0), _for_each_terms(value, ctx)),
         targets=lambda value: (ANY_TARGET,),
         text=lambda v: "This deals damage to any target equal to the number of what it counts",
         example="stack/damage-equal-to-the-number-of-mountains"),
    Kind("effect", "damage_player_or_planeswalker_counted", "this deals damage to target player or planeswalker equal "
         "to the number of what it counts, counted as the instruction is followed (120.1, 608.2h, 115.1)",
         Modelled("events.lp", ("120.1", "608.2h")), CountedAsItResolves(), RESOLVING, asp="damage_counted",
         term=lambda value, ctx: fn("damage_counted", ctx.target(0), _for_each_terms(value, ctx)),
         targets=lambda value: (PLAYER_OR_PLANESWALKER,),
         text=lambda v: "This deals damage to target player or planeswalker equal to the number of what it counts",
         example="stack/damage-to-a-player-equal-to-the-creatures-you-control"),
    Kind("effect", "damage_target_counted", "this deals damage to target [filter] permanent equal to the number of what "
         "it counts, counted as the instruction is followed (120.1, 608.2h): {filter, count}",
         Modelled("events.lp", ("120.1", "608.2h")), CountedDamageTarget(), RESOLVING, asp="damage_counted",
         term=lambda value, ctx: fn("damage_counted", ctx.target(0), _for_each_terms(value[1], ctx)),
         targets=lambda value: (TargetSpec("target " + filter_words(value[0]) + " permanent", "battlefield",
                                           value[0]),),
         text=lambda v: f"This deals damage to target {filter_words(v[0])} permanent equal to the number of what it "
                        "counts",
         example="stack/damage-to-a-creature-equal-to-the-cards-in-your-hand"),
    Kind("effect", "damage_opponent_or_planeswalker", "this deals N (or X) damage to target opponent or planeswalker "
         "(120, 115.1, 102.3)", Modelled("stack.lp", ("115.1", "102.3")), Amount(), RESOLVING,
         asp="ability_target_opponent",
         term=lambda value, ctx: fn("damage_any_target", ctx.target(0), amount_term(value)),
         targets=lambda value: (OPPONENT_OR_PLANESWALKER,),
         text=lambda v: f"This deals {v} damage to target opponent or planeswalker",
         example="stack/target-opponent-is-not-you"),
    Kind("effect", "damage_you", "this deals N damage to you (its controller; a pain land, 120.3a)",
         Modelled("events.lp", ("120.1", "120.3a")), Count(1), RESOLVING, term=_amount("damage_you"),
         text=lambda v: f"This deals {v} damage to you", example="payment/pain-land-deals-damage-while-paying"),
    Kind("effect", "discard", "discard N cards (701.9): you choose which", Modelled("stack.lp", ("701.9a", "701.9b")),
         Count(1), RESOLVING, term=_amount("discard"), text=lambda v: f"Discard {v} card(s)",
         example="sequences/careful-study-draws-then-discards"),
    Kind("effect", "damage_divided", "this deals N damage divided as you choose among one to K targets (any "
         "targets; 601.2d)", Modelled("events.lp", ("601.2d", "120.1")), Divided(), RESOLVING,
         term=lambda value, ctx: fn("damage_divided", ctx.target(0), value[1], value[0]),
         targets=lambda value: (ANY_TARGET,) * value[1],
         text=lambda v: f"This deals {v[0]} damage divided as you choose among one to {v[1]} targets",
         example="craft/arc-mage-divides-its-damage"),
    Kind("effect", "copy_source_spell", "copy the spell this ability's source is, if it is still on the stack, once "
         "for each spell cast this turn before it, by any player; the copies may have new targets (storm, 702.40a; "
         "707.10c): only in a \"when you cast this spell\" ability", Modelled("casting.lp", ("702.40a", "707.10")),
         Flag(), frozenset({"triggered"}), term=_const("copy_source_spell"),
         text=lambda v: "Copy this spell for each spell cast before it this turn",
         example="stack/storm-copies-for-each-spell-cast-before"),
    Kind("effect", "damage_that_player", "this deals N damage to that player: the player the triggering event was "
         "about (the one dealt damage, who discarded, whose upkeep or draw step it is; 603.2, 120.3)",
         Modelled("events.lp", ("603.2", "120.3")), Count(1), frozenset({"triggered"}),
         term=_amount("damage_that_player"), text=lambda v: f"This deals {v} damage to that player",
         example="sequences/damage-to-that-player-in-each-upkeep"),
    Kind("effect", "damage_its_controller", "this deals N damage to the controller of target K of the instructions "
         "before it (\"Destroy target land. This deals 2 damage to that land's controller\"): its controller as the "
         "spell or ability began to resolve (608.2h, 120.3); nothing if that target is illegal",
         Modelled("events.lp", ("608.2h", "120.3")), TargetControllerDamage(), RESOLVING,
         term=lambda value, ctx: fn("damage_its_controller", value[0], value[1]),
         text=lambda v: f"This deals {v[1]} damage to the controller of target {v[0]}",
         example="stack/destroy-target-land-and-damage-its-controller"),
    Kind("effect", "damage_that_controller", "this deals N damage to the controller of that creature (land): the "
         "permanent the triggering event was about (the creature blocking or attacking, the permanent that entered), "
         "if it is still on the battlefield (603.2, 120.3)",
         Modelled("events.lp", ("603.2", "120.3")), Count(1), frozenset({"triggered"}),
         term=_amount("damage_that_controller"), text=lambda v: f"This deals {v} damage to that permanent's controller",
         example="sequences/a-land-entering-damages-its-controller"),
    Kind("effect", "damage_that", "this deals N damage to that creature: the creature the triggering event was about "
         "(the creature blocking it, or the one it blocks), if it is still on the battlefield (603.2, 120.1)",
         Modelled("events.lp", ("603.2", "120.1")), Count(1), frozenset({"triggered"}), term=_amount("damage_that"),
         text=lambda v: f"This deals {v} damage to that creature",
         example="combat/blocked-or-blocking-deals-damage-to-that-creature"),
    Kind("effect", "damage_target", "this deals N (or X) damage to target [filter] permanent (120)",
         Modelled("events.lp", ("120.1", "120.3")), DamageTarget(), RESOLVING, asp="damage_any_target",
         term=lambda value, ctx: fn("damage_any_target", ctx.target(0), amount_term(value[0])),
         targets=lambda value: (TargetSpec("target " + filter_words(value[1]) + " permanent", "battlefield",
                                           value[1]),),
         text=lambda v: f"This deals {v[0]} damage to target {filter_words(v[1])} permanent",
         example="craft/cratermaker-modes"),
    Kind("effect", "power_damage_any_target", "this creature deals damage equal to its power to any target (120.1, "
         "115.4): its power as the instruction is followed (608.2h); a source no longer on the battlefield is refused",
         Modelled("events.lp", ("120.1", "608.2h")), Flag(), RESOLVING, asp="power_damage",
         term=lambda value, ctx: fn("power_damage", ctx.target(0)), targets=lambda value: (ANY_TARGET,),
         text=lambda v: "This deals damage equal to its power to any target",
         example="stack/a-creature-deals-damage-equal-to-its-power"),
    Kind("effect", "power_damage_target", "this creature deals damage equal to its power to target [filter] permanent "
         "(120.1, 608.2h), as power_damage_any_target", Modelled("events.lp", ("120.1", "608.2h")),
         FilterShape("objects"), RESOLVING, asp="power_damage",
         term=lambda value, ctx: fn("power_damage", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         text=lambda v: f"This deals damage equal to its power to target {filter_words(v)} permanent",
         example="stack/a-creature-deals-damage-equal-to-its-power-to-a-creature"),
    Kind("effect", "bite", "target [source] creature deals damage equal to its power to target [target] permanent "
         "(120.1, 608.2h): only if both targets are still legal (608.2b)", Modelled("events.lp", ("120.1", "608.2b")),
         TwoTargets(("source", "target")), RESOLVING,
         term=lambda value, ctx: fn("bite", ctx.target(0), ctx.target(1)),
         targets=lambda value: (_creature_target(value[0]),
                                TargetSpec("target " + filter_words(value[1]) + " permanent", "battlefield", value[1])),
         text=lambda v: f"Target {filter_words(v[0])} creature deals damage equal to its power to target "
                        f"{filter_words(v[1])} permanent", example="stack/a-creature-you-control-bites-another"),
    Kind("effect", "damage_itself_by_power", "target [filter] creature deals damage to itself equal to its power "
         "(120.1, 608.2h): the creature is both the source and the recipient of the damage (so its own deathtouch or "
         "lifelink applies), if it is still a legal target (608.2b); none at power 0 or less",
         Modelled("events.lp", ("120.1", "608.2h")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("damage_itself_by_power", ctx.target(0)),
         targets=lambda value: (_creature_target(value),),
         text=lambda v: f"Target {filter_words(v)} creature deals damage to itself equal to its power",
         example="stack/a-creature-deals-damage-to-itself-equal-to-its-power"),
    Kind("effect", "fight_target", "this creature fights target [filter] creature: each deals damage equal to its power "
         "to the other, at once (701.12a); if either is no longer a creature on the battlefield, or the target is "
         "illegal, no damage is dealt (701.12b); a creature fighting itself deals itself twice its power (701.12c)",
         Modelled("events.lp", ("701.12a", "701.12b")), FilterShape("objects"), RESOLVING, asp="fight",
         term=lambda value, ctx: fn("fight", C("self"), ctx.target(0)),
         targets=lambda value: (_creature_target(value),),
         text=lambda v: f"This creature fights target {filter_words(v)} creature",
         example="stack/a-creature-fights-target-creature"),
    Kind("effect", "fight_targets", "target [first] creature fights target [second] creature (701.12a), as fight_target",
         Modelled("events.lp", ("701.12a", "701.12b")), TwoTargets(), RESOLVING, asp="fight",
         term=lambda value, ctx: fn("fight", ctx.target(0), ctx.target(1)),
         targets=lambda value: (_creature_target(value[0]), _creature_target(value[1])),
         text=lambda v: f"Target {filter_words(v[0])} creature fights target {filter_words(v[1])} creature",
         example="stack/two-target-creatures-fight"),
    Kind("effect", "damage_each", "this deals N (or X) damage to each [filter] permanent and/or each player (or each "
         "opponent), no target (120.1, 120.3)", Modelled("events.lp", ("120.1", "120.3")), DamageEach(), RESOLVING,
         term=lambda value, ctx: fn("damage_each", amount_term(value[0]),
                                    ctx.filter(value[1], "eff") if value[1] is not None else C("none"),
                                    C(value[2] or "none")),
         text=lambda v: f"This deals {v[0]} damage to each " + " and each ".join(
             ([f"{filter_words(v[1])} permanent"] if v[1] is not None else [])
             + (["player" if v[2] == "each" else "opponent"] if v[2] else [])),
         example="sequences/damage-to-each-creature-and-each-player"),
    Kind("effect", "attach_to_tokens", "attach this Equipment to the token the instructions before this created (\"create "
         "a 0/0 black Phyrexian Germ creature token, then attach this to it\": living weapon, 702.92a); more than one "
         "token created (Doubling Season) is refused", Modelled("stack.lp", ("702.92a", "701.3a")), Flag(),
         frozenset({"triggered"}), term=_const("attach_to_tokens"), example="sequences/living-weapon-germ-wears-it"),
    Kind("effect", "attach_to_that", "attach this Equipment to that creature: the one whose entering triggered the "
         "ability (\"whenever a creature enters under your control, you may attach this to it\", 701.3a, 603.2), if "
         "it is still a creature on the battlefield; an Aura moved is refused",
         Modelled("stack.lp", ("701.3a", "701.3b", "603.2")), Flag(), frozenset({"triggered"}),
         term=_const("attach_to_that"), example="sequences/an-equipment-attaches-to-a-creature-that-enters"),
    Kind("effect", "attach_target", "attach this to target [filter] permanent (equip, 701.3)",
         Modelled("stack.lp", ("701.3a", "701.3b")), FilterShape("objects"), ON_PERMANENT,
         term=lambda value, ctx: fn("attach_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="craft/equip-attaches"),
    Kind("effect", "return_transformed", "return this card from exile to the battlefield transformed, under its "
         "owner's control (craft, 702.167a, 712.14a)", Modelled("events.lp", ("702.167a", "712.14a")), Flag(),
         ON_PERMANENT, term=_const("return_transformed"), example="craft/craft-with-four-materials"),
    Kind("effect", "copy_triggering_ability", "copy the ability that triggered this (\"copy it\"); with new_targets, "
         "you may choose new targets for the copy (707.10, 707.10c)", Modelled("stack.lp", ("707.10", "707.10c")),
         CopyChoice(), frozenset({"activate", "activate_paying_life"}),
         term=lambda value, ctx: fn("copy_ability", C("new_targets" if value else "same_targets")), asp="copy_ability",
         example="craft/locus-copies-an-activated-ability"),
    Kind("effect", "copy_triggering_spell", "copy the instant or sorcery spell that triggered this (\"copy that "
         "spell\"), if it is still on the stack; with new_targets, you may choose new targets for the copy (707.10, "
         "707.10c): only in a 'cast' triggered ability", Modelled("casting.lp", ("707.10", "707.10c")), CopyChoice(),
         frozenset({"cast"}), term=lambda value, ctx: fn("copy_that_spell", C("new_targets" if value else "same_targets")),
         asp="copy_that_spell", example="stack/unbound-flourishing-copies-an-x-instant"),
    Kind("effect", "double_x_of_triggering_spell", "double the value of X of the spell that triggered this, if it is "
         "still on the stack (107.3, 701.10a): only in a 'cast' triggered ability", Modelled("casting.lp", ("107.3",)),
         Flag(), frozenset({"cast"}), term=_const("double_that_x"), asp="double_that_x",
         example="stack/unbound-flourishing-doubles-x"),
    Kind("effect", "destroy_target", "destroy target [filter] permanent (701.8)", Modelled("stack.lp", ("701.8a",)),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("destroy_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="sequences/murder-under-rest-in-peace"),
    Kind("effect", "destroy_all", "destroy all [filter] permanents, no target (701.8a): the ones the filter matches as "
         "this is followed, all at once", Modelled("stack.lp", ("701.8a",)), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("destroy_all", ctx.filter(value, "eff")),
         text=lambda v: f"Destroy all {filter_words(v)} permanents", example="filters/destroy-all-by-colors"),
    *(Kind("effect", name, f"{name.split('_')[0]} all [filter] permanents, no target ({rule}): the ones the filter "
           f"matches as this is followed, each one {'untapped' if name == 'tap_all' else 'tapped'}",
           Modelled("stack.lp", (rule,)), FilterShape("objects"), RESOLVING,
           term=lambda value, ctx, name=name: fn(name, ctx.filter(value, "eff")),
           text=lambda v, name=name: f"{name.split('_')[0].capitalize()} all {filter_words(v)} permanents",
           example=example)
      for name, rule, example in (("tap_all", "701.26a", "stack/tap-all-creatures-your-opponents-control"),
                                  ("untap_all", "701.26b", "stack/untap-all-creatures-you-control"))),
    Kind("effect", "exile_all", "exile all [filter] permanents, no target (406.2): the ones the filter matches as "
         "this is followed, all at once", Modelled("stack.lp", ("406.2", "608.2c")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("exile_all", ctx.filter(value, "eff")),
         text=lambda v: f"Exile all {filter_words(v)} permanents", example="stack/exile-all-creatures"),
    Kind("effect", "return_all_to_hand", "return all [filter] permanents to their owners' hands, no target (400.7): "
         "the ones the filter matches as this is followed, all at once", Modelled("stack.lp", ("400.7", "608.2c")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("return_all_to_hand", ctx.filter(value, "eff")),
         text=lambda v: f"Return all {filter_words(v)} permanents to their owners' hands",
         example="stack/return-all-nonland-permanents-to-their-owners-hands"),
    Kind("effect", "untap_up_to", "untap up to N [filter] permanents, no target (701.26b): who follows the instruction "
         "chooses, as it is followed, at most N of the tapped permanents the filter matches then (each set of them an "
         "outcome of its own)", Modelled("stack.lp", ("701.26b", "608.2c")), UpToMatching(), RESOLVING,
         term=lambda value, ctx: fn("untap_up_to", value[0], ctx.filter(value[1], "eff")),
         text=lambda v: f"Untap up to {v[0]} {filter_words(v[1])} permanents",
         example="stack/untap-up-to-two-lands"),
    Kind("effect", "cant_be_regenerated", "what this spell or ability destroys can't be regenerated (\"It can't be "
         "regenerated\", \"They can't be regenerated\", 701.19c)", Modelled("events.lp", ("701.19c",)), Flag(),
         RESOLVING, term=_const("cant_be_regenerated"), text=lambda v: "It can't be regenerated",
         example="sequences/wrath-of-god-and-a-regeneration-shield"),
    Kind("effect", "countered_instead", "right after counter_target_spell: \"if that spell is countered this way, "
         "exile it (put it on top of its owner's library) instead of putting it into its owner's graveyard\", a "
         "self-replacement effect of the resolving spell or ability on that event alone, applied before any other "
         "(614.15, 616.1a): exile or library_top", Modelled("events.lp", ("614.15", "616.1a", "701.5a")),
         OneOf(("exile", "library_top")), RESOLVING,
         term=lambda v, ctx: fn("countered_instead", C("exile" if v == "exile" else "library")),
         text=lambda v: "If that spell is countered this way, " + ("exile it" if v == "exile" else
                                                                     "put it on top of its owner's library") + " instead",
         example="stack/a-spell-countered-this-way-is-exiled-instead"),
    Kind("effect", "counter_target_spell", "counter target [filter] spell: it leaves the stack without resolving and "
         "goes to its owner's graveyard (701.5a)", Modelled("stack.lp", ("701.5a",)), FilterShape("objects"),
         RESOLVING, term=lambda value, ctx: fn("counter_target_spell", ctx.target(0)),
         targets=lambda value: (TargetSpec(f"target {filter_words(value)} spell" if value else "target spell",
                                           "stack", value),),
         example="stack/counter-target-creature-spell"),
    Kind("effect", "return_self_to_hand", "return this permanent to its owner's hand (400.3, 400.7); in its own "
         "\"when this dies\" trigger, or in an ability activated from the graveyard (zone: graveyard), this card from "
         "the graveyard (400.7e, 113.6j)", Modelled("stack.lp", ("400.3", "400.7e")),
         Flag(), ON_PERMANENT, term=_const("return_self_to_hand"),
         text=lambda v: "Return this to its owner's hand", example="stack/return-itself-to-hand"),
    Kind("effect", "monstrosity", "monstrosity N: if this permanent isn't monstrous as this resolves, put N +1/+1 "
         "counters on it (through replacement effects) and it becomes monstrous (701.37a-b); gone or already "
         "monstrous, nothing happens", Modelled("events.lp", ("701.37a", "701.37b")), Count(1), ON_PERMANENT,
         term=_amount("monstrosity"), text=lambda v: f"Monstrosity {v}", example="stack/monstrosity-grows-a-creature-once"),
    Kind("effect", "adapt", "adapt N: if this permanent has no +1/+1 counters on it as this resolves, put N +1/+1 "
         "counters on it (701.46a; through replacement effects)", Modelled("events.lp", ("701.46a",)), Count(1),
         ON_PERMANENT, term=_amount("adapt"), text=lambda v: f"Adapt {v}", example="stack/adapt-only-without-counters"),
    Kind("effect", "return_self_to_battlefield", "return this card from its owner's graveyard to the battlefield, "
         "untapped or tapped, under its owner's control, a new object (400.7, 110.2): only in an ability activated "
         "from the graveyard (zone: graveyard, 113.6j)", Modelled("events.lp", ("113.6j", "400.7", "110.2")),
         OneOf(("untapped", "tapped")), frozenset({"activated"}),
         term=lambda v, ctx: fn("return_self_to_battlefield", C(v)),
         text=lambda v: "Return this card from your graveyard to the battlefield" + (" tapped" if v == "tapped" else ""),
         example="activation/returned-from-the-graveyard-to-the-battlefield"),
    Kind("effect", "return_that_to_battlefield", "in a delayed triggered ability about a card exiled "
         "(lasting_on_exiled): return that card to the battlefield, untapped or tapped, under its owner's control, a "
         "new object (603.7c, 400.7, 110.2), if it is still in exile; otherwise nothing happens",
         Modelled("events.lp", ("603.7c", "400.7", "110.2")), OneOf(("untapped", "tapped")), frozenset({"triggered"}),
         term=lambda v, ctx: fn("return_that_to_battlefield", C(v)),
         text=lambda v: "Return that card to the battlefield" + (" tapped" if v == "tapped" else ""),
         example="sequences/flickered-until-the-next-end-step"),
    Kind("effect", "exile_source", "exile this permanent, the ability's source, if it is still on the battlefield "
         "(406.2, 400.7: a new object in exile)", Modelled("stack.lp", ("406.2",)), Flag(), ON_PERMANENT,
         term=_const("exile_source"), text=lambda v: "Exile this permanent",
         example="sequences/a-permanent-exiles-itself-until-the-next-end-step"),
    Kind("effect", "transform_self", "transform this permanent (701.28a): a double-faced permanent still on the "
         "battlefield turns over to its other face, the same object with its counters, damage, status and the effects "
         "on it (712.8, 701.28c); any other permanent does not transform (701.28c)",
         Modelled("stack.lp", ("701.28a", "701.28c", "712.8")), Flag(), ON_PERMANENT, term=_const("transform_self"),
         text=lambda v: "Transform this", example="sequences/a-werewolf-transforms-after-a-turn-without-spells"),
    Kind("effect", "become_renowned", "this permanent becomes renowned (renown, 702.112a-b)",
         Modelled("stack.lp", ("702.112a", "702.112b")), Flag(), ON_PERMANENT, term=_const("become_renowned"),
         text=lambda v: "This becomes renowned", example="combat/renown-grows-a-creature-once"),
    Kind("effect", "return_self_with_counter", "return this card from its owner's graveyard to the battlefield under "
         "its owner's control with a counter of a kind on it (persist 702.79a, undying 702.93a; 400.7e, 614.1c): only "
         "in its own \"when this dies\" trigger", Modelled("events.lp", ("702.79a", "702.93a", "400.7e", "614.1c")),
         Name("counter kind"), frozenset({"dies"}), term=lambda v, ctx: fn("return_self_with_counter", C(v)),
         text=lambda v: "Return this to the battlefield with a counter", example="sequences/persist-returns-once"),
    Kind("effect", "return_target_to_hand", "return target [filter] permanent to its owner's hand (400.3, 400.7)",
         Modelled("stack.lp", ("400.3",)), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("return_target_to_hand", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/return-target-creature-to-hand"),
    Kind("effect", "return_card_to_hand", "return target [filter] card from your graveyard to your hand (400.3, "
         "115.1: a card in its owner's graveyard, owner: you)", Modelled("stack.lp", ("400.3", "115.1")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("return_card_to_hand", ctx.target(0)),
         targets=_card_in_your_graveyard,
         example="stack/return-target-creature-card-from-the-graveyard"),
    Kind("effect", "put_on_top_target", "put target [filter] permanent on top of its owner's library (400.3, 400.7)",
         Modelled("stack.lp", ("400.3", "400.7")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("put_on_top_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="sequences/a-creature-put-on-top-is-drawn-next"),
    Kind("effect", "put_card_on_top", "put target [filter] card from your graveyard on top of your library (400.3, "
         "115.1: a card in its owner's graveyard, owner: you)", Modelled("stack.lp", ("400.3", "400.7")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("put_card_on_top", ctx.target(0)),
         targets=_card_in_your_graveyard,
         example="sequences/a-card-from-the-graveyard-put-on-top-is-drawn"),
    Kind("effect", "put_on_bottom_target", "put target [filter] permanent on the bottom of its owner's library (400.3, "
         "400.7, 401.4: below the cards only counted)", Modelled("stack.lp", ("400.3", "400.7", "401.4")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("put_on_bottom_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/condemn-puts-an-attacker-on-the-bottom"),
    Kind("effect", "put_card_on_bottom", "put target [filter] card from a graveyard on the bottom of its owner's library "
         "(400.3, 401.4, 115.1: a card in any player's graveyard)", Modelled("stack.lp", ("400.3", "401.4")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("put_card_on_bottom", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " card in a graveyard", "graveyard",
                                           Filter(value)),),
         example="stack/a-card-from-a-graveyard-put-on-the-bottom"),
    Kind("effect", "put_self_on_top", "put this permanent on top of its owner's library (400.3, 400.7)",
         Modelled("stack.lp", ("400.3", "400.7")), Flag(), ON_PERMANENT, term=_const("put_self_on_top"),
         text=lambda v: "Put this on top of its owner's library", example="sequences/a-permanent-puts-itself-on-top"),
    Kind("effect", "exile_card_from_hand", "exile a [filter] card from your hand (406.1), as you choose: Chrome Mox's "
         "imprint; the card is exiled with the ability's source while that permanent stays on the battlefield, \"the "
         "exiled card\" of its other abilities (607.2a)", Modelled("stack.lp", ("406.1", "607.2a")),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("exile_card_from_hand", ctx.filter(value, "eff")),
         text=lambda v: f"Exile a {filter_words(v)} card from your hand".replace("  ", " "),
         example="sequences/an-enters-trigger-exiles-a-card-of-the-hand"),
    Kind("effect", "exile_card_target", "exile target [filter] card from a graveyard (406.2, 115.1: a card in any "
         "player's graveyard)", Modelled("stack.lp", ("406.2", "115.1")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("exile_card_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " card in a graveyard", "graveyard",
                                           Filter(value)),),
         example="stack/exile-target-card-from-a-graveyard"),
    Kind("effect", "return_card_to_battlefield", "return target [filter] card from your graveyard to the battlefield "
         "under its owner's control (400.7, 110.2: a card in its owner's graveyard, owner: you)",
         Modelled("events.lp", ("400.7", "110.2")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("return_card_to_battlefield", ctx.target(0)),
         targets=_card_in_your_graveyard,
         example="stack/return-target-creature-card-to-the-battlefield"),
    Kind("effect", "that_enters_with_counters", "the card a return_card_to_battlefield before it returns enters with N "
         "additional counters of a kind (\"that creature enters with an additional +1/+1 counter on it\", 614.1c): a "
         "spell's, usually on a condition (Vigor Mortis's if_spent)", Modelled("events.lp", ("614.1c", "608.2c")),
         CounterAmount(), frozenset({"spell"}), term=lambda v, ctx: fn("that_enters_with_counters", C(v[0]), v[1]),
         text=lambda v: f"That card enters with {v[1]} additional {v[0]} counter(s)",
         example="sequences/vigor-mortis-with-green-spent"),
    Kind("effect", "target_player", "target player follows the instruction instead of you: {draw: N}, {discard: N}, "
         "{gain_life: N}, {lose_life: N}, {mill: N}, {exile_top: N} or {sacrifice: a filter} (115.1, 608.2c, "
         "701.21a)",
         Modelled("stack.lp", ("115.1", "608.2c")), PlayerInstruction(), RESOLVING,
         term=lambda value, ctx: fn("target_player", ctx.target(0), followed_term(value, ctx)),
         targets=lambda value: (PLAYER_TARGET,), example="stack/target-player-draws-and-discards"),
    Kind("effect", "choose_discard_from_hand", "target player (opponent) reveals their hand; you choose a [filter] card "
         "from it, and that player discards it (701.16a, 701.9b): nothing if none fits; a hand the situation only "
         "counts cards of is refused", Modelled("stack.lp", ("701.16a", "701.9b", "608.2c")), ChosenFromHand(),
         RESOLVING, term=lambda value, ctx: fn("choose_discard_from_hand", ctx.target(0), ctx.filter(value[1], "eff")),
         targets=lambda value: (PLAYER_TARGET if value[0] == "player" else OPPONENT_TARGET,),
         text=lambda v: f"Target {v[0]} reveals their hand. You choose a {filter_words(v[1])} card from it. That player "
                        "discards that card",
         example="stack/duress-takes-a-noncreature-nonland-card"),
    Kind("effect", "look_at_hand", "look at target player's (opponent's) hand: hidden information one player sees "
         "(400.2); nothing in the game changes, but the spell or ability has its target (115.1, 601.2c, 608.2b)",
         Modelled("stack.lp", ("115.1", "400.2", "608.2b")), OneOf(("player", "opponent")), RESOLVING,
         term=lambda value, ctx: fn("look_at_hand", ctx.target(0)),
         targets=lambda value: (PLAYER_TARGET if value == "player" else OPPONENT_TARGET,),
         text=lambda v: f"Look at target {v}'s hand", example="stack/look-at-target-players-hand"),
    Kind("effect", "target_opponent", "target opponent follows the instruction instead of you: {draw: N}, {discard: N}, "
         "{gain_life: N}, {lose_life: N}, {mill: N}, {exile_top: N} or {sacrifice: a filter} (115.1, 102.3, "
         "608.2c, 701.21a)",
         Modelled("stack.lp", ("115.1", "102.3", "608.2c")), PlayerInstruction(), RESOLVING, asp="ability_target_opponent",
         term=lambda value, ctx: fn("target_player", ctx.target(0), followed_term(value, ctx)),
         targets=lambda value: (OPPONENT_TARGET,), example="stack/target-opponent-is-not-you"),
    *(Kind("effect", who, f"{who.replace('_', ' ')} follows the instruction: {{draw: N}}, {{discard: N}}, {{gain_life: "
           "N}, {lose_life: N}, {mill: N}, {exile_top: N} or {sacrifice: a filter}; each chooses for themselves what to "
           "discard or sacrifice (101.4, 608.2c)",
           Modelled("stack.lp", ("101.4", "608.2c")), PlayerInstruction(), RESOLVING,
           term=lambda value, ctx, who=who: fn(who, followed_term(value, ctx)),
           example=f"stack/{who.replace('_', '-')}-discards-a-card") for who in ("each_player", "each_opponent")),
    *(Kind("effect", name, f"you {verb} that much life: as much as the event the ability triggered on was (the damage "
           "dealt or dealt to, 603.2, 119.3): in a deals_damage or dealt_damage triggered ability",
           Modelled("stack.lp", ("603.2", "119.3")), Flag(), frozenset({"deals_damage", "dealt_damage"}) | DAMAGE_TO_PLAYER,
           term=_const(name),
           example=example)
      for name, verb, example in (
          ("gain_life_that_much", "gain", "combat/a-creature-that-gains-as-much-life-as-it-deals-damage"),
          ("lose_life_that_much", "lose", "stack/a-creature-that-loses-you-life-as-it-is-dealt-damage"))),
    Kind("effect", "damage_any_target_that_much", "this deals that much damage to any target: as much as the event the "
         "ability triggered on was (the damage dealt or dealt to, 603.2, 120.1): in a deals_damage or dealt_damage "
         "triggered ability", Modelled("events.lp", ("603.2", "120.1")), Flag(),
         frozenset({"deals_damage", "dealt_damage"}) | DAMAGE_TO_PLAYER,
         term=lambda value, ctx: fn("damage_any_target_that_much", ctx.target(0)), targets=lambda value: (ANY_TARGET,),
         text=lambda v: "This deals that much damage to any target",
         example="stack/a-creature-that-deals-as-much-damage-as-it-is-dealt"),
    Kind("effect", "damage_you_that_much", "this deals that much damage to you (its controller): as much as the event "
         "the ability triggered on was (603.2, 120.1): in a deals_damage or dealt_damage triggered ability",
         Modelled("events.lp", ("603.2", "120.1")), Flag(), frozenset({"deals_damage", "dealt_damage"}) | DAMAGE_TO_PLAYER,
         term=_const("damage_you_that_much"), text=lambda v: "This deals that much damage to you",
         example="stack/a-creature-that-deals-you-as-much-damage-as-it-is-dealt"),
    Kind("effect", "additional_upkeep_steps_that_many", "you get that many additional upkeep steps after this phase: "
         "as many as the combat damage the ability triggered on (500.8, 500.10); in a deals_combat_damage_to_player "
         "triggered ability, resolving in the combat phase of its controller's turn",
         Modelled("triggers.lp", ("500.8", "500.10")), Flag(), frozenset({"deals_combat_damage_to_player"}),
         term=_const("additional_upkeep_steps_that_many"),
         example="sequences/obeka-additional-upkeeps-before-the-main-phase"),
    Kind("effect", "its_controller", "\"its controller\": the controller of target N of the instructions before it (a "
         "permanent or a spell), as it was as the spell or ability began to resolve, follows the instruction: {target: N, "
         "draw: N}, discard, gain_life, lose_life, mill, exile_top or sacrifice (\"Destroy target creature. Its "
         "controller loses 2 life\"; 608.2c, 608.2h); nothing if that target is illegal",
         Modelled("stack.lp", ("608.2c", "608.2h")),
         TargetControllerInstruction(), RESOLVING,
         term=lambda value, ctx: fn("its_controller", value[0], followed_term(value[1], ctx)),
         example="stack/its-controller-loses-life"),
    Kind("effect", "that_player", "in \"whenever this deals (combat) damage to a player (an opponent)\", \"whenever a "
         "player discards a card\" or \"at the beginning of each player's upkeep (draw step)\", that player follows the "
         "instruction: {draw: N}, {discard: N}, {gain_life: N}, {lose_life: N}, {mill: N}, {exile_top: N} or "
         "{sacrifice: a filter} (603.2, 608.2c, 701.21a)",
         Modelled("stack.lp", ("603.2", "608.2c")), PlayerInstruction(), frozenset({"triggered"}),
         term=lambda value, ctx: fn("that_player", followed_term(value, ctx)),
         example="combat/that-player-discards-after-combat-damage"),
    Kind("effect", "defending_player", "in a triggered ability of an attacking creature (\"whenever this attacks (and "
         "isn't blocked)\", \"becomes blocked\"), the defending player follows the instruction: the player it attacks, "
         "or the controller of the planeswalker it attacks (508.5): {draw: N}, {discard: N}, {gain_life: N}, "
         "{lose_life: N}, {mill: N}, {exile_top: N}, {get_poison: N} or {sacrifice: a filter} (608.2c)",
         Modelled("stack.lp", ("508.5", "608.2c")), PlayerInstruction(),
         frozenset({"becomes_blocked", "attacks", "attacks_unblocked"}),
         term=lambda value, ctx: fn("defending_player", followed_term(value, ctx)),
         example="combat/attacks-and-isnt-blocked"),
    Kind("effect", "up_to", "\"tap up to two target creatures\": one instruction with one target followed for each of "
         "up to N targets, each a different object; none, some or all of them may be chosen (601.2c), and with none "
         "chosen the spell or ability has no targets and resolves (608.2b). Targets after them in the same ability are "
         "refused", Modelled("stack.lp", ("601.2c", "608.2b")), UpTo(), RESOLVING, term=_up_to_term,
         targets=_up_to_targets, example="stack/tap-up-to-two-target-creatures", asp="ability_target_optional"),
    Kind("effect", "may", "you may follow this instruction or not, as it would be followed (608.2d); its targets are "
         "chosen anyway (603.3d, 601.2c)", Modelled("stack.lp", ("608.2d",)), MayInstruction(), RESOLVING, term=_may_term,
         targets=lambda value: targets_of(_effect_kind(value[0]), value[1]),  # type: ignore[arg-type]
         example="stack/you-may-draw-a-card"),
    Kind("effect", "if_you_do", "\"If you do, [instruction]\" right after \"you may draw (discard) N cards\" or \"you "
         "may sacrifice this\": followed only if its player took up that instruction and drew (discarded) every card it "
         "says, or sacrificed this permanent (608.2c); after if_paid (and the if_you_do after it), the instructions that "
         "\"if you do\" holds beyond the first: followed only if its player paid",
         Modelled("stack.lp", ("608.2c", "608.2d")), MayInstruction(), RESOLVING,
         term=lambda value, ctx: _wrapped("if_you_do", _effect_kind(value[0]).term(value[1], ctx)),
         targets=lambda value: targets_of(_effect_kind(value[0]), value[1]),  # type: ignore[arg-type]
         example="stack/you-may-draw-and-if-you-do-discard"),
    Kind("effect", "unless_spent", "\"When this enters, sacrifice it unless {U} was spent to cast it\" (Azorius Herald): "
         "the instruction is followed unless mana of the color was spent to cast this permanent (601.2h, 608.2c); one "
         "that was not cast had none spent", Modelled("stack.lp", ("601.2h", "608.2c")), UnlessSpent(),
         frozenset({"triggered"}),
         term=lambda v, ctx: fn("unless_spent", C(COLOR_NAMES[v[0]]), _effect_kind(v[1]).term(v[2], ctx)),
         example="sequences/sacrificed-unless-blue-was-spent"),
    Kind("effect", "if_your_turn", "\"If it's your turn, scry 2\": the instruction is followed only if the controller of "
         "the spell or ability is the active player as it resolves (608.2c)", Modelled("stack.lp", ("608.2c",)),
         MayInstruction(), RESOLVING,
         term=lambda value, ctx: _wrapped("if_your_turn", _effect_kind(value[0]).term(value[1], ctx)),
         targets=lambda value: targets_of(_effect_kind(value[0]), value[1]),  # type: ignore[arg-type]
         example="stack/if-its-your-turn-draw-on-your-own-turn"),
    Kind("effect", "kinship", "\"You may look at the top card of your library. If it shares a creature type with this, you "
         "may reveal it. If you do, [instruction]\" (kinship): followed only if the top card of its player's library "
         "shares a creature type with this permanent and they choose to reveal it (608.2c, 608.2d, 205.3m); a library "
         "the situation only counts is refused", Modelled("stack.lp", ("608.2c", "608.2d", "205.3m")), MayInstruction(),
         frozenset({"triggered"}),
         term=lambda value, ctx: _wrapped("kinship", _effect_kind(value[0]).term(value[1], ctx)),
         targets=lambda value: targets_of(_effect_kind(value[0]), value[1]),  # type: ignore[arg-type]
         example="stack/kinship-reveals-a-card-that-shares-a-creature-type"),
    Kind("effect", "flip_coin", "flip a coin (705.1): who follows the instruction wins or loses the flip, at random: "
         "each an outcome of its own, recorded (flipped)", Modelled("stack.lp", ("705.1", "705.2")), Flag(), RESOLVING,
         term=_const("flip_coin"), text=lambda v: "Flip a coin", example="stack/flip-a-coin-to-destroy-or-draw"),
    *(Kind("effect", name, f"\"If you {verb} the flip, [instruction]\" after a flip_coin instruction: followed only if "
           f"the flip was {name.split('_')[0]} (705.1)", Modelled("stack.lp", ("705.1",)), MayInstruction(), RESOLVING,
           term=lambda value, ctx, name=name: _wrapped(name, _effect_kind(value[0]).term(value[1], ctx)),
           targets=lambda value: targets_of(_effect_kind(value[0]), value[1]),  # type: ignore[arg-type]
           example="stack/flip-a-coin-to-destroy-or-draw")
      for name, verb in (("won_flip", "win"), ("lost_flip", "lose"))),
    Kind("effect", "if_you_control", "\"If you control a Wizard, draw a card\": the instruction is followed only if, as "
         "it would be, its player controls at least N permanents the filter matches (608.2c); refused where another "
         "instruction of the same spell or ability moves, taps, untaps or counts onto permanents, or begins an effect "
         "the filter could see, since the game is read as the resolution began", Modelled("stack.lp", ("608.2c",)),
         IfYouControl(), RESOLVING, term=_if_you_control_term, asp="if_controls",
         targets=lambda value: targets_of(_effect_kind(value[2]), value[3]),  # type: ignore[arg-type]
         example="stack/if-you-control-a-wizard-draw-a-card"),
    Kind("effect", "if_paid", "you may pay this mana cost (or these energy counters, 107.14, or this much life, or "
         "that_much: as much as the event the ability triggered on, 119.4) as the instruction would be followed; if "
         "you do, it is followed (\"you may pay {2}. If you do, draw a card\", 608.2d); mana abilities may be "
         "activated to pay (605.3a)", Modelled("stack.lp", ("608.2d", "605.3a", "119.4")), IfPaid(), RESOLVING,
         term=_if_paid_term,
         targets=lambda value: targets_of(_effect_kind(value[1]), value[2]),  # type: ignore[arg-type]
         example="stack/you-may-pay-and-if-you-do-draw"),
    Kind("effect", "unless_paid", "follow this instruction unless a player pays this mana cost as it would be "
         "followed: you, or the controller of its target (118.12, 608.2d); they may activate mana abilities to pay "
         "(605.3a): \"counter target spell unless its controller pays {3}\", \"sacrifice this unless you pay {G}\"",
         Modelled("stack.lp", ("118.12", "608.2d")), UnlessPaid(), RESOLVING, term=_unless_term,
         targets=lambda value: targets_of(_effect_kind(value[2]), value[3]),  # type: ignore[arg-type]
         example="stack/counter-unless-its-controller-pays"),
    Kind("effect", "sacrifice_self", "sacrifice this permanent, if its controller follows this (701.21a)",
         Modelled("stack.lp", ("701.21a",)), Flag(), ON_PERMANENT, term=_const("sacrifice_self"),
         text=lambda v: "Sacrifice this", example="stack/sacrifice-itself-when-it-enters"),
    Kind("effect", "return_one_to_hand", "return a [filter] permanent (one you control) to its owner's hand: its "
         "controller chooses which as this is followed; no target (608.2d, 400.3)", Modelled("choices.lp", ("608.2d",)),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("return_one_to_hand", ctx.filter(value, "eff")),
         example="choices/a-bounce-land-returns-a-land"),
    Kind("effect", "sacrifice_unless_return", "sacrifice this permanent unless you return a [filter] permanent to its "
         "owner's hand: you choose one to return, or none and this is sacrificed (118.12, 608.2d; no target)",
         Modelled("choices.lp", ("118.12", "608.2d", "701.21a")), FilterShape("objects"), ON_PERMANENT,
         term=lambda value, ctx: fn("sacrifice_unless_return", ctx.filter(value, "eff")),
         text=lambda v: f"Sacrifice this unless you return a {filter_words(v)} permanent to its owner's hand",
         example="choices/a-lair-is-sacrificed-unless-a-land-returns"),
    Kind("effect", "sacrifice_unless_discard", "sacrifice this permanent unless you discard a card (of a filter, or at "
         "random): you discard one, or none and this is sacrificed (118.12, 701.9a, 701.9b); a counted hand is refused "
         "with a filter", Modelled("choices.lp", ("118.12", "701.9a", "701.9b")), DiscardInstead(), ON_PERMANENT,
         term=lambda v, ctx: fn("sacrifice_unless_discard", ctx.filter(v[0], "eff") if v[0] is not None else C("none"),
                                C("random" if v[1] else "chosen")),
         text=lambda v: "Sacrifice this unless you discard a card",
         example="choices/a-masticore-is-fed-a-card-or-sacrificed"),
    Kind("effect", "prevent_next_any_target", "prevent the next N damage that would be dealt to any target this "
         "turn: a shield for it (615.7)", Modelled("stack.lp", ("615.7",)), Count(1, maximum=SHIELD_LIMIT), RESOLVING,
         term=lambda value, ctx: fn("prevent_next", ctx.target(0), value), asp="prevent_next",
         targets=lambda value: (ANY_TARGET,),
         text=lambda v: f"Prevent the next {v} damage that would be dealt to any target this turn",
         example="sequences/samite-healer-shields-a-creature"),
    Kind("effect", "prevent_next_target", "prevent the next N damage that would be dealt to target [filter] permanent "
         "this turn: a shield for it (615.7); with counters: kind, \"and put a [kind] counter on that creature for each "
         "1 damage prevented this way\" (Test of Faith)", Modelled("stack.lp", ("615.7",)), ShieldTarget(), RESOLVING,
         term=lambda value, ctx: fn("prevent_next_counting", ctx.target(0), value[0], C(value[2])) if value[2]
         else fn("prevent_next", ctx.target(0), value[0]), asp="prevent_next",
         targets=lambda value: (TargetSpec("target " + filter_words(value[1]) + " permanent", "battlefield",
                                           value[1]),),
         text=lambda v: f"Prevent the next {v[0]} damage that would be dealt to target {filter_words(v[1])} permanent "
                        "this turn" + (f", and put a {v[2]} counter on it for each 1 damage prevented this way" if v[2]
                                       else ""),
         example="sequences/a-shield-then-deathtouch-and-a-bolt"),
    Kind("effect", "prevent_next_self", "prevent the next N damage that would be dealt to this permanent this turn: a "
         "shield for it (615.7)", Modelled("stack.lp", ("615.7",)), Count(1, maximum=SHIELD_LIMIT), ON_PERMANENT,
         term=lambda value, ctx: fn("prevent_next", C("self"), value), asp="prevent_next",
         text=lambda v: f"Prevent the next {v} damage that would be dealt to this this turn",
         example="sequences/a-shield-on-itself-before-a-bolt"),
    Kind("effect", "prevent_next_you", "prevent the next N damage that would be dealt to you this turn: a shield for "
         "its controller (615.7)", Modelled("stack.lp", ("615.7",)), Count(1, maximum=SHIELD_LIMIT), RESOLVING,
         term=lambda value, ctx: fn("prevent_next", C("you"), value), asp="prevent_next",
         text=lambda v: f"Prevent the next {v} damage that would be dealt to you this turn",
         example="sequences/a-shield-for-its-controller-before-a-bolt"),
    Kind("effect", "regenerate_self", "regenerate this permanent: a regeneration shield for it this turn (701.19a)",
         Modelled("stack.lp", ("701.19a",)), Flag(), ON_PERMANENT, term=_const("regenerate_self"),
         text=lambda v: "Regenerate this", example="sequences/regenerated-blocker-survives-lethal-damage"),
    Kind("effect", "regenerate_target", "regenerate target [filter] permanent: a regeneration shield for it this turn "
         "(701.19a)", Modelled("stack.lp", ("701.19a",)), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("regenerate_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="sequences/regenerate-target-creature-then-murder"),
    Kind("effect", "regenerate_that", "regenerate the permanent that is its target N (\"target creature gets +2/+2 until "
         "end of turn. Regenerate it.\", 701.19a)", Modelled("stack.lp", ("701.19a",)), Count(1), RESOLVING,
         term=lambda value, ctx: fn("regenerate_that", value), example="sequences/a-pumped-target-is-regenerated"),
    Kind("effect", "tap_target", "tap target [filter] permanent (701.26a)", Modelled("stack.lp", ("701.26a",)),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("tap_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/tap-target-creature-before-blocks"),
    Kind("effect", "proliferate", "proliferate (701.27a): who follows the instruction chooses any number of the "
         "permanents and players that have counters, and each gets another counter of each kind already there (a "
         "permanent's through the replacement effects on counters; a player's poison or energy)",
         Modelled("events.lp", ("701.27a", "122.1")), Flag(), RESOLVING, term=_const("proliferate"),
         text=lambda v: "Proliferate", example="stack/proliferate-chooses-what-gets-counters"),
    Kind("effect", "tap_or_untap_target", "you may tap or untap target [filter] permanent (701.26a-b, 608.2d): who "
         "follows the instruction chooses, as it is followed, to tap it (if untapped), untap it (if tapped), or neither",
         Modelled("stack.lp", ("701.26a", "701.26b", "608.2d")), FilterShape("objects"), RESOLVING,
         term=lambda value, ctx: fn("tap_or_untap_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/tap-or-untap-target-creature"),
    Kind("effect", "untap_target", "untap target [filter] permanent (701.26b)", Modelled("stack.lp", ("701.26b",)),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("untap_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="stack/untap-target-land-for-mana"),
    Kind("effect", "skip_untap_self", "this permanent doesn't untap during your next untap step (502.3): the "
         "outcome records it (skips_next_untap), and the action untap_step reads it", Modelled("stack.lp", ("502.3",)),
         Flag(),
         ON_PERMANENT, term=_const("skip_untap_self"), text=lambda v: "This doesn't untap during your next untap step",
         example="sequences/a-painland-like-land-skips-its-next-untap"),
    Kind("effect", "skip_untap_target", "target [filter] permanent doesn't untap during its controller's next untap "
         "step (502.3), recorded in the outcome (skips_next_untap)", Modelled("stack.lp", ("502.3",)),
         FilterShape("objects"), RESOLVING, term=lambda value, ctx: fn("skip_untap_target", ctx.target(0)),
         targets=lambda value: (TargetSpec("target " + filter_words(value) + " permanent", "battlefield", value),),
         example="sequences/a-target-creature-skips-its-next-untap"),
    Kind("effect", "tap_that_creature", "tap that creature: the creature the triggering event was about (blocking, "
         "blocked by or dealt combat damage by this), if it is still on the battlefield (701.26a, 603.2)",
         Modelled("stack.lp", ("701.26a", "603.2")), Flag(), frozenset({"triggered"}), term=_const("tap_that_creature"),
         text=lambda v: "Tap that creature", example="combat/combat-damage-taps-that-creature"),
    Kind("effect", "move_counter_to_that", "move a counter of this kind from this permanent onto that creature (the "
         "one the triggering event was about): taken from this and put onto it, as putting counters is (its "
         "replacement effects apply); nothing if this has no such counter, if either is no longer on the battlefield, "
         "or if they are one (122.5, graft 702.58a)", Modelled("events.lp", ("122.5", "702.58a")),
         Name("counter kind"), frozenset({"triggered"}), term=lambda value, ctx: fn("move_counter_to_that", C(value)),
         text=lambda v: f"Move a {v} counter from this onto that creature",
         example="sequences/a-moved-counter-leaves-its-first-creature"),
    Kind("effect", "skip_untap_that_creature", "that creature (the one the triggering event was about) doesn't untap "
         "during its controller's next untap step (502.3), recorded in the outcome (skips_next_untap)",
         Modelled("stack.lp", ("502.3", "603.2")), Flag(), frozenset({"triggered"}),
         term=_const("skip_untap_that_creature"), text=lambda v: "That creature doesn't untap during its controller's "
         "next untap step", example="combat/combat-damage-taps-that-creature"),
    Kind("effect", "land_doesnt_untap", "that land (the one tapped for mana, which the triggering event was about) "
         "doesn't untap during its controller's next untap step (502.3), recorded in the outcome (skips_next_untap) "
         "and read by the action untap_step", Modelled("stack.lp", ("502.3", "603.2")), Flag(),
         frozenset({"tapped_for_mana"}), term=_const("land_doesnt_untap"),
         text=lambda v: "That land doesn't untap during its controller's next untap step",
         example="sequences/vorinclex-keeps-a-land-tapped-through-its-next-untap-step"),
    Kind("effect", "skip_untap_that", "the permanent that is its target N doesn't untap during its controller's next "
         "untap step (\"it doesn't untap\" after \"tap target creature\", 502.3), recorded in the outcome "
         "(skips_next_untap)", Modelled("stack.lp", ("502.3",)), Count(1), RESOLVING,
         term=lambda value, ctx: fn("skip_untap_that", value), example="sequences/tapped-and-kept-tapped-as-it-enters"),
    *(Kind("effect", name, f"{doc} the permanent this is attached to (\"enchanted creature\", \"equipped creature\", "
           f"303.4, 301.5) as the instruction is followed ({rule}); a source no longer on the battlefield is refused",
           Modelled("stack.lp", (rule, "303.4")), Flag(), ON_PERMANENT, term=_const(name), example=example)
      for name, doc, rule, example in (
          ("tap_enchanted", "tap", "701.26a", "sequences/an-aura-taps-the-creature-it-enters-attached-to"),
          ("untap_enchanted", "untap", "701.26b", "stack/an-aura-untaps-its-creature"),
          ("regenerate_enchanted", "regenerate (a regeneration shield this turn for)", "701.19a",
           "sequences/an-aura-regenerates-its-creature"))),
    Kind("effect", "lasting_on_enchanted", "the permanent this is attached to gets the lasting effect of this card's "
         "ability N (\"enchanted creature gets +1/+1 until end of turn\"), as this resolves (611.2a, 611.2c, 303.4); a "
         "source no longer on the battlefield is refused", Modelled("stack.lp", ("611.2a", "611.2c", "303.4")),
         Count(1), ON_PERMANENT, term=lambda value, ctx: fn("lasting_on_enchanted", value),
         example="layers/an-aura-pumps-its-creature-until-end-of-turn"),
    Kind("effect", "lasting_on_target", "target [filter] permanent gets the lasting effect of this card's ability N "
         "(\"target creature gets +3/+3 until end of turn\"): it begins as this resolves, on that permanent alone "
         "(611.2a, 611.2c)", Modelled("stack.lp", ("611.2a", "611.2c")), LastingOnTarget(), RESOLVING,
         term=lambda value, ctx: fn("lasting_on_target", value[0], ctx.target(0)),
         targets=lambda value: (TargetSpec(("another target " if value[2] else "target ") + filter_words(value[1]) +
                                           " permanent", "battlefield", value[1], distinct_from=value[2]),),
         example="layers/giant-growth-on-a-blocker"),
    Kind("effect", "lasting_on_its_target", "the permanent that is its target K (chosen by an instruction before this) "
         "gets the lasting effect of this card's ability N (\"if that creature would die this turn, exile it instead\"): it "
         "begins as this resolves, on that permanent alone, if it is still a legal target (611.2a, 611.2c)",
         Modelled("stack.lp", ("611.2a", "611.2c")), Numbers((("ability", 1), ("target", 1))), RESOLVING,
         term=lambda value, ctx: fn("lasting_on_target", value[0], value[1]), asp="lasting_on_target",
         example="sequences/lava-coil-exiles-the-creature-it-kills"),
    Kind("effect", "lasting_on_damaged", "each creature the instructions before this dealt damage to (after prevention, "
         "120.1) gets the lasting effect of this card's ability N (\"if a creature dealt damage this way would die this "
         "turn, exile it instead\", 611.2c)", Modelled("stack.lp", ("611.2c", "120.1")), Count(1), RESOLVING,
         term=lambda value, ctx: fn("lasting_on_damaged", value),
         example="sequences/a-creature-dealt-damage-this-way-is-exiled-as-it-dies"),
    Kind("effect", "lasting_on_that", "the creature the triggering event was about gets the lasting effect of this "
         "card's ability N (\"that creature gets +1/+1 until end of turn\": exalted, 702.83a; 603.2, 611.2c)",
         Modelled("stack.lp", ("603.2", "611.2c")), Count(1), frozenset({"triggered"}),
         term=lambda value, ctx: fn("lasting_on_that", value),
         example="combat/exalted-twice-on-a-creature-attacking-alone"),
    Kind("effect", "lasting_on_returned", "the card the instructions before this return to the battlefield gets the "
         "lasting effect (or delayed triggered ability) of this card's ability N, as the permanent it now is (\"return this "
         "card from your graveyard to the battlefield. It gains haste\": 400.7j, the effect that moved it finds it; "
         "611.2c); nothing if it did not arrive there. Only after return_self_to_battlefield, in an ability activated from "
         "the graveyard, or after return_card_to_battlefield in a spell (each card it returns: \"each of those "
         "creatures is a black Zombie\")", Modelled("stack.lp", ("400.7j", "611.2c")), Count(1),
         frozenset({"activated", "spell"}),
         term=lambda value, ctx: fn("lasting_on_returned", value), example="sequences/unearth-returns-until-the-end-step"),
    Kind("effect", "lasting_on_exiled", "the card the instructions before this exiled from the battlefield (a target "
         "exiled, or this permanent) gets the delayed triggered ability of this card's ability N (\"exile target "
         "creature; return that card to the battlefield under its owner's control at the beginning of the next end "
         "step\", 603.7a): the new object in exile, found by the effect that moved it (400.7); a token exiled ceases "
         "to exist (111.7), and none is made about it", Modelled("stack.lp", ("603.7a", "603.7c", "400.7")), Count(1),
         RESOLVING, term=lambda value, ctx: fn("lasting_on_exiled", value),
         example="sequences/flickered-until-the-next-end-step"),
    Kind("effect", "lasting_on_tokens", "the token the instructions before this create gets the lasting effect (or "
         "delayed triggered ability) of this card's ability N (\"create a 4/4 Angel token; exile it at the beginning "
         "of the next end step\", 603.7a); more than one such token is refused as its ability triggers",
         Modelled("stack.lp", ("603.7a", "111.1")), Count(1), RESOLVING,
         term=lambda value, ctx: fn("lasting_on_tokens", value),
         example="sequences/a-token-exiled-at-the-next-end-step"),
    *(Kind("effect", name, f"{doc} the object this delayed triggered ability refers to, or, in a triggered ability "
           "whose event is about another creature (blocks_creature, becomes_blocked_by), that creature, if it is still "
           "on the battlefield (603.7c, 603.2; otherwise nothing happens)", Modelled("stack.lp", ("603.7c", rule)), Flag(),
           frozenset({"triggered"}), term=_const(name), example=example)
      for name, doc, rule, example in (
          ("sacrifice_that", "its controller sacrifices", "701.21a", "sequences/sacrificed-at-the-next-end-step"),
          ("destroy_that", "destroy", "701.8a", "sequences/a-target-destroyed-at-the-next-end-step"),
          ("exile_that", "exile", "406.2", "sequences/a-token-exiled-at-the-next-end-step"),
          ("return_that_to_hand", "return to its owner's hand", "400.3",
           "sequences/returned-to-hand-at-the-next-end-step"))),
    Kind("effect", "remove_counter_that", "remove a counter of a kind from the object this delayed triggered ability refers "
         "to (\"remove a +1/+1 counter from it at end of combat\"), if it is still on the battlefield with one (603.7c, "
         "122.1)", Modelled("stack.lp", ("603.7c", "122.1")), Name("counter kind"), frozenset({"triggered"}),
         term=lambda value, ctx: fn("remove_counter_that", C(value)),
         text=lambda v: f"Remove a {v} counter from it", example="combat/a-counter-removed-at-end-of-combat"),
    Kind("effect", "lasting_on_self", "this permanent gets the lasting effect of this card's ability N (\"~ gets "
         "+1/+1 until end of turn\"), as this resolves (611.2a, 611.2c)", Modelled("stack.lp", ("611.2a", "611.2c")),
         Count(1), RESOLVING, term=lambda value, ctx: fn("lasting_on_self", value),
         example="layers/a-pump-ability-until-end-of-turn"),
    Kind("effect", "lasting_on_each", "each permanent the filter of this card's lasting ability N matches as this "
         "resolves gets that effect (\"creatures you control get +1/+1 until end of turn\"): those permanents "
         "alone, whatever enters or changes later (611.2c)", Modelled("stack.lp", ("611.2a", "611.2c")),
         Count(1), RESOLVING, term=lambda value, ctx: fn("lasting_on_each", value),
         example="layers/a-team-pump-is-locked-in"),
    Kind("effect", "create_effect", "the lasting effect of this card's ability N begins, about no object in particular "
         "(\"prevent all combat damage that would be dealt this turn\", \"until end of turn, ...\"), as this resolves "
         "(611.2a)", Modelled("stack.lp", ("611.2a",)), Count(1), RESOLVING,
         term=lambda value, ctx: fn("create_effect", value), example="sequences/deep-water-resolves-and-makes-blue"),
    # Refused: pyrules says unsupported as soon as one would resolve.
    _refused("sacrifice_unless_sacrifice", "sacrifice this unless you sacrifice a [filter]",
             "sacrificing this unless a permanent is sacrificed", FilterShape("objects"), RESOLVING),
    _refused("return_exiled", "return the exiled card to the battlefield", "returning an exiled card"),
    _refused("win_the_game_with_counters", "if this has N or more counters of a kind, you win the game (104.2b)",
             "winning the game", CounterAmount()),
    _refused("fetch_partner", "search your library for the card this has partner with",
             "searching a library for a partner"),
)


def filter_words(flt: Filter) -> str:
    words = []
    for key, value in sorted(flt.conditions.items()):
        if key == "types":
            words += list(value)
        elif key == "not_types":
            words += [f"non{t}" for t in value]
        elif key == "supertypes":
            words += list(value)
        elif key == "same_name":
            words.append("(named like this)")
        elif key == "lesser_power":
            words.append("(with lesser power than this)")
        elif key == "damaged_by_source":
            words.append("(dealt damage by this this turn)")
        elif key in ("nonland", "nonbasic", "nontoken", "other", "historic", "multicolored"):
            words.append(key if key != "other" else "other")
        elif key in ("controller", "owner"):
            words.append(f"({key}: {value})")
        elif key in ("colors", "any_colors", "not_colors"):
            names = [COLOR_WORDS.get(c, c) for c in value]
            words.append({"colors": " ".join(names), "any_colors": " or ".join(names),
                          "not_colors": " ".join(f"non{n}" for n in names)}[key])
        elif key in ("tapped", "untapped", "attacking", "blocking"):
            words.append(key)
        elif key == "in_combat":
            words.append("attacking or blocking")
        elif key.startswith("power_"):
            words.append(f"(power {value} or {'less' if key == 'power_at_most' else 'greater'})")
        elif key in ("subtypes", "not_subtypes"):
            words += [("non-" if key == "not_subtypes" else "") + s.capitalize() for s in value]
        elif key in ("keywords", "not_keywords"):  # (not_keywords: with none of them)
            names = (" and " if key == "keywords" else " or ").join(k.replace("_", " ") for k in value)
            words.append(f"({'with' if key == 'keywords' else 'without'} {names})")
        elif key == "any_types":
            words.append(", ".join(value[:-1]) + " or " + value[-1])
        else:
            words.append(f"{key} {value}")
    return " ".join(words) or "any"


def _a(words: str) -> str:
    return f"{'an' if words[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {words}"


def _permanent_words(flt: Filter) -> str:
    """A filter of permanents in words: "creature", "snow land", "nontoken permanent"."""
    words = filter_words(Filter({k: v for k, v in flt.items() if k != "controller"}))  # (one's own, 701.21a)
    return words if flt.get("types") or flt.get("any_types") else ("permanent" if words == "any" else f"{words} permanent")


# The 'targets' attribute of refused effects is given as a tuple; modelled ones compute it from the value.
def targets_of(kind: Kind, value: Any) -> tuple[TargetSpec, ...]:
    if kind.targets is None:
        return ()
    return kind.targets(value) if callable(kind.targets) else tuple(kind.targets)


# ---------------------------------------------------------------------------------------------
# Enters abilities (614.1c): how this permanent itself enters
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class EntersCounters(Shape):
    """``{p1p1: 2}``, ``{p1p1: X}`` or ``{p1p1: colors_spent}``: counters it enters with (with ``numbers``, N
    only)."""

    numbers: bool = False

    @property
    def form(self) -> str:  # type: ignore[override]
        return "{counter kind: N}" if self.numbers else "{counter kind: N, X, colors_spent or times_kicked}"

    def parse(self, f: Field) -> Any:
        out = []
        for kind, n in f.items():
            amount = "x" if n.value == "X" and not self.numbers else \
                "colors_spent" if n.value == "colors_spent" and not self.numbers else \
                "times_kicked" if n.value == "times_kicked" and not self.numbers else \
                n.integer(minimum=1 if self.numbers else 0)
            out.append((name_token(kind, n, "counter kind"), amount))
        if not out:
            raise f.fail(f"{f.name} needs a counter kind and an amount, such as {{p1p1: X}}")
        return tuple(out)


@dataclass(frozen=True)
class TappedUnless(Shape):
    """``{filter: ..., at_least: N}`` or ``{filter: ..., at_most: N}``: it enters tapped unless you control at least
    (at most) N permanents the filter finds."""

    form = "{filter: a filter, at_least: N} or {filter: a filter, at_most: N}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"filter", "at_least", "at_most"})
        bounds = [k for k in ("at_least", "at_most") if f.child(k).present]
        if len(bounds) != 1:
            raise f.fail(f"{f.name} needs one of at_least and at_most: how many permanents of the filter")
        if not f.child("filter").present:
            raise f.fail(f"{f.name} needs a filter: what to count")
        return FilterShape("objects").parse(f.child("filter")), bounds[0], f.child(bounds[0]).integer(minimum=0)


@dataclass(frozen=True)
class PowerBound(Shape):
    """``{at_most: N}`` or ``{at_least: N}``: power N or less (N or greater); ``{less_than_its_own: true}``: less
    power than this creature's."""

    form = "{at_most: N}, {at_least: N} or {less_than_its_own: true}"

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"at_least", "at_most", "less_than_its_own"})
        bounds = [k for k in ("at_least", "at_most", "less_than_its_own") if f.child(k).present]
        if len(bounds) != 1:
            raise f.fail(f"{f.name} needs one of at_least, at_most and less_than_its_own")
        if bounds[0] == "less_than_its_own":
            if f.child(bounds[0]).value is not True:
                raise f.child(bounds[0]).fail("less_than_its_own is true or absent")
            return bounds[0], 0
        return bounds[0], f.child(bounds[0]).integer(minimum=0)


_ENTERS = Modelled("events.lp", ("614.1c", "614.12"))
ENTERS: tuple[Kind, ...] = (
    Kind("enters", "tapped", "this enters tapped", _ENTERS, Flag(), term=_const("enters_tapped"), asp="enters_tapped",
         example="replacement/vivid-crag-enters-tapped-with-counters"),
    Kind("enters", "tapped_unless", "this enters tapped unless you control at least (or at most) N permanents of a "
         "filter, counted as it would enter (614.1c, 614.12)", _ENTERS, TappedUnless(),
         term=lambda v, ctx: fn("enters_tapped_unless", ctx.filter(v[0], "enters"), C(v[1]), v[2]),
         asp="enters_tapped_unless", example="replacement/a-fast-land-late-enters-tapped"),
    Kind("enters", "tapped_unless_reveal", "as this enters, you may reveal a [filter] card from your hand; if you "
         "don't, it enters tapped (614.1c, 701.16a): a choice only where the hand holds such a card",
         _ENTERS, FilterShape("objects"), term=lambda v, ctx: fn("enters_tapped_unless_reveal", ctx.filter(v, "reveal")),
         asp="enters_tapped_unless_reveal", example="replacement/a-reveal-land-enters-untapped-or-tapped"),
    Kind("enters", "tapped_unless_pay_life", "as this enters, you may pay N life; if you don't, it enters tapped "
         "(614.1c, 119.4)", _ENTERS, Count(1), term=lambda v, ctx: fn("enters_tapped_unless_pay_life", v),
         asp="enters_tapped_unless_pay_life", example="replacement/a-shock-land-pays-or-enters-tapped"),
    Kind("enters", "counters", "this enters with N (or X, 107.3m; or colors_spent, one for each color of mana spent to "
         "cast it, 601.2h: none if it was not cast; or times_kicked, one for each time its multikicker cost was paid, "
         "702.33c) counters of a kind", _ENTERS, EntersCounters(),
         asp="enters_with_counters",
         term=lambda value, ctx: [fn("enters_with_counters", C(k), C(a) if isinstance(a, str) else Number(a))
                                  for k, a in value],
         example="replacement/etb-x-hangarback-cast"),
    Kind("enters", "sunburst", "sunburst (702.44a): this enters with a +1/+1 counter for each color of mana spent to "
         "cast it if it enters as a creature, a charge counter for each if not (none if it was not cast)",
         Modelled("events.lp", ("702.44a", "601.2h", "614.1c")), Flag(), term=_const("sunburst"),
         example="replacement/sunburst-counts-colors-spent"),
    Kind("enters", "devour", "devour N: as this enters, you may sacrifice any number of creatures; it enters with N "
         "+1/+1 counters for each creature sacrificed this way (702.82a; the creatures its player controls, none "
         "entering with it, 614.13a)", Modelled("events.lp", ("702.82a", "614.1c", "614.13a")), Count(1),
         term=lambda value, ctx: fn("devour", value), asp="devour", example="sequences/devour-two-creatures"),
    Kind("enters", "amplify", "amplify N: as this enters, its player may reveal any number of cards from their hand that "
         "share a creature type with it (not itself, nor anything entering with it); it enters with N +1/+1 counters "
         "for each card revealed (702.38a): how many is the choice. A hand the situation only counts is refused",
         Modelled("events.lp", ("702.38a", "614.1c", "205.3m")), Count(1),
         term=lambda value, ctx: fn("amplify", value), asp="amplify", example="sequences/amplify-reveals-cards-of-its-type"),
    Kind("enters", "tribute", "tribute N (702.104a): as this creature enters, its controller chooses an opponent, who "
         "may have it enter with N additional +1/+1 counters (through the other effects on entering); whether they "
         "did is the object's tribute_paid, which \"if tribute wasn't paid\" asks (702.104b)",
         Modelled("events.lp", ("702.104a", "614.1c")), Count(1), term=_amount("tribute"),
         example="sequences/tribute-not-paid-triggers"),
    Kind("enters", "may_counters", "you may have this enter with N counters of a kind: the player it enters for "
         "chooses (614.1c; unleash, 702.98a)", Modelled("events.lp", ("614.1c", "702.98a")), EntersCounters(numbers=True),
         asp="may_enter_with_counters",
         term=lambda value, ctx: [fn("may_enter_with_counters", C(k), Number(a)) for k, a in value],
         example="replacement/unleashed-or-not"),
    Kind("enters", "choose_color", "as this enters, its controller chooses a color", Modelled("events.lp", ("614.12a",)),
         Flag(), term=_const("choose_color"), example="replacement/enters-choosing-a-color"),
    Kind("enters", "choose_creature_type", "as this enters, its controller chooses a creature type",
         Refused("choosing a creature type as a permanent enters"), Flag(), term=lambda v, ctx: refused_term(
             "choose_creature_type"), example="unsupported/enters-choose-creature-type"),
)

# ---------------------------------------------------------------------------------------------
# Triggers (603), replacement events and modifications (614), statics (604, 613)
# ---------------------------------------------------------------------------------------------
TRIGGERS: tuple[Kind, ...] = (
    Kind("trigger", "tapped_for_mana", "whenever a [filter] permanent is tapped for mana (106.12a)",
         Modelled("mana.lp", ("106.12a", "605.1b")), term=_const("tapped_for_mana"),
         example="mana/heartbeat-adds-type-produced"),
    Kind("trigger", "enters", "when this enters; with a filter, whenever a [filter] permanent enters (603.6a)",
         Modelled("events.lp", ("603.6a",)), term=_const("enters"), example="replacement/oblivion-ring-enters-trigger"),
    Kind("trigger", "cast", "whenever you cast a [filter] spell (601.2i, 603.2): give the filter, with controller: you",
         Modelled("casting.lp", ("601.2i", "603.2")), term=_const("cast"),
         example="sequences/young-pyromancer-makes-tokens"),
    Kind("trigger", "activate", "whenever an ability of a [filter] permanent that isn't a mana ability is activated, by "
         "any player: the filter sees the permanent controlled by who activates it (\"whenever you activate\": "
         "controller: you; Illusionist's Bracers' \"an ability of equipped creature\": enchanted, whoever activates "
         "it) (602.2i, 603.2)", Modelled("activation.lp", ("602.2i", "603.2")), term=_const("activate"),
         example="sequences/an-activation-triggers"),
    Kind("trigger", "activate_paying_life", "whenever you activate an ability, if life was paid (a cost of paying "
         "life, or symbols paid with life: 119.4, 601.2h): \"that much\" is the life paid (602.2i, 603.4); one of a "
         "mana ability that paid life is refused", Modelled("activation.lp", ("602.2i", "603.4", "119.4")),
         term=_const("activate_paying_life"), example="stack/verrak-copies-an-ability-paid-with-life"),
    Kind("trigger", "cast_or_copy_instant_sorcery", "whenever you cast or copy an instant or sorcery spell (magecraft)",
         Modelled("casting.lp", ("207.2c", "603.2")), term=_const("cast_or_copy_instant_sorcery"),
         example="choices/magecraft-archmage-cast"),
    Kind("trigger", "beginning_of_upkeep", "at the beginning of your upkeep (503.1): in a sequence, the action "
         "upkeep begins it", Modelled("triggers.lp", ("503.1",)), term=_const("beginning_of_upkeep"),
         example="sequences/an-upkeep-trigger-resolves"),
    Kind("trigger", "beginning_of_draw_step", "at the beginning of your draw step (504.2): in a sequence, the action "
         "draw_step begins it, after its player's draw", Modelled("triggers.lp", ("504.2",)),
         term=_const("beginning_of_draw_step"), example="sequences/a-draw-step-trigger"),
    Kind("trigger", "beginning_of_each_draw_step", "at the beginning of each player's draw step (504.2), whoever's it "
         "is, after their draw; \"that player\" (that_player) is the player whose draw step it is: in a sequence, the "
         "action draw_step begins it", Modelled("triggers.lp", ("504.2", "603.2")),
         term=_const("beginning_of_each_draw_step"), example="sequences/howling-mine-in-each-players-draw-step"),
    Kind("trigger", "beginning_of_combat", "at the beginning of combat on your turn (507.1): in a sequence, the action "
         "beginning_of_combat begins it", Modelled("triggers.lp", ("507.1",)), term=_const("beginning_of_combat"),
         example="sequences/a-beginning-of-combat-trigger"),
    Kind("trigger", "beginning_of_end_step", "at the beginning of your end step (513.1): in a sequence, the action "
         "end_step begins it", Modelled("triggers.lp", ("513.1",)), term=_const("beginning_of_end_step"),
         example="sequences/an-end-step-trigger-of-the-active-player"),
    Kind("trigger", "beginning_of_each_upkeep", "at the beginning of each upkeep, whoever's turn it is (503.1): in a "
         "sequence, the action upkeep begins it; with lasting: once, a delayed triggered ability \"at the beginning of "
         "the next turn's upkeep\" (603.7a)", Modelled("triggers.lp", ("503.1", "603.7a")),
         term=_const("beginning_of_each_upkeep"), example="sequences/an-each-upkeep-trigger-of-the-other-player"),
    Kind("trigger", "beginning_of_each_end_step", "at the beginning of each end step (Oracle's \"at the beginning of "
         "the end step\", 513.1), whoever's turn it is: in a sequence, the action end_step begins it",
         Modelled("triggers.lp", ("513.1",)), term=_const("beginning_of_each_end_step"),
         example="sequences/sacrificed-at-the-beginning-of-the-end-step"),
    Kind("trigger", "end_of_combat", "at end of combat (at the beginning of the end of combat step, 511.2), each combat: "
         "in a sequence, the action end_of_combat begins it; with lasting: once, a delayed triggered ability (\"destroy "
         "that creature at end of combat\", 603.7a)", Modelled("triggers.lp", ("511.2", "603.7a")),
         term=_const("end_of_combat"), example="combat/destroyed-at-end-of-combat"),
    Kind("trigger", "leaves", "when this leaves the battlefield; with a filter, whenever a [filter] permanent leaves "
         "(603.6c, 603.10a)", Modelled("triggers.lp", ("603.6c", "603.10a")), term=_const("leaves"),
         example="sequences/oblivion-ring-leaves-trigger"),
    Kind("trigger", "attacks", "whenever this creature attacks (is declared as an attacker, 508.3a)",
         Modelled("combat.lp", ("508.3a", "508.1m")), term=_const("attacks"),
         example="combat/an-attack-trigger-resolves-before-blocks"),
    Kind("trigger", "attacks_alone", "whenever a [filter] creature attacks alone: it is the only creature declared as "
         "an attacker (506.5, 508.3a; exalted, 702.83a), with a filter such as {types: [creature], controller: you}; "
         "without one, whenever this creature attacks alone",
         Modelled("combat.lp", ("506.5", "508.3a")), term=_const("attacks_alone"),
         example="combat/exalted-twice-on-a-creature-attacking-alone"),
    Kind("trigger", "blocks", "whenever this creature blocks (is declared as a blocker, 509.3a)",
         Modelled("combat.lp", ("509.3a", "509.1i")), term=_const("blocks"),
         example="combat/a-block-trigger"),
    Kind("trigger", "becomes_blocked", "whenever this creature becomes blocked (creatures are declared to block it; "
         "once however many, 509.3c)", Modelled("combat.lp", ("509.3c", "509.1h")), term=_const("becomes_blocked"),
         example="combat/bushido-blocks-or-becomes-blocked"),
    Kind("trigger", "deals_combat_damage_to_creature", "whenever this creature deals combat damage to a [filter] "
         "creature: once for each creature it deals combat damage to; \"that creature\" is it (510.3a, 603.2)",
         Modelled("combat.lp", ("510.3a", "603.2")), term=_const("deals_combat_damage_to_creature"),
         example="combat/combat-damage-taps-that-creature"),
    Kind("trigger", "cast_self", "when you cast this spell: an ability of the spell itself, triggering as it is cast "
         "(603.2, 601.2i); the event counts the spells all players cast this turn before it (storm, 702.40a)",
         Modelled("casting.lp", ("603.2", "601.2i", "702.40a")), term=_const("cast_self"),
         example="stack/storm-copies-for-each-spell-cast-before"),
    Kind("trigger", "no_permanents", "when no permanent the filter matches is on the battlefield (\"when you control "
         "no Islands\": filter {subtypes: [island], controller: you}; \"when there are no creatures on the "
         "battlefield\"): a state trigger (603.8), checked whenever a player would receive priority; it doesn't trigger "
         "again while it waits or is on the stack", Modelled("triggers.lp", ("603.8", "117.5")),
         term=_const("no_permanents"), example="sequences/a-state-trigger-when-you-control-no-islands"),
    Kind("trigger", "blocks_creature", "whenever this creature blocks a [filter] creature: once for each attacker it "
         "blocks that the filter matches as the block happens; \"that creature\" is the attacker (509.3b, 509.3f)",
         Modelled("combat.lp", ("509.3b", "509.3f")), term=_const("blocks_creature"),
         example="combat/a-blocker-deals-damage-to-the-attacker-it-blocks"),
    Kind("trigger", "becomes_blocked_by", "whenever this creature becomes blocked by a [filter] creature: once for each "
         "creature blocking it that the filter matches as it blocks; \"that creature\" is the blocker (509.3d, "
         "509.3f)", Modelled("combat.lp", ("509.3d", "509.3f")), term=_const("becomes_blocked_by"),
         example="combat/flanking-shrinks-a-blocker-without-flanking"),
    Kind("trigger", "deals_combat_damage_to_player", "whenever this creature deals combat damage to a player (510.3a)",
         Modelled("combat.lp", ("510.3a", "603.2")), term=_const("deals_combat_damage_to_player"),
         example="combat/combat-damage-to-a-player-draws"),
    Kind("trigger", "becomes_target", "when this becomes the target of a spell or ability; with a filter, whenever a "
         "[filter] permanent does: as a spell is cast, an ability activated or a triggered ability put on the stack "
         "with it as a target (603.2, 601.2c, 602.2b, 603.3d)", Modelled("stack.lp", ("603.2", "601.2c", "603.3d")),
         term=_const("becomes_target"), example="sequences/a-creature-sacrificed-as-it-becomes-a-target"),
    Kind("trigger", "becomes_tapped", "whenever this permanent becomes tapped (an untapped permanent tapped by a cost, "
         "an effect, or attacking: 701.26a, 508.1f)", Modelled("triggers.lp", ("701.26a", "603.2")),
         term=_const("becomes_tapped"), example="sequences/tapped-and-untapped-triggers"),
    Kind("trigger", "becomes_untapped", "whenever this permanent becomes untapped (a tapped permanent untapped, 701.26b)",
         Modelled("triggers.lp", ("701.26b", "603.2")), term=_const("becomes_untapped"),
         example="sequences/tapped-and-untapped-triggers"),
    Kind("trigger", "dealt_damage", "whenever this permanent is dealt damage: once for each event (the combat damage "
         "of one step is one, however many sources deal it; each instruction's damage another: 120.3, 510.2)",
         Modelled("events.lp", ("120.3", "510.2", "603.2")), term=_const("dealt_damage"),
         example="combat/dealt-damage-once-for-two-blockers"),
    Kind("trigger", "deals_damage", "whenever this permanent (with a filter: a [filter] permanent, \"enchanted "
         "creature\") deals damage: once for each event, however many things it deals damage to (the combat damage of "
         "one step is one event; each instruction's damage another: 120.3, 510.2); \"that much\" is all of it",
         Modelled("events.lp", ("120.3", "510.2", "603.2")), term=_const("deals_damage"),
         example="combat/a-creature-that-gains-as-much-life-as-it-deals-damage"),
    *(Kind("trigger", name, f"whenever this permanent (with a filter: a [filter] permanent, \"enchanted creature\") "
           f"deals {'combat ' if combat else ''}damage to {who}: once for each such player and each event (the combat "
           "damage of one step is one event; each instruction's damage another: 120.3, 510.2); \"that player\" is the "
           "player dealt damage, \"that much\" the damage dealt to them" + (" (an opponent of the ability's controller, "
           "whoever controls the creature: 102.3)" if who == "an opponent" else ""),
           Modelled("events.lp", ("120.3", "510.2", "603.2") + (("102.3",) if who == "an opponent" else ())),
           term=_const(name), example=example)
      for name, combat, who, example in (
          ("deals_damage_to_player", False, "a player", "stack/a-pinger-makes-that-player-discard"),
          ("deals_damage_to_opponent", False, "an opponent", "combat/damage-to-an-opponent-not-to-yourself"),
          ("deals_combat_damage_to_opponent", True, "an opponent",
           "combat/combat-damage-to-an-opponent-of-the-auras-controller"))),
    Kind("trigger", "discards", "whenever a player discards a card the filter matches (owner: you, \"whenever you "
         "discard a card\"; opponent, \"an opponent\"; other: another card), cycling's discard among them (\"cycle or "
         "discard\": once for a card cycled, 702.29d): once for each card; \"that player\" is who discarded it. Its "
         "filter may ask only who owns the card and \"other\" (a card of a hand the situation counts is seen as no "
         "more) (701.9a, 603.2)", Modelled("triggers.lp", ("701.9a", "702.29d", "603.2")), term=_const("discards"),
         example="sequences/whenever-an-opponent-discards-a-card"),
    Kind("trigger", "exiled_with_madness", "when this card is exiled by its own madness ability as it is discarded "
         "(702.35a): it triggers from exile, controlled by the card's owner; written by the keyword madness, not by hand",
         Modelled("triggers.lp", ("702.35a", "603.2")), term=_const("exiled_with_madness"),
         example="sequences/madness-cast-at-instant-speed"),
    Kind("trigger", "cycling", "when you cycle this card (it triggers as the cycling cost discards it, from its "
         "owner's graveyard, controlled by who cycled it); with a filter, whenever a player cycles a card the filter "
         "matches, controlled by who cycles it (\"whenever you cycle a card\": controller: you); cycling or "
         "typecycling (702.29c, 603.2)", Modelled("activation.lp", ("702.29c", "603.2")),
         term=_const("cycling"), example="sequences/a-card-that-triggers-when-cycled"),
    Kind("trigger", "becomes_monstrous", "when this becomes monstrous (701.37b): its monstrosity ability resolves with "
         "it on the battlefield, not yet monstrous", Modelled("triggers.lp", ("701.37b", "603.2")),
         term=_const("becomes_monstrous"), example="stack/monstrosity-grows-a-creature-once"),
    Kind("trigger", "attacks_unblocked", "whenever this attacks and isn't blocked: once blockers are declared, if no "
         "creature was declared to block it (509.3g)", Modelled("combat.lp", ("509.3g", "509.1h")),
         term=_const("attacks_unblocked"), example="combat/attacks-and-isnt-blocked"),
    Kind("trigger", "exerted", "when you exert this as it attacks (\"when you do\", a reflexive trigger, 603.12a); with a "
         "filter, whenever you exert a [filter] creature (701.43a)", Modelled("combat.lp", ("701.43a", "603.12a")),
         term=_const("exerted"), example="combat/exerted-as-it-attacks"),
    Kind("trigger", "last_time_counter_removed", "when the last time counter is removed from this card in exile "
         "(zone: exile; suspend's, 702.62a), or from this permanent (vanishing's, 702.63a)",
         Modelled("triggers.lp", ("702.62a", "702.63a", "603.2")),
         term=_const("last_time_counter_removed"), example="sequences/a-suspended-creature-is-cast-with-haste"),
    Kind("trigger", "explores", "when this explores; with a filter, whenever a [filter] permanent explores (701.44b: "
         "once for each time it explores, whatever was revealed)", Modelled("triggers.lp", ("701.44b", "603.2")),
         term=_const("explores"), example="stack/whenever-a-creature-you-control-explores"),
    Kind("trigger", "you_gain_life", "whenever you gain life: once for each event in which this permanent's controller "
         "gains life, none for 0 life (119.9)", Modelled("triggers.lp", ("119.9", "603.2")),
         term=_const("you_gain_life"), example="sequences/a-life-gain-trigger-once-per-event"),
    Kind("trigger", "turned_face_up", "when this is turned face up (708.8, 702.37e); with a filter, whenever a [filter] "
         "permanent is turned face up, seen as its card", Modelled("triggers.lp", ("708.8", "702.37e")),
         term=_const("turned_face_up"), example="sequences/a-morph-turned-face-up-triggers"),
    Kind("trigger", "targeted_by_your_spell", "whenever you cast a spell that targets this creature (heroic): once "
         "for each spell its controller casts with it as a target (601.2c, 601.2i, 603.2)",
         Modelled("stack.lp", ("601.2c", "601.2i", "603.2")), term=_const("targeted_by_your_spell"),
         example="sequences/heroic-grows-as-a-spell-targets-it"),
    Kind("trigger", "dies", "when this dies; with a filter, whenever a [filter] creature dies (700.4, 603.10a)",
         Modelled("triggers.lp", ("700.4", "603.10a")), term=_const("dies"),
         example="sequences/stitchers-supplier-dies-and-mills"),
    Kind("trigger", "exiled_from_battlefield", "when this is put into exile from the battlefield; with a filter, "
         "whenever a [filter] permanent is (603.6c, 603.10a)", Modelled("triggers.lp", ("603.6c", "603.10a")),
         term=_const("exiled_from_battlefield"), example="sequences/exiled-from-the-battlefield-triggers"),
    Kind("trigger", "dies_or_exiled", "when this dies or is put into exile from the battlefield; with a filter, "
         "whenever a [filter] permanent does (700.4, 603.6c, 603.10a)", Modelled("triggers.lp", ("700.4", "603.10a")),
         term=_const("dies_or_exiled"), example="sequences/dies-or-is-exiled-triggers-on-either"),
    Kind("trigger", "exiled_while_crafting", "when this is exiled from the battlefield while you're activating a craft "
         "ability: exiled as a material of a craft cost its controller pays (Market Gnome, 702.167a, 603.10a)",
         Modelled("triggers.lp", ("702.167a", "603.10a")), term=_const("exiled_while_crafting"),
         example="craft/market-gnome-exiled-while-crafting"),
)

REPLACEMENT_EVENTS: tuple[Kind, ...] = (
    Kind("replacement_event", "tapped_for_mana", "a [filter] permanent is tapped for mana (106.12b)",
         Modelled("mana.lp", ("106.12b", "614.1a")), term=_const("tapped_for_mana"),
         example="mana/mana-reflection-doubles-tap"),
    Kind("replacement_event", "counters", "counters would be put on a [filter] permanent (122.6)",
         Modelled("events.lp", ("614.16", "122.6")), term=_const("counters"),
         example="replacement/doubling-season-hardened-scales-one-counter"),
    Kind("replacement_event", "tokens", "tokens would be created under the control of a [filter] player (111.1)",
         Modelled("events.lp", ("614.16", "111.1")), term=_const("tokens"), example="replacement/manufactor-and-procession"),
    Kind("replacement_event", "enter", "a [filter] permanent would enter the battlefield (614.1c)",
         Modelled("events.lp", ("614.1c", "614.12")), term=_const("enter"),
         example="replacement/metallic-mimic-and-scales"),
    Kind("replacement_event", "to_graveyard", "a [filter] card or token would be put into a graveyard (614.1a)",
         Modelled("events.lp", ("614.1a",)), term=_const("to_graveyard"), example="replacement/rest-in-peace-and-leyline"),
    Kind("replacement_event", "leaves_battlefield", "a [filter] permanent (for a lasting effect: a permanent it is about) "
         "would leave the battlefield (\"if it would leave the battlefield, exile it instead of putting it anywhere "
         "else\", 614.1a): for a graveyard it is replaced; for a hand or a library it is refused as that happens",
         Modelled("events.lp", ("614.1a", "611.2c")), term=_const("leaves_battlefield"),
         example="sequences/an-unearthed-creature-that-dies-is-exiled"),
    Kind("replacement_event", "dies", "a permanent a lasting effect is about would die: be put into a graveyard from "
         "the battlefield (700.4; \"if that creature would die this turn, exile it instead\", 614.1a)",
         Modelled("events.lp", ("614.1a", "700.4", "611.2c")), term=_const("dies"),
         example="sequences/lava-coil-exiles-the-creature-it-kills"),
    Kind("replacement_event", "damage", "a [filter] source would deal damage (120.4, 614.1a)",
         Modelled("events.lp", ("120.4", "614.1a")), term=_const("damage"), example="sequences/furnace-doubles-a-bolt"),
    Kind("replacement_event", "gain_life", "a player would gain life (119.3, 614.1a): with a filter, only \"you\" "
         "(controller: you) or \"an opponent\" (controller: opponent), of the ability's controller",
         Modelled("events.lp", ("119.3", "614.1a")), term=_const("gain_life"),
         example="replacement/boon-reflection-doubles-life-gained"),
    Kind("replacement_event", "draw", "a player would draw cards (121.6, 614.1a): each card drawn is an event of "
         "its own (121.2), so 'draw two cards instead' (multiply: 2) makes N cards 2N; with a filter, only \"you\" "
         "(controller: you) or \"an opponent\" (controller: opponent), of the ability's controller",
         Modelled("events.lp", ("121.6", "614.1a")), term=_const("draw"),
         example="replacement/thought-reflection-doubles-each-draw"),
    Kind("replacement_event", "player_counters", "counters would be put on a player (122.1f): where a player gets "
         "counters (infect's poison counters, 120.3b), a situation with such an effect is refused (applying it is not "
         "modelled)", Modelled("events.lp", ("122.1f", "122.6")), term=_const("player_counters"),
         example="sequences/poison-counters-with-a-player-counter-effect-are-refused"),
)


@dataclass(frozen=True)
class EachOf(Shape):
    form = "[clue, food, treasure]"

    def parse(self, f: Field) -> Any:
        kinds = tuple(sorted(t.lower() for t in f.texts()))
        if kinds != ("clue", "food", "treasure"):
            raise UnsupportedError(f.where, "'each_of' other than [clue, food, treasure]")
        return kinds


@dataclass(frozen=True)
class CopyExceptions(Shape):
    """The exceptions of a copy effect ("except it's an artifact in addition to its other types"), which become
    part of the copy's copiable values (707.9, 707.9b): each a term the encodings read."""

    form = ("{add_types: [card type, ...], add_subtypes: [subtype, ...], not_legendary: true, "
            "power_toughness: P/T} (each optional)")

    def parse(self, f: Field) -> Any:
        f.mapping()
        f.only_keys({"add_types", "add_subtypes", "not_legendary", "power_toughness"})
        if not list(f.items()):
            raise f.fail(f"{f.name} needs at least one exception")
        out = []
        if f.child("add_types").present:
            out += [("add_type", t) for t in ListOf(OneOf(CARD_TYPES_, "card type")).parse(f.child("add_types"))]
        if f.child("add_subtypes").present:
            out += [("add_subtype", t) for t in ListOf(Name("subtype")).parse(f.child("add_subtypes"))]
        if f.child("not_legendary").present:
            if f.child("not_legendary").value is not True:
                raise f.child("not_legendary").fail("not_legendary is true, or left out")
            out.append(("not_supertype", "legendary"))
        if f.child("power_toughness").present:
            pt = BasePowerToughness().parse(f.child("power_toughness"))
            if pt == "mana_value":
                raise f.child("power_toughness").fail("power_toughness of a copy is P/T such as 7/7")
            out.append(("base_pt", pt))
        return tuple(out)


def copy_exception_term(exception: tuple[str, Any]) -> Any:
    """``add_type(artifact)``, ``add_subtype(illusion)``, ``not_supertype(legendary)``, ``base_pt(7,7)``."""
    what, value = exception
    return fn("base_pt", *value) if what == "base_pt" else fn(what, C(value))


@dataclass(frozen=True)
class CopySpec:
    """What "enter as a copy of a [filter] permanent, except ..." says: the filter, and the exceptions."""

    filter: Filter
    exceptions: tuple[tuple[str, Any], ...] = ()
    counters: tuple[str, Any] | None = None  # "except it enters with X additional +1/+1 counters" (kind, N or "x")


@dataclass(frozen=True)
class CopyOf(Shape):
    """A filter of the permanents it may copy, or ``{of: filter, except: exceptions}``."""

    form = "a filter, or {of: a filter, except: exceptions (see the object field copy_except), with_counters: {kind: a " \
        "counter kind, count: N or X}}"

    def parse(self, f: Field) -> Any:
        if isinstance(f.value, dict) and ("except" in f.value or "of" in f.value or "with_counters" in f.value):
            f.only_keys({"of", "except", "with_counters"})
            if not f.child("of").present:
                raise f.fail(f"{f.name} needs 'of', the filter of what it may copy")
            counters = CounterAmount(x=True).parse(f.child("with_counters")) if f.child("with_counters").present \
                else None
            return CopySpec(FilterShape("objects").parse(f.child("of")), CopyExceptions().parse(f.child("except"))
                            if f.child("except").present else (), counters)
        return CopySpec(FilterShape("objects").parse(f))


@dataclass(frozen=True)
class AllOrCount(Shape):
    """``all``, or a whole number of at least 1."""

    form = "all or N (at least 1)"

    def parse(self, f: Field) -> Any:
        return "all" if f.value == "all" else f.integer(minimum=1)


@dataclass(frozen=True)
class DamageRecipients(Shape):
    """What damage is dealt to, one or a list: ``self``, ``you``, ``players``, or a filter of permanents."""

    form = "self, you, players or a filter of permanents, or a list of them"

    def parse(self, f: Field) -> Any:
        items = list(f.elements()) if isinstance(f.value, list) else [f]
        if not items:
            raise f.fail(f"{f.name} needs at least one value")
        return tuple(FilterShape("objects").parse(item) if isinstance(item.value, dict)
                     else item.choice(("self", "you", "players")) for item in items)


def _recipient_terms(value: Any, ctx: Any) -> list:
    return [C(v) if isinstance(v, str) else ctx.filter(v, f"to{n}") for n, v in enumerate(value, start=1)]


MODIFICATIONS: tuple[Kind, ...] = (
    Kind("modification", "multiply", "twice (N times) as much, or that many",
         Modelled("events.lp", ("614.1a",), also=("mana.lp",)),
         Count(2), frozenset({"tapped_for_mana", "counters", "tokens", "player_counters", "damage", "gain_life",
                              "draw"}),
         term=_amount("multiply"),
         example="replacement/two-doubling-seasons"),
    Kind("modification", "prevent", "prevent that damage (all), or N of it, each time it would be dealt (615.1, "
         "615.10)", Modelled("events.lp", ("615.1", "615.10")), AllOrCount(), frozenset({"damage"}),
         term=lambda v, ctx: C("prevent_all") if v == "all" else fn("prevent", v),
         example="replacement/fog-stops-lifelink"),
    Kind("modification", "plus", "that many plus N", Modelled("events.lp", ("614.1a",)), Count(1),
         frozenset({"counters", "player_counters", "damage"}), term=_amount("plus"),
         example="replacement/doubling-season-hardened-scales-one-counter"),
    Kind("modification", "becomes", "produces one mana of this type instead of any other type and amount",
         Modelled("mana.lp", ("614.1a",)), ManaType(), frozenset({"tapped_for_mana"}),
         term=lambda v, ctx: fn("becomes", C(v)), example="mana/contamination-pale-moon-basic-land"),
    Kind("modification", "becomes_type", "produces this type instead of any other type (the amount stays)",
         Modelled("mana.lp", ("614.1a",)), ManaType(), frozenset({"tapped_for_mana"}),
         term=lambda v, ctx: fn("becomes_type", C(v)), example="mana/pale-moon-keeps-the-amount"),
    Kind("modification", "each_of", "instead create one of each (Academy Manufactor)", Modelled("events.lp", ("614.1a",)),
         EachOf(), frozenset({"tokens"}), term=_const("each_of"), example="replacement/manufactor-and-procession"),
    Kind("modification", "no_gain", "that player gains no life instead (Sulfuric Vortex)",
         Modelled("events.lp", ("614.1a", "119.3")), Flag(), frozenset({"gain_life"}), term=_const("no_gain"),
         example="replacement/no-life-gained-instead"),
    Kind("modification", "lose_instead", "that player loses that much life instead (Tainted Remedy)",
         Modelled("events.lp", ("614.1a", "119.3")), Flag(), frozenset({"gain_life"}), term=_const("lose_instead"),
         example="replacement/tainted-remedy-turns-gain-into-loss"),
    Kind("modification", "skip_draw", "that player skips that draw instead (Possessed Portal): no card is drawn",
         Modelled("events.lp", ("614.1a", "121.6")), Flag(), frozenset({"draw"}), term=_const("skip_draw"),
         example="replacement/a-skipped-draw-draws-nothing"),
    Kind("modification", "exile_instead", "exile it instead", Modelled("events.lp", ("614.1a",)), Flag(),
         frozenset({"to_graveyard", "leaves_battlefield", "dies"}), term=_const("exile_instead"),
         example="replacement/rest-in-peace-and-leyline"),
    Kind("modification", "plus_counter", "enters with additional counters", Modelled("events.lp", ("614.1c",)),
         CounterAmount(), frozenset({"enter"}), term=lambda v, ctx: fn("plus_counter", C(v[0]), v[1]),
         example="replacement/metallic-mimic-and-scales"),
    Kind("modification", "enters_tapped", "it enters tapped (\"creatures your opponents control enter tapped\", 614.1c, "
         "614.12)", Modelled("events.lp", ("614.1c", "614.12")), Flag(), frozenset({"enter"}),
         term=_const("enters_tapped"), example="replacement/creatures-your-opponents-control-enter-tapped"),
    Kind("modification", "copy_of_this", "what the filter matches enters as a copy of this permanent (\"creatures you "
         "control enter as a copy of ~\": Essence of the Wild; 707.2), a copy effect applied before the others (616.1c)",
         Modelled("events.lp", ("614.1c", "616.1c", "707.2")), Flag(), frozenset({"enter"}), term=_const("copy_of_this"),
         example="replacement/essence-of-the-wild-and-an-enters-tapped-creature"),
    Kind("modification", "copy_of", "you may have this enter as a copy of a [filter] permanent (707.5), except as "
         "its exceptions say (707.9), and with_counters: with N (or X, 107.3m) additional counters of a kind as it "
         "does (Altered Ego)",
         Modelled("events.lp", ("707.5", "616.1c", "707.9")), CopyOf(), frozenset({"enter"}),
         term=lambda value, ctx: fn("copy_of", ctx.filter(value.filter, "copy")),
         example="replacement/etb-x-clone-copies-walker"),
)


@dataclass(frozen=True)
class PowerToughness(Shape):
    form = "+P/+T, such as +1/+1 or -2/+0"

    def parse(self, f: Field) -> Any:
        import re

        value = f.text()
        m = re.fullmatch(r"([+-])(\w+)/([+-])(\w+)", value)
        power, toughness = (whole_number(m[2]), whole_number(m[4])) if m else (None, None)
        if power is None or toughness is None:
            raise f.fail(f"{f.name} must look like +1/+1")
        if max(abs(power), abs(toughness)) > MAX_AMOUNT:  # (clingo holds 32-bit numbers: never wrapped)
            raise f.fail(f"{f.name} is {value}; pyrules computes with amounts up to {MAX_AMOUNT:,}")
        return (power if m[1] == "+" else -power), (toughness if m[3] == "+" else -toughness)


@dataclass(frozen=True)
class PrintedNumber(Shape):
    """A printed power or toughness: a number, or "*" ("1+*"), whose value a characteristic-defining ability
    gives (604.3); the "*" counts as 0 where none does (208.2a)."""

    form = "N (may be negative), or * or N+* where a characteristic-defining ability sets it"

    def parse(self, f: Field) -> Any:
        text = str(f.value).replace(" ", "") if isinstance(f.value, str) else None
        if text is not None and (text == "*" or text.endswith("+*")):
            if text == "*":
                return 0
            number = whole_number(text[:-2])
            if number is None or number > MAX_AMOUNT:
                raise f.fail(f"{f.name} must be N, * or N+*, not {f.value!r}")
            return number
        return f.integer()


@dataclass(frozen=True)
class BasePowerToughness(Shape):
    """The base power and toughness an effect sets (613.4b): N/N, or each equal to the object's mana value."""

    form = "P/T such as 1/1 or 0/1, or mana_value"

    def parse(self, f: Field) -> Any:
        import re

        value = f.text()
        if value == "mana_value":
            return value
        m = re.fullmatch(r"(-?\w+)/(-?\w+)", value)
        numbers = [whole_number(g.lstrip("-")) for g in m.groups()] if m else [None]
        if None in numbers:
            raise f.fail(f"{f.name} must look like 1/1, or be mana_value")
        power, toughness = (-n if g.startswith("-") else n for n, g in zip(numbers, m.groups()))
        if max(abs(power), abs(toughness)) > MAX_AMOUNT:  # (clingo holds 32-bit numbers: never wrapped)
            raise f.fail(f"{f.name} is {value}; pyrules computes with amounts up to {MAX_AMOUNT:,}")
        return power, toughness


@dataclass(frozen=True)
class KeywordNames(Shape):
    """Keyword abilities an effect gives or takes away (702), by their names in the vocabulary."""

    form = "a list of keywords, such as [flying]"

    def parse(self, f: Field) -> Any:
        known = [k.name for k in KEYWORDS]
        value = ListOf(OneOf(tuple(known), "keyword")).parse(f)
        if not value:
            raise f.fail(f"{f.name} names no keyword")
        return value


@dataclass(frozen=True)
class GrantShape(Shape):
    """An ability inside an ability: read by the ability parser (:func:`pyrules.vocabulary.abilities.parse_ability`
    calls :meth:`parse_granted` with itself), which stands on the templates, as a grammar's recursion."""

    form = "an activated ability, as in 'abilities'"

    def parse(self, f: Field) -> Any:
        raise TypeError("a granted ability is read by pyrules.vocabulary.abilities.parse_ability")

    @staticmethod
    def parse_granted(f: Field, parse_ability: Any) -> Any:
        granted = parse_ability(f)
        if granted.kind != "activated":
            raise UnsupportedError(f.where, "granting abilities other than activated ones")
        return granted


#: When an activated ability may be activated, and when a spell may be cast, where its text limits that (602.5, 601.3).
ACTIVATION_TIMINGS = ("sorcery", "instant", "your_upkeep", "your_turn_before_attackers")
SPELL_TIMINGS = ("during_combat", "combat_before_blockers", "combat_after_blockers", "declare_attackers_step",
                 "declare_attackers_step_attacked", "declare_blockers_step", "before_combat_damage")


#: The ways of spending mana a static ability may allow (601.2h), and their terms: who may (you, or each player), what
#: the mana may be spent as (any color: the five colors, 105.4; any type: {C} too), and on what.
_SPEND_AS = {
    "white as any color; other mana only as colorless": fn("spend_as", C("w"), C("colorless")),
    "mana as any color": fn("spend_any", C("color"), C("you"), C("all")),
    "mana as any type": fn("spend_any", C("type"), C("you"), C("all")),
    "each player: mana as any color": fn("spend_any", C("color"), C("players"), C("all")),
    "mana as any type for creature spells": fn("spend_any", C("type"), C("you"), C("creature_spells")),
    "mana as any color for planeswalker spells": fn("spend_any", C("color"), C("you"), C("planeswalker_spells")),
}


STATICS: tuple[Kind, ...] = (
    Kind("static", "set_land_type", "each [filter] is this basic land type (305.7, layer 4)",
         Modelled("continuous.lp", ("305.7", "613.1d")), OneOf(("plains", "island", "swamp", "mountain", "forest")),
         term=lambda v, ctx: fn("set_land_type", C(v)), example="mana/blood-moon-dual-and-urborg"),
    Kind("static", "add_land_type", "each [filter] is this land type in addition to its other types (layer 4)",
         Modelled("continuous.lp", ("305.7", "613.1d")), OneOf(("plains", "island", "swamp", "mountain", "forest")),
         term=lambda v, ctx: fn("add_land_type", C(v)), example="mana/urborg-without-blood-moon"),
    Kind("static", "set_color", "each [filter] is this color, or these colors (\"red and green\"), and no other (layer 5)",
         Modelled("continuous.lp", ("105.3", "613.1e")), ListOf(Color()),
         term=lambda v, ctx: [fn("set_color", C(c)) for c in dict.fromkeys(v)],
         example="mana/color-setting-makes-crater-white"),
    Kind("static", "set_colorless", "each [filter] becomes colorless: it has no color (105.2c; layer 5, an effect setting "
         "its color as set_color does)", Modelled("continuous.lp", ("105.2c", "613.1e")), Flag(),
         term=_const("set_colorless"), example="layers/a-creature-becomes-colorless"),
    Kind("static", "color_spells_and_cards", "beside set_color: \"the same is true for spells you control and nonland "
         "cards you own that aren't on the battlefield\" (Celestial Dawn): their colors are not computed, so wherever "
         "one of them has its color read (a filter, protection, a question of characteristics) the situation is "
         "refused", Modelled("continuous.lp", ("613.1e", "611.3a")), Flag(), term=_const("color_spells_and_cards"),
         example="layers/a-spell-colored-by-celestial-dawn-is-refused"),
    Kind("static", "set_chosen_color", "(a lasting effect's) each [filter] becomes the color its controller chose as the "
         "effect began (\"becomes the color of your choice until end of turn\", 611.2a; layer 5)",
         Modelled("continuous.lp", ("105.3", "611.2a", "613.1e")), Flag(), term=_const("set_chosen_color"),
         example="layers/a-creature-becomes-the-color-of-your-choice"),
    Kind("static", "add_colors", "each [filter] is this color, or these colors, in addition to its other colors "
         "(\"is a black Zombie in addition to its other colors and types\"; layer 5: an effect setting its color with a "
         "later timestamp overrides it)", Modelled("continuous.lp", ("105.3", "613.1e", "613.7")), ListOf(Color()),
         term=lambda v, ctx: [fn("add_color", C(c)) for c in dict.fromkeys(v)],
         example="layers/a-color-added-then-set-and-set-then-added", asp="add_color"),
    Kind("static", "grant", "each [filter] has this activated ability (layer 6)",
         Modelled("continuous.lp", ("613.1f",)), GrantShape(), term=lambda v, ctx: fn("grant", ctx.granted(v)),
         example="mana/lantern-granted-ability-under-blood-moon"),
    Kind("static", "modify_pt", "each [filter] gets +P/+T (layer 7c)", Modelled("continuous.lp", ("613.4c",)),
         PowerToughness(), term=lambda v, ctx: fn("modify_pt", v[0], v[1]),
         example="choices/onyx-minus3-power-with-static-bonus"),
    Kind("static", "gain_control", "its controller controls each [filter] (layer 2): an Aura's \"you control "
         "enchanted creature\", or an effect locked in on its target (\"gain control of target creature until end of "
         "turn\")", Modelled("continuous.lp", ("613.1b",)), Flag(), term=_const("gain_control"),
         example="layers/act-of-treason-and-two-anthems"),
    Kind("static", "add_types", "each [filter] is these card types in addition to its other types (205.1b, layer 4; "
         "a creature this makes has no power or toughness of its own: 0/0 unless an effect sets them, 208.3)",
         Modelled("continuous.lp", ("205.1b", "613.1d")), ListOf(OneOf(CARD_TYPES_, "card type"), min_len=1),
         term=lambda v, ctx: [fn("add_type", C(t)) for t in v], example="layers/humility-older-than-opalescence",
         asp="add_type"),
    Kind("static", "add_subtypes", "each [filter] has these subtypes in addition to its other types (205.1b, layer 4): "
         "creature types and other subtypes but land types (add_land_type)", Modelled("continuous.lp", ("205.1b", "613.1d")),
         ListOf(OneOf(ADDED_SUBTYPES, "subtype other than a land type"), min_len=1),
         term=lambda v, ctx: [fn("add_subtype", C(s)) for s in v],
         example="layers/a-creature-land-under-its-effect-is-its-types-and-colors", asp="add_subtype"),
    Kind("static", "replaces_types", "with add_types and add_subtypes: what the object becomes (205.1a: \"~ becomes a 2/2 "
         "Bird artifact creature\", with no \"still\" or \"in addition\"), its card types and creature types set, not "
         "added: modelled where it gives all the object has; an object with another card type or subtype is refused",
         Modelled("continuous.lp", ("205.1a", "613.1d")), Flag(), term=_const("replaces_types"),
         example="layers/an-equipment-that-becomes-a-creature-is-refused", asp="replaces_types"),
    Kind("static", "loses_all_abilities", "each [filter] loses all abilities (layer 6: printed ones, and those effects "
         "with earlier timestamps gave it; 613.1f, 613.7)", Modelled("continuous.lp", ("613.1f", "613.7")), Flag(),
         term=_const("loses_all_abilities"), example="layers/humility-older-than-opalescence"),
    Kind("static", "gain_keywords", "each [filter] has these keyword abilities (layer 6)",
         Modelled("continuous.lp", ("613.1f", "113.10c")), KeywordNames(),
         term=lambda v, ctx: [fn("gain_keyword", C(k)) for k in v], example="layers/flying-granted-after-losing-abilities",
         asp="gain_keyword"),
    Kind("static", "spares_its_aura", "\"This effect doesn't remove [this Aura]\": the protection this Aura's ability "
         "gives the permanent it enchants doesn't make the Aura illegally attached (702.16c)",
         Modelled("sba.lp", ("702.16c", "704.5m")), Flag(), term=_const("spares_its_aura"),
         example="layers/a-ward-aura-stays-on-the-creature-it-protects"),
    Kind("static", "lose_keywords", "each [filter] loses these keyword abilities (layer 6)",
         Modelled("continuous.lp", ("613.1f", "113.10c")), KeywordNames(),
         term=lambda v, ctx: [fn("lose_keyword", C(k)) for k in v], example="layers/gravity-sphere-takes-flying",
         asp="lose_keyword"),
    Kind("static", "pt_equal_count", "each \"*\" printed in this creature's power and toughness is the number of "
         "[these permanents] (\"N+*\": N more; a characteristic-defining ability, 604.3, 208.2a, layer 7a; a copy "
         "whose copy effect gives a power and toughness copies none, 707.9d)",
         Modelled("continuous.lp", ("604.3", "613.4a")), FilterShape("objects"),
         term=lambda v, ctx: fn("pt_count", ctx.filter(v, "cda")), example="layers/nightmare-counts-swamps-under-blood-moon",
         asp="pt_count"),
    Kind("static", "pt_equal_cards", "each \"*\" printed in this creature's power and toughness is the number of "
         "[filter] cards in your (all players') hand or graveyard (as pt_equal_count); cards the situation only counts "
         "count, but a filter cannot look at them (refused)",
         Modelled("continuous.lp", ("604.3", "613.4a")), CardsCounted(),
         term=lambda v, ctx: fn("pt_cards", C(v[0]), C(v[1]), C("none") if v[2] is None else ctx.filter(v[2], "cda")),
         example="layers/a-creature-as-big-as-its-controllers-hand", asp="pt_cards"),
    Kind("static", "set_base_pt", "each [filter] has base power and toughness P/T, or each equal to its mana value "
         "(layer 7b)", Modelled("continuous.lp", ("613.4b",)), BasePowerToughness(),
         term=lambda v, ctx: C("set_base_pt_mana_value") if v == "mana_value" else fn("set_base_pt", v[0], v[1]),
         example="layers/humility-older-than-opalescence"),
    Kind("static", "switch_pt", "each [filter] has its power and toughness switched (layer 7d)",
         Modelled("continuous.lp", ("613.4d",)), Flag(), term=_const("switch_pt"), example="layers/switch-after-pump"),
    Kind("static", "is_chosen_type", "this is the chosen creature type in addition to its other types (Metallic Mimic)",
         Modelled("continuous.lp", ("205.3",)), Flag(), term=_const("is_chosen_type"),
         example="filters/mimic-is-the-chosen-type"),
    Kind("static", "crafted_abilities", "this has each activated ability of the exiled cards used to craft it "
         "(702.167c, 607); once_each_turn: each of them may be activated only once each turn",
         Modelled("continuous.lp", ("702.167c", "607.1b", "602.5c")), OneOf(("once_each_turn", "any")),
         term=lambda v, ctx: fn("crafted_abilities", C(v)), example="craft/locus-has-the-activated-abilities"),
    Kind("static", "activate_as_though_haste", "you may activate abilities of creatures you control as though those "
         "creatures had haste (Thousand-Year Elixir): their {T} and {Q} abilities despite summoning sickness; they still "
         "can't attack (302.6)", Modelled("activation.lp", ("302.6",)), Flag(),
         term=_const("activate_as_though_haste"), example="activation/thousand-year-elixir-taps-a-new-creature"),
    Kind("static", "restrictions", "the creature an Aura enchants (filter: {enchanted: true}) can't attack and/or "
         "can't block (508.1c, 509.1b): [attack, block]; a restriction from the Aura's ability, not an ability the "
         "creature has (it keeps it when it loses all abilities)", Modelled("combat.lp", ("508.1c", "509.1b")),
         ListOf(OneOf(("attack", "block"), "restriction"), min_len=1),
         term=lambda v, ctx: [fn("restriction", C(k)) for k in v], asp="restriction",
         example="combat/pacifism-keeps-a-creature-from-combat"),
    Kind("static", "unblockable_by_power", "this creature can't be blocked by creatures with power N or less "
         "({at_most: N}) or N or greater ({at_least: N}), or with power less than its own ({less_than_its_own: true}) "
         "(509.1b): an ability of its own, lost with its abilities",
         Modelled("combat.lp", ("509.1b",)), PowerBound(),
         term=lambda v, ctx: fn("unblockable_by_power", C(v[0]), v[1]), asp="unblockable_by_power",
         example="combat/small-creatures-cannot-block-it"),
    Kind("static", "cant_block_power", "this creature can't block creatures with power N or greater ({at_least: N}), "
         "N or less ({at_most: N}), or less than its own ({less_than_its_own: true}) (509.1b): an ability of its own, "
         "lost with its abilities", Modelled("combat.lp", ("509.1b",)), PowerBound(),
         term=lambda v, ctx: fn("cant_block_power", C(v[0]), v[1]), asp="cant_block_power",
         example="combat/a-creature-that-cant-block-big-creatures"),
    Kind("static", "unblockable_by", "this creature can't be blocked by creatures the filter matches as blockers are "
         "declared (\"~ can't be blocked by Walls\", \"... by artifact creatures\", \"... by creatures with flying\", "
         "509.1b), seen from its controller: an ability of its own, lost with its abilities",
         Modelled("combat.lp", ("509.1b",)), FilterShape("objects"),
         term=lambda v, ctx: fn("unblockable_by", ctx.filter(v, "blockers")), asp="unblockable_by",
         example="combat/walls-cannot-block-it"),
    Kind("static", "protection_from", "protection from what the filter matches (\"protection from Goblins\", \"... from "
         "creatures\", \"... from snow\", 702.16a): not the target of spells or of abilities from such sources, not "
         "blocked, enchanted, equipped or dealt damage by them (702.16b-f); an ability of its own, lost with its "
         "abilities", Modelled("stack.lp", ("702.16a", "702.16b", "702.16e", "702.16f")), FilterShape("objects"),
         term=lambda v, ctx: fn("protection_from", ctx.filter(v, "quality")), asp="protection_from",
         example="stack/protection-from-goblins"),
    Kind("static", "you_have", "\"you have hexproof\" (or shroud): its controller can't be the target of spells or "
         "abilities their opponents control (of any, with shroud; 702.11d, 702.18b)",
         Modelled("stack.lp", ("702.11d", "702.18b")), OneOf(("hexproof", "shroud")),
         term=lambda v, ctx: fn("you_have", C(v)), example="stack/a-player-with-hexproof-is-not-a-target"),
    Kind("static", "one_spell_each_turn", "\"each player (you, your opponents) can't cast more than one spell each "
         "turn\": a player it names who has cast a spell this turn can't cast another (101.2; the player field "
         "spells_cast counts those cast before)", Modelled("casting.lp", ("101.2", "601.2")),
         OneOf(("each_player", "you", "opponents")), term=lambda v, ctx: fn("one_spell_each_turn", C(v)),
         example="payment/one-spell-each-turn"),
    Kind("static", "spell_cost", "each spell the filter matches as it is cast (controller: you, the spells you cast; "
         "opponent, those your opponents cast) costs N more generic mana to cast, or -N less (601.2f): the increases and "
         "reductions add up, and take generic mana only, never below {0}; alone in its static ability",
         Modelled("casting.lp", ("601.2f",)), Signed(), term=lambda v, ctx: fn("spell_cost", v),
         example="payment/a-cost-reduction-is-for-its-controllers-spells"),
    Kind("static", "spell_cost_each", "(in a cost_reduction ability with for_each) its spell costs N generic mana more, "
         "or -N less, for each permanent the filter matches as it is cast (601.2f, 702.41a)",
         Modelled("casting.lp", ("601.2f", "702.41a")), Signed(), term=lambda v, ctx: fn("spell_cost_each", v),
         example="payment/affinity-counts-the-artifacts"),
    Kind("static", "spend_as", "how mana may be spent (601.2h, 106.1): \"white as any color; other mana only as "
         "colorless\" (Celestial Dawn: its controller may spend white mana as though it were mana of any color, and "
         "other mana only as though it were colorless); \"mana as any color\" (Chromatic Orrery: its controller may "
         "spend mana as though it were mana of any color, which pays colored symbols but not {C}, 105.4), \"mana as "
         "any type\" (any type: {C} too), \"each player: mana as any color\" (Mycosynth Lattice), \"mana as any "
         "type for creature spells\" (Vizier of the Menagerie), \"mana as any color for planeswalker spells\" (Oath "
         "of Nissa)", Modelled("payment.lp", ("601.2h", "106.1", "105.4")), OneOf(tuple(_SPEND_AS)),
         term=lambda v, ctx: _SPEND_AS[v], example="payment/celestial-dawn-white-pays-uu"),
    Kind("static", "life_rather_than_mana", "for each mana symbol of this color in a cost its controller pays, they may "
         "pay 2 life rather than pay that mana (K'rrik, Son of Yawgmoth: {B}), announced as a Phyrexian symbol's is "
         "(601.2b, 107.4f, 119.4)", Modelled("payment.lp", ("601.2b", "601.2h", "119.4")), Color(),
         term=lambda v, ctx: fn("life_rather_than", C(v)), asp="life_rather_than",
         example="payment/krrik-pays-black-with-life"),
)

# ---------------------------------------------------------------------------------------------
# Options of an ability
# ---------------------------------------------------------------------------------------------
OPTIONS: tuple[Kind, ...] = (
    Kind("option", "limit", "activate only once each turn, or no more than twice (three times) each turn (602.5b)",
         Modelled("activation.lp", ("602.5b",)), OneOf(("once_each_turn", "twice_each_turn", "three_times_each_turn")),
         frozenset({"activated"}), term=lambda v, ctx: C(v),
         example="activation/once-each-turn-limit", asp="ability_limit"),
    Kind("option", "zone", "an ability that works while its card is in its owner's graveyard, whose effect moves the "
         "card out of it (\"{2}{B}: Return ~ from your graveyard to your hand\", 113.6j): activated by its owner from "
         "there, and not on the battlefield; a triggered one (with a filter: \"whenever you cast a multicolored spell, "
         "you may return ~ from your graveyard to your hand\") triggers there alone, controlled by the card's owner; or, "
         "of a triggered ability only, exile (suspend's two triggered abilities, 702.62a)",
         Modelled("activation.lp", ("113.6j", "602.2")), OneOf(("graveyard", "exile")),
         frozenset({"activated", "triggered"}),
         term=lambda v, ctx: C(v), example="activation/returned-from-the-graveyard-to-hand",
         asp="ability_zone"),
    Kind("option", "timing", "activate only as a sorcery (307.1), or (your_upkeep) only during your upkeep (602.5b), or "
         "(your_turn_before_attackers) only during your turn, before attackers are declared (602.5b: its beginning "
         "phase, precombat main phase or beginning of combat step); "
         "a spell's \"cast this spell only ...\" (601.3): during_combat, combat_before_blockers (\"during combat before "
         "blockers are declared\"), combat_after_blockers, declare_attackers_step, declare_attackers_step_attacked "
         "(\"... and only if you've been attacked this step\": a creature attacks its caster), declare_blockers_step, "
         "before_combat_damage (\"before the combat damage step\")",
         Modelled("activation.lp", ("307.1", "602.5d", "602.5b", "601.3"), also=("casting.lp",)),
         OneOf(ACTIVATION_TIMINGS + SPELL_TIMINGS),
         frozenset({"activated", "spell"}), term=lambda v, ctx: C(v),
         example="activation/sorcery-timing-ability", asp="ability_timing"),
    Kind("option", "spend_only", "the mana may be spent only as this says (a restriction, 106.6): abilities, "
         "creature_spells, legendary_spells, or creature_spells_of_the_chosen_type (a creature spell with the creature "
         "type chosen for this permanent as it entered, Cavern of Souls; such mana is refused in a pool)",
         Modelled("mana.lp", ("106.6",)), ListOf(OneOf(CARD_RESTRICTIONS, "spending restriction")), frozenset({"activated"}),
         term=lambda v, ctx: [C(f"spend_only_{r}") for r in v], example="mana/ziggurat-mana-carries-its-restriction",
         asp="ability_rider"),
    Kind("option", "spend_effect", "what the mana does to the spell it is spent on (106.6): cant_be_countered "
         "(\"that spell can't be countered\"; only for mana spent while paying, never left in a pool)",
         Modelled("payment.lp", ("106.6",)), OneOf(("cant_be_countered",)), frozenset({"activated"}),
         term=lambda v, ctx: C(v), example="payment/halfling-mana-spell-cant-be-countered", asp="ability_spend_effect"),
    Kind("option", "only_if", "activate only if a condition holds (602.5b): you played a land this turn (a condition "
         "on the turn's history, 305.2), you control at least N permanents of a filter, it is your turn, you have no "
         "cards in hand, N or more cards are in your graveyard (threshold), you attacked with a creature this turn "
         "(raid), creatures you control have total power N or greater (formidable, 207.2c), you have the city's "
         "blessing (702.131c)",
         Modelled("activation.lp", ("602.5b",)), OnlyIf(), frozenset({"activated"}), term=_only_if_terms,
         example="activation/temple-needs-five-lands", asp="ability_condition"),
    Kind("option", "instead", "a mana ability's \"If [condition], add [mana] instead\", or a spell's \"[Ability word] "
         "— [instructions] instead if [condition]\" (a self-replacement effect, 614.1a, 614.15, applied before any "
         "other, 616.1a): where every condition holds as the ability or spell resolves (or, for what the permanent could "
         "produce, now, 106.7), the instructions of its 'effect' replace the ability's or spell's own. Conditions: you "
         "played a land this turn (305.2), a counter of a kind on this permanent (a mana ability's), at least N cards in "
         "your graveyard (threshold), you control at least N permanents of a filter (metalcraft). A spell's instructions "
         "on either side have no target and are followed one by one",
         Modelled("mana.lp", ("614.15", "106.7"), also=("stack.lp",)), InsteadShape(), frozenset({"activated", "spell"}),
         term=_instead_terms,
         example="mana/river-of-tears-after-a-land", asp="ability_instead"),
    Kind("option", "as_long_as", "a static ability whose effect exists only while a condition holds (611.3a):"
         " attacking, tapped, untapped, monstrous (this permanent, 701.37b), dashed (702.109a), your_turn, "
         "not_your_turn, no_cards_in_hand, citys_blessing (702.131c), at least N permanents of a filter (permanents) or "
         "none (no_permanents), a "
         "counter of a kind on this permanent, from N to M counters of a kind on it (counters: a leveler's \"LEVEL "
         "N-M\", 711.2), your life at least N, an opponent's at most N, at least N cards in your graveyard "
         "(threshold); read from what the layers up to colors leave. Only for a static ability about this permanent "
         "alone that gives keywords, +N/+N or a base power and toughness",
         Modelled("continuous.lp", ("611.3a", "604.1")), AsLongAs(), frozenset({"static"}), term=_as_long_as_terms,
         example="layers/a-creature-small-while-you-control-two-artifacts", asp="ability_while"),
    Kind("option", "for_each", "a static ability's +N/+N multiplied by a number it counts (608.2h, 613.4c): the "
         "permanents a filter matches (\"for each artifact you control\"), those of a filter attached to the object it "
         "changes (\"for each Aura attached to it\"), the creatures blocking that object, counters of a kind on this "
         "permanent, cards in a hand or graveyard, or the basic land types among permanents (205.3i); beyond: N leaves "
         "the first N out. A static ability counts all the time; a lasting effect counts once, as it begins, and "
         "keeps that number. Without a filter, a printed static ability that counts is about this permanent alone "
         "(\"~ gets +1/+1 for each ...\")", Modelled("continuous.lp", ("608.2h", "613.4c")), ForEach(),
         frozenset({"static"}), term=_for_each_terms, example="layers/a-creature-bigger-for-each-artifact",
         asp="ability_for_each"),
    Kind("option", "applies_to", "a counters replacement that applies only where an effect would put the counters "
         "(Doubling Season), not to counters put as a cost until another replacement has modified them (614.16)",
         Modelled("events.lp", ("614.16",)), OneOf(("effects",)), frozenset({"replacement"}), term=lambda v, ctx: C(v),
         example="replacement/doubling-season-and-a-loyalty-cost", asp="ability_applies_to"),
    Kind("option", "to", "a damage replacement or prevention that applies only to damage dealt to these: self (this "
         "permanent; for a lasting effect, the objects it affects), you, players, or the permanents a filter matches "
         "(615.1a)", Modelled("events.lp", ("615.1a",)), DamageRecipients(), frozenset({"replacement"}),
         term=_recipient_terms, example="replacement/daunting-defender-and-pyroclasm", asp="ability_damage_to"),
    Kind("option", "by", "a damage replacement or prevention that applies only to damage this permanent deals (for a "
         "lasting effect, the objects it affects): self (615.1a); or self_or_to, to damage it deals or is dealt "
         "(\"prevent all combat damage that would be dealt to and dealt by that creature this turn\")",
         Modelled("events.lp", ("615.1a",)), OneOf(("self", "self_or_to")), frozenset({"replacement"}),
         term=lambda v, ctx: C(v),
         example="combat/stay-the-blow-on-an-attacker", asp="ability_damage_by"),
    Kind("option", "combat", "a damage replacement or prevention that applies only to combat damage (510.2)",
         Modelled("events.lp", ("510.2", "615.1a")), Flag(), frozenset({"replacement"}),
         term=lambda v, ctx: C("combat"), example="replacement/fog-stops-lifelink", asp="ability_damage_kind"),
    Kind("option", "if", "a triggered ability's intervening if (603.4), or the condition of an enters rider (614.1c): "
         "kicked (the spell it was cast as was kicked, 702.33d), evoked (702.74a), no_p1p1_counters or no_m1m1_counters "
         "(it had no +1/+1, or -1/-1, counters on it: undying 702.93a, persist 702.79a, looking back for a dies "
         "trigger, 603.10a), not_renowned (702.112a), opponent_damaged_this_turn (bloodthirst, 702.54a), revolt (a "
         "permanent you controlled left the battlefield this turn, 207.2c), raid (you attacked with a creature this turn, "
         "207.2c), cast_from_hand or not_cast_from_hand (\"if "
         "you (didn't) cast it from your hand\", 601.2a: a permanent put onto the battlefield was not cast) or "
         "attacks_player_with_most_life (dethrone, 702.105a) or with_two_other_attackers (battalion: \"whenever this and "
         "at least two other creatures attack\"), conditions of an attack trigger's event, or x_in_cost (\"if that "
         "spell's mana cost or that ability's activation cost contains {X}\", 107.3), a condition of a cast or activate "
         "trigger's event, or spent_white, spent_blue, spent_black, spent_red or spent_green (\"if {G} was spent to cast "
         "it\", 601.2h: mana of that color paid for the spell it is or was), or untapped or tapped (\"if this is "
         "(un)tapped\", 110.5, checked again as the ability resolves), or no_spells_cast_last_turn or "
         "two_spells_cast_last_turn (\"if no spells were cast last turn\", \"if a player cast two or more spells last "
         "turn\": the players' spells_cast_last_turn), or surged (\"if its surge cost was paid\", 702.117a), or "
         "tribute_not_paid (\"if tribute wasn't paid\", 702.104b), or citys_blessing (\"if you have the city's "
         "blessing\", 702.131c), or {you_control: {count: N, filter: F}} (\"if you control two or more "
         "Gates\": N or more permanents of the filter that the ability's controller controls, checked again as it "
         "resolves), or "
         "p1p1_counter (\"if this has a +1/+1 counter on it\": graft, 702.58a; checked again as it resolves), or "
         "time_counter (\"if there is a time counter on this permanent\": vanishing, 702.63a; checked again as it "
         "resolves), or "
         "evolves (\"if that creature has greater power or toughness than this creature\": evolve, 702.100a-c, of an "
         "'enters' trigger whose filter asks for a creature; compared once the creature is on the battlefield and again "
         "as the ability resolves), or suspended (\"if this card is suspended\": in exile with a time counter, "
         "702.62b; checked again as it resolves); each checked as the ability triggers or applies",
         Modelled("triggers.lp", ("603.4", "614.1c", "702.33d")),
         IfCondition(),
         frozenset({"triggered", "enters"}),
         term=lambda v, ctx: condition_term(v), example="sequences/unkicked-creature-enters-without-counters",
         asp="ability_if"),
    Kind("option", "except", "a draw replacement that does not apply to first_in_draw_step: \"except the first one "
         "you draw in each of your draw steps\" (504.1); in its controller's draw step, which draw is the first is not "
         "known and the situation is refused", Modelled("events.lp", ("504.1", "121.6")), OneOf(("first_in_draw_step",)),
         frozenset({"replacement"}), term=lambda v, ctx: C(v),
         example="replacement/alhammarrets-archive-in-the-draw-step-is-refused", asp="ability_except"),
    Kind("option", "any_player", "an activated ability of a permanent that any player may activate (\"Any player may "
         "activate this ability\", 602.2): who activates it pays its costs and controls it on the stack",
         Modelled("activation.lp", ("602.2",)), Flag(), frozenset({"activated"}), term=lambda v, ctx: [],
         example="activation/any-player-may-activate", asp="ability_any_player"),
    Kind("option", "or_self", "a triggered ability with a filter that also triggers on what happens to its own object "
         "(\"whenever ~ or another Ally enters under your control\", 603.2, 603.6a)",
         Modelled("triggers.lp", ("603.2", "603.6a")), Flag(), frozenset({"triggered"}), term=lambda v, ctx: [],
         example="sequences/or-another-ally-enters-sees-itself", asp="ability_or_self"),
    Kind("option", "lasting", "an effect of a resolved spell or ability, lasting this long (611.2a): until_end_of_turn; "
         "until_end_of_game, an effect that states no duration (\"it gains haste\"), which ends on an object only as "
         "that object leaves its zone (400.7); while_source_tapped, \"for as long as this remains tapped\": begun by "
         "an ability of a permanent, it ends as that permanent untaps or leaves the battlefield, and does nothing if "
         "it is no longer tapped as it would begin (611.2b); while_you_control_source, \"for as long as you control "
         "this\": it ends as that permanent leaves the battlefield or another player gains control of it (611.2b); or "
         "once: a delayed triggered ability (603.7), about the "
         "object the instruction that creates it names, that triggers the next time its event happens and is then gone "
         "(603.7b)", Modelled("continuous.lp", ("611.2a", "611.2b")),
         OneOf(("until_end_of_turn", "until_end_of_game", "while_source_tapped", "while_you_control_source", "once")),
         frozenset({"triggered", "replacement", "static"}), term=lambda v, ctx: C(v),
         example="mana/deep-water-on-the-battlefield-does-nothing", asp="ability_lasting"),
)

# ---------------------------------------------------------------------------------------------
# Card fields
# ---------------------------------------------------------------------------------------------
_CARD = Modelled("core.lp", ("200.1",))
CARD_FIELDS: tuple[Kind, ...] = (
    Kind("card", "name", "the card's name", _CARD, Text(), asp="card", example="mana/could-produce-basic-lands"),
    Kind("card", "cost", "its mana cost, such as \"{2}{G}\" (202.1)", Modelled("core.lp", ("202.1", "202.2")),
         ManaSymbols(), asp="card_mana_cost", example="choices/magecraft-archmage-cast"),
    Kind("card", "types", "its card types (205.2)", Modelled("core.lp", ("205.2a",)),
         ListOf(OneOf(CARD_TYPES_, "card type")),
         asp="card_type", example="mana/could-produce-basic-lands"),
    Kind("card", "supertypes", "its supertypes (205.4)", Modelled("core.lp", ("205.4a",)),
         ListOf(OneOf(SUPERTYPES_, "supertype")),
         asp="card_supertype", example="mana/blood-moon-dual-and-urborg"),
    Kind("card", "subtypes", "its subtypes (205.3)", Modelled("core.lp", ("205.3a",)), ListOf(Name("subtype")),
         asp="card_subtype", example="mana/could-produce-basic-lands"),
    Kind("card", "colors", "its color indicator (204)", Modelled("core.lp", ("204.1",)), ListOf(Color()),
         asp="card_color_indicator", example="mana/crater-sees-dryad-arbor-green"),
    Kind("card", "power", "printed power (208); \"*\" or \"N+*\" where a characteristic-defining ability gives the "
         "\"*\" (208.2a, 604.3)", Modelled("continuous.lp", ("208.1", "208.2a")), PrintedNumber(),
         asp="card_power", example="choices/onyx-minus3-no-ties"),
    Kind("card", "toughness", "printed toughness (208), as power", Modelled("continuous.lp", ("208.1", "208.2a", "704.5f")),
         PrintedNumber(), asp="card_toughness", example="sequences/ballista-with-x-0-dies"),
    Kind("card", "loyalty", "printed loyalty (306.5b)", Modelled("events.lp", ("306.5b",)), Count(0),
         asp="card_loyalty", example="replacement/planeswalker-loyalty-doubling-season"),
    Kind("card", "abilities", "its abilities, in the template vocabulary", _CARD, asp="ability",
         example="mana/could-produce-basic-lands"),
    Kind("card", "token", "this card describes tokens of this kind (111.4): what create_tokens of the kind makes",
         Modelled("events.lp", ("111.4", "111.10")), Name("token kind"), asp="token_card",
         example="sequences/anointer-priest-and-doubling-season"),
    Kind("card", "faces", "front and back faces of a double-faced card (712)", Modelled("core.lp", ("712.8a",)),
         asp="card_face", example="activation/double-faced-back-face"),
    Kind("card", "halves", "left and right halves of a split card (708), each a card of its own (an instant or a "
         "sorcery) while it is cast and on the stack (708.3); everywhere else the card is the two combined: both names, "
         "mana costs added up (so mana values too), colors and types (708.4)", Modelled("core.lp", ("708.3", "708.4")),
         asp="card_face", example="stack/split-card-fire-cast-as-one-half"),
    Kind("card", "text", "its rules text, for people", Informational("the abilities say what the text means")),
)
