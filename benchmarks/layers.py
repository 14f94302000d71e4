"""Benchmark: the layers of continuous effects on a real-sized board (issue 31).

Two boards, each asked ``characteristics: all`` (every permanent's power, toughness, types, colors and
keywords after the layers):

* **Known order**: 200 permanents, of which 12 enchantments carry continuous effects with given timestamps:
  anthems (7c), effects that set base power and toughness of one creature type (7b), that color a creature
  type (5), that take or give flying (6), and one that switches power and toughness (7d).
* **Order not known**: N enchantments (N = 2..8), each setting the base power and toughness of one of four
  creature types to its own value, with no timestamps: every one of the N! orders is possible, and pyrules
  answers with the distinct results only (for each type, the latest of its setters: 2^4 = 16 at N = 8).

The baseline, in the same process, is a plain Python computation written from 613 (not from ``asp/``): each
permanent's characteristics layer by layer, and for the unknown order every permutation of the effects with
the distinct results counted. The counts must agree (an independent oracle as well as a yardstick). Times are
the best of three runs. Targets (issue 31): the known order under 0.5 s; the unknown order of 8 effects
(40,320 orders) under 2 s, growing with the distinct results rather than the orders.

A third board measures dependencies (613.8): Opalescence and Enchanted Evening on 200 permanents (Opalescence's
effect depends on Enchanted Evening's, so layer 4 goes step by step), beside the same board without Enchanted
Evening (no dependency: the grounder settles layer 4), and then N Humilities with no timestamps added (each
would take the others' ability: a loop in layer 6, in timestamp order). Checked against what 613.8 says by
hand: with Enchanted Evening every permanent but Opalescence is a creature; with the Humilities, two outcomes
(whether Opalescence is older than the Humility that applies).

    python benchmarks/layers.py [N ...]
"""

from __future__ import annotations

import itertools
import sys

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

TYPES = ["elf", "goblin", "merfolk", "soldier"]
#: name -> (power, toughness, subtype, flying)
CREATURES = {f"Test {t.capitalize()} {i}": (1 + i, 1 + (i + 1) % 3, t, i == 2) for t in TYPES for i in range(3)}


def _effects_known() -> list[tuple[str, dict]]:
    """The 12 effect enchantments of the known-order board, in timestamp order: (name, static ability)."""
    return [
        ("Anthem A", {"modify_pt": "+1/+1", "filter": {"types": ["creature"]}}),
        ("Elf Setter", {"set_base_pt": "3/3", "filter": {"types": ["creature"], "subtypes": ["elf"]}}),
        ("Goblin Paint", {"set_color": "red", "filter": {"types": ["creature"], "subtypes": ["goblin"]}}),
        ("Grounding", {"lose_keywords": ["flying"], "filter": {"types": ["creature"]}}),
        ("Merfolk Setter", {"set_base_pt": "0/4", "filter": {"types": ["creature"], "subtypes": ["merfolk"]}}),
        ("Wings", {"gain_keywords": ["flying"], "filter": {"types": ["creature"], "subtypes": ["soldier"]}}),
        ("Anthem B", {"modify_pt": "+0/+2", "filter": {"types": ["creature"], "subtypes": ["elf"]}}),
        ("Elf Setter Two", {"set_base_pt": "5/1", "filter": {"types": ["creature"], "subtypes": ["elf"]}}),
        ("Blue Paint", {"set_color": "blue", "filter": {"types": ["creature"]}}),
        ("Twister", {"switch_pt": True, "filter": {"types": ["creature"], "subtypes": ["goblin"]}}),
        ("Anthem C", {"modify_pt": "+2/+0", "filter": {"types": ["creature"], "subtypes": ["soldier"]}}),
        ("Soldier Setter", {"set_base_pt": "2/2", "filter": {"types": ["creature"], "subtypes": ["soldier"]}}),
    ]


def _setters(n: int) -> list[tuple[str, dict]]:
    """N effects of the unknown-order board: setter k sets the creatures of type k (mod 4) to (k+1)/(k+1)."""
    return [(f"Setter {k}", {"set_base_pt": f"{k + 1}/{k + 1}",
                             "filter": {"types": ["creature"], "subtypes": [TYPES[k % 4]]}}) for k in range(n)]


def board(effects: list[tuple[str, dict]], creatures: int, timestamps: bool):
    b = SituationBuilder(["alice", "bob"])
    for name, (power, toughness, subtype, flying) in CREATURES.items():
        b.card({"name": name, "cost": "{1}", "types": ["creature"], "subtypes": [subtype], "power": power,
                "toughness": toughness, "abilities": [{"keyword": "flying"}] if flying else []})
    for name, static in effects:
        b.card({"name": name, "cost": "{2}", "types": ["enchantment"], "abilities": [{"static": static}]})
    names = list(CREATURES)
    for i in range(creatures):
        b.permanent(f"c{i}", names[i % len(names)], "alice", **({"timestamp": 1} if timestamps else {}))
    for k, (name, _) in enumerate(effects):
        b.permanent(f"e{k}", name, "bob", **({"timestamp": k + 2} if timestamps else {}))
    b.characteristics()
    return b.build()


# -- the baseline: the layers computed in plain Python -------------------------------------------------
def _applies(static: dict, subtype: str) -> bool:
    wanted = static["filter"].get("subtypes")
    return wanted is None or subtype in wanted


