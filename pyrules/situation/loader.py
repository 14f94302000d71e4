"""Situation files (YAML, JSON accepted) -> :class:`~pyrules.situation.model.Situation`.

The format is documented in ``docs/situations.md``. Every check here reports the file and line of
the offending value; the checks cover form (types, known fields) and state (unknown ids, cards,
impossible combinations such as a tapped card in a hand, targets a spell could never have had).
Which fields exist, and what each means, is declared once in :mod:`pyrules.vocabulary`.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from pyrules.base.arguments import check_path, instance
from pyrules.base.collector import paused
from pyrules.base.document import MAX_BYTES, Field, load_document, whole_number
from pyrules.base.errors import UnsupportedError
from pyrules.base.files import read_text
from pyrules.cards.importer.library import load_library
from pyrules.cards.library import CardLibrary, CardSpec, builtin_library, parse_cards
from pyrules.situation import aside
from pyrules.situation.model import (
    Abilities,
    Action,
    Activatable,
    Activate,
    BeginCleanup,
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
    CouldProduce,
    DeclareAttackers,
    DeclareBlockers,
    GameObject,
    Happen,
    LastingEffect,
    PassPriority,
    Player,
    PlayLand,
    Question,
    ResolveAll,
    ResolveTop,
    Situation,
    StackAbility,
    Suspend,
    TurnFaceUp,
)
from pyrules.vocabulary import TargetSpec, kind, names
from pyrules.vocabulary.abilities import ABOUT_THAT_OBJECT
from pyrules.vocabulary.shapes import name_token
from pyrules.vocabulary.templates import PLAYERS_ONLY, SPENT_CONDITIONS
from pyrules.vocabulary.values import (
    BASIC_LAND_TYPES,
    COUNTER_NAMES,
    CREATURE_TYPES,
    PHASES,
    SPLIT_HALVES,
    STEPS,
    STEPS_WITHOUT_PRIORITY,
    UNMODELLED_COUNTERS,
)

SITUATION_FIELDS = frozenset(names("situation"))
CASE_FIELDS = frozenset(names("case"))
_QUESTIONS = names("question")
_EFFECTS = names("happen")


def read_document(path: str | Path) -> Field:
    """Read a YAML or JSON file into a located :class:`Field` (errors name the file)."""
    source = str(path)
    text = read_text(path, source, "a situation file", MAX_BYTES)
    value, lines = load_document(text, source)
    root = Field(value, "", source, lines)
    if not isinstance(value, dict):
        raise root.fail("a situation file must be a mapping with 'players' and 'question' (and usually 'objects')")
    return root


def load_situation(path: str | Path, library: CardLibrary | None = None) -> Situation:
    """Read and check one situation file."""
    check_path(path, "path")
    instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")
    with paused():  # a large file's nodes, values and objects hold no cycle (see pyrules.base.collector)
        return parse_situation(read_document(path), library, extra_fields=CASE_FIELDS)


def parse_situation(root: Field, library: CardLibrary | None = None, *,
                    extra_fields: frozenset[str] = frozenset(), declared: Callable[[str], str] | None = None) -> Situation:
    """Check a located document and build the :class:`Situation` it describes. ``declared(line)``: why a user
    declared a line no template fits irrelevant, or "" (an opt-in of sweeps: the line is set aside, and every
    answer says so)."""
    root.mapping()
    root.only_keys(SITUATION_FIELDS | extra_fields)
    inline = parse_cards(root.child("cards")) if root.child("cards").present else ()
    library = library or builtin_library()
    if root.child("library").present:  # a library file, relative to this one (docs/import.md)

        f = root.child("library")
        path = Path(f.text())
        if root.source and not path.is_absolute() and not root.source.startswith("<"):
            path = Path(root.source).parent / path
        library = load_library(path, library, f.where, f.text())
    library = library.with_cards(inline)

    players = _players(root.child("players"))
    names_ = [p.name for p in players]

    def player_ref(f: Field, what: str) -> str:
        name = f.text()
        if name not in names_:
            raise f.fail(f"unknown player '{name}' in {what}; players are {', '.join(names_)}")
        return name

    active = player_ref(root.child("active"), "active") if root.child("active").present else names_[0]
    priority = player_ref(root.child("priority"), "priority") if root.child("priority").present else None
    turn = root.child("turn").integer(default=1, minimum=1)
    phase = root.child("phase").choice(PHASES, default="precombat_main")
    step = None
    if root.child("step").present:
        if not STEPS[phase]:
            raise root.child("step").fail(f"the {phase.replace('_', ' ')} phase has no steps")
        step = root.child("step").choice(STEPS[phase])
    if priority is not None and step in STEPS_WITHOUT_PRIORITY:
        raise root.child("priority").fail(f"no player receives priority in the {step} step (CR 502.4, 514.3)")
    additional_phase = root.child("additional_phase").boolean(default=False)
    if additional_phase and (phase, step) != ("beginning", "upkeep"):
        raise root.child("additional_phase").fail("an additional phase added after a combat phase holds only an upkeep "
                                                  "step (CR 500.10): give 'phase: beginning' and 'step: upkeep'")
    upkeeps_to_come = root.child("upkeeps_to_come").integer(default=0, minimum=0)
    if upkeeps_to_come and phase != "combat" and not additional_phase:
        raise root.child("upkeeps_to_come").fail("additional upkeep steps come after a combat phase (CR 500.8, 500.10): "
                                                 "give 'phase: combat', or 'additional_phase: true' in such an upkeep")

    object_fields = _elements(root, "objects")
    objects = tuple(_object(f, player_ref, library) for f in object_fields)
    seen: dict[str, Field] = {}
    for f, obj in zip(object_fields, objects):
        if obj.id in seen:
            raise f.child("id").fail(f"object id '{obj.id}' is used twice")
        seen[obj.id] = f
    if set(seen) & set(names_):
        clash = sorted(set(seen) & set(names_))[0]
        raise seen[clash].child("id").fail(f"'{clash}' names both a player and an object")
    by_id = {o.id: o for o in objects}

    placed: dict[tuple[str | None, int], str] = {}
    for f, obj in zip(object_fields, objects):
        for i, material in enumerate(obj.crafted_with):
            if material not in by_id:
                raise f.child("crafted_with").child(i).fail(f"unknown object '{material}'")
        _check_used_this_turn(f, obj, by_id, library)
        if obj.position is not None:  # (one card at each place of a library, 401.1)
            other = placed.setdefault((obj.owner, obj.position), obj.id)
            if other != obj.id:
                raise f.child("position").fail(f"'{obj.id}' and '{other}' are both at position {obj.position} of "
                                               f"{obj.owner}'s library")
        if obj.exiled_until is not None:
            if obj.exiled_until not in by_id:
                raise f.child("exiled_until").fail(f"unknown object '{obj.exiled_until}'")
            if obj.zone != "exile" or obj.exiled_until == obj.id:
                raise f.child("exiled_until").fail(f"'{obj.id}' is in the {obj.zone}; only a card in exile is exiled until "
                                                   "another permanent leaves the battlefield (CR 610.3c)")
        for i, card in enumerate(obj.exiled_with):
            if card not in by_id:
                raise f.child("exiled_with").child(i).fail(f"unknown object '{card}'")
            if by_id[card].zone != "exile":
                raise f.child("exiled_with").child(i).fail(f"'{card}' is in the {by_id[card].zone}; a card exiled with "
                                                          "a permanent is in exile (607.2a)")
        if obj.exiled_with and not _reads_exiled_cards(obj, by_id, library):
            raise f.child("exiled_with").fail(f"card '{obj.card}' has no ability that refers to cards exiled with it "
                                              "(\"the exiled card\", 607.2a); 'exiled_with' is for a card that does (a "
                                              "card exiled until this permanent leaves the battlefield: give it "
                                              "'exiled_until')")
        if obj.attached_to is not None:
            target = by_id.get(obj.attached_to)
            if target is None:
                raise f.child("attached_to").fail(f"unknown object '{obj.attached_to}'")
            if target.zone != "battlefield" or target.id == obj.id:
                raise f.child("attached_to").fail(f"'{obj.id}' can only be attached to another permanent")
            if target.attached_to == obj.id:
                raise f.child("attached_to").fail(f"'{obj.id}' and '{target.id}' are attached to each other (CR 301.5c, "
                                                  "303.4f)")
            printed = library[obj.copy_of or obj.card].face(obj.face)
            if not {"aura", "equipment", "fortification"} & set(printed.subtypes) and not obj.bestowed:
                raise f.child("attached_to").fail(f"'{obj.id}' ({printed.name}) is no Aura, Equipment or Fortification: "
                                                  "nothing else is attached to a permanent (CR 301.5, 303.4)")
        card = library[obj.card]
        kinds = set(library[obj.copy_of or obj.card].face(obj.face).types)
        for given in ("keywords", "chosen_color", "loyalty_activated"):  # (a permanent's: a new object elsewhere)
            if getattr(obj, given) and obj.zone != "battlefield":
                raise f.child(given).fail(f"'{obj.id}' is in the {obj.zone}; only a permanent has '{given}' (a new "
                                          "object elsewhere, CR 400.7)")
        if obj.zone == "stack" and "land" in kinds:
            raise f.child("zone").fail(f"'{obj.id}' is a land: a land is played, never cast, and is never on the stack "
                                       "(CR 305.1, 116.2a)")
        if obj.zone == "battlefield" and kinds and kinds <= {"instant", "sorcery", "kindred", "tribal"}:
            raise f.child("zone").fail(f"'{obj.id}' is an instant or sorcery: it never is on the battlefield (CR 304.4, "
                                       "307.4)")
        if obj.zone == "stack" and obj.x is None and any(sym == "x" for sym, _ in card.mana_cost):
            raise f.fail(f"'{obj.id}' is a spell with X in its cost: give the X chosen as it was cast ('x: 2')")
        for how in ("kicked", "times_kicked", "evoked", "surged", "dashed", "cast_from_hand", "cast_with_suspend"):
            if getattr(obj, how) and obj.zone not in ("stack", "battlefield"):
                raise f.child(how).fail(f"'{obj.id}' is in the {obj.zone}; only a spell on the stack, or the permanent it "
                                        f"became, was {how.replace('_', ' ')}")
        if obj.cast_from_hand and (obj.copy or obj.flashback):  # (707.10: a copy is not cast; 702.34a: from a graveyard)
            how = "a copy of a spell, which is not cast (707.10)" if obj.copy else "cast with flashback, from a graveyard " \
                "(702.34a)"
            raise f.child("cast_from_hand").fail(f"'{obj.id}' is {how}")
        if obj.colors_spent and (obj.zone not in ("stack", "battlefield") or obj.copy or obj.token):
            what = f"in the {obj.zone}" if obj.zone not in ("stack", "battlefield") else \
                "a copy of a spell, which is not cast (707.10)" if obj.copy else "a token, which was not cast (111.1)"
            raise f.child("colors_spent").fail(f"'{obj.id}' is {what}; mana is spent to cast a spell, and the permanent "
                                               "it became keeps that (601.2h)")
        if obj.colors_spent and not _asks_colors_spent(library[obj.card]):
            raise f.child("colors_spent").fail(f"card '{obj.card}' asks nothing of the mana spent to cast it; "
                                               "'colors_spent' is for a card that does (\"if {G} was spent\")")
        for source in obj.damaged_by:
            if source not in by_id:
                raise f.child("damaged_by").fail(f"unknown object '{source}'")
        for status in ("renowned", "monstrous", "tribute_paid"):
            if getattr(obj, status) and obj.zone != "battlefield":
                raise f.child(status).fail(f"'{obj.id}' is in the {obj.zone}; only a permanent is {status}")
        if obj.cant_be_countered and obj.zone != "stack":
            raise f.child("cant_be_countered").fail(f"'{obj.id}' is in the {obj.zone}; only a spell on the stack can or "
                                                    "can't be countered")
        if obj.since_last_upkeep and obj.zone != "battlefield":
            raise f.child("since_last_upkeep").fail(f"'{obj.id}' is in the {obj.zone}; only a permanent came under its "
                                                    "controller's control")
        if obj.buyback and obj.zone != "stack":
            raise f.child("buyback").fail(f"'{obj.id}' is in the {obj.zone}; only a spell on the stack had its buyback "
                                          "cost paid")
        if obj.flashback and (obj.zone != "stack" or obj.copy or obj.token):
            raise f.child("flashback").fail(f"'{obj.id}' is no card on the stack; only a card cast from a graveyard "
                                            "as a spell was cast with flashback")
        if obj.targets and obj.zone != "stack":
            raise f.child("targets").fail(f"'{obj.id}' is in the {obj.zone}; only spells on the stack have targets")
        if obj.face_down:
            _check_face_down(f, obj)
        if obj.division and obj.zone != "stack":
            raise f.child("division").fail(f"'{obj.id}' is in the {obj.zone}; only a spell on the stack divides damage")
        if obj.bestowed:
            _check_bestowed(f.child("bestowed"), obj, card.face(obj.face), by_id)
        if obj.replicated and (obj.zone != "stack" or obj.copy or
                               not any(a.keyword == "replicate" for a in card.face(obj.face).abilities)):
            raise f.child("replicated").fail(f"'{obj.id}' is no spell with replicate on the stack; only such a spell had "
                                             "its replicate cost paid (CR 702.56a)")
        _check_given_by_card(f, obj, library)
        for counter in obj.counters:
            _check_counter_kind(f.child("counters").child(counter), counter, by_id, library)
        if obj.chosen_type and obj.chosen_type not in CREATURE_TYPES and not any(
                obj.chosen_type in part.subtypes for o in objects for part in library[o.card].parts):
            raise f.child("chosen_type").fail(f"'{obj.chosen_type}' is no creature type pyrules knows (205.3m: those "
                                              "of the 2020 card file, and the subtypes of the cards here)")
        if obj.zone == "stack":
            _check_spell_targets(f, obj.targets, obj.division, card.face(obj.face), obj.id, by_id, names_, library,
                                 obj.modes, obj.bestowed)
    effect_fields = _elements(root, "effects")
    effects = tuple(_effect(f, player_ref, library, by_id) for f in effect_fields)
    objects = _combat(object_fields, objects, by_id, names_, active, phase, step, library,
                      set(control_givers(objects, effects, library)))
    by_id = {o.id: o for o in objects}
    stack, stack_abilities = _stack(root, objects, by_id, player_ref, names_, library)
    if root.child("actions").present:
        if root.child("question").present:
            raise root.child("actions").fail("a situation has either a 'question' or 'actions', not both")
        question = None
        actions = _actions(root.child("actions"), objects, by_id, player_ref, names_, library)
        first_turn = actions[:next((n for n, a in enumerate(actions) if isinstance(a, BeginUntap)), len(actions))]
        if turn == 1 and root.child("turn").present and any(isinstance(a, BeginDrawStep) for a in first_turn) and \
                len(names_) == 2:  # (with more players, nobody skips that draw: 103.8c)
            raise root.child("turn").fail("unsupported: the draw step of the game's first turn, whose draw the player "
                                          "who plays first skips (103.8a); without 'turn', a situation is past it")
    else:
        question = _question(root.child("question"), objects, by_id, player_ref, names_, library, bool(stack))
        actions = ()
    set_aside = _refuse_unsupported(
        [(o.card, f.child("card").where, o.id) for f, o in zip(object_fields, objects)]
        + [(o.copy_of, f.child("copy_of").where, o.id) for f, o in zip(object_fields, objects) if o.copy_of]
        + [(e.card, f.child("card").where, None) for f, e in zip(effect_fields, effects)], library, question, actions,
        {a.source for a in stack_abilities}, {o.id: o.zone for o in objects}, declared)
    return Situation(
        players=players,
        objects=objects,
        question=question,
        active_player=active,
        priority=priority,
        turn=turn,
        phase=phase,
        step=step,
        upkeeps_to_come=upkeeps_to_come,
        additional_phase=additional_phase,
        stack=stack,
        stack_abilities=stack_abilities,
        effects=effects,
        cards=inline,
        actions=actions,
        library=library,
        name=root.child("name").text(default="") or "",
        source=root.source,
        lines=dict(root.lines),
        document=root.value,
        set_aside=set_aside,
    )


def _value(f: Field, family: str, name: str, default: Any = None) -> Any:
    """Field ``name`` of ``f``, read with the shape the vocabulary declares for it (or ``default``)."""
    if type(f.value) is dict and f.value.get(name) is None:  # absent (most fields of most objects)
        return default
    child = f.child(name)
    return kind(family, name).shape.parse(child) if child.present else default


def _elements(root: Field, key: str) -> list[Field]:
    f = root.child(key)
    return list(f.elements()) if f.present else []


def _players(f: Field) -> tuple[Player, ...]:
    if not f.present:
        raise f.fail("missing field 'players' (a list of player names in turn order)")
    players = []
    for item in f.elements():
        if isinstance(item.value, str):
            players.append(Player(item.value))
            continue
        item.mapping()
        item.only_keys(set(names("player")))
        players.append(Player(item.child("name").text(), _value(item, "player", "life", 20),
                              _value(item, "player", "mana_pool", {}), _value(item, "player", "restricted_mana", {}),
                              _value(item, "player", "library", 0), _value(item, "player", "hand", 0),
                              _value(item, "player", "lands_played", 0), _value(item, "player", "poison", 0),
                              energy=_value(item, "player", "energy", 0),
                              prevention_shields=_value(item, "player", "prevention_shields", ()),
                              dealt_damage=_value(item, "player", "dealt_damage", False),
                              permanent_left=_value(item, "player", "permanent_left", False),
                              attacked=_value(item, "player", "attacked", False),
                              citys_blessing=_value(item, "player", "citys_blessing", False),
                              spells_cast=_value(item, "player", "spells_cast", 0),
                              spells_cast_last_turn=_value(item, "player", "spells_cast_last_turn", 0),
                              graveyard=_value(item, "player", "graveyard", 0),
                              shuffled=_value(item, "player", "shuffled", False)))
    if not players:
        raise f.fail("a situation needs at least one player")
    seen = set()
    for i, p in enumerate(players):
        if not p.name.strip():
            raise f.child(i).fail("a player name cannot be empty")
        if p.name in seen:
            raise f.child(i).fail(f"player '{p.name}' is listed twice")
        seen.add(p.name)
    return tuple(players)


@cache
def _object_keys() -> frozenset[str]:
    return frozenset(names("object"))


#: The steps of the combat phase in which creatures are attacking (508.1k), and blocking (509.1g).
_ATTACKING_STEPS = ("declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")
_BLOCKING_STEPS = _ATTACKING_STEPS[1:]


def _gains_control(abilities: Any) -> bool:
    return any(p.kind == "gain_control" for a in abilities for p in a.statics)


#: What may give an object's control to another player than its 'controller' (layer 2, 613.1b): ("aura", the Aura's id,
#: its controller) for an Aura that gains control of what it enchants (Control Magic), ("effect", the effect's card,
#: its ability, its timestamp, its controller) for a lasting effect that does (Act of Treason).
ControlGiver = tuple[Any, ...]


def control_givers(objects: tuple[GameObject, ...], effects: tuple[LastingEffect, ...],
                   library: CardLibrary) -> dict[str, frozenset[ControlGiver]]:
    """For each object whose controller an effect may change, what may change it. Their 'controller' is the one before
    such effects; who controls them is the encodings' to work out (continuous.lp, combat.lp 506.4)."""
    givers: dict[str, set[ControlGiver]] = {}
    for o in objects:
        if o.attached_to and o.zone == "battlefield" and _gains_control(library[o.card].abilities):
            givers.setdefault(o.attached_to, set()).add(("aura", o.id, o.controller))
    for e in effects:
        if _gains_control(library[e.card].abilities[e.ability - 1:e.ability]):
            for x in e.affects:
                givers.setdefault(x, set()).add(("effect", e.card, e.ability, e.timestamp, e.controller))
    return {x: frozenset(g) for x, g in givers.items()}


