"""Benchmark: every combat of N attackers against N potential blockers with mixed keywords (issue 32).

The board: alice's N creatures and bob's N, drawn in turn from the lists below (flying, reach, menace,
first strike, deathtouch, trample, lifelink among them); bob at 20 life. The actions leave everything open:
``attack`` (every legal declaration), ``block`` (every legal one), ``damage`` (every division of damage), and,
when a creature has first strike, ``resolve: all`` and a second ``damage``. pyrules answers with every
distinct final state: a whole combat in one clingo program (pyrules/play/combat_run.py), clingo's projection
giving each distinct final state once.

The baseline, in the same process, is a plain Python enumeration written from the rules (508.1, 509.1,
510.1, 510.4, 702.19b, 702.2c, 702.15b, 702.111b), not from ``asp/``: every declaration of attackers and of
blockers, every division of each creature's damage, the state-based actions after each damage step, and
the distinct final states. The two counts must agree: it is an independent oracle as well as a yardstick.
Times are the best of three runs (one for the largest boards).

Then the questions a judge asks of a larger board, answered without listing the outcomes: "can alice win this
combat?" (``--sometimes 'lost(bob, _)'``, solved under an assumption on the query's atoms) and "at most how
much damage?" (``--maximize 'N : life_lost(bob, N)'``, clingo's optimization, every optimal outcome listed).

    python benchmarks/combat.py [N ...] [--ask N ...]
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass

from timing import best

import pyrules
from pyrules.situation.builder import SituationBuilder

#: name -> (power, toughness, keywords)
CARDS = {
    "Menace Brute": (3, 3, ("menace",)),
    "Sky Striker": (2, 2, ("flying", "first_strike")),
    "Venom Trampler": (4, 4, ("deathtouch", "trample")),
    "Life Knight": (2, 3, ("lifelink",)),
    "Gnat": (1, 1, ("flying",)),
    "Web Keeper": (1, 4, ("reach",)),
    "Wall Breaker": (3, 2, ("trample",)),
    "Bog Rat": (1, 1, ("deathtouch",)),
    "Grizzly Cub": (2, 2, ()),
    "Fencer": (2, 1, ("first_strike",)),
}
ATTACKERS = ["Menace Brute", "Sky Striker", "Venom Trampler", "Life Knight", "Wall Breaker"]
BLOCKERS = ["Web Keeper", "Grizzly Cub", "Bog Rat", "Gnat", "Fencer"]


def board(n: int):
    b = SituationBuilder(["alice", "bob"]).set(phase="combat", step="beginning_of_combat")
    for name, (power, toughness, keywords) in CARDS.items():
        b.card({"name": name, "cost": "{1}", "types": ["creature"], "power": power, "toughness": toughness,
                "abilities": [{"keyword": k} for k in keywords]})
    for i in range(n):
        b.permanent(f"a{i}", ATTACKERS[i % len(ATTACKERS)], "alice")
        b.permanent(f"d{i}", BLOCKERS[i % len(BLOCKERS)], "bob")
    b.action(attack=None).action(block=None).action(damage=None)
    if any("first_strike" in CARDS[c][2] for c in ATTACKERS[:n] + BLOCKERS[:n]):
        b.action(resolve="all").action(damage=None)
    return b.build()


# -- the baseline: combat enumerated in plain Python ---------------------------------------------------
@dataclass(frozen=True)
class Creature:
    id: str
    controller: str
    power: int
    toughness: int
    keywords: tuple[str, ...]


def creatures(n: int) -> list[Creature]:
    out = []
    for i in range(n):
        for who, names, prefix in (("alice", ATTACKERS, "a"), ("bob", BLOCKERS, "d")):
            power, toughness, keywords = CARDS[names[i % len(names)]]
            out.append(Creature(f"{prefix}{i}", who, power, toughness, keywords))
    return out


def splits(total: int, parts: int):
    """Every way to write ``total`` as ``parts`` ordered nonnegative numbers."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in splits(total - first, parts - 1):
            yield (first,) + rest


def may_block(blocker: Creature, attacker: Creature) -> bool:
    return "flying" not in attacker.keywords or "flying" in blocker.keywords or "reach" in blocker.keywords


