"""Dependencies between continuous effects (613.8) against an independent oracle (issue 31): random boards
whose effects of layer 4 (land types set and added, card types added) and of layer 6 ("loses all abilities" and
"has flying", from permanents that may lose them) can change one another's existence or what they apply to.
The oracle is written from 613.7-613.8, not from ``asp/``: for every order of the timestamps that agrees with
those given, it applies the effects one at a time, asking before each step which effects depend on which (by
applying each to a copy of the board, 613.8a and 613.8c), letting those that depend wait unless they are in a loop
(613.8b), and applying the earliest of the rest. pyrules must find exactly the distinct results, once each."""

from __future__ import annotations

import itertools
import random

import pytest

import pyrules
from pyrules.situation.builder import SituationBuilder

LAND_TYPES = {"forest", "mountain", "swamp", "island", "plains"}

#: Permanents an effect may change: (card types, supertypes, subtypes).
PERMANENTS = {
    "Dep Forest": (("land",), ("basic",), ("forest",)),
    "Dep Bayou": (("land",), (), ("forest", "swamp")),
    "Dep Waste": (("land",), (), ()),
    "Dep Grove": (("artifact", "land"), (), ("forest",)),
    "Dep Relic": (("artifact",), (), ()),
    "Dep Totem": (("enchantment",), (), ()),
}

#: Effects of layer 4: (what the static ability does, its filter).
LAYER4 = {
    "moon": ({"set_land_type": "mountain"}, {"types": ["land"], "nonbasic": True}),
    "islands": ({"set_land_type": "island"}, {"types": ["land"], "subtypes": ["forest"]}),
    "urborg": ({"add_land_type": "swamp"}, {"types": ["land"]}),
    "living": ({"add_types": ["creature"]}, {"subtypes": ["forest"]}),
    "forge": ({"add_types": ["artifact"]}, {"subtypes": ["forest"]}),
    "lattice": ({"add_types": ["artifact"]}, {"types": ["land"]}),
    "landify": ({"add_types": ["land"]}, {"types": ["artifact"]}),
}


def _matches(flt: dict, perm: dict) -> bool:
    return (all(t in perm["types"] for t in flt.get("types", ()))
            and all(s in perm["subtypes"] for s in flt.get("subtypes", ()))
            and not (flt.get("nonbasic") and "basic" in perm["supertypes"]))


def _apply4(kind: str, hit: list[str], board: dict) -> None:
    does = LAYER4[kind][0]
    for pid in hit:
        perm = board[pid]
        if "set_land_type" in does:
            perm["subtypes"] = (perm["subtypes"] - LAND_TYPES) | {does["set_land_type"]}
            perm["bare"] = True
        elif "add_land_type" in does:
            perm["subtypes"] = perm["subtypes"] | {does["add_land_type"]}
        else:
            perm["types"] = perm["types"] | set(does["add_types"])


def _copy(board: dict) -> dict:
    return {pid: dict(perm) for pid, perm in board.items()}


def _greedy(order, exists, hits, depends_on, apply) -> None:
    """613.8b-c: apply the effects of ``order`` (earliest timestamp first) one at a time."""
    waiting = list(order)
    while True:
        waiting = [e for e in waiting if exists(e)]
        if not waiting:
            return
        deps = {(a, b) for a in waiting for b in waiting if a != b and depends_on(a, b)}
        reach = set(deps)
        while True:
            more = {(a, c) for a, b in reach for b2, c in deps if b == b2} - reach
            if not more:
                break
            reach |= more
        ready = [a for a in waiting if all((b, a) in reach for a2, b in deps if a2 == a)]
        first = ready[0]  # the earliest of those that need not wait
        apply(first, hits(first))
        waiting.remove(first)


def _agrees(order, stamp) -> bool:
    stamps = [stamp[e] for e in order]
    return all(not (a is not None and b is not None and a > b) for a, b in itertools.combinations(stamps, 2))


def _board4(rng: random.Random):
    perms = [(f"p{i}", rng.choice(sorted(PERMANENTS))) for i in range(rng.randint(1, 3))]
    effects = [(f"e{k}", rng.choice(sorted(LAYER4)), rng.random() < 0.4, rng.choice([None, rng.randint(1, 3)]))
               for k in range(rng.randint(2, 4))]
    return perms, effects


def _start4(perms, effects) -> dict:
    board = {}
    for pid, card in perms:
        types, supertypes, subtypes = PERMANENTS[card]
        board[pid] = {"types": set(types), "supertypes": set(supertypes), "subtypes": set(subtypes), "bare": False}
    for eid, _, on_land, _ in effects:
        board[eid] = {"types": {"land"} if on_land else {"enchantment"}, "supertypes": set(), "subtypes": set(),
                      "bare": False}
    return board


def _run4(perms, effects, order) -> frozenset:
    kind = {eid: k for eid, k, _, _ in effects}
    board = _start4(perms, effects)

    def hits(e, on=None):
        return [pid for pid, perm in (on or board).items() if _matches(LAYER4[kind[e]][1], perm)]

    def depends_on(a, b):
        if "set_land_type" in LAYER4[kind[b]][0] and a in hits(b):
            return True  # b would take the rules text of a's source
        after = _copy(board)
        _apply4(kind[b], hits(b), after)
        return hits(a) != hits(a, after)

    _greedy(order, lambda e: not board[e]["bare"], hits, depends_on, lambda e, hit: _apply4(kind[e], hit, board))
    return frozenset((pid, frozenset(p["types"]), frozenset(p["subtypes"])) for pid, p in board.items())