def _combat(fields: list[Field], objects: tuple[GameObject, ...], by_id: dict[str, GameObject], players: list[str],
            active: str, phase: str, step: str | None, library: CardLibrary,
            control_may_change: set[str]) -> tuple[GameObject, ...]:
    """Check what the objects say about combat against each other and the step, and mark blocked every attacker
    a creature blocks (509.1h). Who controls a creature whose controller an effect may change is not checked here."""
    blocked: set[str] = set()
    for f, obj in zip(fields, objects):
        is_creature = "creature" in library[obj.copy_of or obj.card].face(obj.face).types
        if (obj.attacking or obj.blocking) and not is_creature:
            raise f.child("attacking" if obj.attacking else "blocking").fail(
                f"'{obj.id}' is not a creature; only creatures attack or block (CR 506.3)")
        if obj.attacking is not None:
            if phase != "combat" or step not in _ATTACKING_STEPS:
                raise f.child("attacking").fail("creatures are attacking only from the declare attackers step to the "
                                                "end of combat (CR 508.1k, 511.3): give 'phase: combat' and the step")
            if obj.controller != active and obj.id not in control_may_change:
                raise f.child("attacking").fail(f"'{obj.id}' is controlled by {obj.controller}, not by the active "
                                                f"player {active}; only the active player attacks (CR 506.2)")
            _check_attacked(f.child("attacking"), replace(obj, controller=active) if obj.id in control_may_change
                            else obj, by_id, players, library)
        if obj.blocking and (phase != "combat" or step not in _BLOCKING_STEPS):
            raise f.child("blocking").fail("creatures are blocking only from the declare blockers step to the end "
                                           "of combat (CR 509.1g, 511.3): give 'phase: combat' and the step")
        for blocks in obj.blocking:
            attacker = by_id.get(blocks)
            if attacker is None or attacker.attacking is None:
                raise f.child("blocking").fail(f"'{blocks}' is not an attacking creature; a creature blocks one "
                                               "(CR 509.1a)")
            if obj.controller != _defending_player(attacker, by_id) and obj.id not in control_may_change and \
                    attacker.id not in control_may_change:
                raise f.child("blocking").fail(f"'{obj.id}' is controlled by {obj.controller}, who is not the player "
                                               f"'{attacker.id}' attacks (CR 509.1a)")
            blocked.add(attacker.id)
        if obj.blocked and obj.attacking is None:
            raise f.child("blocked").fail(f"'{obj.id}' is not attacking; only an attacking creature is blocked "
                                          "(CR 509.1h)")
        if obj.struck_first and (obj.attacking is None and not obj.blocking or step != "first_strike_damage"
                                 and step != "combat_damage" and step != "end_of_combat"):
            raise f.child("struck_first").fail("only an attacking or blocking creature, after the first-strike combat "
                                               "damage step (step first_strike_damage or later), struck first "
                                               "(CR 510.4)")
    out = []
    for f, obj in zip(fields, objects):
        if obj.id in blocked and not obj.blocked:
            if f.child("blocked").present:
                raise f.child("blocked").fail(f"'{obj.id}' is blocked: a creature blocks it (CR 509.1h)")
            obj = replace(obj, blocked=True)
        out.append(obj)
    return tuple(out)


