"""The layers against an independent oracle (issue 31): random boards of creatures and continuous effects
(base power and toughness set, colors set, flying given and taken, +N/+N, switches), some with timestamps
and some without. The oracle is written from 613, not from ``asp/``: it applies the effects one after
another in every order that agrees with the timestamps given (equal or missing ones: any order) and
collects the distinct results. pyrules must find exactly those results, once each (one outcome per
distinct result, however many orders lead to it)."""

from __future__ import annotations

import itertools
import random

import pytest

import pyrules
from pyrules.situation.builder import SituationBuilder

SUBTYPES = ("elf", "goblin")
KINDS = ("set_base_pt", "set_color", "gain_keywords", "lose_keywords", "modify_pt", "switch_pt")
COLORS = {"white": "w", "blue": "u"}


def _board(rng: random.Random):
    creatures = [(f"c{i}", rng.choice(SUBTYPES), rng.randint(0, 3), rng.randint(1, 3), rng.random() < 0.3)
                 for i in range(rng.randint(1, 3))]
    effects = []
    for k in range(rng.randint(2, 5)):
        kind = rng.choice(KINDS)
        value = {"set_base_pt": lambda: f"{rng.randint(0, 4)}/{rng.randint(1, 4)}",
                 "set_color": lambda: rng.choice(sorted(COLORS)), "gain_keywords": lambda: ["flying"],
                 "lose_keywords": lambda: ["flying"], "modify_pt": lambda: f"+{rng.randint(0, 2)}/+{rng.randint(0, 2)}",
                 "switch_pt": lambda: True}[kind]()
        subtype = rng.choice(SUBTYPES + (None,))
        stamp = rng.choice([None, rng.randint(1, 4)])
        effects.append((f"e{k}", kind, value, subtype, stamp))
    return creatures, effects


def _situation(creatures, effects):
    b = SituationBuilder(["alice", "bob"])
    for cid, subtype, power, toughness, flying in creatures:
        b.card({"name": f"Card {cid}", "cost": "{1}", "types": ["creature"], "subtypes": [subtype], "power": power,
                "toughness": toughness, "abilities": [{"keyword": "flying"}] if flying else []})
        b.permanent(cid, f"Card {cid}", "alice")
    for eid, kind, value, subtype, stamp in effects:
        flt = {"types": ["creature"], **({"subtypes": [subtype]} if subtype else {})}
        b.card({"name": f"Effect {eid}", "cost": "{1}", "types": ["enchantment"],
                "abilities": [{"static": {kind: value, "filter": flt}}]})
        b.permanent(eid, f"Effect {eid}", "bob", **({"timestamp": stamp} if stamp is not None else {}))
    return b.characteristics(*[c[0] for c in creatures]).build()


def _apply(creatures, order) -> frozenset:
    out = []
    for cid, subtype, power, toughness, flying in creatures:
        color, bonus, switched = None, [0, 0], False  # the cards cost {1}: colorless
        for _, kind, value, wanted, _ in order:
            if wanted is not None and wanted != subtype:
                continue
            if kind == "set_color":
                color = COLORS[value]
            elif kind == "gain_keywords":
                flying = True
            elif kind == "lose_keywords":
                flying = False
            elif kind == "set_base_pt":
                power, toughness = map(int, value.split("/"))
            elif kind == "modify_pt":
                p, t = value.split("/")
                bonus = [bonus[0] + int(p), bonus[1] + int(t)]
            else:
                switched = not switched
        power, toughness = power + bonus[0], toughness + bonus[1]
        out.append((cid, *((toughness, power) if switched else (power, toughness)), color, flying))
    return frozenset(out)


def _oracle(creatures, effects) -> set[frozenset]:
    def agrees(order) -> bool:  # given timestamps, where both are given and differ, are kept
        stamps = [e[4] for e in order]
        return all(not (a is not None and b is not None and a > b) for a, b in itertools.combinations(stamps, 2))

    return {_apply(creatures, order) for order in itertools.permutations(effects) if agrees(order)}


def _found(outcome) -> frozenset:
    values: dict[str, dict] = {}
    for atom in outcome.atoms:
        if atom.name == "characteristic":
            obj, of, trait = atom.arguments
            entry = values.setdefault(obj.string, {"color": None, "flying": False})
            if of.name in ("power", "toughness"):
                entry[of.name] = trait.number
            elif of.name == "color":
                entry["color"] = trait.name
            elif of.name == "keyword" and trait.name == "flying":
                entry["flying"] = True
    return frozenset((o, v["power"], v["toughness"], v["color"], v["flying"]) for o, v in values.items())


@pytest.mark.parametrize("seed", range(100))
def test_every_distinct_result_of_every_order_once(seed):
    creatures, effects = _board(random.Random(seed))
    outcomes = pyrules.solve(_situation(creatures, effects))
    found = [_found(o) for o in outcomes]
    assert len(found) == len(set(found)), "an outcome found twice"
    assert set(found) == _oracle(creatures, effects), (creatures, effects)
