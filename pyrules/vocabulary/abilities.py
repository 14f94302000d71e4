"""Abilities as the vocabulary writes them: an :class:`AbilitySpec` is one ability of a card (or granted by
one), read from its YAML by :func:`parse_ability`, each part a kind of :mod:`pyrules.vocabulary` that says how
it is written, where it may appear and what it becomes. Anything outside the vocabulary is refused with
``unsupported: ...`` when the card is read, never ignored."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pyrules.base.document import Field
from pyrules.base.errors import UnsupportedError
from pyrules.vocabulary import Filter, FilterShape, TargetSpec, find, kind, names, targets_of
from pyrules.vocabulary.filters import LATE_STATIC
from pyrules.vocabulary.templates import (
    ABOUT_A_PLAYER,
    ACTIVATION_TIMINGS,
    PLAYERS_ONLY,
    SPELL_TIMINGS,
    GrantShape,
    InsteadShape,
    MayInstruction,
    add_ways,
    filter_words,
    instead_words,
)
from pyrules.vocabulary.values import COLOR_NAMES, mana_text

#: The instructions about the permanent their source is attached to ("enchanted creature", 303.4).
ENCHANTED_EFFECTS = frozenset({"tap_enchanted", "untap_enchanted", "regenerate_enchanted", "lasting_on_enchanted"})

#: The keywords the vocabulary knows (each with its own status).
KEYWORDS = names("keyword")


@dataclass(frozen=True)
class Part:
    """One template in an ability: a cost, an effect, an enters instruction, a modification or a
    static effect. ``kind`` is its name in its family of the vocabulary; ``value`` what the card
    gives it (its shape's parsed value)."""

    kind: str
    value: Any = True


@dataclass(frozen=True)
class AbilitySpec:
    """An ability printed on a card (or granted by one). ``kind``: activated, keyword, triggered,
    replacement, static, enters (how the permanent itself enters, CR 614.1c) or spell."""

    kind: str
    costs: tuple[Part, ...] = ()
    effects: tuple[Part, ...] = ()  # instructions in order (for an enters ability: what it does)
    keyword: str = ""
    trigger: str = ""  # triggered: the event
    intervening_if: Any = ""  # triggered: an "if" checked as it triggers (603.4); enters: the condition of its rider
    # (614.1c): came_since_last_upkeep (echo), kicked (702.33d), evoked (702.74a)
    event: str = ""  # replacement: the event it modifies
    modify: Part | None = None  # replacement: what it does to the event
    statics: tuple[Part, ...] = ()  # static: its effects, one per layer it applies in (613.6: one ability, several parts)
    filter: Filter | None = None  # triggered/replacement/static: the objects concerned
    lasting: str = ""  # created by a resolved spell or ability, lasting this long
    applies_to: str = ""  # a counters replacement: "effects" if it applies only to counters an effect puts
    damage_to: tuple = ()  # a damage replacement: only damage dealt to these (self, you, players, filters)
    damage_by: str = ""  # a damage replacement: "self" if only damage its own object deals
    combat: bool = False  # a damage replacement: only combat damage
    draw_except: str = ""  # a draw replacement: the draw it leaves alone (first_in_draw_step)
    or_self: bool = False  # triggered with a filter: also on what happens to its own object ("~ or another Ally")
    limit: str = ""  # activated: once_each_turn
    timing: str = ""  # activated: sorcery
    riders: tuple[str, ...] = ()  # activated mana abilities: restrictions on spending the mana (106.6)
    modes: tuple[int, ...] = ()  # a modal ability: the mode (from 1) of each instruction (700.2)
    choose: tuple[int, int] = (1, 1)  # a modal spell: the fewest and most modes chosen (700.2a, 700.2d)
    zone: str = ""  # activated: the zone it works from, when not the battlefield (cycling: hand, 113.6)
    only_if: tuple = ()  # activated: conditions of "activate only if" (602.5b)
    any_player: bool = False  # activated: "any player may activate this ability" (602.2)
    as_long_as: tuple = ()  # static: the condition while which its effect exists (611.3a)
    for_each: tuple = ()  # static: what its +N/+N is multiplied by, counted (608.2h, 613.4c)
    spend_effect: str = ""  # activated mana abilities: what the mana does to the spell it pays for (106.6)
    conditions: tuple[str, ...] = ()  # the condition of each instruction: "" or, of a spell, "kicked" (702.33d);
    # "instead" (its instructions replace the others where the conditions of ``instead`` hold, 614.15) and, of a
    # spell, "unless_instead" (the instructions followed where they do not)
    instead: tuple = ()  # mana abilities and spells: the conditions of "If ..., [instructions] instead" (614.15)
    line: str = ""  # unsupported: the line of rules text that no template fits, as printed
    time_counters: int = 0  # suspend: the time counters the card is exiled with (702.62a)

    @property
    def targets(self) -> tuple[TargetSpec, ...]:
        """Each use of the word "target" in its instructions, in order (115.1)."""
        if self.kind == "enters":
            return ()
        if self.kind in ("enchant", "bestow"):  # an Aura spell targets what its enchant ability allows (303.4a, 702.5b)
            flt = self.filter or Filter({})
            return (TargetSpec(f"target {filter_words(flt)} permanent", "battlefield", flt),)
        return tuple(t for e in self.effects for t in targets_of(kind("effect", e.kind), e.value))

    @property
    def instruction_kinds(self) -> frozenset[str]:
        """The kinds of its instructions, and of the one each instruction that holds one ("you may", "if you do", a
        coin flip's result) holds."""
        return held_kinds(self.effects)

    @property
    def target_modes(self) -> tuple[int, ...]:
        """For each target, the mode of the instruction that says it (0 for an ability without modes)."""
        if self.kind in ("enters", "enchant", "bestow"):
            return (0,) * len(self.targets)
        modes = self.modes or (0,) * len(self.effects)
        return tuple(m for e, m in zip(self.effects, modes) for _ in targets_of(kind("effect", e.kind), e.value))

    @property
    def divided(self) -> bool:
        """Whether its instructions divide damage among a number of targets chosen as it is activated (601.2d)."""
        return any(e.kind == "damage_divided" for e in self.effects)

    @property
    def text(self) -> str:
        if self.kind == "unsupported":
            return self.line
        if self.kind == "keyword":
            return self.keyword.replace("_", " ").capitalize()
        if self.kind == "enchant":
            return "Enchant"
        if self.kind == "bestow":
            return f"Bestow {mana_text(self.costs[0].value)}"
        if self.kind == "activated" and self.keyword:
            return f"{self.keyword.capitalize()} {mana_text(self.costs[0].value)}"
        if self.kind == "activated":
            costs = ", ".join(kind("cost", c.kind).render(c.value) for c in self.costs)
            said = [kind("effect", e.kind).render(e.value) for e, c in zip(self.effects, self.conditions or
                                                                           ("",) * len(self.effects)) if not c]
            replacing = [kind("effect", e.kind).render(e.value) for e, c in zip(self.effects, self.conditions) if c]
            if replacing:
                replaced = ". ".join(replacing)
                said.append(f"If {instead_words(self.instead)}, {replaced[:1].lower()}{replaced[1:]} instead")
            return f"{costs}: {'. '.join(said)}"
        return f"{self.kind} ({self.trigger or self.event or ', '.join(p.kind for p in self.statics)})"


# --------------------------------------------------------------------------------------------
# Parsing abilities
# --------------------------------------------------------------------------------------------


def held_kinds(effects: tuple[Part, ...]) -> frozenset[str]:
    """The kinds of ``effects``, and of the one instruction each ``may``, ``if_paid``, ``if_you_do`` or flip result holds
    (its value's first or second part)."""
    return frozenset(k for e in effects for k in (e.kind, *(e.value[:2] if e.kind in (
        "may", "if_paid", "won_flip", "lost_flip", "if_you_do", "kinship", "if_your_turn") else
        e.value[1:2] if e.kind == "unless_spent" else ())) if isinstance(k, str))


def held_parts(effects: tuple[Part, ...]) -> Iterator[Part]:
    """``effects``, and the one instruction each ``may``, ``if_paid``, ``if_you_do`` or flip result holds, as a part of
    its own."""
    for e in effects:
        yield e
        if e.kind in ("may", "won_flip", "lost_flip", "if_you_do", "kinship", "if_your_turn"):
            yield Part(e.value[0], e.value[1])
        elif e.kind in ("if_paid", "unless_spent"):
            yield Part(e.value[1], e.value[2])
        elif e.kind == "its_controller" and e.value[1][0] == "create_tokens":  # (tokens for a target's controller)
            yield Part("create_tokens", e.value[1][1])


def with_granted(abilities: tuple[AbilitySpec, ...]) -> Iterator[AbilitySpec]:
    """``abilities``, each followed by the activated abilities its static effects grant (613.1f): what a card may make
    happen is what its own abilities and the abilities it gives other objects do (the tokens they create, the counters
    they name)."""
    for a in abilities:
        yield a
        yield from (part.value for part in a.statics if part.kind == "grant")


def _spent_parts(spent: Field) -> list[tuple[str, Field]]:
    """A spell's ``if_spent: {green: [instructions], ...}``: for each color, the instructions followed only if mana of
    that color was spent to cast it (601.2h), with their condition (spent_green)."""
    if not spent.present:
        return []
    parts = []
    for color, part in spent.items():
        if str(color).lower() not in COLOR_NAMES:
            raise part.fail(f"unknown color '{color}'; expected white, blue, black, red or green")
        parts.append((f"spent_{str(color).lower()}", part))
    return parts
#: The conditions an "if" may ask only of an attack trigger's event (dethrone, 702.105a; battalion).
_ATTACK_CONDITIONS = frozenset({"attacks_player_with_most_life", "with_two_other_attackers"})

def _single(f: Field, what: str, family: str) -> tuple[str, Field]:
    """A mapping with exactly one key, naming a kind of ``family``."""
    if not isinstance(f.value, dict) or len(f.value) != 1:
        raise f.fail(f"{f.name} must be one {what} such as {_EXAMPLES[family]}")
    (key, sub), = f.items()
    if find(family, key) is None:
        label = "ability kind" if family == "ability" else what
        plural = "kinds" if family == "ability" else f"{what}s"
        raise UnsupportedError(sub.where, f"{label} '{key}' (known {plural}: {', '.join(names(family))})")
    return key, sub


_EXAMPLES = {"effect": "{add: '{G}'}", "cost": "'{T}'", "modification": "{multiply: 2}",
             "ability": "'activated: {...}' or 'keyword: haste'"}


def _parse_costs(f: Field) -> tuple[Part, ...]:
    if isinstance(f.value, str):  # "{1}, {T}"
        costs: list[Part] = []
        for part in (p.strip() for p in f.value.split(",")):
            if part.upper() in ("{T}", "{Q}"):
                costs.append(Part(part.upper()))
            else:
                costs.append(Part("mana", kind("cost", "mana").shape.parse(Field(part, f.path, f.source, f.lines))))
        return tuple(costs)
    if isinstance(f.value, list):
        return tuple(c for item in f.elements() for c in _parse_costs(item))
    if isinstance(f.value, dict):
        key, sub = _single(f, "cost", "cost")
        return (Part(key, kind("cost", key).shape.parse(sub)),)
    raise f.fail(f"{f.name} must be a cost such as '{{T}}' or a list of costs")


def _parse_effects(f: Field, contexts: set[str], where: str) -> tuple[Part, ...]:
    """The instructions of an ability, each allowed in one of ``contexts``; "if you do" only after "you may draw" or
    "you may discard" (608.2c: whether its player did is known then)."""
    effects = _parse_effect_items(f, contexts, where)
    if contexts & {"spell", "triggered"} and "tapped_for_mana" not in contexts and any(
            e.kind == "add" and len(add_ways(e.value)) > 1 for e in effects):
        raise UnsupportedError(f.where, "mana with a choice added as a spell or a triggered ability resolves (only a "
                               "mana ability's choice is modelled)")
    for i, e in enumerate(effects):
        if e.kind == "may_play_exiled" and not (i and (effects[i - 1].kind == "exile_top" or effects[i - 1].kind in (
                "that_player", "target_player", "target_opponent") and effects[i - 1].value[0] == "exile_top")):
            raise UnsupportedError(f.where, "'may_play_exiled' other than right after 'exile_top' (\"exile the top card "
                                   "of ... library. You may play that card this turn\")")
        if e.kind in ("won_flip", "lost_flip") and not any(p.kind == "flip_coin" or p.kind == "may" and
                                                            p.value[0] == "flip_coin" for p in effects[:i]):
            raise UnsupportedError(f.where, f"'{e.kind}' without a flip_coin instruction before it (705.1)")
        if e.kind == "if_you_do" and not (i and effects[i - 1].kind == "may" and effects[i - 1].value[0] in _DONE) \
                and not _after_payment(effects[:i]):
            raise UnsupportedError(f.where, "'if_you_do' other than right after 'may' with one of: " + ", ".join(_DONE)
                                   + ", or after 'if_paid' (and the 'if_you_do' after it)")
        if i and any(p.kind == "up_to" for p in effects[:i]) and targets_of(kind("effect", e.kind), e.value):
            raise UnsupportedError(f.where, "targets after those of 'up to N targets' (only trailing targets may be "
                                            "left unchosen)")
        if e.kind in _ABOUT_A_TARGET or e.kind in _ABOUT_A_TARGETS_CONTROLLER:
            number = e.value[0] if e.kind in _ABOUT_A_TARGETS_CONTROLLER else e.value
            label = f"{e.kind}: {e.value}" if e.kind in _ABOUT_A_TARGET else e.kind
            named = _target_before(label, number, effects[:i], f)
            if e.kind in _ABOUT_A_TARGETS_CONTROLLER and named.zone == PLAYERS_ONLY:
                raise f.fail(f"'{e.kind}' names target {number}, a player: only an object has a controller")
        if ((e.kind == "unless_paid" and any(sym == "x" for sym, _ in e.value[0])) or (
                e.kind in ("gain_life", "draw") and e.value == "x") or e.value == ("draw", "x")) and "triggered" in contexts:
            raise UnsupportedError(f.where, f"'{e.kind}' with X in a triggered ability (no X is announced for it)")
        if e.kind == "countered_instead" and not (i and (effects[i - 1].kind == "counter_target_spell" or (
                effects[i - 1].kind == "unless_paid" and effects[i - 1].value[2] == "counter_target_spell"))):
            raise UnsupportedError(f.where, "'countered_instead' other than right after 'counter_target_spell' (or "
                                            "'unless_paid' holding it)")
        if e.kind == "lasting_on_exiled" and not any(p.kind in ("exile_target", "exile_source") for p in effects[:i]):
            raise UnsupportedError(f.where, "'lasting_on_exiled' without an instruction before it that exiles a "
                                            "permanent (exile_target, exile_source)")
        if e.kind in ("gain_life_equal_to", "lose_life_equal_to"):
            _check_life_equal_to(e, effects[:i], contexts, f)
    return effects


#: The instructions about a target an instruction before them chose ("untap that creature", "regenerate it"): the value
#: is its number.
_ABOUT_A_TARGET = ("untap_that", "skip_untap_that", "regenerate_that")
#: The instructions about the controller of a target an instruction before them chose: the value's first is its number.
_ABOUT_A_TARGETS_CONTROLLER = ("its_controller", "damage_its_controller")


def _target_before(label: str, number: int, before: tuple[Part, ...], f: Field) -> Any:
    """Target ``number`` of the instructions ``before`` an instruction about it (its TargetSpec)."""
    targets = [t for p in before for t in targets_of(kind("effect", p.kind), p.value)]
    if number > len(targets):
        raise f.fail(f"'{label}' names target {number}, and the instructions before it have "
                     f"{len(targets)} target{'s' if len(targets) != 1 else ''}")
    return targets[number - 1]


#: The instructions that change no object's power, toughness or mana value: "gain life equal to its power" after them
#: reads the object as the resolution began, as the encodings do.
_KEEP_CHARACTERISTICS = frozenset({
    "destroy_target", "exile_target", "destroy_that", "regenerate_target", "cant_be_regenerated", "counter_target_spell",
    "return_target_to_hand", "put_on_top_target", "put_on_bottom_target", "tap_target", "sacrifice_one", "target_player",
    "target_opponent", "its_controller", "that_player", "defending_player", "gain_life", "lose_life", "draw"})


def _check_life_equal_to(e: Part, before: tuple[Part, ...], contexts: set[str], f: Field) -> None:
    """The object whose characteristic "gain (lose) life equal to" reads must be one the instructions before it name:
    an object among their targets, the one permanent one of them had a single player sacrifice, or (in a triggered
    ability) what it triggered on."""
    named = e.value[1]
    changing = [p.kind for p in before if p.kind not in _KEEP_CHARACTERISTICS]
    if changing:
        raise UnsupportedError(f.where, f"'{e.kind}' after '{changing[0]}' (the value is read as the resolution "
                                        "began: only after instructions that change no object's characteristics)")
    if named == "that" and "triggered" not in contexts:
        raise UnsupportedError(f.where, f"'{e.kind}' of 'that' outside a triggered ability (it names what the "
                                        "ability triggered on)")
    if named == "sacrificed":
        sacrifices = [p for p in before if p.kind == "sacrifice_one" and p.value[0] == "you" or p.kind in (
            "target_player", "target_opponent", "that_player", "defending_player") and p.value[0] == "sacrifice"
            or p.kind == "its_controller" and p.value[1][0] == "sacrifice"]
        if len(sacrifices) != 1:
            raise UnsupportedError(f.where, f"'{e.kind}' of 'sacrificed' without exactly one instruction before it "
                                            "in which one player sacrifices a permanent")
    if isinstance(named, int) and _target_before(e.kind, named, before, f).zone == PLAYERS_ONLY:
        raise f.fail(f"'{e.kind}' names target {named}, a player: only an object has a power, toughness or mana value")


def _after_payment(before: tuple[Part, ...]) -> bool:
    """Whether the instructions before end with "you may pay ... If you do, ..." ('if_paid', then 'if_you_do's):
    another "if you do" there is followed on the same payment."""
    k = len(before) - 1
    while k >= 0 and before[k].kind == "if_you_do":
        k -= 1
    return k >= 0 and before[k].kind == "if_paid"


#: The instructions one may follow after which "if you do" is modelled: whether they were done is known.
_DONE = ("draw", "discard", "sacrifice_self")


def _parse_effect_items(f: Field, contexts: set[str], where: str) -> tuple[Part, ...]:
    if isinstance(f.value, list):
        return tuple(e for item in f.elements() for e in _parse_effect_items(item, contexts, where))
    key, sub = _single(f, "effect", "effect")
    k = kind("effect", key)
    if not k.contexts & contexts:
        raise UnsupportedError(f.where, f"effect '{key}' in {where}")
    part = Part(key, k.shape.parse(sub))
    # the one instruction "you may" or "you may pay ...; if you do" holds is allowed only where it is allowed alone
    held = part.value[0] if key == "may" else part.value[1] if key == "if_paid" else None
    if held is not None and not kind("effect", held).contexts & contexts:
        raise UnsupportedError(f.where, f"effect '{held}' in {where}")
    return (part,)


_CHOSEN_MANA = {"add_one_of", "add_any_color", "add_any_combination", "add_combination", "add_could_produce", "add_color_of",
                "add_produced_type", "add_chosen_color", "add_power", "add_for_each"}


def _check_mana_effects(effects: tuple[Part, ...], f: Field) -> None:
    chosen = [e for e in effects if e.kind in _CHOSEN_MANA or (e.kind == "add" and len(add_ways(e.value)) > 1)]
    fixed = [e for e in effects if e.kind == "add" and len(add_ways(e.value)) == 1]
    if len(chosen) > 1 or (chosen and fixed):
        raise UnsupportedError(f.where, "an ability that adds mana in more than one instruction with a choice")


def _check_instead(effects: tuple[Part, ...], replacing: tuple[Part, ...], modes: tuple[int, ...], f: Field) -> None:
    """"Add [mana]. If [condition], add [mana] instead" (614.15): both sides add mana, and nothing else."""
    if modes:
        raise f.fail("'instead' is part of an ability with one list of instructions, not of a modal one")
    for side, name in ((effects, "its effect"), (replacing, "the effect of 'instead'")):
        if any(not e.kind.startswith("add") for e in side):
            raise UnsupportedError(f.where, f"an 'instead' where {name} does more than add mana")
    _check_mana_effects(replacing, f.child("effect"))


#: The instructions a spell's "instead" may replace or give: those followed one by one as it resolves (instruction/3),
#: which a condition can turn on or off.
_INSTEAD_SPELL_EFFECTS = MayInstruction.FOLLOWED - {"create_tokens"} | {"add"}  # (a token event is not turned off)


def _spell_instead(body: Field, effects: tuple[Part, ...]) -> AbilitySpec:
    """"[Instructions]. [Ability word] — [instructions] instead if [condition]" (614.15): a spell's own replacement of
    its instructions, decided as it resolves."""
    f = body.child("instead")
    if body.child("kicked_effect").present:
        raise UnsupportedError(f.where, "a spell with both a kicked_effect and an 'instead'")
    conditions, replacing = InsteadShape.parse_instead(f, lambda e: _parse_effects(e, {"spell"}, "an 'instead'"))
    if any(name == "counter" for name, _ in conditions):
        raise f.child("if").child("counter").fail("a spell has no counters: 'counter' is a condition of a permanent's "
                                                  "mana ability")
    for side, name in ((effects, "its effect"), (replacing, "the effect of 'instead'")):
        odd = sorted({e.kind for e in side} - _INSTEAD_SPELL_EFFECTS)
        if odd or any(targets_of(kind("effect", e.kind), e.value) for e in side):
            raise UnsupportedError(f.where, f"a spell's 'instead' where {name} has {', '.join(odd) or 'a target'} "
                                   "(only instructions without targets, followed one by one, are turned on and off)")
    return AbilitySpec("spell", effects=effects + replacing, instead=conditions,
                       conditions=("unless_instead",) * len(effects) + ("instead",) * len(replacing))


def _options(body: Field, ability: str) -> dict[str, Any]:
    out = {}
    for name in names("option"):
        child = body.child(name)
        if child.present:
            k = kind("option", name)
            if ability not in k.contexts:
                raise body.child(name).fail(f"'{name}' is not an option of a {ability} ability")
            if isinstance(k.shape, InsteadShape):
                out[name] = k.shape.parse_instead(child, lambda e: _parse_effects(e, {ability}, "an 'instead'"))
            else:
                out[name] = k.shape.parse(child)
            if name == "lasting" and out[name] == "once" and ability != "triggered":
                raise child.fail(f"'lasting: once' is a delayed triggered ability (603.7): a {ability} ability is "
                                 "not one")
    return out


#: Static parts about all their controller's permanents, spells or payments, whose rules read no filter.
_ABOUT_ITS_CONTROLLER = frozenset({"activate_as_though_haste", "spend_as", "life_rather_than_mana"})

#: Costs paid with cards or permanents of the player who activates the ability, other than the ability's own object.
OWN_RESOURCES = frozenset({"discard", "sacrifice", "tap_untapped", "exile_materials", "crew"})

#: What an ability activated from a graveyard may do: move its card out of it (113.6j).
_FROM_ITS_ZONE = frozenset({"return_self_to_hand", "return_self_to_battlefield"})

#: Instructions about "that creature" (603.2, 603.7c), and the triggers whose event is about one (transition.py keeps
#: it as the ability triggers).
_THAT_EFFECTS = frozenset({"damage_that", "destroy_that", "sacrifice_that", "exile_that", "return_that_to_hand",
                           "remove_counter_that",
                           "lasting_on_that", "tap_that_creature", "skip_untap_that_creature"})
#: Instructions about "that creature" of an enters trigger with a filter: the permanent that entered (603.2).
ABOUT_WHAT_ENTERED = frozenset({"create_token_copy_that", "move_counter_to_that", "attach_to_that", "explore_that"})
#: Instructions that, in an enters trigger with a filter, are about the permanent that entered (603.2).
NAMES_WHAT_ENTERED = ABOUT_WHAT_ENTERED | {"damage_that_controller"}
#: Every instruction about the object the triggering event was about: those above, and "that land" of a land tapped
#: for mana (a stack item in a situation names it with 'that').
ABOUT_THAT_OBJECT = _THAT_EFFECTS | NAMES_WHAT_ENTERED | {"land_doesnt_untap", "return_that_to_battlefield"}
#: What a state trigger's filter may ask (603.8): what changes only as permanents come and go, change control or
#: have their types changed by an effect beginning or ending, never for a moment inside one step.
_STATE_TRIGGER_FIELDS = frozenset({"types", "any_types", "not_types", "subtypes", "any_subtypes", "not_subtypes",
                                   "supertypes", "controller", "owner", "other", "nonland", "nonbasic", "token",
                                   "nontoken"})
_EVENTS_ABOUT_A_CREATURE = frozenset({"attacks", "attacks_alone", "blocks", "becomes_blocked", "becomes_blocked_by",
                                      "blocks_creature", "deals_combat_damage_to_creature"})


def _effects_or_modes(body: Field, contexts: set[str], where: str) -> tuple[tuple[Part, ...], tuple[int, ...]]:
    """An ability's instructions, and for a modal one ("choose one —", 700.2) the mode (from 1) of each."""
    if body.child("modes").present == body.child("effect").present:
        raise body.fail(f"{where} has either 'effect' or 'modes' (a modal ability, 700.2)")
    if not body.child("modes").present:
        return _parse_effects(body.child("effect"), contexts, where), ()
    listed = list(body.child("modes").elements())
    if len(listed) < 2:
        raise body.child("modes").fail("a modal ability has at least two modes (700.2)")
    parsed = [_parse_effects(m, contexts, where) for m in listed]
    if any(e.kind == "up_to" for mode in parsed for e in mode):
        raise UnsupportedError(body.child("modes").where, "'up to N targets' in a modal ability")
    return tuple(e for mode in parsed for e in mode), tuple(i for i, mode in enumerate(parsed, start=1) for _ in mode)


def _filter(body: Field, use: str) -> Filter:
    f = body.child("filter")
    return FilterShape(use).parse(f) if f.present else Filter({})


def parse_ability(f: Field) -> AbilitySpec:
    key, body = _single(f, "ability", "ability")
    if key == "keyword":
        name = body.text().lower().replace(" ", "_")
        if find("keyword", name) is None:
            raise UnsupportedError(body.where, f"keyword '{name}' (known keywords: {', '.join(KEYWORDS)})")
        return AbilitySpec("keyword", keyword=name)
    if key in ("cycling", "typecycling", "transmute", "equip", "craft", "reinforce"):
        return _keyword_ability(key, body)
    if key == "cost_reduction":  # 601.2f: "this spell costs {1} less to cast for each artifact you control"
        body.only_keys({"less", "for_each", "if_any"})
        counted = [k for k in ("for_each", "if_any") if body.child(k).present]
        if len(counted) != 1:
            raise body.fail("a cost reduction counts either 'for_each' permanent a filter matches or 'if_any' does")
        less = kind("ability", "cost_reduction").shape.parse(body.child("less"))
        part = Part("spell_cost_each" if counted[0] == "for_each" else "spell_cost", -less)
        return AbilitySpec("cost_reduction", statics=(part,), filter=FilterShape("objects").parse(body.child(counted[0])))
    if key == "enchant":  # 702.5a: what the Aura may enchant, and target as a spell (303.4a)
        return AbilitySpec("enchant", filter=FilterShape("objects").parse(body))
    if key == "unsupported":  # a line no template fits: kept, and refused where the card is used
        line = body.text()
        if not line.strip():
            raise body.fail("an unsupported line needs its text")
        return AbilitySpec("unsupported", line=line)
    if key == "activated":
        body.only_keys({"cost", "effect", "modes"} | set(names("option")))
        costs = _parse_costs(body.child("cost"))
        effects, modes = _effects_or_modes(body, {"activated"}, "an activated ability")
        _check_mana_effects(effects, body.child("effect"))
        if any(c.kind in ("sacrifice", "exile") and c.value == "self" for c in costs) and \
                any(e.kind in ENCHANTED_EFFECTS for e in effects):
            raise UnsupportedError(body.where, "an ability whose cost removes its source and whose effect is about the "
                                   "permanent the source was attached to (608.2h: last known information)")
        if any(e.kind == "add_could_produce" and e.value[0] == "sacrificed" for e in effects) and not any(
                c.kind == "sacrifice" and c.value != "self" for c in costs):
            raise body.child("effect").fail("'of: sacrificed' needs a cost that sacrifices a permanent")
        x_costs = [c for c in costs if (c.kind == "remove_counters" and c.value[1] == "x")
                   or (c.kind == "mana" and any(s == "x" for s, _ in c.value))]
        if any(e.kind == "add_combination" and e.value[0] == "x" for e in effects) and not x_costs:
            raise body.child("effect").fail("X mana needs a cost with X in it: {X}, or removing X counters (107.3)")
        options = _options(body, "activated")
        spending = [k for k in ("spend_only", "spend_effect") if k in options]
        if spending and not any(e.kind.startswith("add") for e in effects):
            raise body.child(spending[0]).fail(f"'{spending[0]}' is about the mana an ability adds, and this one adds none")
        timing = options.get("timing", "")
        if timing and timing not in ACTIVATION_TIMINGS:
            raise body.child("timing").fail(f"'{timing}' is when a spell may be cast; an activated ability's timing is "
                                            f"one of: {', '.join(ACTIVATION_TIMINGS)}")
        if options.get("limit", "once_each_turn") != "once_each_turn" and any(e.kind.startswith("add") for e in effects):
            raise UnsupportedError(body.child("limit").where, "an activation limit above once each turn on a mana "
                                   "ability (activations while paying are not counted)")
        if any(c.kind == "loyalty" for c in costs):
            timing = "sorcery"  # 606.3: loyalty abilities only at sorcery speed
        zone = options.get("zone", "")
        if zone == "exile":
            raise UnsupportedError(body.child("zone").where, "an ability activated from exile")
        reveals = any(c.kind == "reveal" for c in costs)  # (from the hand, then: forecast's, 702.57a)
        if reveals and (zone or options.get("timing") != "your_upkeep" or options.get("limit") != "once_each_turn"):
            raise UnsupportedError(body.child("cost").where, "a cost of revealing this card from the hand other than "
                                   "forecast's (no zone, timing: your_upkeep, limit: once_each_turn, 702.57a)")
        if not zone and any(e.kind == "return_self_to_battlefield" for e in effects):
            raise UnsupportedError(body.child("effect").where, "'return_self_to_battlefield' outside an ability "
                                   "activated from the graveyard (zone: graveyard)")
        exiles_itself = any(c.kind == "exile" and c.value == "self" for c in costs)
        returned = next((i for i, e in enumerate(effects) if e.kind == "return_self_to_battlefield"), len(effects))
        if any(e.kind == "lasting_on_returned" for e in effects[:returned + 1]):
            raise UnsupportedError(body.child("effect").where, "'lasting_on_returned' without a return to the "
                                   "battlefield before it (return_self_to_battlefield)")
        if zone == "graveyard" and not exiles_itself and any(e.kind not in _FROM_ITS_ZONE | {"lasting_on_returned"}
                                                             for e in effects):
            raise UnsupportedError(body.child("effect").where, f"an ability activated from the {zone} whose cost and "
                                   "effect do not move its card out of it (113.6j)")
        if (zone or reveals) and any(c.kind in ("{T}", "{Q}", "sacrifice", "tap_untapped", "crew", "remove_counters",
                                                "put_counters",
                                   "loyalty", "exile_materials") or c.kind == "discard" and c.value == "self"
                        for c in costs):
            raise UnsupportedError(body.child("cost").where, f"a cost that only a permanent pays, in an ability "
                                   f"activated from the {zone}")
        if options.get("any_player") and (zone or any(e.kind.startswith("add") for e in effects)):
            raise UnsupportedError(body.child("any_player").where, "'any_player' on an ability activated from a "
                                   "card's zone or on a mana ability (only abilities of permanents are read so)")
        if options.get("any_player") and any(c.kind in OWN_RESOURCES and c.value != "self" for c in costs):
            raise UnsupportedError(body.child("any_player").where, "'any_player' with a cost paid with the "
                                   "activator's own cards or permanents (discard, sacrifice or tap another, materials): "
                                   "only its controller's are read")
        instead, conditions = (), ()
        if "instead" in options:
            instead, replacing = options["instead"]
            _check_instead(effects, replacing, modes, body.child("instead"))
            effects, conditions = effects + replacing, ("",) * len(effects) + ("instead",) * len(replacing)
        return AbilitySpec("activated", costs=costs, effects=effects, limit=options.get("limit", ""),
                           timing="" if timing == "instant" else timing, riders=options.get("spend_only", ()),
                           modes=modes, spend_effect=options.get("spend_effect", ""), only_if=options.get("only_if", ()),
                           zone=zone or ("hand" if reveals else ""), instead=instead, conditions=conditions,
                           any_player=bool(options.get("any_player")))
    if key == "triggered":
        body.only_keys({"when", "filter", "effect", "modes", "lasting", "if", "or_self", "zone"})
        when = body.child("when").choice(names("trigger"))
        if when == "exiled_with_madness":
            raise UnsupportedError(body.child("when").where, "a hand-written 'exiled_with_madness' trigger: write the "
                                   "keyword ability 'madness: {cost}', which is that trigger and its replacement effect")
        effects, modes = _effects_or_modes(body, {"triggered", when}, f"a '{when}' triggered ability")
        if any(e.kind == "may_cast_self_free" for e in effects):
            raise UnsupportedError(body.child("effect").where, "a hand-written 'may_cast_self_free': write the keyword "
                                   "ability 'rebound: true', which is that delayed trigger and its replacement effect")
        _check_mana_effects(effects, body.child("effect"))
        if modes and (body.child("lasting").present or any(e.kind.startswith("add") for e in effects)):
            raise UnsupportedError(body.child("modes").where, "a modal delayed or mana triggered ability")
        if when in ("dies", "leaves", "exiled_from_battlefield", "dies_or_exiled", "exiled_while_crafting") and any(
                e.kind == "put_self_on_top" for e in effects):
            raise UnsupportedError(body.where, f"'put_self_on_top' in a '{when}' triggered ability (the card in its new "
                                   "zone, 400.7e)")
        if when == "cycling" and not body.child("filter").present and any(
                "self" in e.kind or e.kind in ("monstrosity", "adapt", "become_renowned") for e in effects):
            raise UnsupportedError(body.child("effect").where, "an instruction about this permanent in a 'cycling' "
                                   "triggered ability of the card cycled (it is in a graveyard, 702.29c)")
        if {"that_player", "damage_that_player"} & held_kinds(effects) and when not in ABOUT_A_PLAYER:
            raise UnsupportedError(body.child("effect").where, f"\"that player\" in a '{when}' triggered ability (only "
                                   "after damage to a player, a discard, or in each player's upkeep or draw step)")
        if when == "no_permanents" and not body.child("filter").present:
            raise body.fail("'no_permanents' needs a filter: the permanents whose absence it waits for (603.8)")
        asked = set(FilterShape("objects").parse(body.child("filter")).conditions) if when == "no_permanents" else set()
        if asked - _STATE_TRIGGER_FIELDS:
            raise UnsupportedError(body.child("filter").where, "a state trigger whose filter asks what can change "
                                   f"without a permanent leaving ({', '.join(sorted(asked - _STATE_TRIGGER_FIELDS))}): a "
                                   "condition that held for a moment inside a step is not seen (603.8)")
        if when == "discards" and not body.child("filter").present:
            raise UnsupportedError(body.where, "a 'discards' triggered ability without a filter (one about its own card)")
        if when == "discards" and set(FilterShape("objects").parse(body.child("filter")).conditions) - {"owner", "other"}:
            raise UnsupportedError(body.child("filter").where, "a 'discards' triggered ability whose filter asks more "
                                   "than who owns the card (a card of a hand the situation counts is not known)")
        if when in ("cast", "activate", "activate_paying_life") and not body.child("filter").present:
            # (Its event is about a spell or an ability's source, which is never the trigger's own object: without a
            # filter it would never trigger. "Whenever you ...": the filter with controller: you, 601.2i, 602.2i.)
            raise UnsupportedError(body.where, f"a triggered ability on '{when}' without a filter (one about its own "
                                   "object; \"whenever you ...\" is a filter with controller: you)")
        # Without a filter, a trigger is about the object itself ("when this enters").
        flt = FilterShape("objects").parse(body.child("filter")) if body.child("filter").present else None
        options = _options(body, "triggered")
        if any(e.kind == "copy_self_replicated" for e in effects):
            raise UnsupportedError(body.child("effect").where, "a hand-written 'copy_self_replicated': write the "
                                   "keyword ability 'replicate: {cost}', which is that trigger and its cost")
        if any(e.kind == "myriad" for e in effects) and (when != "attacks" or flt is not None or len(effects) != 1):
            raise UnsupportedError(body.child("effect").where, f"'myriad' in a '{when}' triggered ability, or beside "
                                   "other instructions (only alone in \"whenever this creature attacks\", 702.116a)")
        for alone in ("cascade", "ripple"):
            if any(e.kind == alone for e in effects) and (when != "cast_self" or len(effects) != 1):
                raise UnsupportedError(body.child("effect").where, f"'{alone}' in a '{when}' triggered ability, or beside "
                                       "other instructions (only alone in \"when you cast this spell\", 702.85a, 702.60a)")
        if any(e.kind == "copy_source_spell" for e in effects) and when != "cast_self":
            raise UnsupportedError(body.child("effect").where, f"'copy_source_spell' in a '{when}' triggered ability "
                                   "(only in \"when you cast this spell\")")
        that = [e.kind for e in effects if e.kind in _THAT_EFFECTS]
        if that and options.get("lasting") != "once" and when not in _EVENTS_ABOUT_A_CREATURE:
            raise UnsupportedError(body.child("effect").where, f"'{that[0]}' in a '{when}' triggered ability (\"that "
                                   "creature\": only where the event is about one, or in a delayed triggered ability)")
        if any(e.kind == "return_that_to_battlefield" for e in effects) and options.get("lasting") != "once":
            raise UnsupportedError(body.child("effect").where, "'return_that_to_battlefield' outside a delayed "
                                   "triggered ability (lasting: once) about a card exiled (lasting_on_exiled)")
        if "damage_that_controller" in held_kinds(effects) and when not in _EVENTS_ABOUT_A_CREATURE and not (
                when == "enters" and flt is not None):
            raise UnsupportedError(body.child("effect").where, f"'damage_that_controller' in a '{when}' triggered "
                                   "ability (\"that creature's controller\": only where the event is about a creature, "
                                   "or of an 'enters' trigger with a filter)")
        entered = sorted(ABOUT_WHAT_ENTERED & held_kinds(effects))
        if entered and (when != "enters" or flt is None or options.get("lasting")):
            raise UnsupportedError(body.child("effect").where, f"'{entered[0]}' in a '{when}' triggered "
                                   "ability (\"that creature\": only of an 'enters' trigger with a filter, the permanent "
                                   "that entered)")
        if options.get("lasting") == "once" and when not in ("beginning_of_each_end_step", "beginning_of_each_upkeep",
                                                             "end_of_combat"):
            raise UnsupportedError(body.child("lasting").where, f"a delayed triggered ability on '{when}' (only "
                                   "\"at the beginning of the next end step\", \"of the next turn's upkeep\" and \"at "
                                   "end of combat\" are modelled)")
        if options.get("if") in _ATTACK_CONDITIONS and when != "attacks":
            raise UnsupportedError(body.child("if").where, f"'if: {options['if']}' is a condition of an attack trigger "
                                   "(when: attacks)")
        if options.get("if") == "evolves" and (when != "enters" or flt is None or "creature" not in flt.get("types", ())
                                               or options.get("lasting")):
            raise UnsupportedError(body.child("if").where, "'if: evolves' compares the creature an 'enters' trigger's "
                                   "event is about with this one (when: enters, a filter of creatures)")
        if options.get("if") == "x_in_cost" and (when not in ("cast", "activate") or options.get("or_self")):
            raise UnsupportedError(body.child("if").where, "'if: x_in_cost' is a condition of a cast or activate "
                                   "trigger's event (when: cast or activate, without or_self)")
        zone = options.get("zone", "")
        if zone == "exile" and not (when == "beginning_of_upkeep" and flt is None and options.get("if") == "suspended"
                                    and [(e.kind, e.value) for e in effects] == [("remove_counters_self", ("time", 1))]
                                    or when == "last_time_counter_removed" and flt is None
                                    and [e.kind for e in effects] == ["cast_suspended"]):
            raise UnsupportedError(body.child("zone").where, "a triggered ability working from exile other than "
                                   "suspend's two (702.62a)")
        if when == "last_time_counter_removed" and flt is not None:
            raise UnsupportedError(body.child("filter").where, "'last_time_counter_removed' with a filter (it is about "
                                   "its own card or permanent)")
        if options.get("if") == "suspended" and zone != "exile":
            raise UnsupportedError(body.child("if").where, "'if: suspended' of a triggered ability working from exile")
        if zone == "graveyard" and flt is None:
            raise UnsupportedError(body.child("zone").where, "a triggered ability working from the graveyard without a "
                                   "filter (one about its own card there)")
        if zone == "graveyard" and not all(e.kind in _FROM_ITS_ZONE or e.kind == "may" and e.value[0] in _FROM_ITS_ZONE
                                           for e in effects):
            raise UnsupportedError(body.child("effect").where, "a triggered ability working from the graveyard whose "
                                   "effect does not move its card out of it (113.6j)")
        if options.get("or_self") and flt is None:
            raise body.child("or_self").fail("'or_self' widens a filter to the ability's own object, and this "
                                             "trigger has no filter (without one it is about its own object alone)")
        return AbilitySpec("triggered", trigger=when, filter=flt, effects=effects, lasting=options.get("lasting", ""),
                           intervening_if=options.get("if", ""), or_self=bool(options.get("or_self")), modes=modes,
                           zone=zone)
    if key == "replacement":
        body.only_keys({"event", "filter", "modify", "lasting", "applies_to", "to", "by", "combat", "except"})
        event = body.child("event").choice(names("replacement_event"))
        mod_key, mod = _single(body.child("modify"), "modification", "modification")
        modification = kind("modification", mod_key)
        if event not in modification.contexts:
            raise UnsupportedError(body.child("modify").where, f"modification '{mod_key}' of a '{event}' event")
        use = "counters" if event == "counters" else "objects"
        options = _options(body, "replacement")
        if event in ("leaves_battlefield", "dies") and options.get("lasting") in (None, "once"):
            raise UnsupportedError(body.child("event").where, f"a '{event}' replacement that is not a lasting "
                                   "effect about the permanents it locks in (lasting: until_end_of_turn or "
                                   "until_end_of_game)")
        if event in ("gain_life", "draw") and set(_filter(body, use).conditions) - {"controller"}:
            raise UnsupportedError(body.child("filter").where, f"a '{event}' replacement's filter asking more than "
                                   "which player it is (controller: you or opponent)")
        if "except" in options and event != "draw":
            raise body.child("except").fail("'except' is for a 'draw' replacement: it says which draw it leaves alone")
        if "applies_to" in options and event != "counters":
            raise body.child("applies_to").fail("'applies_to' is for a 'counters' replacement: counters may be put as "
                                                "a cost, while every other event is an effect's")
        for name in ("to", "by", "combat"):
            if name in options and event != "damage":
                raise body.child(name).fail(f"'{name}' is for a 'damage' replacement: it says which damage it applies to")
        return AbilitySpec("replacement", event=event, filter=_filter(body, use),
                           modify=Part(mod_key, modification.shape.parse(mod)), lasting=options.get("lasting", ""),
                           applies_to=options.get("applies_to", ""), damage_to=options.get("to", ()),
                           damage_by=options.get("by", ""), combat=options.get("combat", False),
                           draw_except=options.get("except", ""))
    if key == "static":
        statics = names("static")
        body.only_keys(set(statics) | {"filter", "lasting", "as_long_as", "for_each"})
        present = [k for k in statics if body.child(k).present]
        if not present:
            raise body.fail(f"a static ability has at least one of: {', '.join(statics)}")
        parts = []
        for which in present:
            shape = kind("static", which).shape
            parts.append(Part(which, shape.parse_granted(body.child(which), parse_ability) if isinstance(shape, GrantShape)
                              else shape.parse(body.child(which))))
        if "spell_cost_each" in present:
            raise UnsupportedError(body.child("spell_cost_each").where, "spell_cost_each outside a cost_reduction ability")
        if "spell_cost" in present:  # about spells as they are cast (601.2f): their filter sees them, colors and all
            if len(present) > 1 or body.child("lasting").present or parts[0].value == 0:
                raise UnsupportedError(body.where, "a spell_cost other than a nonzero amount alone in a static ability")
            return AbilitySpec("static", statics=tuple(parts), filter=_filter(body, "objects"))
        options = _options(body, "static")
        # ("~ gets +1/+1 for each ...": a count without a filter is about this permanent alone, as a condition's is)
        about_itself = body.child("for_each").present and not body.child("filter").present
        # (A lasting effect changes the objects locked in as it begins, 611.2c: its filter is matched then, once, as an
        # instruction's is, so it may ask what a permanent's status is.)
        use = "objects" if options.get("lasting") == "until_end_of_turn" else "static"
        spec = AbilitySpec("static", statics=tuple(parts), filter=None if about_itself else _filter(body, use),
                           lasting=options.get("lasting", ""), as_long_as=options.get("as_long_as", ()),
                           for_each=options.get("for_each", ()))
        about_controller = sorted(set(present) & _ABOUT_ITS_CONTROLLER)
        if about_controller and body.child("filter").present:  # (their rules read whose they are, no filter)
            raise UnsupportedError(body.child("filter").where, f"a filter on '{about_controller[0]}', which is about its "
                                   "controller's permanents, spells and payments as a whole")
        late = sorted(LATE_STATIC & set(spec.filter.conditions)) if spec.filter is not None and use == "static" else []
        if late and set(present) - {"modify_pt", "set_base_pt", "switch_pt"}:  # (613.1e-f before 613.4)
            raise UnsupportedError(body.child("filter").where, f"a static ability whose filter asks {', '.join(late)} "
                                   "(decided in layers 5 and 6) for an effect before layer 7: only one changing power "
                                   "and toughness reads them")
        if spec.for_each and "modify_pt" not in present:
            raise body.child("for_each").fail("'for_each' multiplies a +N/+N: give 'modify_pt'")
        if spec.for_each and spec.for_each[0] == "x" and spec.lasting != "until_end_of_turn":
            raise UnsupportedError(body.child("for_each").where, "'for_each: {x: true}' outside a lasting effect until "
                                   "end of turn (X is announced for the spell or ability that begins it)")
        if spec.as_long_as and (set(present) - {"modify_pt", "gain_keywords", "set_base_pt"}
                                or body.child("filter").present or spec.lasting):
            raise UnsupportedError(body.child("as_long_as").where, "a static ability with a condition other than one "
                                   "giving this permanent keywords, +N/+N or a base power and toughness")
        if "restrictions" in present and spec.filter.conditions != {"enchanted": True}:
            raise UnsupportedError(body.where, "a restriction on attacking or blocking other than an Aura's on "
                                               "\"enchanted creature\" (filter: {enchanted: true})")
        if "gain_control" in present and not spec.lasting and spec.filter.conditions != {"enchanted": True}:
            raise UnsupportedError(body.where, "a control-changing static ability other than an Aura's \"you control "
                                               "enchanted creature\" (filter: {enchanted: true})")
        return spec
    if key == "spell":  # the instructions of an instant or sorcery (CR 113.3a)
        body.only_keys({"effect", "kicked_effect", "if_spent", "modes", "choose", "instead", "timing"})
        timing = kind("option", "timing").shape.parse(body.child("timing")) if body.child("timing").present else ""
        if timing and timing not in SPELL_TIMINGS:
            raise body.child("timing").fail(f"'{timing}' is when an activated ability may be activated; a spell's timing "
                                            f"is one of: {', '.join(SPELL_TIMINGS)}")
        if timing and (body.child("modes").present or body.child("instead").present):
            raise UnsupportedError(body.child("timing").where, "a timing restriction on a modal spell or one with "
                                                               "'instead'")
        if body.child("modes").present:
            for key in ("instead", "if_spent"):
                if body.child(key).present:
                    raise body.child(key).fail(f"'{key}' is part of a spell with one list of instructions, not of a "
                                               "modal one")
            return _modal_spell(body)
        if body.child("choose").present:
            raise body.child("choose").fail("'choose' is how many modes a modal spell chooses: give 'modes'")
        effects = _parse_effects(body.child("effect"), {"spell"}, "a spell ability")
        if body.child("instead").present:
            if body.child("if_spent").present:
                raise body.child("if_spent").fail("'if_spent' beside 'instead': give one or the other")
            return _spell_instead(body, effects)
        conditions = ("",) * len(effects)
        # 702.33d: "if this spell was kicked"; 601.2h: "if {G} was spent to cast this spell", for each color asked
        for condition, part in [("kicked", body.child("kicked_effect")), *_spent_parts(body.child("if_spent"))]:
            if not part.present:
                continue
            more = _parse_effects(part, {"spell"}, "a spell ability")
            if any(targets_of(kind("effect", e.kind), e.value) for e in more):
                raise UnsupportedError(part.where, "a target that only a kicked spell has" if condition == "kicked" else
                                       "a target the spell has only if mana of a color was spent to cast it")
            effects, conditions = effects + more, conditions + (condition,) * len(more)
        returns = [i for i, e in enumerate(effects) if e.kind == "return_card_to_battlefield"]
        returning = returns + [i for i, e in enumerate(effects) if e.kind == "up_to" and e.value[1] ==
                               "return_card_to_battlefield"]
        if any(e.kind == "lasting_on_returned" for e in effects[:min(returning, default=len(effects)) + 1]):
            raise UnsupportedError(body.child("effect").where, "'lasting_on_returned' without a return to the "
                                   "battlefield before it (return_card_to_battlefield)")
        if any(e.kind == "that_enters_with_counters" for e in effects) and len(returns) != 1:
            raise body.fail("'that_enters_with_counters' is about the card one return_card_to_battlefield of the "
                            "spell returns" + ("" if returns else ": the spell has none"))
        return AbilitySpec("spell", effects=effects, conditions=conditions if any(conditions) else (), timing=timing)
    if key == "echo":  # 702.30a: "At the beginning of your upkeep, if this came under your control since the beginning
        # of your last upkeep, sacrifice it unless you pay [cost]": the triggered ability the keyword is
        cost = kind("cost", "mana").shape.parse(body)
        if not cost or any(sym == "x" for sym, _ in cost):
            raise body.fail("an echo cost needs mana symbols and no {X}")
        return AbilitySpec("triggered", trigger="beginning_of_upkeep", intervening_if="came_since_last_upkeep",
                           effects=(Part("unless_paid", (cost, "you", "sacrifice_self", True)),), keyword="echo")
    if key == "dash":  # 702.109a: an alternative cost, and the delayed triggered ability it begins as the spell resolves
        # ("return it to its owner's hand at the beginning of the next end step"): one definition, holding the cost
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise body.fail("a dash cost with {X} is not modelled")
        return AbilitySpec("triggered", trigger="beginning_of_each_end_step", lasting="once", costs=(Part("mana", cost),),
                           effects=(Part("return_that_to_hand", True),), keyword="dash")
    if key == "rebound":  # 702.88a: the spell's replacement effect as it resolves (events.lp reads it from this), and
        # the delayed triggered ability it begins
        if body.value is not True:
            raise body.fail("'rebound' is true or absent")
        return AbilitySpec("triggered", trigger="beginning_of_upkeep", lasting="once",
                           effects=(Part("may_cast_self_free", True),), keyword="rebound")
    if key == "madness":  # 702.35a: the replacement effect of the card in hand (events.lp reads it from this), and the
        # trigger from exile holding the madness cost: one definition
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "a madness cost with {X} (107.3)")
        return AbilitySpec("triggered", trigger="exiled_with_madness", costs=(Part("mana", cost),),
                           effects=(Part("put_self_into_graveyard", True),), keyword="madness")
    if key == "evoke":  # 702.74a: an alternative cost, and "when this enters, if its evoke cost was paid, its
        # controller sacrifices it": one definition, the triggered ability, holding the cost
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise body.fail("an evoke cost with {X} is not modelled")
        return AbilitySpec("triggered", trigger="enters", intervening_if="evoked", costs=(Part("mana", cost),),
                           effects=(Part("sacrifice_self", True),), keyword="evoke")
    if key == "suspend":  # 702.62a: the special action; its two triggered abilities are written beside it
        count, cost = kind("ability", "suspend").shape.parse(body)
        return AbilitySpec("suspend", costs=(Part("mana", cost),), time_counters=count)
    if key == "bestow":  # 702.103a: an alternative cost, and what the card is while bestowed (an Aura with enchant
        # creature): the ability holds the cost and, as an enchant ability would, its spell's one target
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "a bestow cost with {X} (107.3)")
        return AbilitySpec("bestow", costs=(Part("mana", cost),), filter=Filter({"types": ("creature",)}))
    if key in ("morph", "megamorph"):  # 702.37a-b: cast face down for {3}; turned face up for this cost (702.37e)
        cost = kind("cost", "mana").shape.parse(body)
        if not cost or any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, f"a {key} cost with {{X}} or no mana (107.3d, 702.37e)")
        return AbilitySpec(key, costs=(Part("mana", cost),))
    if key == "emerge":  # 702.119a: an alternative cost, a creature sacrificed with it, reduced by its mana value
        cost = kind("cost", "mana").shape.parse(body)
        if not cost or any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "an emerge cost with {X} or no mana (107.3)")
        return AbilitySpec("emerge", costs=(Part("mana", cost), Part("sacrifice", Filter({"types": ("creature",)}))))
    if key == "replicate":  # 702.56a: an additional cost paid any number of times, and "when you cast this spell, if
        # a replicate cost was paid for it, copy it for each time its replicate cost was paid": one definition, the
        # triggered ability, holding the cost
        cost = kind("cost", "mana").shape.parse(body)
        if not cost or any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "a replicate cost with {X} or no mana (107.3)")
        return AbilitySpec("triggered", trigger="cast_self", costs=(Part("mana", cost),),
                           effects=(Part("copy_self_replicated", True),), keyword="replicate")
    if key == "entwine":  # 702.42a: an additional cost paid to choose every mode of the modal spell
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "an entwine cost with {X} (107.3)")
        return AbilitySpec("entwine", costs=(Part("mana", cost),))
    if key == "surge":  # 702.117a: an alternative cost, castable only after another spell this turn
        cost = kind("cost", "mana").shape.parse(body)
        if any(sym == "x" for sym, _ in cost):
            raise UnsupportedError(body.where, "a surge cost with {X} (107.3)")
        return AbilitySpec("surge", costs=(Part("mana", cost),))
    if key in ("kicker", "buyback", "multikicker"):  # 702.33a, 702.27a, 702.33c
        return AbilitySpec(key, costs=(Part("mana", kind("cost", "mana").shape.parse(body)),))
    if key in ("retrace", "jump_start"):  # 702.81a, 702.133a: permissions to cast it from the graveyard
        if body.value is not True:
            raise body.fail(f"'{key}' is true or absent")
        return AbilitySpec(key)
    if key in ("additional_cost", "alternative_cost", "flashback"):  # 118.8, 118.9, 702.34a
        costs = _parse_costs(body)
        for cost, item in zip(costs, body.elements() if isinstance(body.value, list) else [body] * len(costs)):
            discards = key == "additional_cost" and cost.kind == "discard"  # (N cards of the hand, 601.2h)
            if cost.kind not in ("mana", "pay_life", "sacrifice") and not discards or cost.value == "self":
                raise UnsupportedError(item.where, f"cost '{cost.kind}' as a spell's {key.replace('_', ' ')}")
        return AbilitySpec(key, costs=costs)
    # enters: how the permanent itself enters
    enters = names("enters")
    body.only_keys(set(enters) | {"if"})
    parts = tuple(Part(k, kind("enters", k).shape.parse(body.child(k))) for k in enters if body.child(k).present
                  and body.child(k).value is not False)
    if not parts:
        raise body.fail(f"'enters' needs one of: {', '.join(enters)}")
    condition = kind("option", "if").shape.parse(body.child("if")) if body.child("if").present else ""
    if condition in _ATTACK_CONDITIONS or condition in ("x_in_cost", "evolves"):
        raise UnsupportedError(body.child("if").where, f"'if: {condition}' is a condition of a trigger's event, not of "
                               "how a permanent enters")
    if isinstance(condition, tuple):
        raise UnsupportedError(body.child("if").where, "'if: you_control' is a condition of a triggered ability, not "
                                                       "of how a permanent enters")
    return AbilitySpec("enters", effects=parts, intervening_if=condition)


