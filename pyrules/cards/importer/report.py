"""What an import read: cards imported fully, partly, not at all; the commonest unsupported lines by
shape; mana abilities read, and how they agree with Scryfall's ``produced_mana``."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pyrules.cards.importer.areas import rank
from pyrules.cards.importer.translate import Result

_SYMBOLS = re.compile(r"(?:\{[^{}]+\})+")
_PT = re.compile(r"(?<![\w/])([+-]?)\d+/([+-]?)\d+(?![\w/])")  # +2/+0, 1/1: power and toughness
_NUMBER = re.compile(r"(?<![\w/])[+-]?\d+(?![\w/])")
_WORDS = re.compile(r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
_BASIC = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


def shape(line: str) -> str:
    """A line with its mana symbols, numbers and number words generalised (the card's name is already ~)."""
    line = _SYMBOLS.sub("{M}", line)
    line = _PT.sub(lambda m: f"{m[1]}N/{m[2]}N", line)
    line = _NUMBER.sub("N", line)
    return _WORDS.sub("N", line)


@dataclass
class Report:
    total: int = 0
    counts: Counter = field(default_factory=Counter)  # full, partial, refused
    refusals: Counter = field(default_factory=Counter)  # reason -> cards
    shapes: Counter = field(default_factory=Counter)  # shape -> cards
    alone: Counter = field(default_factory=Counter)  # shape -> cards it is the only unsupported shape of
    alone_examples: dict[str, str] = field(default_factory=dict)
    examples: dict[str, str] = field(default_factory=dict)  # shape -> one card
    lines: list[tuple[str, ...]] = field(default_factory=list)  # each partly imported card's unsupported lines
    mana_abilities: int = 0
    mana_cards: int = 0
    add_lines_unread: int = 0
    add_cards: int = 0  # cards with a line that adds mana
    add_cards_read: int = 0  # ... every such line of which was read
    checked: int = 0
    agree: int = 0
    differ: list[tuple[str, str, str]] = field(default_factory=list)  # card, produced_mana, what was read
    not_checked: int = 0
    text_checked: int = 0  # without produced_mana: against the mana symbols of the Oracle text's "Add"
    text_agree: int = 0
    text_differ: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, result: Result) -> None:
        self.total += 1
        self.counts[result.status] += 1
        if result.status == "refused":
            self.refusals[_SYMBOLS.sub("{M}", result.reason)] += 1
            return
        shapes = {shape(line) for line in result.unsupported}
        if result.status == "partial":
            self.lines.append(tuple(result.unsupported))
        for s in shapes:
            self.shapes[s] += 1
            self.examples.setdefault(s, result.name)
        if len(shapes) == 1:  # one template for this shape, and the card imports fully
            only = next(iter(shapes))
            self.alone[only] += 1
            self.alone_examples.setdefault(only, result.name)
        unread = sum(1 for line in result.unsupported if re.search(r"\b[Aa]dds?\b", line))
        self.add_lines_unread += unread
        if unread or result.mana:
            self.add_cards += 1
            self.add_cards_read += not unread
        if result.mana:
            self.mana_abilities += len(result.mana)
            self.mana_cards += 1
        if result.produced is None and result.mana and result.status == "full":
            self._text_check(result)
        if result.produced is not None and result.card is not None and result.status == "full":
            read = produced(result.card)
            if read is None:
                self.not_checked += 1
                return
            self.checked += 1
            if read == set(result.produced):
                self.agree += 1
            else:
                self.differ.append((result.name, "".join(sorted(result.produced)), "".join(sorted(read))))

    def _text_check(self, result: Result) -> None:
        """The mana a fully read card's abilities can make, against the symbols its Oracle text adds."""
        read = produced(result.card or {})
        said = said_mana(result.text, result.card or {})
        if read is None or said is None:
            return
        self.text_checked += 1
        if read == said:
            self.text_agree += 1
        else:
            self.text_differ.append((result.name, "".join(sorted(said)), "".join(sorted(read))))

    def text(self, top: int = 10) -> str:
        c = self.counts
        out = [f"cards: {self.total:,}",
               f"  imported fully: {c['full']:,}",
               f"  imported partly (some lines unsupported): {c['partial']:,}",
               f"  not imported: {c['refused']:,}",
               f"mana abilities read: {self.mana_abilities:,} on {self.mana_cards:,} cards "
               f"({self.add_lines_unread:,} lines with 'Add' left unsupported)",
               f"cards with a line that adds mana: {self.add_cards:,}; every such line read: {self.add_cards_read:,}"
               + (f" ({100 * self.add_cards_read / self.add_cards:.0f}%)" if self.add_cards else "")]
        if self.checked or self.not_checked:
            out.append(f"produced_mana cross-check (fully imported cards): {self.agree:,} of {self.checked:,} agree"
                       + (f", {self.not_checked:,} not checkable (mana decided by the game)" if self.not_checked else ""))
            for name, given, read in self.differ[:top]:
                out.append(f"  differs: {name}: produced_mana {given}, read {read or 'nothing'}")
        else:
            out.append("produced_mana cross-check: the file gives no produced_mana")
        if self.text_checked:
            out.append(f"mana of fully imported cards against the symbols their text adds: {self.text_agree:,} of "
                       f"{self.text_checked:,} agree")
            for name, given, read in self.text_differ[:top]:
                out.append(f"  differs: {name}: the text adds {given}, read {read or 'nothing'}")
        if self.refusals:
            out.append("not imported, by reason:")
            out += [f"  {n:>6,}  {reason}" for reason, n in self.refusals.most_common(top)]
        if self.shapes:
            out.append(f"most common unsupported lines (cards, shape, an example card), top {top}:")
            out += [f"  {n:>6,}  {s}  [{self.examples[s]}]" for s, n in self.shapes.most_common(top)]
            out.append(f"the lines a template would unlock most cards with (cards whose only unsupported shape "
                       f"it is), top {top}:")
            out += [f"  {n:>6,}  {s}  [{self.alone_examples[s]}]" for s, n in self.alone.most_common(top)]
        steps = rank(self.lines, self.counts["full"])
        if steps:
            out.append(f"what to model next, by rules area (each area in turn, the one that then imports the most cards "
                       f"fully), top {top}: cards it imports fully, all imported fully then; cards and lines it touches")
            out += [f"  {s.gain:>6,}  {s.total:>6,}  {s.area.name} ({s.area.rules or 'no rule'}): {s.cards:,} cards, "
                    f"{s.lines:,} lines" for s in steps[:top]]
        return "\n".join(out)

    def to_dict(self, top: int = 10) -> dict[str, Any]:
        """The report as plain data (``--json``): every count of ``text``, each list cut to ``top``."""
        c = self.counts
        return {
            "cards": self.total, "imported_fully": c["full"], "imported_partly": c["partial"],
            "not_imported": c["refused"],
            "not_imported_by_reason": dict(self.refusals.most_common(top)),
            "mana": {"abilities_read": self.mana_abilities, "cards": self.mana_cards,
                     "add_lines_unread": self.add_lines_unread, "cards_adding_mana": self.add_cards,
                     "cards_adding_mana_read_fully": self.add_cards_read,
                     "produced_mana_checked": self.checked, "produced_mana_agree": self.agree,
                     "produced_mana_differ": [{"card": n, "produced_mana": g, "read": r} for n, g, r in self.differ[:top]],
                     "text_checked": self.text_checked, "text_agree": self.text_agree,
                     "text_differ": [{"card": n, "text_adds": g, "read": r} for n, g, r in self.text_differ[:top]]},
            "unsupported_shapes": [{"shape": s, "cards": n, "example": self.examples[s]}
                                   for s, n in self.shapes.most_common(top)],
            "unlocking_shapes": [{"shape": s, "cards": n, "example": self.alone_examples[s]}
                                 for s, n in self.alone.most_common(top)],
            "areas": [{"area": s.area.name, "rules": s.area.rules, "imports_fully": s.gain, "imported_fully_then": s.total,
                       "cards_touched": s.cards, "lines": s.lines} for s in rank(self.lines, c["full"])[:top]],
        }