def _check_attacked(f: Field, obj: GameObject, by_id: dict[str, GameObject], players: list[str],
                    library: CardLibrary) -> None:
    """An attacker attacks an opponent of its controller, or a planeswalker an opponent controls (506.3, 506.2)."""
    target = obj.attacking
    if target in players:
        if target == obj.controller:
            raise f.fail(f"'{obj.id}' attacks its own controller; a creature attacks an opponent (CR 506.2)")
        return
    attacked = by_id.get(target)  # type: ignore[arg-type]
    if attacked is None:
        raise f.fail(f"unknown player or object '{target}'")
    face = library[attacked.copy_of or attacked.card].face(attacked.face)
    if attacked.zone != "battlefield" or "planeswalker" not in face.types or attacked.controller == obj.controller:
        raise f.fail(f"'{target}' is not a planeswalker an opponent controls; a creature attacks a player or a "
                     "planeswalker (CR 506.3)")


def _defending_player(attacker: GameObject, by_id: dict[str, GameObject]) -> str | None:
    """The player an attacking creature attacks, or who controls the planeswalker it attacks (508.5)."""
    attacked = by_id.get(attacker.attacking or "")
    return attacked.controller if attacked is not None else attacker.attacking


#: The fields of an object read on their own (not by their shape alone).
_READ_APART = frozenset({"id", "card", "owner", "controller", "copy_of", "skips_untap_of"})



#: An object's status or choice a situation may give, and the abilities or instructions of its card that give it: on
#: any other object the field is a typo or a state no game reaches, refused rather than read.
_GIVEN_BY: dict[str, tuple[frozenset[str], str]] = {
    "kicked": (frozenset({"kicker", "multikicker"}), "kicker or multikicker (702.33d)"),
    "times_kicked": (frozenset({"multikicker"}), "multikicker (702.33c)"),
    "evoked": (frozenset({"evoke"}), "evoke (702.74a)"),
    "surged": (frozenset({"surge"}), "surge (702.117a)"),
    "dashed": (frozenset({"dash"}), "dash (702.109a)"),
    "monstrous": (frozenset({"monstrosity"}), "monstrosity ability (701.37b)"),
    "renowned": (frozenset({"become_renowned"}), "renown (702.112b)"),
    "tribute_paid": (frozenset({"tribute"}), "tribute (702.104a)"),
    "chosen_color": (frozenset({"choose_color"}), "\"as this enters, choose a color\" ability (607.2d)"),
    "chosen_type": (frozenset({"choose_creature_type"}), "\"as this enters, choose a creature type\" ability (614.12a)"),
}


def _reads_exiled_cards(obj: GameObject, by_id: dict[str, GameObject], library: CardLibrary) -> bool:
    """Whether an ability the object has refers to "the exiled card", the cards an ability of it exiled (linked
    abilities, 607.2a: Chrome Mox's mana ability): one of its card, of what it is a copy of (707.2), or of a card used
    to craft it (702.167c)."""
    cards = [library[obj.card]] + ([library[obj.copy_of]] if obj.copy_of else []) + \
        [library[by_id[m].card] for m in obj.crafted_with if m in by_id]
    return any("add_color_of_exiled" in a.instruction_kinds for card in cards for part in card.parts
               for a in part.abilities)


def _asks_colors_spent(card: CardSpec) -> bool:
    """Whether an ability of the card reads the colors of the mana spent to cast it (601.2h): "if {G} was spent",
    "unless {U} was spent", sunburst (702.44a), counters for each color spent (converge); or it may enter as a copy of
    a card that does (707.2)."""
    for part in card.parts:
        for a in part.abilities:
            if a.intervening_if in SPENT_CONDITIONS or set(a.conditions) & set(SPENT_CONDITIONS):
                return True
            if any(p.kind in ("sunburst", "unless_spent") or (p.kind == "counters" and any(
                    amount == "colors_spent" for _, amount in p.value)) for p in a.effects) or \
                    (a.modify is not None and a.modify.kind == "copy_of"):
                return True
    return False


def _names_in(value: Any) -> set[str]:
    """Every text inside ``value`` (cards, their abilities and parts, at any depth)."""
    if isinstance(value, str):
        return {value}
    if dataclasses.is_dataclass(value):
        return {n for fld in dataclasses.fields(value) for n in _names_in(getattr(value, fld.name))}
    if isinstance(value, dict):
        return {n for item in value.items() for n in _names_in(item)}
    if isinstance(value, (tuple, list, set, frozenset)):
        return {n for item in value for n in _names_in(item)}
    return set()


def _check_given_by_card(f: Field, obj: GameObject, library: CardLibrary) -> None:
    """Each status or choice given to an object is one its card (or the card it copies, 707.2) can give it."""
    given = [field for field in _GIVEN_BY if getattr(obj, field)]
    if not given:
        return
    cards = [library[obj.card]] + ([library[obj.copy_of]] if obj.copy_of else [])
    kinds = {k for card in cards for part in card.parts for a in part.abilities for k in (a.kind, a.keyword)} | \
        {p.kind for card in cards for part in card.parts for a in part.abilities for p in a.effects}
    for field in given:
        needed, what = _GIVEN_BY[field]
        if not needed & kinds:
            raise f.child(field).fail(f"'{obj.id}' ({obj.card}) has no {what}; '{field}' is for an object whose card "
                                      "does")


def _check_used_this_turn(f: Field, obj: GameObject, by_id: dict[str, GameObject], library: CardLibrary) -> None:
    """Each ability counted in ``used_this_turn`` is one the object has: printed on its card (or the card it copies),
    or "card:N" from a card used to craft it (702.167c); a typo is an error, not an ability nobody has."""
    def printed(name: str) -> int:
        card = library[name]
        return max(len(face.abilities) for face in card.faces) if card.faces else len(card.abilities)

    own = max(printed(obj.card), printed(obj.copy_of) if obj.copy_of else 0)
    for key in obj.used_this_turn:
        if isinstance(key, int):
            if key > own:
                raise f.child("used_this_turn").fail(f"'{obj.id}' ({obj.card}) has no ability {key}: "
                                                     f"its card has {own}")
            faces = library[obj.card].parts
            if obj.zone != "battlefield" and not any(key <= len(face.abilities) and face.abilities[key - 1].zone ==
                                                     obj.zone for face in faces):
                raise f.child("used_this_turn").fail(f"'{obj.id}' is in the {obj.zone}, where its ability {key} is not "
                                                     "activated: an object that came here this turn is a new one, "
                                                     "with no activations (400.7)")
            continue
        material, _, number = key.rpartition(":")
        if material not in obj.crafted_with:
            raise f.child("used_this_turn").fail(f"'{key}': '{material}' is not a card used to craft '{obj.id}' "
                                                 "(crafted_with)")
        if int(number) > printed(by_id[material].card):
            raise f.child("used_this_turn").fail(f"'{key}': '{material}' ({by_id[material].card}) has no ability "
                                                 f"{number}")


