"""Benchmark: "which spells in this hand can be cast, and in how many distinct ways?" (CR 601.2g-h).

The board: alice's 30 mana sources (ten basic lands, five dual lands, three tri-lands, five Birds of
Paradise, three Reflecting Pools, three Exotic Orchards, a Squandered Resources; bob has a Forest and an Island, for the
Orchards), no mana in her pool, and a hand of seven spells costing one to three mana. For each spell,
pyrules answers the cast question: every distinct state the payments leave (which sources are tapped),
with the mana abilities activated while paying. In the same process, a brute-force Python enumeration
is the baseline: every set of as many sources as the spell costs, and every choice of mana each could
make (the types each source could produce are given to it), checked against the cost; and a lean clingo
encoding of just this question (``lean_castable.lp``: choose the activations and the mana each makes),
the yardstick for pyrules' speed. The three counts must agree. Times are the best of three runs; a ratio
says how many times slower pyrules is.

Squandered Resources ("Sacrifice a land: Add one mana of any type the sacrificed land could produce")
is on the board too: while paying, alice may also sacrifice lands to it, a land she tapped for mana
first included. A way to pay is then the set of sources tapped and the set of lands sacrificed.

    python benchmarks/castable.py
"""

from __future__ import annotations

import itertools
from pathlib import Path

import clingo
from clingo import Function, Number
from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

SOURCES = (["Forest", "Island", "Plains", "Mountain", "Swamp"] * 2
           + ["Tundra", "Volcanic Island", "Bayou", "Savannah", "Badlands"]
           + ["Seaside Citadel", "Arcane Sanctum", "Seaside Citadel"]
           + ["Birds of Paradise"] * 5 + ["Reflecting Pool"] * 3 + ["Exotic Orchard"] * 3 + ["Squandered Resources"])
HAND = [("Soul Warden", None), ("Careful Study", None), ("Grizzly Bears", None), ("Young Pyromancer", None),
        ("Raise the Alarm", None), ("Walking Ballista", 1), ("Divination", None)]
#: What each source could produce (CR 106.7; the baseline is given this, pyrules works it out): what
#: it adds when tapped and, for a land, what sacrificing it to Squandered Resources adds.
COLORS = {"Forest": "g", "Island": "u", "Plains": "w", "Mountain": "r", "Swamp": "b", "Tundra": "wu",
          "Volcanic Island": "ur", "Bayou": "bg", "Savannah": "gw", "Badlands": "br", "Seaside Citadel": "gwu",
          "Arcane Sanctum": "wub", "Birds of Paradise": "wubrg", "Reflecting Pool": "wubrg", "Exotic Orchard": "gu"}


def board(spell: str, x: int | None) -> SituationBuilder:
    b = SituationBuilder(["alice", "bob"])
    for i, card in enumerate(SOURCES):
        b.permanent(f"s{i}", card, "alice")
    b.permanent("bob_forest", "Forest", "bob")
    b.permanent("bob_island", "Island", "bob")
    b.object("spell", spell, "alice", zone="hand")
    cast: dict = {"object": "spell"} if x is None else {"object": "spell", "x": x}
    return b.set(question={"cast": cast})


def cost(spell: str, x: int | None) -> tuple[list[str], int]:
    """The colored symbols (one letter each) and the generic amount of a spell's mana cost."""
    colored, generic = [], 0
    for symbol, n in pyrules.builtin_library()[spell].mana_cost:
        if symbol == "generic":
            generic += n
        elif symbol == "x":
            generic += n * (x or 0)
        else:
            colored += [symbol] * n
    return colored, generic


#: The activations: tapping each source, and sacrificing each land to Squandered Resources.
ACTIVATIONS = ([(i, "tap") for i, card in enumerate(SOURCES) if card in COLORS]
               + [(i, "sacrifice") for i, card in enumerate(SOURCES) if card in COLORS and card != "Birds of Paradise"])


def brute_force(spell: str, x: int | None) -> int:
    """The sets of activations that can pay: as many as the cost has mana, each making one mana of a
    type its source could produce, the colored symbols paid by their color (the rest pays the generic
    part)."""
    colored, generic = cost(spell, x)
    need = len(colored) + generic
    ways = 0
    for chosen in itertools.combinations(ACTIVATIONS, need):
        for made in itertools.product(*(COLORS[SOURCES[i]] for i, _ in chosen)):
            left = list(made)
            if all(c in left and not left.remove(c) for c in colored):
                ways += 1
                break
    return ways


LEAN = Path(__file__).with_name("lean_castable.lp")


def lean(spell: str, x: int | None) -> int:
    """The ways to pay through the lean encoding (lean_castable.lp), facts given as symbols: how many."""
    colored, generic = cost(spell, x)
    facts = [Function("mana", [Number(len(colored) + generic)])]
    facts += [Function("need", [Function(c), Number(colored.count(c))]) for c in sorted(set(colored))]
    for i, card in enumerate(SOURCES):
        if card in COLORS:
            s = Function(f"s{i}")
            facts.append(Function("source", [s]))
            if card != "Birds of Paradise":
                facts.append(Function("land", [s]))
            facts += [Function("makes", [s, Function(t)]) for t in COLORS[card]]
    control = clingo.Control(["0", "--project", "--warn=none"])
    control.load(str(LEAN))
    with control.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    control.ground([("base", [])])
    ways = 0
    with control.solve(yield_=True) as handle:
        for model in handle:
            model.symbols(shown=True)
            ways += 1
    return ways


def main() -> None:
    pyrules.solve(board("Soul Warden", None).build())  # load and parse the rules once, outside the timings
    print(f"{'spell':<18} {'cost':>5} {'ways':>6} {'pyrules s':>10} {'python s':>10} {'ratio':>7} {'lean s':>8} "
          f"{'ratio':>6}")
    total = lean_total = 0.0
    for spell, x in HAND:
        seconds, outcomes = best(pyrules.solve, board(spell, x).build())
        python_seconds, ways = best(brute_force, spell, x)
        lean_seconds, lean_ways = best(lean, spell, x)
        assert len(outcomes) == ways == lean_ways, (spell, len(outcomes), ways, lean_ways)
        colored, generic = cost(spell, x)
        assert all(sum(1 for a in o.atoms if a.name == "tap" or (a.name == "move" and str(a.arguments[1]) == "battlefield"))
                   == len(colored) + generic for o in outcomes)
        total += seconds
        lean_total += lean_seconds
        print(f"{spell:<18} {len(colored) + generic:>5} {ways:>6} {seconds:>10.3f} {python_seconds:>10.3f} "
              f"{seconds / python_seconds:>7.2f} {lean_seconds:>8.3f} {seconds / lean_seconds:>6.2f}")
    print(f"the whole hand: {total:.2f} s, the lean encoding {lean_total:.2f} s: {total / lean_total:.2f}x")


if __name__ == "__main__":
    main()