def _mana_types(effect: dict[str, Any]) -> set[str] | None:
    """The types of mana an instruction may add, or None where the game decides (could produce, ...)."""
    (kind, value), = effect.items()
    if kind == "add":
        out = set()
        for sym in re.findall(r"\{([^}]+)\}", value):
            if sym.isdigit() or sym in ("C", "S"):
                out.add("C")
            else:
                out |= {h if h in "WUBRG" else "C" for h in sym.split("/") if h != "P"}
        return out
    if kind == "add_one_of":
        return {s.strip("{}") for s in value}
    if kind in ("add_any_color", "add_any_combination"):
        return set("WUBRG")
    if kind == "add_for_each":
        return set("WUBRG") if value["mana"] in ("any_color", "any_combination") else {value["mana"].strip("{}")}
    if kind == "add_combination":
        return {s.strip("{}") for s in value["of"]}
    if kind.startswith("add"):
        return None
    return set()


def said_mana(text: str, card: dict[str, Any]) -> set[str] | None:
    """The types of mana the "Add ..." sentences of an Oracle text name, with its basic land types', or None
    where the text leaves them to the game ("could produce", "that land produced", "the chosen color")."""
    out = {_BASIC[s] for face in card.get("faces", [card]) for s in face.get("subtypes", ()) if s in _BASIC}
    for sentence in re.findall(r"\b[Aa]dds? ([^.]*)", text):
        if re.search(r"could produce|produced|chosen color|that color", sentence):
            return None
        if re.search(r"any (?:one )?color|combination of colors", sentence):
            out |= set("WUBRG")
        for sym in re.findall(r"\{([^}]+)\}", sentence):
            out |= {h if h in "WUBRG" else "C" for h in sym.split("/") if h not in ("P", "X")}
    return out


def produced(card: dict[str, Any]) -> set[str] | None:
    """The mana a card's own abilities and basic land types can produce, as Scryfall's produced_mana lists it."""
    out: set[str] = set()
    for face in card.get("faces", [card]):
        out |= {_BASIC[s] for s in face.get("subtypes", ()) if s in _BASIC}
        for ability in face.get("abilities", ()):
            (kind, body), = ability.items()
            if kind == "static" and "grant" in body:
                body, kind = body["grant"]["activated"], "activated"
            if kind not in ("activated", "triggered"):
                continue
            effects = body["effect"] if isinstance(body["effect"], list) else [body["effect"]]
            for effect in effects:
                types = _mana_types(effect)
                if types is None:
                    return None
                out |= types
    return out