def _oracle4(perms, effects) -> set[frozenset]:
    stamp = {eid: s for eid, _, _, s in effects}
    return {_run4(perms, effects, order) for order in itertools.permutations(stamp) if _agrees(order, stamp)}


def _situation4(perms, effects):
    b = SituationBuilder(["alice", "bob"])
    for card, (types, supertypes, subtypes) in PERMANENTS.items():
        b.card({"name": card, "types": list(types), **({"supertypes": list(supertypes)} if supertypes else {}),
                **({"subtypes": list(subtypes)} if subtypes else {})})
    for pid, card in perms:
        b.permanent(pid, card, "alice")
    for eid, kind, on_land, stamp in effects:
        does, flt = LAYER4[kind]
        b.card({"name": f"Effect {eid}", **({"types": ["land"]} if on_land else {"cost": "{1}", "types": ["enchantment"]}),
                "abilities": [{"static": {**does, "filter": flt}}]})
        b.permanent(eid, f"Effect {eid}", "bob", **({"timestamp": stamp} if stamp is not None else {}))
    return b.characteristics(*[p[0] for p in perms], *[e[0] for e in effects]).build()


def _found4(outcome) -> frozenset:
    seen: dict[str, tuple[set, set]] = {}
    for atom in outcome.atoms:
        if atom.name == "characteristic":
            obj, of, trait = atom.arguments
            types, subtypes = seen.setdefault(obj.string, (set(), set()))
            if of.name == "type":
                types.add(trait.name)
            elif of.name == "subtype":
                subtypes.add(trait.name)
    return frozenset((o, frozenset(t), frozenset(s)) for o, (t, s) in seen.items())


@pytest.mark.parametrize("seed", range(80))
def test_layer_4_every_distinct_result_once(seed):
    perms, effects = _board4(random.Random(seed))
    found = [_found4(o) for o in pyrules.solve(_situation4(perms, effects))]
    assert len(found) == len(set(found)), "an outcome found twice"
    assert set(found) == _oracle4(perms, effects), (perms, effects)


#: Effects of layer 6: what the static ability of a creature or an enchantment does to each creature.
LAYER6 = {"humility": {"loses_all_abilities": True}, "wings": {"gain_keywords": ["flying"]},
          "clip": {"lose_keywords": ["flying"]}}


def _board6(rng: random.Random):
    creatures = [(f"c{i}", rng.random() < 0.5) for i in range(rng.randint(0, 2))]
    effects = [(f"e{k}", rng.choice(sorted(LAYER6)), rng.random() < 0.6, rng.random() < 0.3,
                rng.choice([None, rng.randint(1, 3)])) for k in range(rng.randint(2, 4))]
    return creatures, effects


def _run6(creatures, effects, order) -> frozenset:
    kind = {eid: k for eid, k, _, _, _ in effects}
    creature = {eid for eid, _, is_creature, _, _ in effects if is_creature} | {c for c, _ in creatures}
    flying = {**{c: f for c, f in creatures}, **{eid: f for eid, _, is_c, f, _ in effects if is_c}}
    stripped: set[str] = set()

    def apply(e, hit):
        if kind[e] == "humility":
            stripped.update(hit)
        for c in hit:  # in the order they apply (613.7), each sets or takes flying
            flying[c] = kind[e] == "wings"

    def depends_on(a, b):  # b would take the ability of a's source
        return kind[b] == "humility" and a in creature

    _greedy(order, lambda e: e not in stripped, lambda e: sorted(creature), depends_on, apply)
    return frozenset((c, flying[c]) for c in creature)


def _oracle6(creatures, effects) -> set[frozenset]:
    stamp = {eid: s for eid, _, _, _, s in effects}
    return {_run6(creatures, effects, order) for order in itertools.permutations(stamp) if _agrees(order, stamp)}


def _situation6(creatures, effects):
    b = SituationBuilder(["alice", "bob"])
    for cid, flying in creatures:
        b.card({"name": f"Card {cid}", "cost": "{1}", "types": ["creature"], "power": 1, "toughness": 1,
                "abilities": [{"keyword": "flying"}] if flying else []})
        b.permanent(cid, f"Card {cid}", "alice")
    for eid, kind, is_creature, flying, stamp in effects:
        body = {"types": ["creature"], "power": 1, "toughness": 1} if is_creature else {"types": ["enchantment"]}
        b.card({"name": f"Effect {eid}", "cost": "{1}", **body,
                "abilities": [{"static": {**LAYER6[kind], "filter": {"types": ["creature"]}}},
                              *([{"keyword": "flying"}] if is_creature and flying else [])]})
        b.permanent(eid, f"Effect {eid}", "bob", **({"timestamp": stamp} if stamp is not None else {}))
    asked = [c for c, _ in creatures] + [e[0] for e in effects if e[2]]
    return b.characteristics(*asked).build() if asked else None


def _found6(outcome) -> frozenset:
    asked = {a.arguments[0].string for a in outcome.atoms if a.name == "characteristic"}
    flying = {a.arguments[0].string for a in outcome.atoms if a.name == "characteristic"
              and a.arguments[1].name == "keyword" and a.arguments[2].name == "flying"}
    return frozenset((c, c in flying) for c in asked)


@pytest.mark.parametrize("seed", range(80))
def test_layer_6_every_distinct_result_once(seed):
    creatures, effects = _board6(random.Random(seed))
    situation = _situation6(creatures, effects)
    if situation is None:
        creatures = [("c0", True)]
        situation = _situation6(creatures, effects)
    found = [_found6(o) for o in pyrules.solve(situation)]
    assert len(found) == len(set(found)), "an outcome found twice"
    assert set(found) == _oracle6(creatures, effects), (creatures, effects)