def _object(f: Field, player_ref: Callable[[Field, str], str], library: CardLibrary) -> GameObject:
    f.mapping()
    f.only_keys(_object_keys())
    oid = f.child("id").text()
    if not oid.strip():
        raise f.child("id").fail("an object id cannot be empty")
    card_f, owner_f, controller_f = f.child("card"), f.child("owner"), f.child("controller")
    name = card_f.text()
    card = library.cards[name] if name in library.cards else library.lookup(name, card_f.where)
    owner_f = owner_f if owner_f.present else controller_f
    if not owner_f.present:
        raise f.fail(f"object '{oid}' needs an owner (or a controller, taken as its owner)")
    owner = player_ref(owner_f, owner_f.name)
    # Each field given, read with the shape the vocabulary declares for it, once (most fields of most objects are
    # absent: a 5,000-object board asks each object for 40 fields).
    given = {name: kind("object", name).shape.parse(f.child(name)) for name, value in f.value.items()
             if value is not None and name not in _READ_APART}
    get = given.get
    zone = get("zone", "battlefield")
    controller = player_ref(controller_f, f"{f.name}.controller") if controller_f.present else None
    if not given and "copy_of" not in f.value and "skips_untap_of" not in f.value:
        # a permanent and nothing else said of it (most of a large board): every field at its default, nothing to check
        return GameObject(id=oid, card=card.name, owner=owner, controller=controller if controller is not None else owner)
    in_play = zone in ("battlefield", "stack")
    if controller is not None and controller != owner and not in_play:
        raise controller_f.fail(
            f"'{oid}' is in the {zone}, where objects have no controller but their owner (CR 108.4a)")
    tapped = get("tapped", False)
    if tapped and zone != "battlefield":
        raise f.child("tapped").fail(f"'{oid}' is in the {zone}; only permanents can be tapped (CR 110.5)")
    token = get("token", False)
    if token and not in_play:
        raise f.child("token").fail(f"a token in the {zone} has ceased to exist (CR 111.7)")
    face = get("face", "front")
    if face == "back":
        if not card.is_double_faced:
            raise f.child("face").fail(f"'{card.name}' is not a double-faced card and has no back face")
        if not in_play:
            raise f.child("face").fail(f"in the {zone} a double-faced card has only its front face (CR 712.8a)")
    if face in SPLIT_HALVES:
        if not card.is_split:
            raise f.child("face").fail(f"'{card.name}' is not a split card and has no halves (CR 708.1)")
        if zone != "stack":
            raise f.child("face").fail(f"in the {zone} a split card is its two halves combined; only a spell on the "
                                       "stack is one half, or both fused (CR 708.3, 708.4)")
        if face == "both" and not card.fuses:
            raise f.child("face").fail(f"'{card.name}' has no fuse: its halves are cast one at a time (CR 702.102a)")
        if face == "both" and not card.abilities:
            raise UnsupportedError(f.child("face").where, f"a fused {card.name}: a half that is not one plain spell "
                                                          "ability (modes, divided damage, \"instead\" or a timing)")
    elif card.is_split and zone == "stack":
        raise (f.child("face") if f.child("face").present else f).fail(
            f"'{oid}' is a split card on the stack: say which half was cast with face: left, right or both (fused) "
            "(CR 708.3)")
    counters = get("counters", {})
    suspended = zone == "exile" and set(counters) == {"time"} and not get("token", False) and \
        any(a.kind == "suspend" for a in card.face(face).abilities)  # (702.62b: a suspended card)
    if counters and zone != "battlefield" and not suspended:
        raise f.child("counters").fail(f"'{oid}' is in the {zone}; counters here are not modelled (but time counters "
                                       "on a card with suspend in exile, 702.62b)")
    attached = get("attached_to")
    if attached is not None and zone != "battlefield":
        raise f.child("attached_to").fail(f"'{oid}' is in the {zone}; only permanents are attached (CR 303.4)")
    position = get("position")
    if position is not None and zone != "library":
        raise f.child("position").fail(f"'{oid}' is in the {zone}; only cards in a library have a position")
    bottom = get("bottom", False)
    if bottom and zone != "library":
        raise f.child("bottom").fail(f"'{oid}' is in the {zone}; only a card in a library is at its bottom")
    if bottom and position is not None:
        raise f.child("position").fail(f"'{oid}' is at the bottom of its library, below the cards only counted: give "
                                        "'bottom' or 'position', not both")
    if get("x") is not None and zone != "stack":  # (object_x is read of a spell on the stack only: 107.3m)
        raise f.child("x").fail(f"'{oid}' is in the {zone}; x is the X chosen for a spell on the stack as it was cast "
                                "(CR 107.3m): cast it with x instead")
    if get("x") is not None and not _says_x(card.face(face).mana_cost, card.face(face).abilities):
        raise f.child("x").fail(f"'{card.name}' has no X in its cost or text (CR 107.3)")
    damage = get("damage", 0)
    if damage and zone != "battlefield":
        raise f.child("damage").fail(f"'{oid}' is in the {zone}; damage is marked on permanents (CR 120.3e)")
    damaged_by = get("damaged_by", ())
    if damaged_by and zone != "battlefield":
        raise f.child("damaged_by").fail(f"'{oid}' is in the {zone}; only a permanent was dealt damage this turn "
                                         "(a new object elsewhere, CR 400.7)")
    modes = get("modes", ())
    if modes and zone != "stack":
        raise f.child("modes").fail(f"'{oid}' is in the {zone}; only a spell on the stack has modes chosen (CR 700.2a)")
    if modes:
        _check_modes(f, modes, card.face(face), oid, any(a.kind == "entwine" for a in card.face(face).abilities))
    elif zone == "stack" and any(a.kind == "spell" and a.modes for a in card.face(face).abilities):
        raise f.fail(f"'{oid}' is a modal spell on the stack, whose modes were chosen as it was cast (CR 700.2a): give "
                     "them ('modes: [1]')")
    shields = get("regeneration_shields", 0)
    if shields and zone != "battlefield":
        raise f.child("regeneration_shields").fail(f"'{oid}' is in the {zone}; a regeneration shield protects a "
                                                   "permanent (CR 701.19a)")
    prevention = get("prevention_shields", ())
    if prevention and zone != "battlefield":
        raise f.child("prevention_shields").fail(f"'{oid}' is in the {zone}; a prevention shield protects a player or "
                                                 "a permanent (CR 615.7)")
    copy_of_f = f.child("copy_of")
    copy_of = library.lookup(copy_of_f.text(), copy_of_f.where).name if copy_of_f.present else None
    crafted_with = get("crafted_with", ())
    exiled_with = get("exiled_with", ())
    copy_except = get("copy_except", ())
    if copy_except and not copy_of:
        raise f.child("copy_except").fail(f"'{oid}' has exceptions to a copy effect but is no copy ('copy_of')")
    for key, value in (("copy_of", copy_of), ("crafted_with", crafted_with), ("exiled_with", exiled_with)):
        if value and zone != "battlefield":
            raise f.child(key).fail(f"'{oid}' is in the {zone}; only a permanent has '{key}'")
    combat = {key: get(key, default) for key, default in
              (("attacking", None), ("blocking", ()), ("blocked", False), ("struck_first", False))}
    for key, value in combat.items():
        if value and zone != "battlefield":
            raise f.child(key).fail(f"'{oid}' is in the {zone}; only a creature on the battlefield is in combat "
                                    "(CR 506.3)")
    timestamp = get("timestamp")
    if timestamp is not None and zone != "battlefield":
        raise f.child("timestamp").fail(f"'{oid}' is in the {zone}; pyrules orders the effects of permanents by "
                                        "their timestamps (CR 613.7)")
    skips_f = f.child("skips_untap_of")
    skips_untap_of = player_ref(skips_f, f"{f.name}.skips_untap_of") if skips_f.present else None
    if skips_untap_of is not None and zone != "battlefield":
        raise skips_f.fail(f"'{oid}' is in the {zone}; only a permanent untaps in an untap step (CR 502.3)")
    may_play_f = f.child("may_play")
    may_play = player_ref(may_play_f, f"{f.name}.may_play") if may_play_f.present else None
    if may_play is not None and zone != "exile":
        raise may_play_f.fail(f"'{oid}' is in the {zone}; pyrules models the permission to play a card in exile "
                              "(CR 601.3)")
    copy = get("copy", False)
    if copy and zone != "stack":
        raise f.child("copy").fail(f"a copy of a spell in the {zone} has ceased to exist (CR 704.5e)")
    if copy and token:
        raise f.child("copy").fail(f"'{oid}' is either a token or a copy of a spell, not both")
    return GameObject(
        id=oid,
        card=card.name,
        owner=owner,
        controller=controller if controller is not None else (owner if in_play else None),
        zone=zone,
        tapped=tapped,
        since_turn_start=get("since_turn_start", True),
        counters=counters,
        token=token,
        face=face,
        keywords=get("keywords", ()),
        used_this_turn=get("used_this_turn", {}),
        loyalty_activated=get("loyalty_activated", False),
        x=get("x"),
        kicked=get("kicked", False) or bool(get("times_kicked", 0)),  # (multikicked: kicked, 702.33d)
        times_kicked=get("times_kicked", 0),
        cant_be_countered=get("cant_be_countered", False),
        colors_spent=tuple(sorted(set(get("colors_spent", ())), key="wubrg".index)),
        evoked=get("evoked", False),
        # (a spell on the stack was cast from its owner's hand unless it is a copy or was cast with flashback: pyrules
        # casts from nowhere else)
        cast_from_hand=get("cast_from_hand", zone == "stack" and not copy and not get("flashback", False)),
        dashed=get("dashed", False),
        bestowed=get("bestowed", False),
        cast_with_suspend=get("cast_with_suspend", False),
        replicated=get("replicated", 0),
        surged=get("surged", False),
        renowned=get("renowned", False),
        monstrous=get("monstrous", False),
        tribute_paid=get("tribute_paid", False),
        flashback=get("flashback", False),
        buyback=get("buyback", False),
        since_last_upkeep=get("since_last_upkeep", False),
        skips_untap_of=skips_untap_of,
        may_play=may_play,
        face_down=get("face_down", False),
        attached_to=attached,
        timestamp=timestamp,
        chosen_color=get("chosen_color"),
        chosen_type=get("chosen_type"),
        position=position,
        bottom=bottom,
        targets=get("targets", ()),
        division=get("division", ()),
        copy=copy,
        damage=damage,
        damaged_by=damaged_by,
        regeneration_shields=shields, prevention_shields=tuple(n for n, _ in prevention),
        shield_counters=tuple(k for _, k in prevention) if any(k for _, k in prevention) else (),
        modes=modes,
        copy_of=copy_of,
        copy_except=copy_except,
        crafted_with=crafted_with,
        exiled_with=exiled_with,
        exiled_until=get("exiled_until"),
        **combat,
    )


def _refuse_unsupported(places: list[tuple[str, str, str | None]], library: CardLibrary, question: Any,
                        actions: tuple[Any, ...], on_stack: set[str], zones: dict[str, str],
                        declared: Callable[[str], str] | None = None) -> tuple[tuple[str, str, str], ...]:
    """A card with a line no template fits (an imported card, docs/import.md) is refused wherever the situation
    uses it: pyrules cannot tell what the line would change, so it answers nothing rather than half; unless the
    line cannot matter to what is asked (``aside.reason``): then it is set aside, and the answer says so. One
    refusal names every line refused of every card used, grouped by card, at the place of the first. Returns
    the lines set aside: (card, line, why)."""
    users: dict[str, set[str]] = {}
    of_effects = {name for name, _, oid in places if oid is None}  # (a lasting effect's card: it is in no zone)
    for name, _, oid in places:
        users.setdefault(name, set()).update({oid} if oid else set())
    cards = {name: library[name] for name in users}
    reads = aside.reads_activated(a for card in cards.values() for face in (card, *card.faces, *card.halves)
                                 for a in face.abilities)
    lines: dict[str, list[str]] = {}
    kept: list[tuple[str, str, str]] = []
    first, seen = "", set()
    for name, where, _ in places:
        card = cards[name]
        for face in (card, *card.faces, *card.halves):
            if id(face) in seen:  # (a card read once, though several objects use it)
                continue
            seen.add(id(face))
            found = []
            for a in face.abilities:
                if a.kind != "unsupported":
                    continue
                why = aside.reason(a.line, face.name, users[name], question, actions, reads or bool(users[name] & on_stack),
                                   None if name in of_effects else {zones[oid] for oid in users[name]})
                why = why or (declared(a.line) if declared is not None else "")
                if why:
                    kept.append((face.name, a.line, why))
                else:
                    found.append(_with_area(a.line))
            if found:
                lines[face.name] = found
                first = first or where
    if lines:
        raise _unread(first, lines)
    return tuple(dict.fromkeys(kept))


def _unread(where: str, lines: dict[str, list[str]]) -> UnsupportedError:
    """The refusal of lines no template fits, by card: "in 'Ambush Viper': Hexproof; in 'Odd Guide': ... | ..."."""
    said = "; ".join(f"in '{name}': {' | '.join(found)}" for name, found in lines.items())
    return UnsupportedError(where, f"{kind('ability', 'unsupported').status.reason}, {said}")


#: Lines that belong to a rules area pyrules leaves out on purpose, named with it in a refusal.
_LEFT_OUT_AREAS = ((re.compile(r"\bchange the text\b|\breplacing all instances of\b", re.IGNORECASE),
                    "a text-changing effect: layer 3, 612, not modelled"),)


def _with_area(line: str) -> str:
    for pattern, area in _LEFT_OUT_AREAS:
        if pattern.search(line):
            return f"{line} ({area})"
    return line


def _effect(f: Field, player_ref: Callable[[Field, str], str], library: CardLibrary,
            by_id: dict[str, GameObject]) -> LastingEffect:
    f.mapping()
    f.only_keys(set(names("lasting_effect")))
    card = library.lookup(f.child("card").text(), f.child("card").where)
    index = f.child("ability").integer(default=None, minimum=1)
    lasting = [i for i, a in enumerate(card.abilities, start=1) if a.lasting]
    if index is None:
        if not lasting:
            raise f.child("card").fail(f"'{card.name}' creates no lasting effect that pyrules models")
        index = lasting[0]
    elif index not in lasting:
        raise f.child("ability").fail(f"ability {index} of '{card.name}' is not a lasting effect")
    ability = card.abilities[index - 1]
    if ability.lasting == "once":
        raise UnsupportedError(f.where, f"a delayed triggered ability of '{card.name}' given in a situation (603.7): "
                                        "its source and the object it refers to are not read")
    if ability.lasting in ("while_source_tapped", "while_you_control_source"):
        kept = "remains tapped" if ability.lasting == "while_source_tapped" else "is controlled by its controller"
        raise UnsupportedError(f.where, f"an effect of '{card.name}' lasting for as long as its source {kept}, "
                                        "given in a situation (611.2b): its source is not read")
    affects = tuple(_value(f, "lasting_effect", "affects", ()))
    for n, oid in enumerate(affects):
        if oid not in by_id:
            raise f.child("affects").child(n).fail(f"no object has the id '{oid}'")
    if ability.kind == "static" and not f.child("affects").present:
        raise f.fail(f"'{card.name}' changes characteristics: its effect applies to the objects it affected as it "
                     "began (CR 611.2c); say which under 'affects'")
    if affects and ability.kind != "static":
        raise f.child("affects").fail(f"'{card.name}''s effect changes no characteristics: it applies to whatever it "
                                      "describes, now (CR 611.2c); 'affects' is for effects that do")
    times = _value(f, "lasting_effect", "times")
    if ability.for_each and times is None:
        raise f.fail(f"'{card.name}' counts as its effect begins (CR 608.2h); say the number it counted under 'times'")
    if times is not None and not ability.for_each:
        raise f.child("times").fail(f"'{card.name}''s effect counts nothing: 'times' is for an effect whose ability has "
                                    "for_each")
    color = _value(f, "lasting_effect", "chosen_color")
    chooses = any(p.kind == "gain_keywords" and "protection_from_chosen_color" in p.value or p.kind == "set_chosen_color"
                  for p in ability.statics)
    if chooses and color is None:
        raise f.fail(f"'{card.name}' gives protection from (or sets) a color chosen as its effect began (CR 611.2a); say "
                     "which under 'chosen_color'")
    if color is not None and not chooses:
        raise f.child("chosen_color").fail(f"'{card.name}''s effect has no chosen color: 'chosen_color' is for an "
                                           "effect that gives protection from the chosen color or sets it")
    return LastingEffect(card.name, player_ref(f.child("controller"), f"{f.name}.controller"), index,
                         timestamp=_value(f, "lasting_effect", "timestamp"), affects=affects, times=times, color=color)