def _modal_spell(body: Field) -> AbilitySpec:
    """``{modes: [...], choose: N | one_or_more}``: a modal spell (700.2). ``choose`` is how many different modes
    are chosen: N (default 1), or one or more ("choose one or both", "choose one or more")."""
    if body.child("effect").present or body.child("kicked_effect").present:
        raise body.fail("a modal spell has 'modes' and no 'effect' (700.2)")
    listed = list(body.child("modes").elements())
    if len(listed) < 2:
        raise body.child("modes").fail("a modal spell has at least two modes (700.2)")
    parsed = [_parse_effects(m, {"spell"}, "a spell ability") for m in listed]
    if any(e.kind == "up_to" for mode in parsed for e in mode):
        raise UnsupportedError(body.child("modes").where, "'up to N targets' in a modal spell")
    choose = body.child("choose")
    if not choose.present:
        fewest, most = 1, 1
    elif choose.value == "one_or_more":
        fewest, most = 1, len(listed)
    else:
        fewest = most = choose.integer(minimum=1)
        if most > len(listed):
            raise choose.fail(f"choose {most} different modes of {len(listed)} (700.2d: the same mode once)")
    return AbilitySpec("spell", effects=tuple(e for mode in parsed for e in mode),
                       modes=tuple(i for i, mode in enumerate(parsed, start=1) for _ in mode),
                       conditions=("",) * sum(len(mode) for mode in parsed), choose=(fewest, most))


