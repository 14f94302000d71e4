"""Benchmark: The Enigma Jewel's craft with N eligible materials ("four or more nonlands with activated
abilities", CR 702.167a), activated and resolved in one question.

The board: alice's Jewel with {8}{U} in her pool, N nonland cards with activated abilities (half on the
battlefield, half in her graveyard), and two that do not qualify (Grizzly Bears, no activated ability;
a Forest card, a land). Every selection of four or more materials is an outcome: the Jewel and the
materials are exiled, and the Jewel returns transformed as Locus of Enlightenment (for N = 12, 3,797
selections). pyrules finds them all in one solve; in the same process, a brute-force Python enumeration
of the selections (itertools.combinations over the eligible cards, after checking eligibility by hand) is
the baseline. Then the resulting Locus with all 12 materials: which abilities it has (one question).
Times are the best of three runs; the ratio says how many times slower pyrules is.

    python benchmarks/craft_materials.py [N ...]
"""

from __future__ import annotations

import itertools
import sys

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

MATERIALS = ["Sol Ring", "Bonesplitter", "Helix Pinnacle", "Goblin Cratermaker", "Arc Mage", "Walking Ballista"]


def board(n: int) -> SituationBuilder:
    b = SituationBuilder([{"name": "alice", "mana_pool": "{8}{U}"}, "bob"])
    # Tapped, so that only the pool pays (their mana abilities could pay too, 601.2g: more outcomes).
    b.permanent("jewel", "The Enigma Jewel", "alice", tapped=True)
    for i in range(n):
        card = MATERIALS[i % len(MATERIALS)]
        if i % 2:
            b.object(f"m{i}", card, "alice", zone="graveyard")
        else:
            b.permanent(f"m{i}", card, "alice", tapped=True)
    b.permanent("bears", "Grizzly Bears", "alice")
    b.object("grave_forest", "Forest", "alice", zone="graveyard")
    return b


def craft(n: int):
    return board(n).set(question={"activate": {"object": "jewel", "ability": 3, "resolve": True}}).build()


def locus(n: int):
    b = board(0).set(question={"abilities": ["locus"]})
    b.permanent("locus", "The Enigma Jewel", "alice", face="back", crafted_with=[f"m{i}" for i in range(n)])
    for i in range(n):
        b.object(f"m{i}", MATERIALS[i % len(MATERIALS)], "alice", zone="exile")
    return b.build()


def brute_force(n: int) -> int:
    """The selections, enumerated directly: the eligible cards are the nonlands with an activated ability."""
    library = pyrules.builtin_library()
    cards = [MATERIALS[i % len(MATERIALS)] for i in range(n)] + ["Grizzly Bears", "Forest"]
    eligible = [i for i, name in enumerate(cards)
                if "land" not in library[name].types and any(a.kind == "activated" for a in library[name].abilities)]
    return sum(1 for k in range(4, len(eligible) + 1) for _ in itertools.combinations(eligible, k))


def main(sizes: list[int]) -> None:
    pyrules.solve(craft(4))  # load and parse the rules once, outside the timings
    print(f"{'materials':>9} {'outcomes':>9} {'pyrules s':>10} {'per outcome ms':>15} {'python s':>10} {'ratio':>8}")
    for n in sizes:
        seconds, outcomes = best(pyrules.solve, craft(n))
        python_seconds, selections = best(brute_force, n)
        assert len(outcomes) == selections, (len(outcomes), selections)
        for o in outcomes:
            crafted = [a for a in o.atoms if a.name == "craft_material"]
            assert len(crafted) >= 4 and "entered_transformed(jewel)" in o.texts, o.texts
        print(f"{n:>9} {len(outcomes):>9} {seconds:>10.3f} {1000 * seconds / len(outcomes):>15.3f} "
              f"{python_seconds:>10.6f} {seconds / python_seconds:>8.0f}")
    n = max(sizes)
    seconds, outcomes = best(pyrules.solve, locus(n))
    abilities = outcomes[0].abilities["locus"]
    library = pyrules.builtin_library()
    activated = sum(1 for i in range(n) for a in library[MATERIALS[i % len(MATERIALS)]].abilities if a.kind == "activated")
    assert len(abilities) == 2 + activated, abilities  # its own two, and the activated abilities of each material
    print(f"Locus crafted with {n} materials: {len(abilities)} abilities, {seconds:.3f} s")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [6, 8, 10, 12])