# -- the stack ------------------------------------------------------------------------------------
def _stack(root: Field, objects: tuple[GameObject, ...], by_id: dict[str, GameObject], player_ref: Any,
           players: list[str], library: CardLibrary) -> tuple[tuple[str, ...], tuple[StackAbility, ...]]:
    on_stack = [o.id for o in objects if o.zone == "stack"]
    f = root.child("stack")
    if not f.present:
        return tuple(on_stack), ()
    order: list[str] = []
    abilities: list[StackAbility] = []
    for item in f.elements():
        if isinstance(item.value, dict):
            ability = _stack_ability(item, by_id, player_ref, players, library)
            if ability.id in by_id or ability.id in players or ability.id in order:
                raise item.child("id").fail(f"'{ability.id}' already names an object, a player or a stack item")
            below = {a.id for a in abilities}
            if ability.refers_to is not None and ability.refers_to not in below:
                raise item.child("copies").fail(f"'{ability.refers_to}' is not an ability below '{ability.id}' on the "
                                                f"stack; abilities below it are {', '.join(sorted(below)) or 'none'}")
            abilities.append(ability)
            order.append(ability.id)
            continue
        oid = item.text()
        if oid not in on_stack:
            raise item.fail(f"'{oid}' is listed on the stack but is not an object in zone 'stack'")
        if oid in order:  # (an object is in one place at a time)
            raise item.fail(f"'{oid}' is listed on the stack twice")
        order.append(oid)
    missing = sorted(set(on_stack) - set(order))
    if missing:
        raise f.fail(f"objects in zone 'stack' missing from 'stack': {', '.join(missing)}")
    return tuple(order), tuple(abilities)


def _stack_ability(f: Field, by_id: dict[str, GameObject], player_ref: Any, players: list[str],
                   library: CardLibrary) -> StackAbility:
    f.only_keys(set(names("stack_item")))
    which = [k for k in ("activated", "triggered") if f.child(k).present]
    if len(which) != 1:
        raise f.fail("an ability on the stack names its source with exactly one of 'activated' or 'triggered'")
    kind_name = which[0]
    source_f = f.child(kind_name)
    source = by_id.get(source_f.text())
    if source is None:
        raise source_f.fail(f"unknown object '{source_f.text()}'; objects are {', '.join(sorted(by_id)) or 'none'}")
    if not f.child("id").present:
        raise f.fail("an ability on the stack needs an 'id'")
    iid = f.child("id").text()
    face = library[source.card].face(source.face)
    instance = None
    if isinstance(f.child("ability").value, str) and ":" in f.child("ability").value:
        material, _, number = f.child("ability").value.rpartition(":")  # from a card used to craft it (702.167c)
        if material not in by_id or whole_number(number) is None:
            raise f.child("ability").fail(f"'{f.child('ability').value}' must name a card used to craft "
                                          f"'{source.id}' and one of its abilities, such as m1:2")
        instance, face = material, library[by_id[material].card].face("front")
        f = Field({k: (int(number) if k == "ability" else v) for k, v in f.value.items()}, f.path, f.source, f.lines)
    candidates = [i for i, a in enumerate(face.abilities, start=1) if a.kind == kind_name]
    index = f.child("ability").integer(default=None, minimum=1)
    unread = [a.line for a in face.abilities if a.kind == "unsupported"]  # (of any kind: pyrules cannot tell)
    if index is None:
        if len(candidates) != 1 and unread:
            raise _unread(f.where, {face.name: unread})
        if len(candidates) != 1:
            raise f.fail(f"'{face.name}' has {len(candidates)} {kind_name} abilities: say which with 'ability: N'")
        index = candidates[0]
    elif index not in candidates and 0 < index <= len(face.abilities) and face.abilities[index - 1].kind == "unsupported":
        raise _unread(f.child("ability").where, {face.name: [face.abilities[index - 1].line]})
    elif index not in candidates:
        raise f.child("ability").fail(f"ability {index} of '{face.name}' is not a {kind_name} ability")
    ability = face.abilities[index - 1]
    controller = player_ref(f.child("controller"), f"{f.name}.controller") if f.child("controller").present else \
        (source.controller or source.owner)
    targets = f.child("targets").texts()
    modes = _value(f, "stack_item", "modes", ())
    division = _value(f, "stack_item", "division", ())
    if ability.modes and len(modes) != 1:
        raise f.fail(f"'{iid}' is modal: give the mode chosen as it was activated or put on the stack ('modes: [N]', "
                     f"CR 700.2a, 603.3c)")
    specs = tuple(t for t, m in zip(ability.targets, ability.target_modes) if m == 0 or m in modes)
    if ability.divided:
        _check_division(f, targets, division, ability, specs, iid, by_id, players, library, f"'{iid}'")
    else:
        _check_targets(f.child("targets"), targets, specs, iid, by_id, players, library, f"'{iid}'")
        if division:
            raise f.child("division").fail(f"'{iid}' divides no damage")
    if ability.modes:  # targets are kept by their number among all the ability's targets
        given = iter(targets)
        targets = tuple(next(given) if m == 0 or m in modes else "" for m in ability.target_modes)
    copying = any(e.kind == "copy_triggering_ability" for e in ability.effects)
    copies = f.child("copies").text() if f.child("copies").present else None
    if copying and copies is None:
        raise f.fail(f"'{iid}' copies the ability that triggered it: name that ability with 'copies: <its id on the "
                     f"stack>'")
    if copies is not None and not copying:
        raise f.child("copies").fail(f"'{iid}' does not copy the ability that triggered it; 'copies' is for such "
                                     f"a trigger (Locus of Enlightenment)")
    about_that = bool(ABOUT_THAT_OBJECT & ability.instruction_kinds)
    about_player = bool({"that_player", "damage_that_player"} & ability.instruction_kinds)
    that = f.child("that").text() if f.child("that").present else None
    if about_that and that is None:
        what = "land" if "land_doesnt_untap" in ability.instruction_kinds else "creature"
        raise f.fail(f"'{iid}' says \"that {what}\": name the {what} its event was about with 'that: <its id>'")
    if about_player and that is None:
        raise f.fail(f"'{iid}' says \"that player\": name the player its event was about with 'that: <a player>'")
    if that is not None and not (about_that or about_player):
        raise f.child("that").fail(f"'{iid}' says nothing of \"that creature\"; 'that' is for such a trigger (exalted)")
    if that is not None and about_player and that not in players:
        raise f.child("that").fail(f"unknown player '{that}'")
    if that is not None and about_that and that not in by_id:
        raise f.child("that").fail(f"unknown object '{that}'")
    that_much = _value(f, "stack_item", "that_much")
    about_much = any(e.kind.endswith("_that_much") for e in ability.effects)
    if about_much and that_much is None:
        raise f.fail(f"'{iid}' says \"that much\": give the amount of the event it triggered on with 'that_much: N'")
    if that_much is not None and not about_much:
        raise f.child("that_much").fail(f"'{iid}' says nothing of \"that much\"; 'that_much' is for such a trigger")
    return StackAbility(iid, source.id, kind_name, index, controller, targets, x=_value(f, "stack_item", "x"),
                        modes=modes, division=division, instance=instance, refers_to=copies, that=that,
                        that_much=that_much)


# -- targets (115) ---------------------------------------------------------------------------------
def _spell_targets(card: CardSpec) -> tuple[TargetSpec, ...]:
    return tuple(t for a in card.spell_abilities for t in a.targets)


def _check_targets(f: Field, targets: tuple[str, ...], specs: tuple[TargetSpec, ...], self_id: str | None,
                   by_id: dict[str, GameObject], players: list[str], library: CardLibrary, what: str) -> None:
    """As many targets as the text says "target", each one that the spell or ability could have
    chosen (an object of a kind the target allows, or a player where players are allowed). A spell or
    ability on the stack (``self_id``) cannot target itself (115.5); an ability may target its source."""
    required = len(specs) - len(tuple(itertools.takewhile(lambda s: s.up_to, reversed(specs))))
    if not required <= len(targets) <= len(specs):
        wanted = "; ".join(s.text for s in specs) or "no targets"
        count = f"{required} to {len(specs)} targets" if required < len(specs) else \
            f"{len(specs)} target{'s' if len(specs) != 1 else ''}"
        raise f.fail(f"{what} has {count} ({wanted}), not {len(targets)}")
    start = 0
    while start < len(specs):  # "up to N target ...": N targets of one word, each a different object (601.2c)
        n = specs[start].up_to or 1
        word = [t for t in targets[start:start + n] if t]
        if len(set(word)) < len(word):
            raise f.fail(f"{what} targets '{next(t for t in word if word.count(t) > 1)}' twice with one word "
                         "\"target\" (CR 601.2c)")
        start += n
    for i, (t, spec) in enumerate(zip(targets, specs)):
        at = f.child(i) if isinstance(f.value, list) else f
        if t == self_id:
            raise at.fail(f"{what} cannot target itself (CR 115.5)")
        if t in players:
            if not spec.players:
                raise at.fail(f"'{t}' is a player; {spec.text} is not")
            continue
        obj = by_id.get(t)
        if obj is None:
            raise at.fail(f"unknown object or player '{t}' as a target")
        if not _could_match(spec, library[obj.card]) and not (spec.zone == "battlefield" and (
                obj.zone == "battlefield" or _permanent_card(library[obj.card]))):
            # (a permanent's types are those its card prints only until an effect changes them, 205.1, 613.1d: a
            # Forest may be a creature by then, and a permanent card cast or put there later, an enchantment under
            # Opalescence; whether it is a legal target, the encodings say, 601.2c, 608.2b)
            raise at.fail(f"'{t}' ({obj.card}) can never be {spec.text}")


_PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})


def _permanent_card(card: CardSpec) -> bool:
    return any(_PERMANENT_TYPES & set(part.types) for part in card.parts)