def _keyword_ability(key: str, body: Field) -> AbilitySpec:
    """Activated keyword abilities (113.3b): the ability their reminder text says, with the keyword's name."""
    if key == "typecycling":  # 702.29e: "[Cost], Discard this card: Search your library for a [type] card, reveal
        # it, put it into your hand, then shuffle", from the hand: a cycling ability
        cost, flt = kind("ability", "typecycling").shape.parse(body)
        return AbilitySpec("activated", costs=(Part("mana", cost), Part("discard", "self")),
                           effects=(Part("search_to_hand", (flt, 1)),), keyword="typecycling", zone="hand")
    if key == "transmute":  # 702.53a: "[Cost], Discard this card: Search your library for a card with the same mana
        # value as the discarded card, reveal it, put it into your hand, then shuffle. Activate only as a sorcery", from
        # the hand (not cycling). The search's filter is the card's own mana value, which parse_card knows.
        mana = Part("mana", kind("cost", "mana").shape.parse(body))
        return AbilitySpec("activated", costs=(mana, Part("discard", "self")),
                           effects=(Part("search_to_hand", (Filter({}), 1)),), keyword="transmute", zone="hand",
                           timing="sorcery")
    if key == "reinforce":  # 702.77a: "[Cost], Discard this card: Put N +1/+1 counters on target creature", from the hand
        count, cost = kind("ability", "reinforce").shape.parse(body)
        counters = Field({"kind": "p1p1", "count": count, "filter": {"types": ["creature"]}}, body.path, body.source,
                         body.lines)
        return AbilitySpec("activated", costs=(Part("mana", cost), Part("discard", "self")), keyword="reinforce",
                           zone="hand", effects=(Part("put_counters_target",
                                                      kind("effect", "put_counters_target").shape.parse(counters)),))
    if key in ("cycling", "equip"):
        mana = Part("mana", kind("cost", "mana").shape.parse(body))
        if key == "cycling":  # 702.29a: "[Cost], Discard this card: Draw a card", from the hand
            return AbilitySpec("activated", costs=(mana, Part("discard", "self")), effects=(Part("draw", 1),),
                               keyword="cycling", zone="hand")
        # 702.6a: "[Cost]: Attach to target creature you control. Equip only as a sorcery."
        return AbilitySpec("activated", costs=(mana,), keyword="equip", timing="sorcery",
                           effects=(Part("attach_target", Filter({"types": ("creature",), "controller": "you"})),))
    # 702.167a: "[Cost], Exile this permanent, Exile [materials]: Return this card to the battlefield
    # transformed under its owner's control. Activate only as a sorcery."
    cost, materials = kind("ability", "craft").shape.parse(body)
    return AbilitySpec("activated", costs=(Part("mana", cost), Part("exile", "self"), Part("exile_materials", materials)),
                       effects=(Part("return_transformed"),), keyword="craft", timing="sorcery")