def damage_step(alive: set[str], blocks: dict[str, str], attacking: set[str], dealers: list[Creature],
                marked: dict[str, int], by_id: dict[str, Creature]):
    """Every result of one combat damage step: (damage marked, deathtouched, life lost by bob, life gained by
    alice and bob) for each way the dealers divide their damage."""
    options = []
    for c in dealers:
        if c.power <= 0:
            continue
        if c.id in attacking:
            blockers = sorted(b for b, a in blocks.items() if a == c.id and b in alive)
            blocked = any(a == c.id for a in blocks.values())
            if not blocked:
                options.append([(c, {"bob": c.power})])
                continue
            targets = blockers + (["bob"] if "trample" in c.keywords else [])
            if not targets:
                continue
            ways = []
            for split in splits(c.power, len(targets)):
                given = dict(zip(targets, split))
                if given.get("bob", 0) > 0:  # trample: lethal damage to each blocker first (702.19b, 702.2c)
                    lethal = all(given[b] >= (1 if "deathtouch" in c.keywords else
                                              max(by_id[b].toughness - marked.get(b, 0), 0)) for b in blockers)
                    if not lethal:
                        continue
                ways.append((c, given))
            options.append(ways)
        else:
            attacker = blocks[c.id]
            if attacker in alive:
                options.append([(c, {attacker: c.power})])
    for combo in itertools.product(*options):
        new_marked, touched, lost, gained = dict(marked), set(), 0, {"alice": 0, "bob": 0}
        for src, given in combo:
            for target, amount in given.items():
                if amount <= 0:
                    continue
                if target == "bob":
                    lost += amount
                else:
                    new_marked[target] = new_marked.get(target, 0) + amount
                    if "deathtouch" in src.keywords:
                        touched.add(target)
                if "lifelink" in src.keywords:
                    gained[src.controller] += amount
        yield new_marked, touched, lost, gained


def baseline(n: int) -> int:
    """The distinct final states of every combat, enumerated directly."""
    cs = creatures(n)
    by_id = {c.id: c for c in cs}
    mine = [c for c in cs if c.controller == "alice"]
    theirs = [c for c in cs if c.controller == "bob"]
    finals = set()
    for chosen in itertools.product((False, True), repeat=len(mine)):
        attacking = {c.id for c, on in zip(mine, chosen) if on}
        choices = [[None] + [a for a in sorted(attacking) if may_block(d, by_id[a])] for d in theirs]
        for picked in itertools.product(*choices):
            blocks = {d.id: a for d, a in zip(theirs, picked) if a is not None}
            counts = {a: sum(1 for x in blocks.values() if x == a) for a in attacking}
            if any(counts[a] == 1 and "menace" in by_id[a].keywords for a in attacking):
                continue
            in_combat = [by_id[x] for x in sorted(attacking | set(blocks))]
            first = [c for c in in_combat if "first_strike" in c.keywords]
            steps = [first, [c for c in in_combat if c not in first]] if first else [in_combat]
            states = [(frozenset(c.id for c in cs), {}, 0, 0)]
            for dealers in steps:
                nxt = []
                for alive, marked, lost, gained in states:
                    alive_set = set(alive)
                    live = [c for c in dealers if c.id in alive_set]
                    for new_marked, touched, dlost, dgained in damage_step(alive_set, blocks, attacking, live,
                                                                           marked, by_id):
                        dead = {x for x in alive_set if new_marked.get(x, 0) >= by_id[x].toughness or x in touched}
                        nxt.append((frozenset(alive_set - dead),
                                    {k: v for k, v in new_marked.items() if k not in dead},
                                    lost + dlost - dgained["bob"], gained + dgained["alice"]))
                states = nxt
            for alive, marked, lost, gained in states:
                finals.add((tuple(sorted(attacking & alive)), tuple(sorted((b, a) for b, a in blocks.items()
                                                                           if b in alive)),
                            alive, tuple(sorted(marked.items())), lost, gained))
    return len(finals)


def main(sizes: list[int], asked: list[int]) -> None:
    print(f"{'N':>3} {'outcomes':>9} {'pyrules s':>10} {'python s':>10} {'ratio':>7}")
    for n in sizes:
        seconds, outcomes = best(pyrules.solve, board(n), repeat=1 if n >= 4 else 3)
        python_seconds, count = best(baseline, n, repeat=1 if n >= 4 else 3)
        assert len(outcomes) == count, (n, len(outcomes), count)
        print(f"{n:>3} {len(outcomes):>9} {seconds:>10.3f} {python_seconds:>10.3f} {seconds / python_seconds:>7.1f}")
    for n in asked:
        situation = board(n)
        seconds, answer = best(pyrules.ask, situation, "lost(bob, _)", "sometimes", repeat=1)
        print(f"{n:>3} against {n}: can alice win this combat? {answer.holds} ({seconds:.2f} s)")
        seconds, most = best(lambda s: pyrules.solve(s, maximize="N : life_lost(bob, N)"), situation, repeat=1)
        print(f"{n:>3} against {n}: the most damage to bob: {most.optimum}, {len(most)} optimal outcomes ({seconds:.2f} s)")


if __name__ == "__main__":
    words = sys.argv[1:]
    cut = words.index("--ask") if "--ask" in words else len(words)
    main([int(a) for a in words[:cut]] or [1, 2, 3, 4], [int(a) for a in words[cut + 1:]] or [7, 9])