def _could_match(spec: TargetSpec, card: CardSpec) -> bool:
    """Whether some face of the card has the card types and supertypes the target asks for (the
    rest, such as zone and control, may have changed since the target was chosen)."""
    flt = spec.filter
    if spec.zone == PLAYERS_ONLY:
        return False
    for face in card.parts:
        types = set(face.types)
        if not set(flt.get("types", ())) <= types:
            continue
        if flt.get("any_types") and not set(flt["any_types"]) & types:
            continue
        if flt.get("nonland") and "land" in types:
            continue
        if not set(flt.get("supertypes", ())) <= set(face.supertypes):
            continue
        return True
    return False


# -- the question ---------------------------------------------------------------------------------
def _question(f: Field, objects: tuple[GameObject, ...], by_id: dict[str, GameObject], player_ref: Any,
              players: list[str], library: CardLibrary, stack: bool) -> Question:
    if not f.present:
        raise f.fail(f"missing field 'question' (one of: {', '.join(_QUESTIONS)})")
    if isinstance(f.value, str) and f.value == "resolve":
        f = Field({"resolve": "top"}, f.path, f.source, f.lines)
    f.mapping()
    if len(f.value) != 1:
        raise f.fail(f"'question' must have exactly one of: {', '.join(_QUESTIONS)}")
    (key, body), = f.items()

    def object_ref(g: Field) -> GameObject:
        oid = g.text()
        if oid not in by_id:
            raise g.fail(f"unknown object '{oid}'; objects are {', '.join(sorted(by_id)) or 'none'}")
        return by_id[oid]

    def asked(kind: type, why: str | None) -> Any:
        """An id, a list of ids or 'all' (every permanent); ``why``: the rule that asks it of permanents only."""
        if body.value == "all":
            return kind(())
        refs = list(body.elements()) if isinstance(body.value, list) else [body]
        if not refs:
            raise body.fail(f"'{key}' needs an object id, a list of them, or 'all'")
        chosen = []
        for g in refs:
            obj = object_ref(g)
            if why is not None and obj.zone != "battlefield":
                raise g.fail(f"'{obj.id}' is in the {obj.zone}; {why}")
            chosen.append(obj.id)
        return kind(tuple(chosen))

    if key == "could_produce":
        return asked(CouldProduce, "'could produce' is asked of permanents (CR 106.7)")
    if key == "abilities":
        return asked(Abilities, None)
    if key == "characteristics":
        return asked(Characteristics, "the layers are asked of permanents (CR 613.1)")
    if key == "activatable":
        return Activatable(player_ref(body, "question.activatable"))
    if key == "activate":
        return _activate(body, object_ref, player_ref, by_id, players, library)
    if key == "cast":
        return _cast(body, object_ref, player_ref, by_id, players, library)
    if key == "effect":
        return _happen(body, object_ref, player_ref, by_id, library)
    if key == "resolve":
        if body.value != "top":
            raise body.fail("'resolve' takes the value 'top' (the top object of the stack resolves)")
        if not stack:
            raise body.fail("the stack is empty; there is nothing to resolve")
        return ResolveTop()
    raise f.child(key).fail(f"unknown question '{key}'; expected one of: {', '.join(_QUESTIONS)}")


# -- a sequence of actions ---------------------------------------------------------------------------
#: The actions that begin a step (503.1, 513.1): each says nothing more.
_STEP_BEGINS = {"upkeep": BeginUpkeep, "end_step": BeginEndStep, "end_of_combat": BeginEndOfCombat,
                "draw_step": BeginDrawStep, "beginning_of_combat": BeginCombat, "main": BeginMain,
                "cleanup": BeginCleanup, "untap_step": BeginUntap}


def _object_and_player(body: Field, where: str, object_ref: Any, player_ref: Any) -> tuple[GameObject, str | None]:
    """A special action's ``id`` or ``{object, player}``: the object, and the player named (None: its default)."""
    if not isinstance(body.value, dict):
        return object_ref(body), None
    body.only_keys({"object", "player"})
    who = player_ref(body.child("player"), f"{where}.player") if body.child("player").present else None
    return object_ref(body.child("object")), who


def _actions(f: Field, objects: tuple[GameObject, ...], by_id: dict[str, GameObject], player_ref: Any,
             players: list[str], library: CardLibrary) -> tuple[Action, ...]:
    """Each action is checked for what it names (ids, targets a spell could never have); whether it is
    legal depends on the state its line has reached, and is decided at its step."""
    kinds = names("action")
    out: list[Action] = []
    items = list(f.elements())
    if not items:
        raise f.fail("'actions' needs at least one action")
    for item in items:
        if isinstance(item.value, str):
            bare = {"resolve": ResolveTop, "pass": PassPriority, "attack": DeclareAttackers, "block": DeclareBlockers,
                    "damage": CombatDamage, **_STEP_BEGINS}
            if item.value not in bare:
                raise item.fail(f"unknown action '{item.value}'; expected one of: {', '.join(kinds)}")
            out.append(bare[item.value]())
            continue
        item.mapping()
        if len(item.value) != 1:
            raise item.fail(f"an action has exactly one of: {', '.join(kinds)}")
        (key, body), = item.items()

        def object_ref(g: Field) -> GameObject:
            oid = g.text()
            if oid not in by_id:
                raise g.fail(f"unknown object '{oid}'; objects are {', '.join(sorted(by_id)) or 'none'}")
            return by_id[oid]

        if key == "activate":
            out.append(_activate(body, object_ref, player_ref, by_id, players, library, now=False))
        elif key == "cast":
            out.append(_cast(body, object_ref, player_ref, by_id, players, library, now=False))
        elif key == "resolve":
            which = body.choice(("top", "all"))
            out.append(ResolveTop() if which == "top" else ResolveAll())
        elif key == "pass":
            out.append(PassPriority(player_ref(body, f"{item.name}.pass")))
        elif key == "play":
            obj, who = _object_and_player(body, f"{item.name}.play", object_ref, player_ref)
            if not library[obj.card].face(obj.face).types or "land" not in library[obj.card].face(obj.face).types:
                raise (body.child("object") if isinstance(body.value, dict) else body).fail(
                    f"'{obj.id}' ({obj.card}) is not a land; lands are played, other cards cast (CR 305.1)")
            out.append(PlayLand(obj.id, who))
        elif key == "turn_face_up":
            obj, who = _object_and_player(body, f"{item.name}.turn_face_up", object_ref, player_ref)
            out.append(TurnFaceUp(obj.id, who))  # (face down by then, or not: the step decides)
        elif key == "suspend":
            obj, who = _object_and_player(body, f"{item.name}.suspend", object_ref, player_ref)
            if not any(a.kind == "suspend" for a in library[obj.card].face(obj.face).abilities):
                raise (body.child("object") if isinstance(body.value, dict) else body).fail(
                    f"'{obj.id}' ({obj.card}) has no suspend (CR 702.62a)")
            out.append(Suspend(obj.id, who))  # (in the hand by then, or not: the step decides)
        elif key == "attack":  # (no value: the declaration is left open, as with '- attack')
            out.append(DeclareAttackers(_declared_attacks(body, object_ref, by_id, players) if body.present else None))
        elif key == "block":
            out.append(DeclareBlockers(_declared_blocks(body, object_ref) if body.present else None))
        elif key == "damage":
            if body.present:
                raise body.fail("'damage' takes no value: write '- damage' (each creature's division of its damage "
                                "is left open)")
            out.append(CombatDamage())
        elif key in _STEP_BEGINS:
            if body.present:
                raise body.fail(f"'{key}' takes no value: write '- {key}'")
            out.append(_STEP_BEGINS[key]())
        else:
            raise item.child(key).fail(f"unknown action '{key}'; expected one of: {', '.join(kinds)}")
    return tuple(out)


def _declared_attacks(body: Field, object_ref: Callable[[Field], GameObject], by_id: dict[str, GameObject],
                      players: list[str]) -> tuple[tuple[str, str], ...]:
    """``{attacker: player or planeswalker}``, or a list of attackers when there is one opponent to attack (a
    two-player game). Whether each may attack it is decided in the state the line has reached."""
    if isinstance(body.value, list):
        attackers = [object_ref(g) for g in body.elements()]
        if len(players) != 2:
            raise body.fail("with more than one opponent, say what each creature attacks: {attacker: player, ...} "
                            "(CR 508.1b)")
        return tuple((a.id, next(p for p in players if p != a.controller)) for a in attackers)
    body.mapping()
    out = []
    for key, g in body.items():
        attacker = object_ref(_key_field(body, key))
        target = g.text()
        if target not in players and target not in by_id:
            raise g.fail(f"unknown player or object '{target}'; a creature attacks a player or a planeswalker")
        out.append((attacker.id, target))
    return tuple(out)


def _key_field(body: Field, key: str) -> Field:
    """A key of a mapping, as a field of its own (to check it, and to point at its line)."""
    return Field(key, body.child(key).path, body.source, body.lines)


def _declared_blocks(body: Field, object_ref: Callable[[Field], GameObject]) -> tuple[tuple[str, str], ...]:
    """``{blocker: attacker}``: each blocker blocks one attacking creature (509.1a), or ``{blocker: [attacker,
    ...]}`` more than one, where an effect lets it."""
    body.mapping()
    out = []
    for key, g in body.items():
        blocker = object_ref(_key_field(body, key)).id
        attackers = [object_ref(a).id for a in g.elements()] if isinstance(g.value, list) else [object_ref(g).id]
        if not attackers or len(set(attackers)) < len(attackers):
            raise g.fail(f"'{blocker}' blocks one attacking creature, or a list of different ones")
        out += [(blocker, a) for a in attackers]
    return tuple(out)


def _shorthand(body: Field) -> bool:
    return isinstance(body.value, (str, int)) and not isinstance(body.value, bool)


#: An ability a card used to craft an object gives it: "material id:ability number" (m1:2).
_CRAFTED = re.compile(r"[^:{}\s]+:[0-9]+")
_LOYALTY_COST = re.compile(r"^\[?([+-][0-9]+|0)\]$|^([+-][0-9]+|0)$")


def _loyalty_cost(value: Any) -> int | None:
    """A loyalty ability named by its cost (606.4): ``"-8"``, ``"+1"``, ``"[0]"``, or a negative number (YAML
    reads ``+1`` as the number 1, an ability's place, so a positive cost is written in quotes)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value < 0 else None
    match = _LOYALTY_COST.match(value) if isinstance(value, str) else None
    return int(match.group(1) or match.group(2)) if match else None


def _by_loyalty_cost(face: CardSpec, cost: int, f: Field) -> int:
    """The place among a card's printed abilities of its loyalty ability of that cost."""
    found = {c.value: i for i, a in enumerate(face.abilities, start=1) if a.kind == "activated"
             for c in a.costs if c.kind == "loyalty"}
    if cost not in found:
        shown = ", ".join(_loyalty_text(c) for c in sorted(found)) or "none"
        raise f.fail(f"'{face.name}' has no loyalty ability {_loyalty_text(cost)}; its loyalty abilities: {shown}")
    return found[cost]


def _by_place(face: CardSpec, f: Field) -> int:
    """An ability named by its place among the card's printed abilities (from 1, as ``ab(card, N)`` shows it):
    it must be an activated one."""
    place = f.integer(minimum=1)
    if place > len(face.abilities):
        count = f"{len(face.abilities)} abilit{'y' if len(face.abilities) == 1 else 'ies'}"
        raise f.fail(f"'{face.name}' has {count}, not {place}; {_activated_list(face)}")
    if face.abilities[place - 1].kind == "unsupported":  # (activated, perhaps: pyrules cannot read it)
        raise _unread(f.where, {face.name: [face.abilities[place - 1].line]})
    if face.abilities[place - 1].kind != "activated":
        spec = face.abilities[place - 1]
        raise f.fail(f"ability {place} of '{face.name}' is {_kind_phrase(spec.kind)}, not an activated one; "
                     f"{_activated_list(face)}")
    return place