def characteristics(effects: list[tuple[str, dict]], creatures: int) -> frozenset:
    """Each creature's (power, toughness, color, flying) after the layers, the effects applied in list order."""
    names = list(CREATURES)
    out = []
    for i in range(creatures):
        power, toughness, subtype, flying = CREATURES[names[i % len(names)]]
        color, bonus, switched = None, [0, 0], False
        for _, s in effects:
            if not _applies(s, subtype):
                continue
            if "set_color" in s:  # 5: the latest wins
                color = s["set_color"]
            if "lose_keywords" in s:  # 6, in timestamp order
                flying = False
            if "gain_keywords" in s:
                flying = True
            if "set_base_pt" in s:  # 7b: the latest wins
                power, toughness = map(int, s["set_base_pt"].split("/"))
            if "modify_pt" in s:  # 7c: summed
                p, t = s["modify_pt"].split("/")
                bonus = [bonus[0] + int(p), bonus[1] + int(t)]
            if "switch_pt" in s:  # 7d
                switched = not switched
        power, toughness = power + bonus[0], toughness + bonus[1]
        if switched:
            power, toughness = toughness, power
        out.append((f"c{i}", power, toughness, color, flying))
    return frozenset(out)


def distinct_results(effects: list[tuple[str, dict]], creatures: int) -> int:
    return len({characteristics(list(order), creatures) for order in itertools.permutations(effects)})


def _pyrules_characteristics(outcome) -> frozenset:
    values: dict[str, dict] = {}
    for atom in outcome.atoms:
        if atom.name == "characteristic":
            obj, of, trait = atom.arguments
            values.setdefault(obj.string, {})[of.name] = trait.number if of.name in ("power", "toughness") \
                else str(trait)
            if of.name == "keyword":
                values[obj.string]["flying"] = True
    return frozenset((o, v["power"], v["toughness"], v.get("color"), v.get("flying", False))
                     for o, v in values.items() if o.startswith("c"))


COLORS = {"red": "r", "blue": "u"}

EVENING = {"name": "Enchanted Evening", "cost": "{3}{W/U}{W/U}", "types": ["enchantment"],
           "abilities": [{"static": {"add_types": ["enchantment"], "filter": {}}}]}


def dependency_board(permanents: int, evening: bool, humilities: int):
    b = SituationBuilder(["alice", "bob"])
    b.card(EVENING)
    fillers = ["Forest", "Grizzly Bears", "Sol Ring", "Island"]
    for i in range(permanents):
        b.permanent(f"p{i}", fillers[i % len(fillers)], "alice" if i % 2 else "bob", timestamp=1)
    b.permanent("opalescence", "Opalescence", "alice", **({} if humilities else {"timestamp": 2}))
    if evening:
        b.permanent("evening", "Enchanted Evening", "alice", **({} if humilities else {"timestamp": 3}))
    for k in range(humilities):
        b.permanent(f"humility{k}", "Humility", "bob")
    b.characteristics()
    return b.build()


def _creatures(outcome) -> int:
    return sum(1 for a in outcome.atoms if a.name == "characteristic" and a.arguments[1].name == "type"
               and str(a.arguments[2]) == "creature")


def dependencies(sizes: list[int]) -> None:
    t_plain, plain = best(pyrules.solve, dependency_board(196, evening=False, humilities=0))
    t_stepped, stepped = best(pyrules.solve, dependency_board(196, evening=True, humilities=0))
    assert len(plain) == 1 and _creatures(plain[0]) == 49, "without Enchanted Evening: the Bears only"
    assert len(stepped) == 1 and _creatures(stepped[0]) == 197, "with it: all but Opalescence"
    print(f"dependency in layer 4, 198 permanents: no dependency {t_plain:.3f} s, step by step {t_stepped:.3f} s "
          f"({t_stepped / t_plain:.1f}x)")
    for n in sizes:
        t, outcomes = best(pyrules.solve, dependency_board(196, evening=True, humilities=n))
        assert len(outcomes) == 2, f"{n} Humilities: {len(outcomes)} outcomes, 613.8b says 2"
        print(f"  and {n} Humilities in no known order (a loop in layer 6): 2 outcomes, {t:.3f} s")


def main(sizes: list[int]) -> None:
    effects = _effects_known()
    situation = board(effects, 188, timestamps=True)
    t_pyrules, outcomes = best(pyrules.solve, situation)
    t_python, expected = best(characteristics, effects, 188)
    expected = frozenset((o, p, t, COLORS.get(c, c), f) for o, p, t, c, f in expected)
    found = _pyrules_characteristics(outcomes[0])
    assert len(outcomes) == 1 and found == expected, "pyrules and the baseline disagree on the known order"
    print(f"known order: 200 permanents, 12 effects: 1 outcome, pyrules {t_pyrules:.3f} s, Python "
          f"{t_python * 1000:.1f} ms (target: under 0.5 s)")
    print(f"{'N':>2} {'orders':>7} {'distinct':>8} {'pyrules':>9} {'Python':>9}")
    for n in sizes:
        setters = _setters(n)
        situation = board(setters, 24, timestamps=False)
        t_pyrules, outcomes = best(pyrules.solve, situation)
        t_python, count = best(distinct_results, setters, 24, repeat=1)
        assert len(outcomes) == count, f"N = {n}: pyrules {len(outcomes)} outcomes, the baseline {count}"
        print(f"{n:>2} {len(list(itertools.permutations(range(n)))):>7} {count:>8} {t_pyrules:>8.3f}s "
              f"{t_python:>8.3f}s")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or list(range(2, 9)))
    dependencies([2, 3, 4])