def _by_text(face: CardSpec, f: Field) -> int:
    """An activated ability named by its text (``"{T}: Add {G}"``) or by a part of it found in no other one
    (``"Add {C}{C}"``); case, spaces and a final period do not matter."""
    wanted = _plain_text(f.text())
    texts = {i: _plain_text(a.text) for i, a in enumerate(face.abilities, start=1) if a.kind == "activated"}
    found = [i for i, t in texts.items() if t == wanted] or [i for i, t in texts.items() if wanted and wanted in t]
    if len(found) == 1:
        return found[0]
    if found:
        raise f.fail(f"'{f.text()}' is part of abilities {', '.join(map(str, found))} of '{face.name}'; say more of "
                     f"the text, or name it by its place: {_activated_list(face)}")
    raise f.fail(f"'{face.name}' has no activated ability '{f.text()}'; {_activated_list(face)}")


def _plain_text(text: str) -> str:
    return " ".join(text.lower().split()).rstrip(".")


def _kind_phrase(kind: str) -> str:
    return {"keyword": "a keyword", "enters": "how it enters", "spell": "its spell ability"}.get(kind, f"a {kind} ability")


def _activated_list(face: CardSpec) -> str:
    """The activated abilities of a card, by place, for an error message."""
    shown = [f"{i} ({a.text if len(a.text) <= 40 else a.text[:37] + '...'})"
             for i, a in enumerate(face.abilities, start=1) if a.kind == "activated"]
    return f"its activated abilities: {', '.join(shown)}" if shown else "it has no activated abilities"


def _loyalty_text(cost: int) -> str:
    return f"[{cost:+d}]" if cost else "[0]"


def _activate(body: Field, object_ref: Any, player_ref: Any, by_id: dict[str, GameObject], players: list[str],
              library: CardLibrary, now: bool = True) -> Activate:
    shorthand = _shorthand(body)  # "activate: forest1"
    if not shorthand:
        body.mapping()
        body.only_keys(set(names("activate")))
    obj_field = body if shorthand else body.child("object")
    obj = object_ref(obj_field)
    player = player_ref(body.child("player"), "question.activate.player") if body.child("player").present else None
    ability_f = body.child("ability")
    ability: int | str | None = None
    face = library[obj.copy_of].face("front") if obj.copy_of else library[obj.card].face(obj.face)
    if ability_f.present and _loyalty_cost(ability_f.value) is not None:
        ability = _by_loyalty_cost(face, _loyalty_cost(ability_f.value), ability_f)
    elif ability_f.present:
        material, _, number = ability_f.value.rpartition(":") if isinstance(ability_f.value, str) else ("", "", "")
        if isinstance(ability_f.value, str) and _CRAFTED.fullmatch(ability_f.value):
            # an ability a card used to craft it gives it (702.167c): "material id:ability number"
            if material not in by_id or (whole_number(number) or 0) < 1:
                raise ability_f.fail(f"'{ability_f.value}' must name a card used to craft '{obj.id}' and one of its "
                                     "abilities, such as m1:2")
            ability = ability_f.value
            face = library[by_id[material].card].face("front")
        elif isinstance(ability_f.value, str) and ability_f.value in BASIC_LAND_TYPES + ("granted",):
            # the intrinsic ability of a basic land type (305.6), or the one granted by an effect
            ability = ability_f.value
        elif isinstance(ability_f.value, str):
            ability = _by_text(face, ability_f)
        else:
            ability = _by_place(face, ability_f)
    printed = [i for i, a in enumerate(face.abilities, start=1) if a.kind == "activated"]
    if ability is None and obj.zone != "battlefield":  # (off the battlefield, only those that work there, 113.6)
        from_zone = [i for i in printed if face.abilities[i - 1].zone == obj.zone]
        ability = from_zone[0] if len(from_zone) == 1 else None
    chosen = int(ability.rpartition(":")[2]) if isinstance(ability, str) and ":" in ability else \
        ability if isinstance(ability, int) else (printed[0] if ability is None and len(printed) == 1 else None)
    spec = face.abilities[chosen - 1] if chosen is not None and 1 <= chosen <= len(face.abilities) and \
        face.abilities[chosen - 1].kind == "activated" else None
    if now and obj.zone != "battlefield" and not (spec is not None and spec.zone == obj.zone):
        unread = [a.line for a in face.abilities if a.kind == "unsupported"]
        if spec is None and unread:  # (one of them may be an ability activated from that zone: transmute, ninjutsu)
            raise _unread(obj_field.where, {face.name: unread})
        raise obj_field.fail(f"'{obj.id}' is in the {obj.zone}; only abilities of permanents can be activated here "
                             "(CR 113.6)")
    targets = () if shorthand else body.child("targets").texts()
    modes = () if shorthand else _value(body, "activate", "modes", ())
    division = () if shorthand else _value(body, "activate", "division", ())
    if spec is not None:
        where = f"ability {chosen} of '{face.name}'"
        if spec.modes and len(modes) != 1:
            raise (body.child("modes") if body.child("modes").present else body).fail(
                f"{where} is modal: choose one mode with 'modes: [N]' (CR 700.2a)")
        if modes and not spec.modes:
            raise body.child("modes").fail(f"{where} has no modes")
        if modes and modes[0] > max(spec.modes):
            raise body.child("modes").fail(f"{where} has {max(spec.modes)} modes, not {modes[0]}")
        specs = tuple(t for t, m in zip(spec.targets, spec.target_modes) if m == 0 or m in modes)
        if spec.divided:
            _check_division(body, targets, division, spec, specs, None, by_id, players, library, where)
        else:
            _check_targets(body.child("targets"), targets, specs, None, by_id, players, library, where)
            if division:
                raise body.child("division").fail(f"{where} divides no damage")
    resolve = False if shorthand else body.child("resolve").boolean(default=False)
    x = None if shorthand else _value(body, "activate", "x")
    if x is not None and spec is not None and not _says_x((), (spec,)):
        raise body.child("x").fail(f"ability {chosen} of '{face.name}' has no X to announce (CR 107.3)")
    if x is not None and spec is None and isinstance(ability, str) and ":" not in ability:  # (a land type's {T}: Add)
        raise body.child("x").fail(f"the mana ability of '{face.name}' ({ability}) has no X to announce (CR 107.3)")
    if x is None and spec is not None and any(c.kind == "remove_counters" and c.value[1] == "x" for c in spec.costs):
        raise body.fail(f"ability {chosen} of '{face.name}' removes X counters: announce X with 'x: N' (CR 107.3, 602.2b)")
    pool_only = False if shorthand else body.child("pool_only").boolean(default=False)
    return Activate(obj.id, player, ability, x, targets, resolve=resolve, modes=modes, division=division,
                    pool_only=pool_only)



def _says_x(mana_cost: Any, abilities: Any) -> bool:
    """Whether a cost or an ability (its costs, its effects, their amounts) has an X for a player to announce (107.3):
    read from the parsed template, where an X is the word "x" wherever it is."""
    return any(sym == "x" for sym, _ in mana_cost) or "'x'" in repr(abilities)


def _entwined_modes(body: Field, modes: tuple[int, ...], face: CardSpec, oid: str) -> tuple[int, ...]:
    """702.42a: a spell cast with its entwine cost paid chooses every one of its modes (given, they must be all)."""
    spell = next((a for a in face.abilities if a.kind == "spell"), None)
    if spell is None or not spell.modes or not any(a.kind == "entwine" for a in face.abilities):
        raise body.child("entwine").fail(f"'{oid}' ({face.name}) has no entwine (CR 702.42a)")
    every = tuple(sorted(set(spell.modes)))
    if modes and tuple(sorted(modes)) != every:
        raise body.child("modes").fail(f"'{oid}' ({face.name}) is entwined: every mode is chosen, "
                                       f"{', '.join(map(str, every))} (CR 702.42a)")
    return every


def _check_modes(body: Field, modes: tuple[int, ...], face: CardSpec, oid: str, entwined: bool = False) -> None:
    """700.2: the modes of a modal spell, chosen as it is cast: as many different ones as it says. Left out, every
    legal choice is an outcome, where no mode has a target (targets given are for the modes chosen)."""
    spell = next((a for a in face.abilities if a.kind == "spell"), None)
    f = body.child("modes")
    if spell is None or not spell.modes:
        if modes:
            raise f.fail(f"'{oid}' ({face.name}) is not a modal spell")
        return
    fewest, most = spell.choose
    count = f"{fewest}" if fewest == most else f"{fewest} to {most}"
    if not modes:
        if spell.targets:
            raise UnsupportedError(body.where, f"modes left open for '{oid}' ({face.name}), a modal spell whose modes "
                                               f"have targets: give 'modes' ({count} of 1-{max(spell.modes)})")
        return
    if len(set(modes)) != len(modes):
        raise f.fail(f"'{oid}' ({face.name}) chooses each mode at most once (CR 700.2d)")
    if max(modes) > max(spell.modes):
        raise f.fail(f"'{oid}' ({face.name}) has {max(spell.modes)} modes, not {max(modes)}")
    if not fewest <= len(modes) <= most and not (entwined and len(modes) == len(set(spell.modes))):
        raise f.fail(f"'{oid}' ({face.name}) chooses {count} modes, not {len(modes)} (CR 700.2a)")


def _check_bestowed(f: Field, obj: GameObject, face: CardSpec, by_id: dict[str, GameObject]) -> None:
    """A bestowed object is a card with bestow, cast bestowed and on the stack, or the Aura it became, attached to a
    permanent (702.103a-b: unattached, it would have stopped being bestowed, 702.103f)."""
    if obj.copy or obj.token or not any(a.kind == "bestow" for a in face.abilities):
        raise f.fail(f"'{obj.id}' is no card with bestow (CR 702.103a)")
    if obj.zone not in ("stack", "battlefield"):
        raise f.fail(f"'{obj.id}' is in the {obj.zone}; only a spell on the stack, or the Aura it became, is bestowed "
                     "(CR 702.103b)")
    if obj.zone == "battlefield" and obj.attached_to is None:
        raise f.fail(f"'{obj.id}' is bestowed but attached to nothing: an unattached bestowed Aura stops being bestowed "
                     "(CR 702.103f); give attached_to")


def _check_spell_targets(f: Field, targets: tuple[str, ...], division: tuple[int, ...], face: CardSpec, oid: str,
                         by_id: dict[str, GameObject], players: list[str], library: CardLibrary,
                         modes: tuple[int, ...] = (), bestow: bool = False) -> None:
    """The targets of a spell (of the modes chosen), and how it divides its damage among them (601.2c-d); a spell cast
    bestowed has the one target of an Aura with enchant creature (702.103b)."""
    if bestow:
        spec = next(a for a in face.abilities if a.kind == "bestow")
        _check_targets(f.child("targets"), targets, spec.targets, oid, by_id, players, library, f"'{oid}'")
        return
    divided = next((a for a in face.abilities if a.kind == "spell" and a.divided), None)
    if divided is not None:
        _check_division(f, targets, division, divided, _spell_targets(face), oid, by_id, players, library, f"'{oid}'")
        return
    body = f.child("targets") if isinstance(f.value, dict) else f
    specs = tuple(t for a in face.spell_abilities for t, m in zip(a.targets, a.target_modes) if m == 0 or m in modes)
    _check_targets(body, targets, specs, oid, by_id, players, library, f"'{oid}'")
    if division:
        raise f.child("division").fail(f"'{oid}' divides no damage")


def _check_division(body: Field, targets: tuple[str, ...], division: tuple[int, ...], spec: Any, specs: tuple,
                    oid: str | None,
                    by_id: dict[str, GameObject], players: list[str], library: CardLibrary, where: str) -> None:
    """601.2d: divided damage has one to K targets, and, when the division is given, as many amounts, each at least 1,
    adding up to the total (not given, every division is an outcome)."""
    amount = next(e.value[0] for e in spec.effects if e.kind == "damage_divided")
    if not 1 <= len(targets) <= len(specs):
        raise (body.child("targets") if body.child("targets").present else body).fail(
            f"{where} divides its damage among one to {len(specs)} targets, not {len(targets)}")
    _check_targets(body.child("targets"), targets, specs[:len(targets)], oid, by_id, players, library, where)
    if len(set(targets)) != len(targets):
        raise body.child("targets").fail(f"{where} divides its damage among different targets (CR 601.2d, 115.3)")
    if division and (len(division) != len(targets) or sum(division) != amount):
        raise (body.child("division") if body.child("division").present else body).fail(
            f"{where} divides {amount} damage: give 'division' with one amount per target, adding up to {amount} "
            "(CR 601.2d), or leave it out for every division")


def _cast(body: Field, object_ref: Any, player_ref: Any, by_id: dict[str, GameObject], players: list[str],
          library: CardLibrary, now: bool = True) -> Cast:
    shorthand = _shorthand(body)
    if not shorthand:
        body.mapping()
        body.only_keys(set(names("cast")))
    obj_field = body if shorthand else body.child("object")
    obj = object_ref(obj_field)
    if now and obj.zone in ("battlefield", "stack"):
        raise obj_field.fail(f"'{obj.id}' is on the {obj.zone}; a spell is cast from another zone (CR 601.2a)")
    card = library[obj.card]
    half = "" if shorthand else _value(body, "cast", "half", "")
    face = _cast_half(body, shorthand, card, half, obj)
    if shorthand:
        _check_spell_targets(body, (), (), face, obj.id, by_id, players, library)
        return Cast(obj.id)
    if body.child("face_down").boolean(default=False):
        return _cast_face_down(body, obj, player_ref)
    player = player_ref(body.child("player"), "question.cast.player") if body.child("player").present else None
    targets = body.child("targets").texts()
    division = _value(body, "cast", "division", ())
    modes = _value(body, "cast", "modes", ())
    entwine = body.child("entwine").boolean(default=False)
    if entwine:  # 702.42a: every mode is chosen
        modes = _entwined_modes(body, modes, face, obj.id)
    _check_modes(body, modes, face, obj.id, entwine)
    bestow = body.child("bestow").boolean(default=False)
    if bestow and not any(a.kind == "bestow" for a in face.abilities):
        raise body.child("bestow").fail(f"'{obj.id}' ({card.name}) has no bestow ability (CR 702.103a)")
    unread = [_with_area(a.line) for a in face.abilities if a.kind == "unsupported"]
    if targets and unread and not _spell_targets(face) and not bestow:  # (its targets may be in the lines unread)
        raise _unread(body.where, {face.name: unread})
    _check_spell_targets(body, targets, division, face, obj.id, by_id, players, library, modes, bestow)
    if body.child("x").present and not _says_x(face.mana_cost, face.abilities):
        raise body.child("x").fail(f"'{obj.id}' ({face.name}) has no X to announce (CR 107.3)")
    return Cast(obj.id, player, body.child("x").integer(default=None, minimum=0), modes, targets, division=division,
                pool_only=body.child("pool_only").boolean(default=False),
                kicked=body.child("kicked").boolean(default=False),
                times_kicked=_times_kicked(body, face, obj.id),
                buyback=body.child("buyback").boolean(default=False),
                alternative_cost=body.child("alternative_cost").boolean(default=False),
                evoke=body.child("evoke").boolean(default=False), dash=body.child("dash").boolean(default=False),
                bestow=bestow, suspend=body.child("suspend").boolean(default=False),
                cascade=body.child("cascade").boolean(default=False),
                replicate=_value(body, "cast", "replicate", 0), ripple=body.child("ripple").boolean(default=False),
                emerge=body.child("emerge").boolean(default=False),
                surge=body.child("surge").boolean(default=False), entwine=entwine,
                madness=body.child("madness").boolean(default=False),
                rebound=body.child("rebound").boolean(default=False), half=half)


def _cast_half(body: Field, shorthand: bool, card: CardSpec, half: str, obj: GameObject) -> CardSpec:
    """The characteristics of the spell cast (708.3, 702.102c): a split card's half, or both fused."""
    f = body if shorthand or not body.child("half").present else body.child("half")
    if not card.is_split:
        if half:
            raise f.fail(f"'{obj.id}' ({card.name}) is not a split card and has no halves (CR 708.1)")
        return card.face(obj.face)
    if not half:
        raise f.fail(
            f"'{obj.id}' is a split card ({card.name}): say which half is cast with half: left ({card.halves[0].name}), "
            f"right ({card.halves[1].name}) or both, fused (CR 708.3, 702.102a)")
    if half == "both" and not card.fuses:
        raise f.fail(f"'{obj.id}' ({card.name}) has no fuse: one half is cast, left or right (CR 702.102a)")
    if half == "both" and not card.abilities:
        raise UnsupportedError(f.where, f"casting {card.name} fused: a half that is not one plain spell ability (modes, "
                                        "divided damage, \"instead\" or a timing of its own)")
    return card.face(half)


def _times_kicked(body: Field, face: Any, oid: str) -> int:
    """How many times a spell's multikicker cost is paid (702.33c): only of a card with multikicker, and not beside
    'kicked' (one kicker cost paid once)."""
    times = body.child("times_kicked")
    if not times.present:
        return 0
    if body.child("kicked").present:
        raise times.fail("'times_kicked' beside 'kicked': a multikicker cost is paid some number of times, give that")
    if not any(a.kind == "multikicker" for a in face.abilities):
        raise times.fail(f"'{oid}' has no multikicker ability (CR 702.33c)")
    return kind("cast", "times_kicked").shape.parse(times)


def _cast_face_down(body: Field, obj: GameObject, player_ref: Any) -> Cast:
    """A card cast face down with its morph ability (702.37c): a 2/2 creature spell with no text and no mana cost, so
    with no X, modes, targets, or costs of its text to pay (kicker, buyback, an alternative cost, evoke)."""
    for key in ("x", "modes", "targets", "division", "kicked", "times_kicked", "buyback", "alternative_cost", "evoke",
                "dash", "madness", "rebound", "surge", "entwine", "bestow", "suspend", "cascade", "replicate", "ripple",
                "emerge"):
        if body.child(key).present:
            raise body.child(key).fail(f"'{obj.id}' is cast face down: a spell with no text and no mana cost has no "
                                       f"{key.replace('_', ' ')} (CR 702.37c, 708.2)")
    player = player_ref(body.child("player"), "question.cast.player") if body.child("player").present else None
    return Cast(obj.id, player, pool_only=body.child("pool_only").boolean(default=False), face_down=True)


def _check_face_down(f: Field, obj: GameObject) -> None:
    """A face-down object is a permanent or a spell (708.2); turned face down, a card shows no face of its own."""
    where = f.child("face_down")
    if obj.zone not in ("battlefield", "stack"):
        raise where.fail(f"'{obj.id}' is in the {obj.zone}; only a permanent or a spell is face down here (CR 708.2)")
    if obj.face != "front" or obj.copy or obj.token:
        raise where.fail(f"'{obj.id}' is a back face, a token or a copy of a spell; a face-down object here is a card "
                         "with its front face down (CR 708.2)")


def _check_counter_kind(f: Field, counter: str, by_id: dict[str, GameObject], library: CardLibrary) -> None:
    """A counter kind is one pyrules knows or a card of the situation names (a typo is an error), and not one with
    rules of its own that pyrules does not model (122.1a-d)."""
    if UNMODELLED_COUNTERS.fullmatch(counter):
        raise UnsupportedError(f.where, f"{counter} counters, which have rules of their own (122.1a-d) pyrules does "
                                        "not model")
    if counter not in COUNTER_NAMES and counter not in _names_in(tuple(library[o.card] for o in by_id.values())):
        raise f.fail(f"counter kind '{counter}' is none pyrules knows (122.1: p1p1, m1m1, loyalty, those of the 2020 "
                     "card file) and no card here names it")


def _happen(body: Field, object_ref: Any, player_ref: Any, by_id: dict[str, GameObject],
            library: CardLibrary) -> Happen:
    body.mapping()
    if len(body.value) != 1:
        raise body.fail(f"'effect' needs exactly one of: {', '.join(_EFFECTS)}")
    (what, spec), = body.items()
    if what not in _EFFECTS:
        raise spec.fail(f"unknown effect '{what}'; expected one of: {', '.join(_EFFECTS)}")
    spec.mapping()
    if what == "put_counters":
        spec.only_keys({"object", "counter", "count", "instead"})
        obj = object_ref(spec.child("object"))
        if obj.zone != "battlefield":
            raise spec.child("object").fail(f"'{obj.id}' is in the {obj.zone}; counters go on permanents here")
        counter = name_token(spec.child("counter").text(), spec.child("counter"), "counter kind")
        _check_counter_kind(spec.child("counter"), counter, by_id, library)
        return Happen(what, object=obj.id, counter=counter,
                      count=spec.child("count").integer(default=1, minimum=1),
                      instead=spec.child("instead").integer(default=None, minimum=0))
    if what == "create_tokens":
        spec.only_keys({"player", "token", "copy_of", "count"})
        player = player_ref(spec.child("player"), "effect.create_tokens.player")
        count = spec.child("count").integer(default=1, minimum=1)
        if spec.child("copy_of").present == spec.child("token").present:
            raise spec.fail("'create_tokens' needs either 'token' (a kind such as treasure) or 'copy_of' (an object)")
        if spec.child("copy_of").present:
            return Happen(what, player=player, object=object_ref(spec.child("copy_of")).id, count=count)
        return Happen(what, player=player, token=name_token(spec.child("token").text(), spec.child("token"), "token kind"),
                      count=count)
    if what == "enter":
        spec.only_keys({"object", "player"})
        obj = object_ref(spec.child("object"))
        if obj.zone in ("battlefield", "stack"):
            raise spec.child("object").fail(
                f"'{obj.id}' is on the {obj.zone}; 'enter' puts a card from another zone onto the battlefield")
        if not _permanent_card(library[obj.card]):  # (304.4, 307.4: it stays where it is)
            raise spec.child("object").fail(f"'{obj.id}' ({obj.card}) is no permanent card; an instant or sorcery card "
                                            "can't enter the battlefield (CR 304.4, 307.4)")
        player = player_ref(spec.child("player"), "effect.enter.player") if spec.child("player").present else obj.owner
        return Happen(what, object=obj.id, player=player)
    spec.only_keys({"object"})
    obj = object_ref(spec.child("object"))
    if obj.zone == "graveyard":
        raise spec.child("object").fail(f"'{obj.id}' is already in the graveyard")
    return Happen(what, object=obj.id)
