"""Oracle text -> abilities in the template vocabulary, one line at a time.

Each template is a small regular grammar over a normalised line (:func:`normalise`: reminder text
removed, the card's own name written ``~``, "enters the battlefield" written "enters"). A line that
no grammar matches entirely is not translated: :func:`translate_line` returns ``None`` and the card
keeps the line as ``unsupported``. Nothing is guessed: a phrase outside the grammars fails the line.

The abilities are returned in the form ``pyrules/data/cards.yaml`` is written in (plain dicts), and
:mod:`pyrules.cards.importer.translate` reads every one back with the card parser before keeping it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pyrules.base.document import MAX_DIGITS
from pyrules.cards.library import builtin_library
from pyrules.vocabulary.templates import ABOUT_A_PLAYER, ADDED_SUBTYPES, DAMAGE_TO_PLAYER, MayInstruction
from pyrules.vocabulary.values import CREATURE_TYPES, OTHER_SUBTYPES, PLANESWALKER_TYPES

# -- words ------------------------------------------------------------------------------------------
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
           "nine": 9, "ten": 10}
TIMES = {"twice": 2, "three times": 3}
SYMBOL = r"\{[^{}]+\}"
MANA = rf"(?:{SYMBOL})+"
_REMINDER = re.compile(r"\s*\([^()]*\)")
_THIS = re.compile(r"\bthis (?:creature|artifact|land|enchantment|permanent)\b", re.I)
TYPE_WORDS = {"artifact", "creature", "enchantment", "land", "planeswalker"}
#: Ability words (207.2c): they tie cards together and have no rules meaning.
ABILITY_WORDS = {
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "domain", "eerie",
    "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable", "grandeur",
    "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant", "magecraft",
    "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid", "rally", "revolt",
    "secret council", "spell mastery", "strive", "survival", "sweep", "tempting offer", "threshold", "underdog",
    "undergrowth", "valiant", "void", "will of the council"}


_SHORT_HYBRID = re.compile(r"\{([WUBRG2])([WUBRG])\}|\{P/?([WUBRG])\}")


def symbols(text: str) -> str:
    """Mana symbols in the standard form: {WU} -> {W/U}, {2W} -> {2/W}, {PR} and {P/R} -> {R/P} (some snapshots
    write hybrid and Phyrexian symbols without the slash, or the P first)."""
    return _SHORT_HYBRID.sub(lambda m: f"{{{m.group(1)}/{m.group(2)}}}" if m.group(1) else f"{{{m.group(3)}/P}}", text)


def _name_to_tilde(line: str, name: str) -> str:
    """Each use of the card's name, as a whole word, written ~ (a regular expression per card would be slow)."""
    out, start = [], 0
    while True:
        at = line.find(name, start)
        if at < 0:
            return "".join(out) + line[start:]
        end = at + len(name)
        before = line[at - 1] if at else " "
        after = line[end] if end < len(line) else " "
        whole = not (before.isalnum() or before in "_'") and not (after.isalnum() or after == "_")
        out.append(line[start:at] + ("~" if whole else name))
        start = end


#: A number longer than a text's numbers may be (document.MAX_DIGITS): a line holding one is not read.
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")


def normalise(line: str, names: list[str]) -> str:
    """The line as the grammars read it."""
    line = symbols(_REMINDER.sub("", line).strip())
    line = line.replace("\u2212", "-").replace("\u2014", "-")
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        if name in line:
            line = _name_to_tilde(line, name)
    # "this creature" is the card itself, except inside a quoted ability, where it is whatever has the
    # ability: quotes keep it, for the grant template to read (and a name in quotes is the card's own).
    parts = line.split('"')
    line = '"'.join(_THIS.sub("~", p) if i % 2 == 0 else p for i, p in enumerate(parts))
    line = line.replace("enters the battlefield", "enters").replace("enter the battlefield", "enter")
    line = _PREDEFINED_TOKENS.sub(lambda m: f"{m.group(1)} token{m.group(2)}.", line)  # (its period ended the sentence)
    line = _OLD_MILL.sub(lambda m: f"{_MILL_VERB[m.group(1)]} {'a card' if m.group(2) == 'card' else m.group(2)}", line)
    m = re.match(r"([A-Z][a-z]+(?: [a-z]+)*) - ", line)
    if m and m.group(1).lower() in ABILITY_WORDS:  # an ability word has no rules meaning (207.2c)
        line = line[m.end():]
    return re.sub(r"\s+", " ", line).strip()


#: The older wording of milling (701.13a, since 2020): "puts the top three cards of their library into their graveyard".
_OLD_MILL = re.compile(r"\b(puts|put|Put) the top (card|\w+ cards) of (?:their|your|his or her) library into "
                       r"(?:their|your|his or her) graveyard")
_MILL_VERB = {"puts": "mills", "put": "mill", "Put": "Mill"}
#: The older wording of predefined tokens (111.10): "a colorless Treasure artifact token with "{T}, Sacrifice this
#: artifact: Add one mana of any color."" is a Treasure token, as today's wording says (the built-in card of its kind).
_PREDEFINED_TOKENS = re.compile(
    r"colorless (Treasure|Clue|Food) artifact token(s?) with \"(?:\{T\}, [Ss]acrifice this artifact: Add one mana of any "
    r"color|\{2\}, [Ss]acrifice this artifact: Draw a card|\{2\}, \{T\}, [Ss]acrifice this artifact: You gain 3 life)\.\"")


def number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def counter_kind(text: str) -> str | None:
    """A counter's kind as a name: +1/+1 -> p1p1, -1/-1 -> m1m1, charge -> charge."""
    text = text.strip().lower()
    if text == "+1/+1":
        return "p1p1"
    if text == "-1/-1":
        return "m1m1"
    return text if re.fullmatch(r"[a-z]+", text) and text not in _NOT_A_COUNTER_KIND else None


#: Words written where a counter's kind would be that name none ("creatures with no counters on them").
_NOT_A_COUNTER_KIND = frozenset({"no", "any", "a", "an", "the", "all", "each", "those", "these", "its", "their", "other",
                                 "more", "less", "fewer", "one", "two", "three", "four", "five", "six", "seven", "x"})


def _symbol(sym: str) -> bool:
    """A mana symbol the add template reads: {W} ... {C}, a number, hybrid, Phyrexian, snow."""
    return bool(re.fullmatch(r"\{(?:[WUBRGCS]|\d+|[WUBRG]/[WUBRGP]|2/[WUBRG])\}", sym))


def _mana(text: str) -> str | None:
    symbols = re.findall(SYMBOL, text)
    if not symbols or "".join(symbols) != text or not all(_symbol(s) for s in symbols):
        return None
    return text


# -- filters ----------------------------------------------------------------------------------------
_CONTROLLER = {"you control": "you", "an opponent controls": "opponent", "your opponents control": "opponent",
               "you don't control": "opponent",  # (every other player is an opponent here, 102.3)
               "defending player controls": "defending_player", "that player controls": "that_player"}  # (508.5, 603.2)


def _card_filter(phrase: str) -> dict[str, Any] | None:
    """"creature", "instant or sorcery", "artifact or enchantment": what a card's characteristics say, without what
    only a permanent has (controller, status, power)."""
    spells = re.fullmatch(r"(instant|sorcery)(?: or (instant|sorcery))?", phrase)
    if spells:
        kinds = [k for k in spells.groups() if k]
        return {"types": kinds} if len(kinds) == 1 else {"any_types": kinds}
    subtype = re.fullmatch(r"([A-Z][a-z]+)((?: \w+)*)", phrase)
    if subtype and subtype.group(1).lower() not in _NOT_CREATURE_TYPES:  # "Spirit", "Zombie creature" (205.3)
        rest = subtype.group(2).strip()
        flt = permanent_filter(f"permanent {rest}" if rest.startswith("with ") else rest or "permanent")
        # ("Eldrazi Scion": both subtypes, the first before those the rest names)
        flt = None if flt is None else {**flt, "subtypes": [subtype.group(1).lower(), *flt.get("subtypes", ())]}
    else:
        flt = permanent_filter(phrase)
    if flt is not None and re.search(r"\bpermanent\b", phrase):  # a permanent card: one of a permanent type (110.4)
        flt = {**flt, "not_types": sorted({*flt.get("not_types", ()), "instant", "sorcery"})}
    return flt if flt and set(flt) <= {"types", "any_types", "not_types", "subtypes", "colors", "any_colors",
                                       "not_colors", "mana_value_at_most", "mana_value_at_least"} else None


def _controlled(phrase: str, flt: dict[str, Any]) -> str:
    """The phrase without its "you control" ("an opponent controls") ending, which goes into ``flt``."""
    for suffix, who in _CONTROLLER.items():
        if phrase.endswith(" " + suffix):
            flt["controller"] = who
            return phrase[: -len(suffix) - 1]
    return phrase


def permanent_filter(phrase: str) -> dict[str, Any] | None:
    """"a land you control", "an artifact or creature you control", "permanent", "nonbasic lands" ..., and one
    subtype by its singular name: "other Dragon creature you control", "Vampire you control" (205.3)."""
    subtype = _subtype_word(phrase)
    if subtype is not None:
        words = phrase.split()
        at = words.index(subtype)
        typed = at + 1 < len(words) and words[at + 1].lower().removesuffix("s") in TYPE_WORDS | {"permanent"}
        many = _plural_creature_type(subtype)  # "Rats you control": permanents with that subtype (205.3m)
        rest = " ".join(words[:at] + ([] if typed else ["permanents" if many else "permanent"]) + words[at + 1:])
        flt = None if many and typed else permanent_filter(rest)
        return None if flt is None else {**flt, "subtypes": [many or subtype.lower()]}
    flt: dict[str, Any] = {}
    excluded = re.match(r"(.*?)\b[Nn]on-([A-Z][a-z]+) (.+)", phrase)
    if excluded and excluded.group(2).lower() in _SUBTYPE_NAMES:  # "non-Wall creatures" (205.3m)
        flt = permanent_filter(f"{excluded.group(1)}{excluded.group(3)}")
        return None if flt is None or "not_subtypes" in flt else {**flt, "not_subtypes": [excluded.group(2).lower()]}
    phrase = _controlled(phrase.strip().lower(), flt)
    value = re.fullmatch(r"(.+) with (?:converted mana cost|mana value) (\d+) or (less|greater)", phrase)
    if value:  # "creature with mana value 3 or less" (202.3), "... an opponent controls with mana value 3 or less"
        flt["mana_value_at_most" if value.group(3) == "less" else "mana_value_at_least"] = int(value.group(2))
        phrase = value.group(1) if "controller" in flt else _controlled(value.group(1), flt)
        if value.group(3) == "greater" and int(value.group(2)) < 1:
            return None
    counter = re.fullmatch(r"(.+) with (?:an? (\S+) counter on (?:it|them)|(\S+) counters on them)", phrase)
    kind = counter_kind(counter.group(2) or counter.group(3)) if counter else None
    if counter and kind:  # "creature you control with a +1/+1 counter on it" (122.1)
        flt["with_counter"] = kind
        phrase = counter.group(1) if "controller" in flt else _controlled(counter.group(1), flt)
    power = re.fullmatch(r"(.+) with power (\d+) or (less|greater)", phrase) if " power " in phrase else None
    if power:  # "creature with power 2 or less" (208.1)
        flt["power_at_most" if power.group(3) == "less" else "power_at_least"] = int(power.group(2))
        phrase = power.group(1)
        if int(power.group(2)) < 1:
            return None
    keyword = re.fullmatch(r"(.+) (with|without) ([a-z ]+)", phrase)
    if keyword and keyword.group(3) in FILTER_KEYWORDS:  # "creature with flying", "creatures without flying" (702.1)
        flt["keywords" if keyword.group(2) == "with" else "not_keywords"] = [keyword.group(3).replace(" ", "_")]
        phrase = keyword.group(1) if "controller" in flt else _controlled(keyword.group(1), flt)
    words = phrase.split()
    if words and words[0] in ("a", "an", "each", "all"):
        words = words[1:]
    if words and words[0] in ("other", "another"):  # ("another attacking creature")
        flt["other"] = True
        words = words[1:]
    if words and words[0] in ("legendary", "snow", "basic"):  # a supertype (205.4)
        flt["supertypes"] = [words[0]]
        words = words[1:]
    if words[:3] == ["attacking", "or", "blocking"]:
        flt["in_combat"] = True
        words = words[3:]
    while words and words[0] in ("tapped", "untapped", "attacking", "blocking"):
        flt[words[0]] = True
        words = words[1:]
    colors = _COLOR_WORDS  # (by name)
    if len(words) > 2 and words[0] in colors and words[1] == "or" and words[2] in colors:
        flt["any_colors"] = [words[0], words[2]]
        words = words[3:]
    elif words and words[0] in colors:
        flt["colors"] = [words[0]]
        words = words[1:]
    if len(words) > 1 and words[-1] in ("token", "tokens"):
        flt["token"] = True
        words = words[:-1]
    if words and words[0] in ("other", "another"):
        flt["other"] = True
        words = words[1:]
    if words and words[0] == "nonbasic":
        flt["nonbasic"] = True
        words = words[1:]
    if words and words[0] == "nontoken":  # 111.1
        flt["nontoken"] = True
        words = words[1:]
    if words and words[0] == "colorless":
        flt["colorless"] = True
        words = words[1:]
    if words and words[0] == "nonland":
        flt["nonland"] = True
        words = words[1:]
    while words and words[0].rstrip(",") in {f"non{t}" for t in TYPE_WORDS - {"land"}} | {f"non{c}" for c in colors}:
        word = words[0].rstrip(",")[3:]
        key = "not_colors" if word in colors else "not_types"
        flt[key] = [*flt.get(key, []), word]
        words = words[1:]
    if not words:
        return None
    nouns = [w[:-1] if w.endswith("s") and w[:-1] in TYPE_WORDS | {"permanent"} else w for w in words]
    if nouns == ["permanent"]:
        return flt
    if len(nouns) == 1 and nouns[0] in TYPE_WORDS:
        return {"types": [nouns[0]], **flt}
    if len(nouns) == 3 and nouns[1] == "or" and nouns[0] in TYPE_WORDS and nouns[2] in TYPE_WORDS:
        return {"any_types": [nouns[0], nouns[2]], **flt}
    if len(nouns) == 2 and nouns[0] in TYPE_WORDS - {"creature"} and nouns[1] in TYPE_WORDS and nouns[0] != nouns[1]:
        return {"types": [nouns[0], nouns[1]], **flt}  # "artifact creature", "enchantment creature": both types
    listed = [n.rstrip(",") for n in nouns]  # "artifact, enchantment, or land"
    if len(listed) == 4 and nouns[0].endswith(",") and nouns[1].endswith(",") and listed[2] == "or" and \
            all(n in TYPE_WORDS for n in (listed[0], listed[1], listed[3])):
        return {"any_types": [listed[0], listed[1], listed[3]], **flt}
    return None


# -- costs ------------------------------------------------------------------------------------------
def costs(text: str) -> list[Any] | None:
    """"{1}, {T}, Pay 1 life" -> the cost list of an activated ability, or None."""
    out: list[Any] = []
    # "Remove three quest counters from ~ and sacrifice it": two costs, each paid (601.2h)
    text = re.sub(r"^(.*\bRemove [^,]+ counters? from ~) and sacrifice it$", r"\1, Sacrifice ~", text)
    for part in (p.strip() for p in text.split(",")):
        if part in ("{T}", "{Q}"):
            out.append(part)
            continue
        if re.fullmatch(r"(?:\{(?:\d+|X|[WUBRGCS]|[WUBRG]/[WUBRGP]|2/[WUBRG])\})+", part):
            out.append(part)
            continue
        m = re.fullmatch(r"Pay (\d+) life", part)
        if m:
            out.append({"pay_life": int(m.group(1))})
            continue
        m = re.fullmatch(r"Pay ((?:\{E\})+)", part)
        if m:  # energy counters (107.14)
            out.append({"pay_energy": m.group(1).count("{E}")})
            continue
        if part == "Sacrifice ~":
            out.append({"sacrifice": "self"})
            continue
        if part == "Exile ~":
            out.append({"exile": "self"})
            continue
        if part == "Return ~ to its owner's hand":  # (602.2h)
            out.append({"return_to_hand": "self"})
            continue
        if part == "Exert ~":  # (701.43a)
            out.append({"exert": "self"})
            continue
        if part == "Discard ~":
            out.append({"discard": "self"})
            continue
        m = re.fullmatch(r"Discard (a|an|one|two|three) cards?( at random)?", part)
        if m:  # (701.9b: at random)
            out.append({"discard_random" if m.group(2) else "discard": number(m.group(1))})
            continue
        m = re.fullmatch(r"Discard (a|an|one|two|three) (.+) cards?", part)
        flt = _card_filter(m.group(2)) if m else None
        if flt:  # 701.9a: cards of a kind
            out.append({"discard_matching": {"count": number(m.group(1)), "filter": flt}})
            continue
        m = re.fullmatch(r"Sacrifice (a|an|another) (.+)", part)
        if m:
            flt = permanent_filter(f"{m.group(1)} {m.group(2)}")
            if flt is None:  # "Sacrifice a Goblin", "another Vampire" (205.3)
                flt = _another_subtype(f"another {m.group(2)}") if m.group(1) == "another" else _card_filter(m.group(2))
            if flt is None or "controller" in flt:
                return None
            out.append({"sacrifice": {**flt, "controller": "you"}})
            continue
        m = re.fullmatch(r"(Tap|Sacrifice) (two|three|four|five) (untapped )?(.+?)( you control)?", part)
        if m and (m.group(1) == "Tap") == bool(m.group(3)) == bool(m.group(5)):  # 602.2b, 701.21a: N different ones
            flt = permanent_filter(m.group(4))
            if flt is None or "controller" in flt or not re.search(r"s\b", m.group(4)):
                return None
            key = "tap_untapped_many" if m.group(1) == "Tap" else "sacrifice_many"
            out.append({key: {"count": number(m.group(2)), "filter": {**flt, "controller": "you"}}})
            continue
        m = re.fullmatch(r"Exile (a|an|one|two|three|four|five) (other )?(?:(.+) )?cards? from your graveyard", part)
        if m:  # 406.2, 602.2b: cards of the activator's graveyard
            flt = _card_filter(m.group(3)) if m.group(3) else {}
            if flt is None:
                return None
            out.append({"exile_from_graveyard": {"count": number(m.group(1)),
                                                 "filter": {**flt, **({"other": True} if m.group(2) else {})}}})
            continue
        m = re.fullmatch(r"Tap an untapped (.+) you control", part)
        if m:  # 602.2b (not {T}: 302.6 does not apply)
            flt = permanent_filter(m.group(1))
            flt = _card_filter(m.group(1)) if flt is None else flt  # "an untapped Ally" (205.3)
            if flt is None or "controller" in flt:
                return None
            out.append({"tap_untapped": {**flt, "controller": "you"}})
            continue
        m = re.fullmatch(r"Remove (a|an|one|two|three|four|five|X|any number of) (\S+) counters? from ~", part)
        if m:
            kind = counter_kind(m.group(2))
            if kind is None:
                return None
            count = "X" if m.group(1) in ("X", "any number of") else number(m.group(1))
            out.append({"remove_counters": {"kind": kind, "count": count}})
            continue
        m = re.fullmatch(r"Put (a|an|one|two|three) (\S+) counters? on ~", part)
        if m:
            kind = counter_kind(m.group(2))
            if kind is None:
                return None
            out.append({"put_counters": {"kind": kind, "count": number(m.group(1))}})
            continue
        return None
    return _merge_mana(out)


def _merge_mana(parts: list[Any]) -> list[Any]:
    """Costs as cards.yaml writes them: a text for mana and {T}/{Q} alone, else a list."""
    if all(isinstance(p, str) for p in parts):
        return [", ".join(parts)]
    return parts


def cost_value(parts: list[Any]) -> Any:
    return parts[0] if len(parts) == 1 else parts


# -- mana effects -----------------------------------------------------------------------------------
_COULD = re.compile(r"Add one mana of any (type|color) (?:that )?(a land you control|a land an opponent controls|"
                    r"lands you control|lands your opponents control|the sacrificed land) could produce")


def mana_effect(text: str) -> dict[str, Any] | None:
    """The mana instruction of "Add ..." (without its final period)."""
    m = re.fullmatch(rf"Add ({MANA})", text)
    if m and _mana(m.group(1)):
        return {"add": m.group(1)}
    m = re.fullmatch(rf"Add ({SYMBOL}(?:, {SYMBOL})*,? or {SYMBOL})", text)
    if m:
        found = re.findall(SYMBOL, m.group(1))
        if all(re.fullmatch(r"\{[WUBRGC]\}", s) for s in found) and len(set(found)) == len(found) >= 2:
            return {"add_one_of": found}
        return None
    m = re.fullmatch(rf"Add ({MANA}(?:, {MANA})*,? or {MANA})", text)
    if m:  # a filter land: "{W}{W}, {W}{U}, or {U}{U}" is the mana of two hybrid symbols {W/U}{W/U} (106.8)
        return _hybrid_ways(re.split(r",? or |, ", m.group(1)))
    m = re.fullmatch(r"Add (X|two|three|four|five) mana in any combination of (\{[WUBRG]\}) and/or (\{[WUBRG]\})", text)
    if m and m.group(2) != m.group(3):
        count = "X" if m.group(1) == "X" else number(m.group(1))
        return {"add_combination": {"count": count, "of": [m.group(2), m.group(3)]}}
    m = re.fullmatch(r"Add (\{[WUBRGC]\}) for each (\w+) counter removed this way", text)
    if m:  # checked against the cost by activated(): X counters of that kind removed
        return {"add_combination": {"count": "X", "of": [m.group(1)]}, "_removed": m.group(2)}
    m = re.fullmatch(r"Add (\{[WUBRGC]\}) equal to the amount of counters removed", text)
    if m:
        return {"add_combination": {"count": "X", "of": [m.group(1)]}, "_removed": ""}
    if text == "Add one mana of any of the exiled card's colors":  # 607.2a: linked to the ability that exiled it
        return {"add_color_of_exiled": True}
    if text == "Add one mana of any color that a permanent you control is":
        return {"add_color_of": {"controller": "you"}}
    if text == "Add one mana of the chosen color":  # 607.2d: the color chosen as it entered
        return {"add_chosen_color": 1}
    m = re.fullmatch(r"Add (one|two|three|four|five) mana of any (?:one )?color", text)
    if m and (m.group(1) == "one" or "any one color" in text):
        return {"add_any_color": number(m.group(1))}
    m = re.fullmatch(r"Add (two|three|four|five) mana in any combination of colors", text)
    if m:
        return {"add_any_combination": number(m.group(1))}
    m = _COULD.fullmatch(text)
    if m:
        rng, whose = m.groups()
        if whose == "the sacrificed land":
            return {"add_could_produce": {"of": "sacrificed", "range": rng}}
        who = "you" if "you control" in whose else "opponent"
        return {"add_could_produce": {"filter": {"types": ["land"], "controller": who}, "range": rng}}
    m = re.fullmatch(r"Add (\{[WUBRGC]\}) for each (.+?) (you control|on the battlefield)", text)
    if m:
        flt = _counted(m.group(2), m.group(3), plural=False)
        return {"add_for_each": {"mana": m.group(1), "filter": flt}} if flt else None
    m = re.fullmatch(r"Add X mana of any one color, where X is the number of (.+?) (you control|on the battlefield)", text)
    if m:
        flt = _counted(m.group(1), m.group(2), plural=True)
        return {"add_for_each": {"mana": "any_color", "filter": flt}} if flt else None
    m = re.fullmatch(r"Add an amount of (\{[WUBRGC]\}) equal to ~'s power", text)
    if m:
        return {"add_power": m.group(1)}
    if text == "Double the amount of each type of unspent mana you have":  # 701.10f (Doubling Cube)
        return {"add_doubled_pool": True}
    return None


def _hybrid_ways(alternatives: list[str]) -> dict[str, Any] | None:
    """The alternatives, if they are exactly the ways a run of one hybrid symbol {A/B} can come out."""
    if any(not re.fullmatch(r"(?:\{[WUBRG]\})+", a) for a in alternatives):
        return None
    colors = sorted({c for a in alternatives for c in re.findall(r"[WUBRG]", a)}, key="WUBRG".index)
    lengths = {len(re.findall(SYMBOL, a)) for a in alternatives}
    if len(colors) != 2 or len(lengths) != 1:
        return None
    n = lengths.pop()
    a, b = colors
    ways = {(i, n - i) for i in range(n + 1)}
    given = [(alt.count("{" + a + "}"), alt.count("{" + b + "}")) for alt in alternatives]
    if len(given) != len(set(given)) or set(given) != ways:
        return None
    return {"add": f"{{{a}/{b}}}" * n}


_COLOR_OF = "Choose a color of a permanent you control. Add one mana of that color."
#: Subtypes counted by name ("for each Swamp you control", "the number of Elves on the battlefield"): only
#: these spellings are read, so that no plural is guessed wrong.
_SUBTYPES = {"Elf": "elf", "Elves": "elf", "Goblin": "goblin", "Goblins": "goblin", "Sliver": "sliver",
             "Slivers": "sliver", "Ally": "ally", "Allies": "ally", "Zombie": "zombie", "Zombies": "zombie",
             "Plains": "plains", "Island": "island", "Islands": "island", "Swamp": "swamp", "Swamps": "swamp",
             "Mountain": "mountain", "Mountains": "mountain", "Forest": "forest", "Forests": "forest"}


#: Words that stand where a creature type would ("Attacking creatures you control"), which no filter here reads.
_NOT_CREATURE_TYPES = {"other", "creatures", "artifacts", "lands", "permanents", "tokens", "nontoken", "attacking",
                       "blocking", "tapped", "untapped", "legendary", "multicolored", "monocolored", "colorless",
                       "equipped", "enchanted", "artifact", "enchantment", "land", "snow", "basic", "nonbasic",
                       "noncreature", "white", "blue", "black", "red", "green", "modified", "outlaw", "outlaws"}


def _subtype_word(phrase: str) -> str | None:
    """The one capitalised word of a filter's phrase that names a subtype in the singular ("Dragon", "Equipment",
    "Plains") or a creature type in the plural ("Rats", "Elves"): None if there is none, or more than one."""
    found = [w for w in phrase.split() if re.fullmatch(r"[A-Z][a-z]+", w)
             and (w.lower() in _SUBTYPE_NAMES or _plural_creature_type(w))
             and w.lower() not in _NOT_CREATURE_TYPES | TYPE_WORDS | _FILTER_WORDS]
    return found[0] if len(found) == 1 else None


#: Subtypes a filter may name (205.3): the creature, planeswalker, land, artifact and enchantment types.
_SUBTYPE_NAMES = frozenset(CREATURE_TYPES + OTHER_SUBTYPES + PLANESWALKER_TYPES)


def _plural_creature_type(word: str) -> str | None:
    """The creature type a capitalised plural names ("Rats" -> rat, "Elves" -> elf, 205.3m), or None."""
    if not re.fullmatch(r"[A-Z][a-z]+s", word) or word in ("Plains", "Aurochs"):
        return None
    singular = _singular(word)
    return singular if singular in CREATURE_TYPES and singular != word.lower() else None


#: Words that begin a filter's phrase, capitalised at the start of a sentence.
_FILTER_WORDS = {"a", "an", "each", "all", "another", "target", "permanent", "you", "your", "opponent", "player"}


def _singular(noun: str) -> str:
    """A creature type from its plural: Elves -> elf, Wolves -> wolf, Sphinxes -> sphinx, Goblins -> goblin,
    Merfolk -> merfolk."""
    word = noun.lower()
    if word.endswith("ves"):
        return word[:-3] + "f"
    if word.endswith(("xes", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _counted(noun: str, where: str, plural: bool) -> dict[str, Any] | None:
    """What "for each [noun] you control" (or "on the battlefield") counts, as a filter."""
    flt: dict[str, Any] = {"controller": "you"} if where == "you control" else {}
    if noun in _SUBTYPES:
        if noun != "Plains" and noun.endswith("s") != plural:
            return None
        return {"subtypes": [_SUBTYPES[noun]], **flt}
    found = permanent_filter(noun)
    if found is None or set(found) - {"types", "any_types"} or noun.endswith("s") != plural:
        return None
    return {**found, **flt}


_SPEND = {"Spend this mana only to cast creature spells": "creature_spells",
          "Spend this mana only to cast a creature spell": "creature_spells",
          "Spend this mana only to activate abilities": "abilities",
          "Spend this mana only to cast legendary spells": "legendary_spells",
          "Spend this mana only to cast a legendary spell": "legendary_spells"}


def _sentences(text: str) -> list[str]:
    """Sentences of a line, split at ". " outside quotes (the final period removed)."""
    out, depth, start = [], False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            depth = not depth
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i].strip())
            start = i + 1
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


#: "Return ~ from your graveyard to ...": an ability that works from its card's graveyard (113.6j).
_FROM_GRAVEYARD = {"Return ~ from your graveyard to your hand": {"return_self_to_hand": True},
                   "Return ~ from your graveyard to the battlefield": {"return_self_to_battlefield": "untapped"},
                   "Return ~ from your graveyard to the battlefield tapped": {"return_self_to_battlefield": "tapped"}}


def _from_graveyard_cost(cost: Any) -> Any:
    """The cost of an ability activated from a graveyard, if a card there can pay it: mana, life, discarding."""
    parts = cost if isinstance(cost, list) else [cost]
    ok = all(isinstance(p, str) and p not in ("{T}", "{Q}") or isinstance(p, dict) and next(iter(p)) in (
        "pay_life", "discard") and p.get("discard") != "self" for p in parts)
    return cost if ok else None


def activated(line: str) -> dict[str, Any] | None:
    """"[Cost]: [Effect]." for the effects the vocabulary has."""
    m = re.fullmatch(r"([^:\"]+): (.+)", line)
    if not m:
        return None
    cost_text, effect_text = m.groups()
    loyalty = re.fullmatch(r"([+-]?)(\d+)", cost_text)
    from_graveyard = False
    if loyalty:
        amount = int(loyalty.group(2)) * (-1 if loyalty.group(1) == "-" else 1)
        cost: Any = [{"loyalty": amount}]
    else:
        # "Exile ~ from your graveyard": a cost only a card in the graveyard pays, so the ability works from there
        from_graveyard = re.search(r"(?:^|, )Exile ~ from your graveyard(?:,|$)", cost_text) is not None
        parts = costs(cost_text.replace("Exile ~ from your graveyard", "Exile ~"))
        if parts is None or from_graveyard and _from_graveyard_cost(
                [p for p in parts if p != {"exile": "self"}] or "{0}") is None:
            return None
        cost = cost_value(parts)
    effect_text = re.sub(r"^It deals ", "~ deals ", effect_text)  # "it": the permanent whose ability this is
    # Meteor Crater's two sentences are one instruction: say it in one, for mana_effect.
    effect_text = effect_text.replace(_COLOR_OF, "Add one mana of any color that a permanent you control is.")
    sentences = instruction_sentences(effect_text)
    if not sentences:
        return None
    body: dict[str, Any] = {"cost": cost}
    effects: list[dict[str, Any]] = []
    options: dict[str, Any] = {}
    for sentence in sentences:
        if sentence == "You may choose new targets for the copy" and effects and "copy_target_spell" in effects[-1]:
            effects[-1] = {"copy_target_spell": _new_targets(effects[-1]["copy_target_spell"])}  # 707.10c
            continue
        got = _option(sentence, options)
        if got:
            continue
        if options:  # an option ends the ability: nothing after it is an effect
            return None
        effect = mana_effect(sentence) if sentence.startswith(("Add ", "Double the amount of ")) else None
        if effect is not None and "_removed" in effect:  # "for each K counter removed this way": X of them
            kind = effect.pop("_removed")
            removed = [c["remove_counters"] for c in (cost if isinstance(cost, list) else [cost])
                       if isinstance(c, dict) and "remove_counters" in c]
            if len(removed) != 1 or removed[0]["count"] != "X" or kind not in ("", removed[0]["kind"]):
                return None
        if effect is None and effects and all(next(iter(e)).startswith("add") for e in effects) and "instead" not in body:
            instead = _instead(sentence)
            if instead is not None:
                body["instead"] = instead
                continue
        if "instead" in body:  # "... instead" ends the ability's instructions
            return None
        if effect is None and effects and next(iter(effects[-1])).startswith("add"):
            effect = _after_mana(sentence, effects[-1])
        if effect is None and sentence in _FROM_GRAVEYARD:  # 113.6j: it works from the graveyard alone
            if effects or _from_graveyard_cost(cost) is None:
                return None
            effect, options["zone"] = _FROM_GRAVEYARD[sentence], "graveyard"
        again = re.fullmatch(r"(Untap|Regenerate) (?:that creature|it)", sentence)
        if effect is None and again and len(effects) == 1 and "lasting_on_target" in effects[0]:
            effect = {f"{again.group(1).lower()}_that": 1}  # the one target the lasting effect began on (701.26b)
        if effect is None:
            effect = _flip_result(sentence, effects) or _effect(sentence, permanent=True)
        if effect is None or "zone" in options and len(effects) > 0:
            return None
        effects.append(effect)
    if not effects:
        return None
    if "spend_only" in options and not any(next(iter(e)).startswith("add") for e in effects):
        return None
    if any(c == {"sacrifice": "self"} for c in (cost if isinstance(cost, list) else [cost])) and \
            any(next(iter(e)).startswith(("power_damage", "fight")) for e in effects):
        return None  # (its power as it last existed, 608.2h: not modelled, so not read)
    if from_graveyard:
        if "zone" in options:
            return None
        options["zone"] = "graveyard"
    instead = body.pop("instead", None)
    body["effect"] = effects[0] if len(effects) == 1 else effects
    if instead is not None:
        body["instead"] = instead
    body.update(options)
    return {"activated": body}


def after_modal(k: int) -> str:
    """The place-holder for the number of the k-th ability (0-based) a modal ability's modes add right after it: the
    lasting effects their instructions begin (611.2a), numbered as the card's abilities are."""
    return f"after_modal_{k}"


def numbered(ability: Any, numbers: dict[str, int | str]) -> Any:
    """``ability`` with its place-holders for other abilities (NEXT, DELAYED, REPLACING, after_modal) replaced by the
    values ``numbers`` gives them."""
    if isinstance(ability, dict):
        return {k: numbers[v] if isinstance(v, str) and v in numbers else numbered(v, numbers)
                for k, v in ability.items()}
    if isinstance(ability, list):
        return [numbered(a, numbers) for a in ability]
    return ability


def _mode(mode: str, permanent: bool, added: list[dict[str, Any]]) -> Any | None:
    """One mode's instructions, or None; a mode whose instruction begins a lasting effect ("Target creature gets +2/+2
    until end of turn") puts the abilities it begins into ``added``, referred to by their place-holders."""
    effects = _effects(mode, permanent=permanent)
    if effects is not None:
        return effects[0] if len(effects) == 1 else effects
    found = None if permanent and "~" in mode else translate_line(mode, True)  # (~: a spell's own words only)
    if not found or set(found[0]) != {"spell"} or set(found[0]["spell"]) != {"effect"} or any(
            "spell" in a for a in found[1:]):
        return None
    numbers: dict[str, int | str] = {}
    for holder, begun in ((NEXT, lambda a: "static" in a), (DELAYED, _delayed), (REPLACING, lambda a: "replacement" in a)):
        at = next((n for n, a in enumerate(found[1:]) if begun(a)), None)
        if at is not None:
            numbers[holder] = after_modal(len(added) + at)
    added += [numbered(a, numbers) for a in found[1:]]
    return numbered(found[0]["spell"]["effect"], numbers)


def _modes(modes: list[str], permanent: bool) -> tuple[list[Any], list[dict[str, Any]]] | None:
    """The instructions of each mode of a modal ability or spell (700.2), and the abilities their lasting effects are
    (after_modal(k)); or None if a mode is not read."""
    if len(modes) < 2 or any(_LONG_NUMBER.search(text) for text in modes):
        return None
    out: list[Any] = []
    added: list[dict[str, Any]] = []
    for mode in modes:
        effects = _mode(mode, permanent, added)
        if effects is None:
            return None
        out.append(effects)
    return out, added


def modal(cost_text: str, modes: list[str]) -> list[dict[str, Any]] | None:
    """"[Cost]: Choose one — • [mode] • [mode]": an activated ability with modes (700.2), and the lasting effects its
    modes begin."""
    parts = None if _LONG_NUMBER.search(cost_text) else costs(cost_text)
    read = _modes(modes, permanent=True)
    if parts is None or read is None:
        return None
    return [{"activated": {"cost": cost_value(parts), "modes": read[0]}}, *read[1]]


def modal_trigger(when: str, modes: list[str]) -> list[dict[str, Any]] | None:
    """"When ~ enters, choose one — • [mode] • [mode]": a triggered ability with modes (700.2, 603.3c), its trigger
    read as any other's, and the lasting effects its modes begin."""
    read = _modes(modes, permanent=True)
    base = _triggered(f"{when}, draw a card.")
    if read is None or base is None or base.get("triggered", {}).get("effect") != {"draw": 1}:
        return None
    body = {k: v for k, v in base["triggered"].items() if k != "effect"}
    return [{"triggered": {**body, "modes": read[0]}}, *read[1]]


_NUMBER_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def fabricate(line: str) -> dict[str, Any] | None:
    """Fabricate N (702.123a): "when this enters, put N +1/+1 counters on it or create N 1/1 colorless Servo artifact
    creature tokens", a modal triggered ability."""
    m = re.fullmatch(r"Fabricate ([1-5])", line)
    if not m:
        return None
    n = int(m.group(1))
    token = _create_token(f"Create {_NUMBER_WORDS[n]} 1/1 colorless Servo artifact creature token{'s' if n > 1 else ''}")
    if token is None:
        return None
    return {"triggered": {"when": "enters", "modes": [{"put_counters_self": {"kind": "p1p1", "count": n}}, token]}}


_CHOOSE = {"one": 1, "two": 2, "three": 3, "one or both": "one_or_more", "one or more": "one_or_more"}


def modal_spell(choose: str, modes: list[str]) -> list[dict[str, Any]] | None:
    """"Choose one — • [mode] • [mode]" on an instant or sorcery: a modal spell (700.2), and the lasting effects its
    modes begin."""
    read = _modes(modes, permanent=False) if choose in _CHOOSE else None
    if read is None:
        return None
    body: dict[str, Any] = {"modes": read[0]}
    if _CHOOSE[choose] != 1:
        body["choose"] = _CHOOSE[choose]
    return [{"spell": body}, *read[1]]


#: "This doesn't untap during your next untap step" (502.3), and "it" (the target just tapped) in the same words.
_SKIP_UNTAP_SELF = "~ doesn't untap during your next untap step"
_SKIP_UNTAP_THAT = {f"{who} doesn't untap during its controller's next untap step"
                    for who in ("It", "That creature", "That land", "That permanent", "That artifact")}
#: Instructions with exactly one target each: the N-th of them chose target N.
_ONE_TARGET_EACH = frozenset({"tap_target", "untap_target", "destroy_target", "exile_target", "return_target_to_hand",
                              "damage_target", "damage_any_target", "counter_target_spell", "put_counters_target"})
_SKIP_UNTAP_THOSE = {f"Those {what} don't untap during their {whose} next untap {steps}"
                     for what in ("creatures", "permanents")
                     for whose, steps in (("controller's", "step"), ("controllers'", "steps"))}


def _after_mana(sentence: str, mana: dict[str, Any]) -> dict[str, Any] | None:
    m = re.fullmatch(r"~ deals (\d+) damage to you", sentence)
    if m:
        return {"damage_you": int(m.group(1))}
    m = re.fullmatch(r"If there are no (\w+) counters on ~, sacrifice (?:it|~)", sentence)
    if m:
        return {"sacrifice_if_no_counters": m.group(1)}
    if sentence == _SKIP_UNTAP_SELF:  # 502.3
        return {"skip_untap_self": True}
    return None


def spell_instead(line: str) -> dict[str, Any] | None:
    """"[Ability word] — [instruction] instead if [condition]." on an instant or sorcery (614.15), or None."""
    m = re.fullmatch(r"(?:([A-Za-z' ]+) — )?(.+) instead if (.+)\.", line)
    if not m or (m.group(1) and m.group(1).lower() not in ABILITY_WORDS):
        return None
    effect = _effect(m.group(2)[0].upper() + m.group(2)[1:])
    condition = _condition(m.group(3))
    return {"if": condition, "effect": effect} if effect is not None and condition is not None else None


def _condition(text: str) -> dict[str, Any] | None:
    """The condition of an "instead" in the vocabulary's words."""
    m = re.fullmatch(r"(\w+) or more cards are in your graveyard", text)
    if m and number(m.group(1)):
        return {"cards_in_graveyard": number(m.group(1))}
    m = re.fullmatch(r"you control (an?|one|two|three|four|five|six|seven) (?:or more )?(.+)", text)
    if m:
        count = 1 if m.group(1) in ("a", "an") else number(m.group(1))
        flt = permanent_filter(m.group(2))
        return {"you_control": {"count": count, "filter": flt}} if flt and count else None
    if text == "you played a land this turn":
        return {"played_land_this_turn": True}
    return None


def _instead(sentence: str) -> dict[str, Any] | None:
    """"If [condition], add [mana] instead" after a mana ability's own instruction (614.15)."""
    m = re.fullmatch(r"If (.+?), (?:add (.+) instead|instead add (.+))", sentence)
    if not m:
        return None
    effect = mana_effect("Add " + (m.group(2) or m.group(3)))
    if effect is None:
        return None
    condition = m.group(1)
    if condition == "you played a land this turn":
        return {"if": {"played_land_this_turn": True}, "effect": effect}
    counter = re.fullmatch(r"~ has an? ([a-z]+|\+1/\+1) counters? on it", condition)
    if counter:
        kind = {"+1/+1": "p1p1"}.get(counter.group(1), counter.group(1))
        return {"if": {"counter": kind}, "effect": effect}
    return None


def _option(sentence: str, options: dict[str, Any]) -> bool:
    if sentence in _SPEND:
        options["spend_only"] = [_SPEND[sentence]]
        return True
    riders = {"Spend this mana only to cast a legendary spell, and that spell can't be countered": "legendary_spells",
              "Spend this mana only to cast a creature spell of the chosen type, and that spell can't be countered":
                  "creature_spells_of_the_chosen_type"}
    if sentence in riders:
        options["spend_only"] = [riders[sentence]]
        options["spend_effect"] = "cant_be_countered"
        return True
    sentence = sentence.replace("Activate this ability only", "Activate only")  # the wording before 2021
    if sentence == "Activate only once each turn":
        options["limit"] = "once_each_turn"
        return True
    m = re.fullmatch(r"Activate (?:this ability )?no more than (twice|three times) each turn", sentence)
    if m:  # 602.5b
        options["limit"] = "twice_each_turn" if m.group(1) == "twice" else "three_times_each_turn"
        return True
    if sentence in ("Activate only as a sorcery", "Activate only any time you could cast a sorcery"):
        options["timing"] = "sorcery"
        return True
    m = re.fullmatch(r"Any player may activate this ability( but only any time they could cast a sorcery)?", sentence)
    if m:  # 602.2 (and 307.1: sorcery timing, of whoever activates it)
        options["any_player"] = True
        if m.group(1):
            options["timing"] = "sorcery"
        return True
    if sentence == "Activate only during your upkeep":  # 602.5b
        options["timing"] = "your_upkeep"
        return True
    if sentence == "Activate only during your turn, before attackers are declared":  # 602.5b
        options["timing"] = "your_turn_before_attackers"
        return True
    m = re.fullmatch(r"Activate only if you control (one|two|three|four|five|six|seven|\d+) or more ((?:snow )?\w+)",
                     sentence)
    if m:
        flt = permanent_filter(m.group(2))
        if flt is None or not flt or set(flt) - {"types", "supertypes"}:
            return False
        options["only_if"] = {"you_control": {"count": number(m.group(1)), "filter": flt}}
        return True
    m = re.fullmatch(r"Activate (?:this ability )?only if you control an? ([A-Z][a-z]+)", sentence)
    if m and m.group(1) in _SUBTYPES:  # "Activate only if you control a Swamp" (602.5b)
        options["only_if"] = {"you_control": {"count": 1, "filter": {"subtypes": [_SUBTYPES[m.group(1)]]}}}
        return True
    about_you = _ACTIVATOR_CONDITIONS.get(sentence)
    if about_you is None:
        m = re.fullmatch(r"Activate only if (?:(one|two|three|four|five|six|seven|eight|nine|ten|\d+) or more cards are in "
                         r"your graveyard|creatures you control have total power (\d+) or greater)", sentence)
        about_you = None if not m else {"cards_in_graveyard": number(m.group(1))} if m.group(1) else \
            {"total_power_at_least": int(m.group(2))}
    if about_you and all(v for v in about_you.values()) and "only_if" not in options:  # (602.5b)
        options["only_if"] = about_you
        return True
    return False


#: "Activate only if [a condition about its activator]" (602.5b), as a whole sentence.
_ACTIVATOR_CONDITIONS = {"Activate only during your turn": {"your_turn": True},
                         "Activate only if you have the city's blessing": {"citys_blessing": True},
                         "Activate only if you have no cards in hand": {"no_cards_in_hand": True},
                         "Activate only if you attacked this turn": {"attacked_this_turn": True},
                         "Activate only if you attacked with a creature this turn": {"attacked_this_turn": True}}


# -- other instructions -----------------------------------------------------------------------------
#: Instructions that one pattern reads whole: the pattern, and the instruction it is in the vocabulary.
_PLAIN_EFFECTS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], dict[str, Any]]]] = [
    (re.compile(r"(?:You d|D)raw (a|two|three|four|five) cards?"), lambda m: {"draw": number(m[1])}),
    (re.compile(r"(?:You d|D)raw X cards"), lambda m: {"draw": "X"}),  # (the X announced, 107.3)
    (re.compile(r"Scry ([1-9])"), lambda m: {"scry": int(m[1])}),
    (re.compile(r"Proliferate"), lambda m: {"proliferate": True}),  # (701.27a)
    (re.compile(r"(?:Then )?[Ff]lip a coin"), lambda m: {"flip_coin": True}),  # (705.1)
    (re.compile(r"[Ee]xile all cards from target player's graveyard"),  # (406.2)
     lambda m: {"exile_graveyard_of_target": True}),
    (re.compile(r"[Rr]emove (a|an|one|two|three) (\S+) counters? from ~"),  # (122.1)
     lambda m: {"remove_counters_self": {"kind": counter_kind(m[2]), "count": number(m[1])}} if counter_kind(m[2])
     else None),
    (re.compile(r"Surveil ([1-9])"), lambda m: {"surveil": int(m[1])}),
    (re.compile(r"Add ((?:\{[WUBRGC]\})+)"), lambda m: {"add": m[1]}),  # (a spell's or a trigger's: 106.4, 605.1b)
    (re.compile(r"Look at the top (two|three|four|five) cards of your library, then put them back in any order"),
     lambda m: {"look_and_reorder_top": number(m[1])}),  # (401.2)
    (re.compile(r"You get ((?:\{E\})+)"), lambda m: {"get_energy": m[1].count("{E}")}),  # (107.14)
    (re.compile(r"Look at target (player|opponent)'s hand"), lambda m: {"look_at_hand": m[1]}),  # (400.2)
    # "that player", in "whenever ~ deals combat damage to a player" (the vocabulary refuses it elsewhere)
    (re.compile(r"That player (draws|discards|mills) (a|two|three) cards?"),
     lambda m: {"that_player": {m[1][:-1] if m[1] != "discards" else "discard": number(m[2])}}),
    (re.compile(r"[Dd]efending player (draws|discards|mills) (a|two|three) cards?"),  # (508.5: of this attacker)
     lambda m: {"defending_player": {m[1][:-1] if m[1] != "discards" else "discard": number(m[2])}}),
    (re.compile(r"[Dd]efending player gets (a|two|three) poison counters?"),  # (122.1)
     lambda m: {"defending_player": {"get_poison": number(m[1])}}),
    (re.compile(r"That player (gains|loses) (\d+) life"),
     lambda m: {"that_player": {"gain_life" if m[1] == "gains" else "lose_life": int(m[2])}}),
    (re.compile(r"Bolster ([1-9])"), lambda m: {"bolster": int(m[1])}),
    (re.compile(r"Monstrosity ([1-9]|10)"), lambda m: {"monstrosity": int(m[1])}),  # 701.37a
    (re.compile(r"Adapt ([1-9])"), lambda m: {"adapt": int(m[1])}),  # 701.46a
    (re.compile(r"~ explores"), lambda m: {"explore": True}),  # 701.44a
    (re.compile(r"It explores"), lambda m: {"explore_that": True}),  # (what entered, in a trigger with a filter: 603.2)
    (re.compile(r"~ deals (\d+) damage to you"), lambda m: {"damage_you": int(m[1])}),  # (120.3a)
    (re.compile(r"~ deals (\d+|X) damage to target player or planeswalker"),
     lambda m: {"damage_player_or_planeswalker": "X" if m[1] == "X" else int(m[1])}),
    (re.compile(r"~ deals (\d+|X) damage to target opponent or planeswalker"),
     lambda m: {"damage_opponent_or_planeswalker": "X" if m[1] == "X" else int(m[1])}),
    (re.compile(r"Target opponent (draws|discards|mills) (a|two|three|four|five) cards?"),
     lambda m: {"target_opponent": {m[1].rstrip("s"): number(m[2])}}),
    (re.compile(r"Target opponent (gains|loses) (\d+) life"),
     lambda m: {"target_opponent": {"gain_life" if m[1] == "gains" else "lose_life": int(m[2])}}),
    (re.compile(r"Discard (a|two|three) cards?"), lambda m: {"discard": number(m[1])}),
    (re.compile(r"You gain (\d+|X) life"), lambda m: {"gain_life": "X" if m[1] == "X" else int(m[1])}),
    (re.compile(r"You lose (\d+) life"), lambda m: {"lose_life": int(m[1])}),
    (re.compile(r"You (gain|lose) that much life"), lambda m: {f"{m[1]}_life_that_much": True}),  # 603.2
    (re.compile(r"~ deals that much damage to (any target|you)"),  # 603.2: as much as the event's damage
     lambda m: {"damage_any_target_that_much" if m[1] == "any target" else "damage_you_that_much": True}),
    (re.compile(r"You get that many additional upkeep steps after this phase"),  # 500.8, 500.10
     lambda m: {"additional_upkeep_steps_that_many": True}),
    (re.compile(r"Each opponent loses (\d+) life"), lambda m: {"each_opponent_loses_life": int(m[1])}),
    # 406.2, 601.3: "impulse": the top of a library exiled, and the permission to play what was exiled this turn
    (re.compile(r"Exile the top (card|two cards|three cards) of your library"),
     lambda m: {"exile_top": number(m[1].split()[0]) if " " in m[1] else 1}),
    (re.compile(r"Exile the top card of that player's library|That player exiles the top card of their library"),
     lambda m: {"that_player": {"exile_top": 1}}),
    (re.compile(r"You may play (?:that card|it|those cards|them) this turn|Until end of turn, you may play (?:that "
                r"card|it|those cards|them)"), lambda m: {"may_play_exiled": True}),
    (re.compile(r"~ deals (\d+|X) damage to any target"),
     lambda m: {"damage_any_target": "X" if m[1] == "X" else int(m[1])}),
    (re.compile(r"Mill (a|two|three|four|five) cards?|Put the top (two|three|four|five) cards of your library "
                r"into your graveyard"), lambda m: {"mill": number(m[1] or m[2])}),
    # "Target player ...": the same instructions, followed by the player chosen as the target (109.5)
    (re.compile(r"Target player draws (a|two|three|four|five) cards?"),
     lambda m: {"target_player": {"draw": number(m[1])}}),
    (re.compile(r"Target player draws X cards"), lambda m: {"target_player": {"draw": "X"}}),  # (107.3)
    (re.compile(r"Target player discards (a|two|three|four|five) cards?"),
     lambda m: {"target_player": {"discard": number(m[1])}}),
    (re.compile(r"Target player gains (\d+) life"), lambda m: {"target_player": {"gain_life": int(m[1])}}),
    (re.compile(r"Target player loses (\d+) life"), lambda m: {"target_player": {"lose_life": int(m[1])}}),
    (re.compile(r"Target player mills (a|two|three|four|five|six|seven|eight|nine|ten) cards?|Target player puts the "
                r"top (two|three|four|five|six|seven|eight|nine|ten) cards of their library into their graveyard"),
     lambda m: {"target_player": {"mill": number(m[1] or m[2])}}),
    # "Each player ...", "each opponent ...": each follows it for themselves (101.4)
    (re.compile(r"Each (player|opponent) (draws|discards|mills) (a|two|three|four|five) cards?"),
     lambda m: {f"each_{m[1]}": {m[2].rstrip("s"): number(m[3])}}),
    (re.compile(r"Each player draws X cards"), lambda m: {"each_player": {"draw": "X"}}),
    (re.compile(r"Each player (gains|loses) (\d+) life"),
     lambda m: {"each_player": {"gain_life" if m[1] == "gains" else "lose_life": int(m[2])}}),
    (re.compile(r"Each opponent gains (\d+) life"), lambda m: {"each_opponent": {"gain_life": int(m[1])}}),
]
#: Instructions with a target a filter describes: the pattern (the target's words), and the instruction.
_TARGETED_EFFECTS = [(re.compile(r"Destroy target (.+)"), "destroy_target"),
                     (re.compile(r"Exile target (.+) until ~ leaves the battlefield"), "exile_target_until_leaves"),
                     (re.compile(r"Exile target (.+)"), "exile_target"),
                     (re.compile(r"Tap target (.+)"), "tap_target"),
                     (re.compile(r"Untap target (.+)"), "untap_target"),
                     (re.compile(r"Return target (.+) to its owner's hand"), "return_target_to_hand"),
                     (re.compile(r"Regenerate target (.+)"), "regenerate_target"),
                     (re.compile(r"Put target (.+) on top of its owner's library"), "put_on_top_target"),
                     (re.compile(r"Put target (.+) on the bottom of its owner's library"), "put_on_bottom_target"),
                     (re.compile(r"Attach ~ to target (.+)"), "attach_target")]  # (an Equipment's, 701.3a)


#: "Tap up to two target creatures", "Put a +1/+1 counter on each of up to two target creatures": the instruction
#: with one target, read in the singular, for each of up to N targets (601.2c).
_UP_TO = re.compile(r"(.*?)(?:each of )?[Uu]p to (two|three|four|five) target ((?:[\w+/-]+ )*?)"
                    r"(creatures|cards|lands|spells|permanents|artifacts|enchantments)\b(.*)")
#: What the importer reads for each of up to N targets (``UpTo.EACH`` of the vocabulary).
_UP_TO_EACH = {"tap_target", "untap_target", "return_target_to_hand", "return_card_to_hand", "destroy_target",
               "exile_target", "put_counters_target", "counter_target_spell", "damage_target", "exile_card_target",
               "return_card_to_battlefield"}


def _up_to(sentence: str, permanent: bool) -> dict[str, Any] | None:
    m = _UP_TO.fullmatch(sentence)
    if not m:
        return None
    rest = m.group(5).replace(" to their owners' hands", " to its owner's hand").replace(" from graveyards",
                                                                                        " from a graveyard")
    single = f"{m.group(1)}target {m.group(3)}{m.group(4)[:-1]}{rest}"
    inner = _effect(single[0].upper() + single[1:], permanent)
    if inner is None or len(inner) != 1 or next(iter(inner)) not in _UP_TO_EACH:
        return None
    return {"up_to": {"count": number(m.group(2)), "effect": inner}}


def _effect(sentence: str, permanent: bool = False) -> dict[str, Any] | None:
    """One instruction of a spell or of a non-mana ability ("you may [instruction]": one its player may follow)."""
    if ";" in sentence:
        return _look_and_take(sentence)
    m = re.fullmatch(r"You gain (\w+) life for each (.+)", sentence)
    if m:  # 608.2h: counted as the instruction is followed
        amount, counted = number(m.group(1)), count_phrase(m.group(2))
        return {"gain_life_for_each": {"amount": amount, "for_each": counted}} if amount and counted else None
    m = re.fullmatch(r"You gain life equal to the number of (.+)", sentence)
    if m:  # 608.2h: "equal to the number of" is one life for each
        counted = _number_of(m.group(1))
        return {"gain_life_for_each": {"amount": 1, "for_each": counted}} if counted else None
    m = re.fullmatch(r"(?:T|t)arget (player|opponent) reveals their hand, you choose an? (?:(.+?) )?card from it, and "
                     r"that player discards that card", sentence)
    flt = _DISCARD_CHOICES.get(m.group(2) or "", _card_filter(m.group(2) or "")) if m else None
    if m and flt is not None:  # 701.16a, 701.9b
        return {"choose_discard_from_hand": {"whose": m.group(1), "filter": flt}}
    m = re.fullmatch(r"[Yy]ou may tap or untap target (.+)", sentence)
    flt = permanent_filter(m.group(1)) if m else None
    if m and flt is not None:  # 701.26a-b, 608.2d: tap it, untap it, or neither
        return {"tap_or_untap_target": flt}
    m = re.fullmatch(r"You may have (target (?:player|opponent)) (discard|draw|mill|lose|gain)(.*)", sentence)
    if m:  # "you may have target opponent discard a card": the target chosen anyway (603.3d), followed or not (608.2d)
        inner = _effect(f"T{m.group(1)[1:]} {m.group(2)}s{m.group(3)}", permanent)
        return {"may": inner} if inner is not None and len(inner) == 1 and next(iter(inner)) in MAY_FOLLOWED else None
    m = re.fullmatch(r"You may have ~ deal (.+)", sentence)  # "you may have ~ deal 1 damage to ...": its damage, if
    if m:  # its controller wants (608.2d)
        inner = _effect(f"~ deals {m.group(1)}", permanent)
        return {"may": inner} if inner is not None and next(iter(inner)) in MAY_FOLLOWED else None
    m = re.fullmatch(r"You may (.+)", sentence)
    if m and not m.group(1).startswith(("have ", "pay ", "cast ", "play ")):
        inner = _effect(m.group(1)[0].upper() + m.group(1)[1:], permanent)
        if inner is None and m.group(1).startswith(("gain ", "lose ")):  # "you may gain 3 life": "you gain 3 life"
            inner = _effect(f"You {m.group(1)}", permanent)
        return {"may": inner} if inner is not None and "may" not in inner and "lasting_on_self" not in inner \
            and "lasting_on_target" not in inner and "up_to" not in inner else None
    m = re.fullmatch(rf"(.+) unless (you pay|its controller pays) ({MANA})", sentence)
    if m:  # 118.12: "counter target spell unless its controller pays {3}", "sacrifice ~ unless you pay {G}"
        inner = _effect(m.group(1), permanent)
        by = "you" if m.group(2) == "you pay" else "target_controller"
        if inner is None or next(iter(inner)) not in ("counter_target_spell", "sacrifice_self") or \
                (by == "target_controller") != ("counter_target_spell" in inner) or m.group(3).count("{X}") > 1:
            return None
        return {"unless_paid": {"pay": m.group(3), "by": by, "effect": inner}}
    counted = _up_to(sentence, permanent)
    if counted is not None:
        return counted
    fight = _power_damage(sentence, permanent)
    if fight is not None:
        return fight
    if permanent and sentence == "Sacrifice ~":
        return {"sacrifice_self": True}  # 701.21a
    if permanent and sentence == "Transform ~":
        return {"transform_self": True}  # 701.28a
    if permanent and sentence == "Create a token that's a copy of that creature":
        return {"create_token_copy_that": True}  # (707.2: of an enters trigger, the permanent that entered)
    m = re.fullmatch(r"Copy that spell( and you may choose new targets for (?:the|that) copy)?", sentence)
    if m:  # 603.2, 707.10: the spell that triggered a "whenever you cast" ability
        return {"copy_triggering_spell": {"new_targets": True} if m.group(1) else True}
    m = re.fullmatch(r"Copy that ability( and you may choose new targets for (?:the|that) copy)?", sentence)
    if m:  # 603.2, 707.10: the ability that triggered a "whenever ... is activated" ability
        return {"copy_triggering_ability": {"new_targets": True} if m.group(1) else True}
    m = re.fullmatch(r"Copy target (instant or sorcery|instant|sorcery) spell( you control)?"
                     r"(?: with (?:converted mana cost|mana value) (\d+) or less)?", sentence)
    if m:  # 707.10
        flt: dict[str, Any] = {"types": [m.group(1)]} if " or " not in m.group(1) else {}
        if m.group(2):
            flt["controller"] = "you"
        if m.group(3):
            flt["mana_value_at_most"] = int(m.group(3))
        return {"copy_target_spell": {"count": 1, "filter": flt}} if flt else {"copy_target_spell": 1}
    counted = _damage_counted(sentence)
    if counted is not None:
        return counted
    for pattern, make in _PLAIN_EFFECTS:
        m = pattern.fullmatch(sentence)
        if m:
            return make(m)
    m = re.fullmatch(r"Return (another )?target ((?:.+? )?card(?: with (?:converted mana cost|mana value) \d+ or "
                     r"(?:less|greater))?) from your graveyard to (your hand|the battlefield)", sentence)
    if m:  # 400.3, 115.1, 110.2; "another": not the card whose ability it is (a dies trigger's, in the graveyard too)
        flt = {} if m.group(2) == "card" else _card_filter(m.group(2).replace(" card", "", 1))
        to = "return_card_to_hand" if m.group(3) == "your hand" else "return_card_to_battlefield"
        return None if flt is None else {to: {**flt, "other": True} if m.group(1) else flt}
    search = _search(sentence)
    if search is not None:
        return search
    m = re.fullmatch(r"Put target (?:(.+?) )?card from a graveyard on the bottom of its owner's library", sentence)
    if m:  # 400.3, 401.4, 115.1
        flt = {} if m.group(1) is None else _card_filter(m.group(1))
        return None if flt is None else {"put_card_on_bottom": flt}
    m = re.fullmatch(r"Put target (?:(.+?) )?card from your graveyard on top of your library", sentence)
    if m:  # 400.3, 115.1
        flt = {} if m.group(1) is None else _card_filter(m.group(1))
        return None if flt is None else {"put_card_on_top": flt}
    m = re.fullmatch(r"Exile an? (?:(.+?) )?card from your hand", sentence)
    if m and permanent:  # 406.1, 607.2a: exiled with the permanent (Chrome Mox's imprint)
        nons = [w.strip() for w in (m.group(1) or "").split(",")]
        flt = {} if m.group(1) is None else {"not_types": [w[3:] for w in nons]} if all(
            w.startswith("non") and w[3:] in TYPE_WORDS for w in nons) else _card_filter(m.group(1))
        return None if flt is None else {"exile_card_from_hand": flt}
    m = re.fullmatch(r"Exile target (?:(.+?) )?card from a graveyard", sentence)
    if m:  # 406.2, 115.1: any player's graveyard
        flt = {} if m.group(1) is None else _card_filter(m.group(1))
        return None if flt is None else {"exile_card_target": flt}
    m = re.fullmatch(r"Counter target (?:(.+?) )?spell", sentence)
    if m:  # "counter target spell", "... noncreature spell", "... instant or sorcery spell"
        words = m.group(1)
        spell_types = {"instant", "sorcery"}
        if words is None:
            return {"counter_target_spell": {}}
        if words in spell_types:
            return {"counter_target_spell": {"types": [words]}}
        if words == "instant or sorcery":
            return {"counter_target_spell": {"any_types": ["instant", "sorcery"]}}
        if words.startswith("non") and words[3:] in TYPE_WORDS | spell_types:
            return {"counter_target_spell": {"not_types": [words[3:]]}}
        flt = permanent_filter(words) or permanent_filter(f"{words} permanent")  # (a spell's types and colors, 105.2)
        return {"counter_target_spell": flt} if flt is not None and set(flt) <= {"types", "any_types", "colors",
                                                                               "any_colors", "not_colors"} else None
    m = re.fullmatch(r"Each (player|opponent) (discards|draws|mills) (a|two|three) cards?", sentence)
    if m:  # 101.4
        verb = {"discards": "discard", "draws": "draw", "mills": "mill"}[m.group(2)]
        return {f"each_{m.group(1)}": {verb: number(m.group(3))}}
    m = re.fullmatch(r"(Each player sacrifices|Each opponent sacrifices|Sacrifice) (an? .+)", sentence)
    if m:  # an edict: each such player chooses one they control (701.21a)
        flt = permanent_filter(m.group(2))
        who = {"Each player sacrifices": "each_player", "Each opponent sacrifices": "each_opponent"}.get(m.group(1), "you")
        return {"sacrifice_one": {"who": who, "filter": flt}} if flt is not None and "controller" not in flt else None
    m = re.fullmatch(r"(Target player|Target opponent|That player) sacrifices (an? .+)", sentence)
    if m:  # an edict at a player: the player who follows it chooses one they control (701.21a, 608.2c)
        flt = permanent_filter(m.group(2))
        who = {"Target player": "target_player", "Target opponent": "target_opponent"}.get(m.group(1), "that_player")
        return {who: {"sacrifice": flt}} if flt is not None and "controller" not in flt else None
    if sentence in ("It can't be regenerated", "They can't be regenerated"):  # 701.19c, after a "destroy"
        return {"cant_be_regenerated": True}
    m = re.fullmatch(r"[Uu]ntap up to (one|two|three|four|five|six|seven|eight|nine|ten|\d+) (.+)", sentence)
    if m and not m.group(2).startswith("target"):  # no target: chosen as it is followed (701.26b, 608.2c)
        flt = permanent_filter(m.group(2))
        return {"untap_up_to": {"count": number(m.group(1)), "filter": flt}} if flt is not None and number(m.group(1)) \
            and "other" not in flt else None
    m = re.fullmatch(r"(Destroy|Exile|Tap|Untap) all (.+)", sentence) or \
        re.fullmatch(r"(Return) all (.+?) to their owners?'s? hands?", sentence)
    if m and m.group(2) in _LAND_PLURALS:  # "Destroy all Islands", "untap all Forests" (205.3i)
        return {_ALL[m.group(1)]: {"subtypes": [_LAND_PLURALS[m.group(2)]]}}
    flt = _all_permanents(m.group(2)) if m else None
    if m and flt is not None and ("other" not in flt or permanent):  # no target (701.8a, 406.2, 400.7, 701.26a-b)
        return {_ALL[m.group(1)]: flt}  # ("all other creatures": other than this permanent)
    m = re.fullmatch(r"Create (a token|two tokens|three tokens) that(?:'s| are) (?:a copy|copies) of target (.+)", sentence)
    if m:  # 707.2, 111.1: its copiable values as the instruction is followed
        flt = permanent_filter(m.group(2))
        count = {"a token": 1, "two tokens": 2, "three tokens": 3}[m.group(1)]
        return {"create_token_copies_target": {"filter": flt, "count": count}} if flt is not None else None
    for pattern, key in _TARGETED_EFFECTS:
        m = pattern.fullmatch(sentence)
        if m and key == "exile_target_until_leaves" and not permanent:
            return None  # (until a permanent leaves: a permanent's ability, 610.3c)
        if m:
            flt = permanent_filter(m.group(1))  # ("an opponent controls": seen from the controller of the spell or
            return {key: flt} if flt is not None else None  # ability, 109.4, 115.1)
    m = re.fullmatch(r"Prevent the next (\d+) damage that would be dealt to (any target|target .+?|~|you) this turn"
                     r"(, and put a ([+-]1/[+-]1) counter on that creature for each 1 damage prevented this way)?",
                     sentence)
    if m and m.group(3):  # a shield that puts counters for the damage it prevents (Test of Faith)
        flt = permanent_filter(m.group(2).removeprefix("target ")) if m.group(2).startswith("target ") else None
        kind = {"+1/+1": "p1p1", "-1/-1": "m1m1"}.get(m.group(4))
        return None if flt is None or kind is None or flt.get("types") != ["creature"] else \
            {"prevent_next_target": {"amount": int(m.group(1)), "filter": flt, "counters": kind}}
    if m:  # a prevention shield (615.7)
        amount, to = int(m.group(1)), m.group(2)
        if to == "any target":
            return {"prevent_next_any_target": amount}
        if to == "you":
            return {"prevent_next_you": amount}
        if to == "~":
            return {"prevent_next_self": amount} if permanent else None
        flt = permanent_filter(to.removeprefix("target "))
        return {"prevent_next_target": {"amount": amount, "filter": flt}} if flt is not None else None
    m = re.fullmatch(r"~ deals (\d+|X) damage to each (?:(player|opponent)|(.+?)( and each (?:player|opponent))?)",
                     sentence)
    if m:  # "to each creature and each player", "to each other creature", "to each opponent": no target
        amount = "X" if m.group(1) == "X" else int(m.group(1))
        body: dict[str, Any] = {"amount": amount}
        if m.group(3):
            flt = permanent_filter(m.group(3))
            if flt is None or flt.get("types") != ["creature"] or \
                    set(flt) - {"types", "other", "controller", "keywords", "not_keywords", "attacking", "blocking",
                                "in_combat"}:
                return None
            body["filter"] = flt
        who = m.group(2) or (m.group(4) or "").rpartition(" ")[2]
        if who:
            body["players"] = "each" if who == "player" else "opponents"
        return {"damage_each": body}
    m = re.fullmatch(r"~ deals (\d+) damage divided as you choose among (one or two|one, two, or three) targets", sentence)
    if m and int(m.group(1)) >= (2 if m.group(2) == "one or two" else 3):
        return {"damage_divided": {"amount": int(m.group(1)), "targets": 2 if m.group(2) == "one or two" else 3}}
    m = re.fullmatch(r"~ deals (\d+) damage divided as you choose among any number of targets", sentence)
    if m and 2 <= int(m.group(1)) <= 5:  # (601.2d: at most one target for each damage)
        return {"damage_divided": {"amount": int(m.group(1)), "targets": int(m.group(1))}}
    m = re.fullmatch(r"~ deals (\d+|X) damage to target (.+)", sentence)
    if m and m.group(2) not in ("player", "opponent", "player or planeswalker"):
        flt = permanent_filter(m.group(2))
        if flt is not None and flt.get("controller", "you") in ("you", "opponent"):  # (seen from the spell's controller)
            return {"damage_target": {"amount": "X" if m.group(1) == "X" else int(m.group(1)), "filter": flt}}
    m = re.fullmatch(r"Exile another target (.+)", sentence)
    if m:
        flt = permanent_filter(m.group(1))
        return {"exile_target": {**flt, "other": True}} if flt is not None and "controller" not in flt else None
    if permanent and sentence == "Return the exiled card to the battlefield under its owner's control":
        return {"return_exiled": True}
    m = re.fullmatch(r"Sacrifice ~ unless you discard (?:a|an) (?:(.+?) )?card( at random)?", sentence)
    if m and permanent and not (m.group(1) and m.group(2)):  # 118.12, 701.9a-b: any card, of a kind, or at random
        kind = _card_filter(m.group(1)) if m.group(1) else {}
        if kind is not None:
            return {"sacrifice_unless_discard": {"at_random": True} if m.group(2) else {"filter": kind} if kind else {}}
    m = re.fullmatch(r"Sacrifice ~ unless you return (a|an|another) (.+?) to its owner's hand", sentence)
    flt = permanent_filter(f"{m.group(1)} {m.group(2)}") if m and permanent else None
    if flt is not None:  # 118.12: one returned, or this sacrificed
        return {"sacrifice_unless_return": flt}
    m = re.fullmatch(r"Sacrifice ~ unless you sacrifice (a|an) (.+)", sentence)
    if m and permanent:
        flt = permanent_filter(m.group(2))
        return {"sacrifice_unless_sacrifice": {**flt, "controller": "you"}} if flt and "controller" not in flt else None
    m = re.fullmatch(r"(?:If|if) there are (\d+) or more (\w+) counters on ~, you win the game", sentence)
    if m and permanent:
        return {"win_the_game_with_counters": {"kind": m.group(2), "count": int(m.group(1))}}
    token = _create_token(sentence)
    if token is not None:
        return token
    if sentence in ("Investigate", "You investigate"):  # 701.36a: create a Clue token
        return {"create_tokens": {"kind": "clue", "count": 1}}
    m = re.fullmatch(r"Create (a|two|three) (Treasure|Food|Clue) tokens?", sentence)
    if m:
        return {"create_tokens": {"kind": m.group(2).lower(), "count": number(m.group(1))}}
    m = re.fullmatch(r"[Dd]efending player loses (\d+) life", sentence)
    if m and permanent:  # in the creature's own combat triggers (508.5; the vocabulary refuses it elsewhere)
        return {"defending_player_loses_life": int(m.group(1))}
    if permanent and sentence == "Untap ~":
        return {"untap_self": True}
    if permanent and sentence == _SKIP_UNTAP_SELF:  # 502.3
        return {"skip_untap_self": True}
    m = re.fullmatch(r"Target (.+) doesn't untap during its controller's next untap step", sentence)
    if m:
        flt = permanent_filter(m.group(1))
        return {"skip_untap_target": flt} if flt is not None else None
    if sentence == _LASTING_SELF and permanent:
        return {"lasting_on_self": NEXT}
    if sentence == _LASTING_THAT and permanent:
        return {"lasting_on_that": NEXT}
    if sentence == "Destroy that creature" and permanent:  # (the trigger's event is about it, 603.2)
        return {"destroy_that": True}
    if sentence == "Tap that creature" and permanent:
        return {"tap_that_creature": True}
    if sentence in ("It doesn't untap during its controller's next untap step",
                    "That creature doesn't untap during its controller's next untap step") and permanent:
        return {"skip_untap_that_creature": True}
    m = re.fullmatch(r"~ deals (\d+) damage to that creature", sentence)
    if m and permanent and int(m.group(1)) > 0:
        return {"damage_that": int(m.group(1))}
    m = re.fullmatch(r"~ deals (\d+) damage to that player", sentence)
    if m and permanent and int(m.group(1)) > 0:  # (603.2: a trigger whose event is about a player)
        return {"damage_that_player": int(m.group(1))}
    if re.fullmatch(r"[Aa]ttach ~ to (?:it|that creature)", sentence) and permanent:  # (701.3a: what entered, 603.2)
        return {"attach_to_that": True}
    m = _DAMAGE_TO_ITS_CONTROLLER.fullmatch(sentence)
    if m and permanent and int(m.group(1)) > 0:  # (603.2: of the permanent a trigger's event is about)
        return {"damage_that_controller": int(m.group(1))}
    if sentence == _LASTING_ENCHANTED and permanent:  # the permanent this is attached to (303.4, 301.5)
        return {"lasting_on_enchanted": NEXT}
    m = re.fullmatch(r"(Tap|Untap|Regenerate) (?:enchanted|equipped) creature", sentence)
    if m and permanent:
        return {f"{m.group(1).lower()}_enchanted": True}
    if sentence == _LASTING_EACH:
        return {"lasting_on_each": NEXT}
    if sentence == _DELAYED_TOKEN:
        return {"lasting_on_tokens": DELAYED}
    if sentence == _DELAYED_SELF and permanent:
        return {"lasting_on_self": DELAYED}
    if sentence == _DELAYED_THAT and permanent:  # (a triggered ability whose event is about that creature)
        return {"lasting_on_that": DELAYED}
    if sentence == _DELAYED_EFFECT:
        return {"create_effect": DELAYED}
    if sentence == _DELAYED_EXILED:
        return {"lasting_on_exiled": DELAYED}
    if sentence == _EXILES_ITSELF and permanent:
        return {"exile_source": True}
    m = _LASTING_TARGET.fullmatch(sentence) or _LASTING_ANY_TARGET.fullmatch(sentence)
    if m:
        flt = permanent_filter(m.group(1))
        if flt is None or flt.get("types") != ["creature"] and m.re is _LASTING_TARGET:
            return None
        return {"lasting_on_target": {"ability": NEXT, "target": flt}}
    m = re.fullmatch(r"Return (?:a|an) (.+ you control) to its owner's hand", sentence)
    if m:  # bounce lands: a choice, not a target
        flt = permanent_filter(m.group(1))
        return {"return_one_to_hand": flt} if flt is not None else None
    if permanent and sentence == "Return ~ to its owner's hand":
        return {"return_self_to_hand": True}
    if permanent and sentence == "Put ~ on top of its owner's library":  # 400.3
        return {"put_self_on_top": True}
    if permanent and sentence == "Regenerate ~":
        return {"regenerate_self": True}
    m = re.fullmatch(r"Put (a|an|one|two|three|X) (\S+) counters? on ~", sentence)
    if m and permanent and counter_kind(m.group(2)):
        count = "X" if m.group(1) == "X" else number(m.group(1))
        return {"put_counters_self": {"kind": counter_kind(m.group(2)), "count": count}}
    m = re.fullmatch(r"Put (a|an|one|two|three) (\S+) counters? on target (.+)", sentence)
    if m and counter_kind(m.group(2)):
        flt = permanent_filter(m.group(3))
        if flt is not None:
            return {"put_counters_target": {"kind": counter_kind(m.group(2)), "count": number(m.group(1)), "filter": flt}}
    m = re.fullmatch(r"Put (a|an|one|two|three|four|five) (\S+) counters? on each (.+)", sentence)
    if m and counter_kind(m.group(2)):  # no target: each permanent the filter matches (122.1)
        flt = permanent_filter(m.group(3))
        if flt is not None:
            return {"put_counters_each": {"kind": counter_kind(m.group(2)), "count": number(m.group(1)), "filter": flt}}
    if sentence == "Exile all cards from all graveyards":
        return {"exile_all_graveyards": True}
    return None


_COLOR_WORDS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}


def _number_of(words: str) -> dict[str, Any] | None:
    """What "the number of [Mountains you control, creature cards in your graveyard]" counts, as for_each reads "for
    each [Mountain you control, creature card in your graveyard]"."""
    words = re.sub(rf"^({_BASIC_TYPE})s?\b", r"\1", words)
    return count_phrase(re.sub(r"^((?:.+ )?)cards in ", r"\1card in ", words))


def _damage_counted(sentence: str) -> dict[str, Any] | None:
    """"~ deals damage to any target (target player or planeswalker, target [permanent]) equal to the number of
    Mountains you control (cards in your hand)": as much damage as the count finds as it resolves (120.1, 608.2h)."""
    m = re.fullmatch(r"~ deals damage to (any target|target player or planeswalker|target (.+?)) equal to the number "
                     r"of (.+)", sentence)
    if not m:
        return None
    counted = _number_of(m.group(3))
    if counted is None:
        return None
    if m.group(1) == "any target":
        return {"damage_any_target_counted": counted}
    if m.group(1) == "target player or planeswalker":
        return {"damage_player_or_planeswalker_counted": counted}
    flt = permanent_filter(m.group(2))
    return None if flt is None or "other" in flt else {"damage_target_counted": {"filter": flt, "count": counted}}


#: The instructions "you may" (and "you may pay ... If you do") can hold: those the vocabulary lets one choose to follow.
MAY_FOLLOWED = MayInstruction.FOLLOWED


def _power_damage(sentence: str, permanent: bool) -> dict[str, Any] | None:
    """Damage dealt by a creature's power: "~ deals damage equal to its power to any target (target [permanent])"
    (608.2h), "target [creature] deals damage equal to its power to target [permanent]", "target [creature] deals
    damage to itself equal to its power", and fights (701.12a): "~ fights
    target [creature]", "you may have it fight target [creature]", "target [creature] fights target [creature]"."""
    m = re.fullmatch(r"~ deals damage equal to its power to (any target|target (.+))", sentence)
    if m and permanent:
        if m.group(1) == "any target":
            return {"power_damage_any_target": True}
        flt = permanent_filter(m.group(2))
        return {"power_damage_target": flt} if flt is not None and "other" not in flt else None
    m = re.fullmatch(r"Target (.+?) deals damage equal to its power to target (.+)", sentence)
    if m:
        source, target = permanent_filter(m.group(1)), permanent_filter(m.group(2))
        if source is None or target is None or source.get("types") != ["creature"] or "other" in target:
            return None
        return {"bite": {"source": source, "target": target}}
    m = re.fullmatch(r"Target (.+?) deals damage to itself equal to its power", sentence)
    if m:
        flt = permanent_filter(m.group(1))
        return {"damage_itself_by_power": flt} if flt is not None and flt.get("types") == ["creature"] else None
    m = re.fullmatch(r"(~ fights|You may have (?:~|it) fight) target (.+)", sentence)
    if m and permanent:
        flt = permanent_filter(m.group(2))
        if flt is None or flt.get("types") != ["creature"] or "other" in flt:
            return None
        return {"fight_target": flt} if m.group(1) == "~ fights" else {"may": {"fight_target": flt}}
    m = re.fullmatch(r"Target (.+?) fights target (.+)", sentence)
    if m:
        first, second = permanent_filter(m.group(1)), permanent_filter(m.group(2))
        if first is None or second is None or first.get("types") != ["creature"] or \
                second.get("types") != ["creature"] or "other" in second:
            return None
        return {"fight_targets": {"first": first, "second": second}}
    return None


def _create_token(sentence: str, ability: str = "") -> dict[str, Any] | None:
    """"Create two 1/1 white Soldier creature tokens [with flying]": a token kind with exactly these characteristics
    (111.4): the built-in library's, or else one described by a token card of its own that the import writes with
    the library (:func:`described_token`)."""
    m = re.fullmatch(r"Create (a|two|three|four|five) (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)"
                     r"(?:(?:,| and) (?:white|blue|black|red|green))*) ((?:[A-Z][a-z]+ )*[A-Z][a-z]+) "
                     r"((?:artifact )?creature) tokens?(?: with ([a-z ]+?))?( for each \+1/\+1 counter on ~)?", sentence)
    if not m:
        return None
    count, power, toughness, colors, subtypes, types, keywords, per = m.groups()
    words = re.split(r", and |, | and ", keywords) if keywords else []
    if any(w not in FILTER_KEYWORDS for w in words):
        return None
    wanted = {"power": int(power), "toughness": int(toughness), "subtypes": tuple(subtypes.lower().split()),
              "types": frozenset(types.split()), "keywords": frozenset(w.replace(" ", "_") for w in words),
              "colors": frozenset(_COLOR_WORDS[c] for c in re.findall(r"\w+", colors) if c in _COLOR_WORDS),
              "ability": ability}
    kind = _token_kind(wanted)
    if kind is None:
        return None
    body: dict[str, Any] = {"kind": kind, "count": number(count)}
    if per:
        if count != "a":
            return None
        body["per_counter"] = "p1p1"
    return {"create_tokens": body}


def _token_kind(wanted: dict[str, Any]) -> str | None:
    """The kind of the built-in token card with these characteristics, or the kind its own card describes (None if
    the ability it has, "It has \"...\"", is one no template reads)."""
    text = wanted["ability"] if wanted["ability"].endswith(".") else wanted["ability"] + "."
    abilities = translate_line(re.sub(r"\bthis (?:creature|artifact|token)\b", "~", text), False) \
        if wanted["ability"] else []
    if abilities is None or len(abilities) > 1 or any("unsupported" in a for a in abilities):
        return None
    for card in builtin_library().cards.values() if not abilities else ():
        if card.token and _token_matches(card, wanted):
            return card.token
    colors = "".join(c for c in "wubrg" if c in wanted["colors"]) or "colorless"
    artifact = ["artifact"] if "artifact" in wanted["types"] else []
    slug = [re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")] if abilities else []
    kind = "_".join([*wanted["subtypes"], str(wanted["power"]), str(wanted["toughness"]), colors, *artifact,
                     *sorted(wanted["keywords"]), *slug])
    if kind not in _DESCRIBED:  # (named by its subtypes, 111.4, and told apart by what else it is)
        words = [f"{wanted['power']}/{wanted['toughness']}",
                 " ".join([" and ".join(_COLOR_NAMES[c] for c in "wubrg" if c in wanted["colors"]) or "colorless",
                           *artifact]),
                 *sorted(k.replace("_", " ") for k in wanted["keywords"]),
                 *(f'"{text}"' for _ in abilities)]
        card: dict[str, Any] = {
            "name": f"{' '.join(t.capitalize() for t in wanted['subtypes'])} Token ({', '.join(words)})",
            "token": kind, "types": sorted(wanted["types"]), "subtypes": list(wanted["subtypes"]),
            "power": wanted["power"], "toughness": wanted["toughness"]}
        if wanted["colors"]:
            card["colors"] = [c for c in "wubrg" if c in wanted["colors"]]
        if wanted["keywords"] or abilities:
            card["abilities"] = [{"keyword": k} for k in sorted(wanted["keywords"])] + abilities
        _DESCRIBED[kind] = card
    return kind


#: The token cards described so far by the lines read ("a 1/1 white Spirit creature token with flying"), by kind:
#: each a function of its description alone, written with the library that uses it.
_DESCRIBED: dict[str, dict[str, Any]] = {}
_COLOR_NAMES = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}


def described_token(kind: str) -> dict[str, Any] | None:
    """The token card of a kind a line described, or None for a kind of the built-in library (or none)."""
    return _DESCRIBED.get(kind)


def _token_matches(card: Any, wanted: dict[str, Any]) -> bool:
    keywords = frozenset(a.keyword for a in card.abilities if a.kind == "keyword")
    return (card.power == wanted["power"] and card.toughness == wanted["toughness"]
            and card.subtypes == wanted["subtypes"] and frozenset(card.types) == wanted["types"]
            and frozenset(card.colors or ()) == wanted["colors"] and not card.mana_cost and not card.supertypes
            and keywords == wanted["keywords"] and all(a.kind == "keyword" for a in card.abilities))


#: "..., and you gain 3 life": a second instruction joined to the first by "and" (608.2c: in order).
_AND_YOU = re.compile(r"(.+?) and (you (?:gain|lose) \w+ life)")
_LAND_PLURALS = {"Plains": "plains", "Islands": "island", "Swamps": "swamp", "Mountains": "mountain",
                 "Forests": "forest"}
#: The basic land types as text names one ("a Forest") and several ("Forests"): alternatives of a regular expression.
_BASIC_TYPE = "|".join(t.title() for t in _LAND_PLURALS.values())
_BASIC_TYPES = "|".join(_LAND_PLURALS)
_AND_DAMAGE_TO_TARGET = re.compile(r"(~ deals \d+ damage to target (?:creature|creature or planeswalker)) and (\d+) "
                                   r"damage to (target (?:player|opponent) or planeswalker)")
_AND_DAMAGE_TO_YOU = re.compile(r"(~ deals \d+ damage to (?:any target|target [^,]+?)) and (\d+) damage to you")
_AND_DAMAGE_TO_ITS_CONTROLLER = re.compile(r"(~ deals \d+ damage to target [^,]+?) and (\d+) damage to "
                                           r"(that (?:creature|permanent)'s controller)")
#: "~ deals N damage to that creature's (land's ...) controller": of the one target before it (608.2h), or, in a
#: triggered ability, of the permanent its event was about (603.2).
_DAMAGE_TO_ITS_CONTROLLER = re.compile(r"~ deals (\d+) damage to that (?:creature|land|artifact|permanent)'s controller")


_THEN_DISCARD = re.compile(r"(Draw .+?), then (discard .+)")
#: "Scry 2, then draw a card": two instructions, one after the other (701.22a, 121.1).
_SCRY_THEN_DRAW = re.compile(r"(Scry \d+), then (draw (?:a card|two cards|three cards))")
#: "You gain 3 life and get {E}{E}": two instructions of one player (107.14).
_AND_GET = re.compile(r"(You gain \d+ life) and (get (?:\{E\})+)")
#: "You gain 1 life and draw a card": two instructions of one player (119.1, 121.1).
_AND_DRAW = re.compile(r"(You (?:gain|lose) (?:\d+|X) life) and (draw (?:a card|two cards|three cards|X cards))")


_SEARCH = re.compile(r"Search your library for (a|an|one|two|three|four|five|up to (?:one|two|three|four|five)) "
                     r"((?:.+? )?cards?(?: named ~| with (?:converted mana cost|mana value) \d+ or (?:less|greater))?),? "
                     r"(?:and )?(?:reveal (?:it|them|that card|those cards),? (?:and )?)?"
                     r"put (?:it|them|that card|those cards) (into your hand|onto the battlefield( tapped)?),? "
                     r"then shuffle(?: your library)?")
_SHUFFLE = re.compile(r"(?:Then|If you do,) shuffle(?: your library)?")


#: "Destroy all", "Exile all", "Return all ... to their owners' hands", "Tap (untap) all": the instruction each is, no
#: target.
_ALL = {"Destroy": "destroy_all", "Exile": "exile_all", "Return": "return_all_to_hand", "Tap": "tap_all",
        "Untap": "untap_all"}


def _all_permanents(phrase: str) -> dict[str, Any] | None:
    """What "all [phrase]" names, as a filter: "creatures you control", "artifacts and enchantments" (each permanent
    that is one or the other)."""
    kinds = r"(?:artifacts|creatures|enchantments|lands|planeswalkers)"
    if re.fullmatch(rf"{kinds}(?:, {kinds})*,? and {kinds}", phrase):  # ("artifacts, creatures, and lands")
        types = [k[:-1] for k in re.split(r",? and |, ", phrase)]
        return {"any_types": types} if len(set(types)) == len(types) else None
    return permanent_filter(phrase)


def _search(sentence: str) -> dict[str, Any] | None:
    """"Search your library for up to two basic land cards, reveal them, put them into your hand (onto the battlefield
    tapped), then shuffle" (701.23, 701.24); the library shuffled in the next sentence is joined to it first
    (:func:`_effects`)."""
    m = _SEARCH.fullmatch(sentence)
    if m is None:
        return None
    count = number(m.group(1).removeprefix("up to "))
    flt = _searched_cards(re.sub(r"(^| )cards?( |$)", r"\1\2", m.group(2)).strip())
    if count is None or flt is None:
        return None
    value = {"filter": flt, "count": count} if count > 1 else {"filter": flt}
    if m.group(3) == "into your hand":
        return {"search_to_hand": value}
    return {"search_to_battlefield": {**value, "tapped": True} if m.group(4) else value}


def _searched_cards(phrase: str) -> dict[str, Any] | None:
    """"basic land", "basic Forest", "Plains or Island", "legendary creature", "Aura", "named ~", "Rebel permanent
    with converted mana cost 3 or less": the quality a search states ("" for "a card")."""
    if not phrase:
        return {}
    if phrase == "named ~":  # 201.2
        return {"same_name": True}
    permanent = re.fullmatch(r"(.*?) ?permanent( .*)?", phrase)
    if permanent:  # a permanent card: one that could be put onto the battlefield (110.4a)
        rest = _searched_cards(f"{permanent.group(1)}{permanent.group(2) or ''}".strip())
        return None if rest is None or rest.get("types") or rest.get("any_types") or rest.get("not_types") else \
            {**rest, "not_types": ["instant", "sorcery"]}
    with_value = re.fullmatch(r"(.*?) ?with (?:converted mana cost|mana value) (\d+) or (less|greater)", phrase)
    if with_value:  # 202.3
        rest = _searched_cards(with_value.group(1))
        key = "mana_value_at_most" if with_value.group(3) == "less" else "mana_value_at_least"
        return None if rest is None or int(with_value.group(2)) < (key == "mana_value_at_least") else \
            {**rest, key: int(with_value.group(2))}
    either = re.fullmatch(r"([A-Z][a-z]+) or ([A-Z][a-z]+)", phrase) or \
        re.fullmatch(r"((?:[A-Z][a-z]+, )+)or ([A-Z][a-z]+)", phrase)
    kinds = [k.lower() for k in re.findall(r"[A-Z][a-z]+", phrase)] if either else []
    if kinds and set(kinds) <= _SUBTYPE_NAMES:  # "an Island or Swamp card", "a Forest, Plains, or Island card" (205.3)
        return {"any_subtypes": kinds}
    for word, supertype in (("basic ", "basic"), ("legendary ", "legendary")):
        if phrase.startswith(word):
            rest = _searched_cards(phrase[len(word):])
            return None if rest is None or "supertypes" in rest else {"supertypes": [supertype], **rest}
    return _card_filter(phrase)


def _split_sentence(s: str) -> list[str]:
    """One sentence as the instructions it joins ("X and you gain N life": two)."""
    if s == "~ explores, then ~ explores again":  # (701.44a: twice, one after the other)
        return ["~ explores", "~ explores"]
    kept = re.fullmatch(r"(?:T|t)ap that creature and (it doesn't untap during its controller's next untap step)", s)
    if kept:  # two instructions about the one creature (701.26a, 502.3)
        return ["Tap that creature", kept.group(1)[0].upper() + kept.group(1)[1:]]
    two = _AND_DAMAGE_TO_TARGET.fullmatch(s)
    if two:  # "~ deals 3 damage to target creature and 2 damage to target player or planeswalker": two targets
        return [two.group(1), f"~ deals {two.group(2)} damage to {two.group(3)}"]
    to_you = _AND_DAMAGE_TO_YOU.fullmatch(s)
    if to_you:  # "~ deals 2 damage to any target and 1 damage to you": two instructions (120.3)
        return [to_you.group(1), f"~ deals {to_you.group(2)} damage to you"]
    to_its = _AND_DAMAGE_TO_ITS_CONTROLLER.fullmatch(s)
    if to_its:  # "~ deals 3 damage to target creature and 3 damage to that creature's controller" (120.3, 608.2h)
        return [to_its.group(1), f"~ deals {to_its.group(2)} damage to {to_its.group(3)}"]
    m = _AND_YOU.fullmatch(s) or _THEN_DISCARD.fullmatch(s) or _SCRY_THEN_DRAW.fullmatch(s)
    get = _AND_GET.fullmatch(s)
    if get:
        return [get.group(1), "You " + get.group(2)]
    draw = _AND_DRAW.fullmatch(s)
    if draw:
        return [draw.group(1), "D" + draw.group(2)[1:]]
    return [m.group(1)[0].upper() + m.group(1)[1:], m.group(2)[0].upper() + m.group(2)[1:]] if m else [s]


def instruction_sentences(text: str) -> list[str]:
    """The instructions of a text, one sentence each: its sentences, with "X and you gain N life" and "Draw a card,
    then discard a card" each two, and a search with the shuffle after it one."""
    out = []
    for s in _sentences(text):
        parts = _split_sentence(s)
        condition = re.match(r"If [^,]+, ", s)
        if condition and len(parts) > 1:  # "If you control a Vampire, each opponent loses 2 life and you gain 2 life":
            parts[1:] = [condition.group(0) + p[0].lower() + p[1:] for p in parts[1:]]  # the condition is of both
        out += parts
    for i in range(len(out) - 2, 0, -1):  # "Target opponent reveals their hand. You choose ... That player discards ..."
        if re.fullmatch(r"(?:T|t)arget (?:player|opponent) reveals their hand", out[i - 1]) and \
                re.fullmatch(r"You choose an? (?:.+ )?card from it", out[i]) and \
                out[i + 1] == "That player discards that card":
            out[i - 1:i + 2] = [f"{out[i - 1]}, {out[i][0].lower()}{out[i][1:]}, and that player discards that card"]
    for i in range(len(out) - 1, 0, -1):  # "... put that card into your hand. Then shuffle." (701.24a)
        if _SHUFFLE.fullmatch(out[i]) and "search your library" in out[i - 1].lower():
            out[i - 1:i + 1] = [f"{out[i - 1]}, then shuffle"]
    i = 0
    while i < len(out):  # "Look at the top N cards ... Put the rest on the bottom ...": one instruction
        if _LOOK_TOP.fullmatch(out[i]) and i + 2 < len(out) and _TO_BOTTOM.fullmatch(out[i + 2]):
            out[i:i + 3] = ["; ".join(out[i:i + 3])]
        elif _LOOK_TOP.fullmatch(out[i]) and i + 1 < len(out) and _TAKE_AND_BOTTOM.fullmatch(out[i + 1]):
            out[i:i + 2] = ["; ".join(out[i:i + 2])]
        i += 1
    return out


#: "Look at (Reveal) the top N cards of your library", "you may reveal a [kind] card from among them and put it into
#: your hand", "put the rest on the bottom of your library in any order" (401.4): read as one instruction, look_and_take.
_LOOK_TOP = re.compile(r"(?:Look at|Reveal) the top (two|three|four|five|six|seven) cards of your library")
_TO_BOTTOM = re.compile(r"Put the rest on the bottom of your library in (?:any|a random) order")
_TAKE_AND_BOTTOM = re.compile(r"Put (?:one of them|one of those cards|all (.+?) cards revealed this way) into your hand "
                              r"and the (?:rest|other) on the bottom of your library(?: in (?:any|a random) order)?")
_LOOK_AND_TAKE = re.compile(r"(Look at|Reveal) the top (two|three|four|five|six|seven) cards of your library; "
                            r"(?:You may reveal an? (.+?) card from among them and put (?:it|that card) into your hand; "
                            r"Put the rest on the bottom of your library in (?:any|a random) order|"
                            + _TAKE_AND_BOTTOM.pattern + ")")


def _look_and_take(sentence: str) -> dict[str, Any] | None:
    """The top N cards looked at (revealed), one or all of a kind taken, the rest on the bottom (401.4), or None."""
    m = _LOOK_AND_TAKE.fullmatch(sentence)
    if m is None:
        return None
    kind, every = m.group(3), m.group(4)
    if kind or every:
        flt = _card_filter(kind or every)
        if flt is None:
            return None
        return {"look_and_take": {"look": number(m.group(2)), "take": "up_to_one" if kind else "all", "filter": flt}}
    if m.group(1) == "Reveal":  # ("reveal the top N, put one of them into your hand": not read)
        return None
    return {"look_and_take": {"look": number(m.group(2)), "take": "one"}}


def _flip_result(sentence: str, before: list[dict[str, Any]], permanent: bool = True) -> dict[str, Any] | None:
    """"If you win (lose) the flip, [instruction]" after a coin flip among ``before`` (705.1), or None."""
    flip = re.fullmatch(r"If you (win|lose) the flip, (.+)", sentence)
    if not flip or not any("flip_coin" in e or e.get("may") == {"flip_coin": True} for e in before):
        return None
    inner = _effect(flip.group(2)[0].upper() + flip.group(2)[1:], permanent)
    if inner is None or len(inner) != 1 or next(iter(inner)) not in MAY_FOLLOWED:
        return None
    return {"won_flip" if flip.group(1) == "win" else "lost_flip": inner}


def _effects(text: str, permanent: bool) -> list[dict[str, Any]] | None:
    out = []
    previous = ""
    # "copy that spell. You may choose new targets for the copy" is one instruction (707.10c)
    text = re.sub(r"\b([Cc]opy that (?:spell|ability))\. You may choose new targets for (the|that) copy",
                  r"\1 and you may choose new targets for \2 copy", text)
    sentences = instruction_sentences(text)
    # (the sentence "if you do" begins holds all of its instructions: "If you do, draw a card and you lose 1 life")
    paying = r"You may pay ((?:\{[0-9WUBRGC]\})+|(?:\{E\})+|(\d+|that much) life)"
    paid = re.fullmatch(paying + r"\. If you do, ([^.]+)\.?", text)
    then = re.fullmatch(r"(.+)", paid.group(3)) if paid else None
    if not then and len(sentences) == 2:  # (one sentence after it, as the sentences read it: "..., then shuffle")
        paid = re.fullmatch(paying, sentences[0])
        then = re.fullmatch(r"If you do, (.+)", sentences[1]) if paid else None
    if then:  # "You may pay {2}. If you do, draw a card" (608.2d); "you may pay {E}{E}" (107.14); "... 2 life" (119.4)
        held = _effects(then.group(1)[0].upper() + then.group(1)[1:], permanent)
        if held is None or any(len(e) != 1 or next(iter(e)) not in MAY_FOLLOWED for e in held):
            return None
        inner, rest = held[0], [{"if_you_do": e} for e in held[1:]]  # (each followed only if paid)
        if paid.group(2):
            return [{"if_paid": {"life": "that_much" if paid.group(2) == "that much" else int(paid.group(2)),
                                 "effect": inner}}, *rest]
        energy = paid.group(1).count("{E}")
        return [{"if_paid": {"energy": energy, "effect": inner} if energy else {"pay": paid.group(1), "effect": inner}},
                *rest]
    for s in sentences:
        did = re.fullmatch(r"If you do, (.+)", s)
        if did and out and next(iter(out[-1].get("may", {})), None) in ("draw", "discard", "sacrifice_self"):  # 608.2c
            inner = _effect(did.group(1)[0].upper() + did.group(1)[1:], permanent)
            if inner is None or len(inner) != 1 or next(iter(inner)) not in MAY_FOLLOWED:
                return None
            out.append({"if_you_do": inner})
            continue
        if s in _SKIP_UNTAP_THAT and out and "tap_target" in out[-1] and all(
                next(iter(e)) in _ONE_TARGET_EACH for e in out[:-1]):  # the target just tapped (502.3)
            out.append({"skip_untap_that": len(out)})
            continue
        if s in _SKIP_UNTAP_THOSE and len(out) == 1 and "tap_target" in out[0].get("up_to", {}).get("effect", {}):
            out += [{"skip_untap_that": k} for k in range(1, out[0]["up_to"]["count"] + 1)]  # each target tapped (502.3)
            continue
        if s == "You gain life equal to the life lost this way" and out and "each_opponent_loses_life" in out[-1]:
            out[-1] = {"drain_each_opponent": out[-1]["each_opponent_loses_life"]}  # (119.3: the total lost)
            continue
        if re.match(r"If you (?:win|lose) the flip, ", s):  # (705.1)
            flipped = _flip_result(s, out, permanent)
            if flipped is None:
                return None
            out.append(flipped)
            continue
        to_its = _DAMAGE_TO_ITS_CONTROLLER.fullmatch(s)
        if to_its and len(out) == 1 and next(iter(out[0])) in _ONE_PERMANENT_TARGET and int(to_its[1]) > 0:
            out.append({"damage_its_controller": {"target": 1, "amount": int(to_its[1])}})  # (608.2h, 120.3)
            continue
        its = re.fullmatch(r"Its controller (loses|gains) (\d+) life(?: and you (gain|lose) (\d+) life)?", s)
        if its and out and next(iter(out[0])) in _ONE_OBJECT_TARGET and all(
                next(iter(e)) == "cant_be_regenerated" for e in out[1:]):  # the controller of the one target (608.2c)
            out.append({"its_controller": {"target": 1, _LIFE[its[1]]: int(its[2])}})
            if its[3]:
                out.append({_LIFE[its[3]]: int(its[4])})
            continue
        if s in _COUNTERED_INSTEAD and out and ("counter_target_spell" in out[-1] or "counter_target_spell" in out[-1].get(
                "unless_paid", {}).get("effect", {})):  # its own replacement (614.15)
            out.append({"countered_instead": _COUNTERED_INSTEAD[s]})
            continue
        turn = re.fullmatch(r"If it's your turn, (.+)", s) if out else None
        inner = _effect(turn.group(1)[0].upper() + turn.group(1)[1:], permanent) if turn else None
        if turn:  # 608.2c: followed only on its controller's turn
            if inner is None or len(inner) != 1 or next(iter(inner)) not in MAY_FOLLOWED:
                return None
            out.append({"if_your_turn": inner})
            continue
        held = re.fullmatch(r"If you control (an?|two or more|three or more) ([^,]+), (.+)", s) if out or not permanent \
            else None  # (first in a permanent's ability, it may be a trigger's intervening "if", 603.4: not this)
        if held:  # each instruction only if its player controls enough of them as it would be followed (608.2c)
            flt = permanent_filter(held.group(2))
            inner = _effects(held.group(3)[0].upper() + held.group(3)[1:], permanent)
            if flt is None or "controller" in flt or not inner or any(
                    len(e) != 1 or next(iter(e)) not in MAY_FOLLOWED for e in inner):
                return None
            count = {"a": 1, "an": 1, "two or more": 2, "three or more": 3}[held.group(1)]
            out += [{"if_you_control": {"filter": flt, **({"count": count} if count > 1 else {}), "effect": e}}
                    for e in inner]
            continue
        equal = _LIFE_EQUAL_TO.fullmatch(s)
        if equal:  # as much life as a characteristic of the object named before (608.2h)
            e = _life_equal_to(equal, out)
            if e is None:
                return None
            out.append(e)
            continue
        its = re.fullmatch(r"(?:Its|That creature's) controller creates (.+)", s)
        made = _effect(f"Create {its[1]}", permanent) if its and out and next(iter(out[0])) in _ONE_OBJECT_TARGET and all(
            next(iter(e)) == "cant_be_regenerated" for e in out[1:]) else None
        if made and set(made) == {"create_tokens"} and "per_counter" not in made["create_tokens"]:
            out.append({"its_controller": {"target": 1, "create_tokens": made["create_tokens"]}})  # (608.2c, 111.2)
            continue
        its = re.fullmatch(r"(?:Its|That spell's) controller (draws|discards|mills) (a|two|three|four) cards?", s)
        if its and len(out) == 1 and next(iter(out[0])) in _ONE_OBJECT_TARGET:  # (608.2c, as with life above)
            verb = {"draws": "draw", "discards": "discard", "mills": "mill"}[its[1]]
            out.append({"its_controller": {"target": 1, verb: number(its[2])}})
            continue
        again = re.fullmatch(r"(Untap|Regenerate) (?:that creature|it)", s)
        if again and len(out) == 1 and ("lasting_on_target" in out[0] or "lasting_on_self" in out[0]):
            # the one target, or this permanent, the lasting effect just began on (701.26b, 701.19a)
            verb = again.group(1).lower()
            out.append({f"{verb}_that": 1} if "lasting_on_target" in out[0] else {f"{verb}_self": True})
            continue
        if s == "You may choose new targets for the copy" and out and "copy_target_spell" in out[-1]:
            out[-1] = {"copy_target_spell": _new_targets(out[-1]["copy_target_spell"])}  # 707.10c
            continue
        has = re.fullmatch(r'(?:It has|They have) "(.+)"', s)
        if has and out and "create_tokens" in out[-1]:  # the tokens just created have this ability (111.4)
            e = _create_token(previous, has.group(1))
            if e is None or e["create_tokens"]["count"] != out[-1]["create_tokens"]["count"]:
                return None
            out[-1] = e
            continue
        e = _effect(s, permanent)
        if e is None:
            return None
        out.append(e)
        previous = s
    return out or None


#: Instructions with one target, an object: "its controller" after them is that object's (608.2c).
_ONE_OBJECT_TARGET = frozenset({"destroy_target", "exile_target", "return_target_to_hand", "counter_target_spell",
                                "tap_target", "put_on_top_target", "put_on_bottom_target"})
#: Instructions with one target, a permanent, whose controller a next sentence may name ("that creature's controller").
_ONE_PERMANENT_TARGET = _ONE_OBJECT_TARGET - {"counter_target_spell"} | {"damage_target", "put_counters_target"}
#: What "you choose a [...] card from it" names that the card filters read otherwise: any card, non-[type] cards.
_DISCARD_CHOICES = {"": {}, "nonland": {"not_types": ["land"]},
                    "noncreature, nonland": {"not_types": ["creature", "land"]},
                    "nonartifact, nonland": {"not_types": ["artifact", "land"]}}
_LIFE = {"loses": "lose_life", "gains": "gain_life", "lose": "lose_life", "gain": "gain_life"}


#: "If that spell is countered this way, exile it instead ...", "... put it on top of its owner's library instead ...".
_COUNTERED_INSTEAD = {
    "If that spell is countered this way, exile it instead of putting it into its owner's graveyard": "exile",
    "If that spell is countered this way, put it on top of its owner's library instead of into that player's graveyard":
        "library_top"}
_LIFE_EQUAL_TO = re.compile(r"(You|Its controller) (gain|gains|lose|loses) life equal to (?:its|that creature's) "
                            r"(power|toughness|converted mana cost|mana value)")
#: The instructions whose one target a "gain life equal to its power" after them reads.
_ONE_TARGET_READ = _ONE_OBJECT_TARGET | {"regenerate_target"}


def _life_equal_to(m: re.Match[str], before: list[dict[str, Any]]) -> dict[str, Any] | None:
    """"You gain (lose) life equal to its power (toughness, mana value)", "its controller gains life equal to its
    power": the object is the one target of the instructions before, the creature one of them had a player
    sacrifice, or the one a triggered ability destroys ("destroy that creature")."""
    kinds = [next(iter(e)) for e in before]
    characteristic = {"converted mana cost": "mana_value", "mana value": "mana_value"}.get(m[3], m[3])
    value: dict[str, Any] = {"characteristic": characteristic}
    if kinds and kinds[0] in _ONE_TARGET_READ and all(k == "cant_be_regenerated" for k in kinds[1:]):
        value["of"] = 1
    elif kinds == ["destroy_that"]:
        value["of"] = "that"
    elif len(before) == 1 and (kinds[0] == "sacrifice_one" and before[0]["sacrifice_one"]["who"] == "you" or kinds[0] in (
            "target_player", "target_opponent") and "sacrifice" in before[0][kinds[0]]):
        value["of"] = "sacrificed"
    else:
        return None
    if m[1] == "Its controller":
        if value["of"] != 1:
            return None
        value["player"] = "its_controller"
    return {f"{_LIFE[m[2]]}_equal_to": value}


def _new_targets(copies: Any) -> dict[str, Any]:
    """A copy_target_spell value, with "you may choose new targets for the copy" (707.10c)."""
    return {"count": 1, "new_targets": True} | ({"filter": copies["filter"]} if isinstance(copies, dict) else {})


def additional_cost(line: str) -> dict[str, Any] | None:
    # (older Oracle text names the card, which the reader writes "~")
    m = re.fullmatch(r"As an additional cost to cast (?:this spell|~), discard (a|two|three) cards?\.", line)
    if m:  # (601.2h: cards of the caster's choice; "at random" and "X cards" are not read)
        return {"additional_cost": {"discard": number(m.group(1))}}
    m = re.fullmatch(r"As an additional cost to cast (?:this spell|~), (sacrifice (?:a|an) .+|pay \d+ life)\.", line)
    if not m:
        return None
    parts = costs(m.group(1)[0].upper() + m.group(1)[1:])
    return {"additional_cost": parts} if parts and all(isinstance(p, dict) for p in parts) else None


def spell(line: str) -> list[dict[str, Any]] | None:
    """The instructions of one line of an instant or sorcery."""
    return _effects(line, permanent=False)


# -- keywords ---------------------------------------------------------------------------------------
KEYWORDS = {"flying", "haste", "reach", "defender", "vigilance", "trample", "first strike", "double strike", "menace",
            "deathtouch", "lifelink", "indestructible", "shroud", "protection from multicolored", "flash", "convoke",
            "improvise", "delve", "hexproof", "wither", "split second", "riot", "totem armor", "fuse", "aftermath",
            "infect", "devoid", "changeling", "fear", "intimidate", "horsemanship", "shadow", "skulk",
            "banding", "provoke", "melee", "phasing", "cipher", "conspire",
            *(f"protection from {c}" for c in ("white", "blue", "black", "red", "green", "artifacts")),
            *(f"{land}walk" for land in ("plains", "island", "swamp", "mountain", "forest"))}
#: Keywords a filter may ask for ("with flying", "without flying"): the keyword abilities an object has or lacks.
FILTER_KEYWORDS = {"flying", "haste", "reach", "defender", "vigilance", "trample", "first strike", "double strike",
                   "menace", "deathtouch", "lifelink", "indestructible", "shroud", "hexproof", "wither", "infect",
                   "fear", "intimidate", "horsemanship", "shadow", "skulk"}
#: Lines about the untap step (502.3), which pyrules never plays: inert keywords.
#: "Can't lose the game" lines (104.3; their "can't win" halves go with them, 104.2a).
LOSING_LINES = {"You can't lose the game.": "cant_lose_the_game",
                "You can't lose the game and your opponents can't win the game.": "cant_lose_the_game",
                "You can't win the game and your opponents can't lose the game.": "opponents_cant_lose_the_game",
                "You don't lose the game for having 0 or less life.": "no_loss_for_zero_life",
                "If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into "
                "your library, then draw seven cards and your life total becomes 20.": "start_over_instead_of_losing"}
UNTAP_LINES = {"~ doesn't untap during your untap step.": "doesnt_untap",
               "You may choose not to untap ~ during your untap step.": "may_not_untap",
               "Enchanted creature doesn't untap during its controller's untap step.": "enchanted_doesnt_untap",
               "Enchanted permanent doesn't untap during its controller's untap step.": "enchanted_doesnt_untap"}
#: Whole lines that state a combat restriction or requirement of the creature itself (509.1b, 508.1d), written
#: as the keyword-like abilities the vocabulary names them by.

COMBAT_LINES = {"~ can't block.": "cant_block", "~ can't be blocked.": "cant_be_blocked",
                "~ can't be blocked by more than one creature.": "cant_be_blocked_by_more_than_one",
                "~ can't attack alone.": "cant_attack_alone", "~ can't block alone.": "cant_block_alone",
                "~ attacks each combat if able.": "attacks_each_combat",
                "~ blocks each combat if able.": "blocks_each_combat",
                "All creatures able to block ~ do so.": "must_be_blocked_by_all_able",
                "~ must be blocked if able.": "must_be_blocked",
                "~ can block only creatures with flying.": "can_block_only_flyers",
                "~ can block an additional creature each combat.": "block_additional",
                "You may have ~ assign its combat damage as though it weren't blocked.": "assign_as_though_unblocked",
                "~ can block any number of creatures.": "block_any_number",
                "~ can't attack unless defending player controls an Island.":
                    "cant_attack_unless_defender_controls_island"}
#: Whole lines that say the spell itself can't be countered (101.2): by spells or abilities is every way it could be.
UNCOUNTERABLE_LINES = {"~ can't be countered.", "This spell can't be countered.",
                       "~ can't be countered by spells or abilities."}


#: Triggered keyword abilities, as the ability their reminder text says (702.108a).
TRIGGERED_KEYWORDS = {"Prowess": "Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn.",
                      "Exalted": "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of "
                                 "turn.",
                      **{f"Bushido {n}": f"Whenever ~ blocks or becomes blocked, it gets +{n}/+{n} until end of turn."
                         for n in range(1, 10)},
                      **{f"Rampage {n}": f"Whenever ~ becomes blocked, it gets +{n}/+{n} until end of turn for each "
                                         "creature blocking it beyond the first." for n in range(1, 10)},  # 702.23a
                      **{f"Soulshift {n}": f"When ~ dies, you may return target Spirit card with mana value {n} or less "
                                           "from your graveyard to your hand." for n in range(1, 13)},  # 702.46a
                      # 702.92a
                      "Living weapon": "When ~ enters, create a 0/0 black Phyrexian Germ creature token, then attach ~ "
                                       "to it.",
                      **{f"Afterlife {n}": f"When ~ dies, create {word} 1/1 white and black Spirit creature "
                                           f"token{'s' if n > 1 else ''} with flying."  # 702.135a
                         for n, word in enumerate(("a", "two", "three", "four", "five"), start=1)}}


def _blockers(phrase: str) -> dict[str, Any] | None:
    """The creatures "~ can't be blocked by" names, as a filter: "Walls", "Vampires or Zombies", "non-Wall
    creatures", "artifact creatures", "blue creatures", "creatures with flying", "creature tokens"."""
    m = re.fullmatch(r"([A-Z][a-z]+s)(?: or ([A-Z][a-z]+s))?", phrase)
    if m:  # creature types by their plural (205.3m), as lords read them
        kinds = [_singular(w) for w in m.groups() if w]
        if any(k in _NOT_CREATURE_TYPES for k in kinds):
            return None
        return {"subtypes": kinds} if len(kinds) == 1 else {"any_subtypes": kinds}
    m = re.fullmatch(r"non-([A-Z][a-z]+) creatures", phrase)
    if m:
        return {"types": ["creature"], "not_subtypes": [m.group(1).lower()]}
    if phrase == "artifact creatures":
        return {"types": ["artifact", "creature"]}
    flt = permanent_filter(phrase)
    return flt if flt and flt.get("types") == ["creature"] and phrase.startswith(("creature", *_COLOR_WORDS)) else None


def keywords(line: str) -> list[dict[str, Any]] | None:
    m = re.fullmatch(rf"(Cycling|Equip|Kicker|Multikicker|Buyback|Echo|Evoke|Transmute|Entwine) ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{X\}|\{[WUBRG]\}|\{[WUBRG]/[WUBRGP]\})+", m.group(2)):
        return [{m.group(1).lower(): m.group(2)}]
    m = re.fullmatch(rf"(Basic land|[A-Z][a-z]+)cycling ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(2)):  # 702.29e: "Swampcycling {2}", "Basic landcycling"
        kind = m.group(1).lower()
        flt = {"supertypes": ["basic"], "types": ["land"]} if kind == "basic land" else \
            {"types": ["land"]} if kind == "land" else _card_filter(m.group(1))
        return [{"typecycling": {"cost": m.group(2), "filter": flt}}] if flt else None
    m = re.fullmatch(rf"(Morph|Megamorph) ({MANA})", line)
    if m:  # 702.37a-b (a cost with {X} is refused: 107.3d is not modelled)
        return [{m.group(1).lower(): m.group(2)}] if re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(2)) else None
    m = re.fullmatch(r"Flashback ?[\u2014-] ?(.+)\.", line) or re.fullmatch(rf"Flashback ({MANA})", line)
    if m:  # 702.34a: "Flashback {2}{R}", "Flashback\u2014{1}{R}, Pay 3 life.": the costs of an alternative cost
        parts = costs(m.group(1))
        if parts and all(isinstance(p, dict) and next(iter(p)) in ("pay_life", "sacrifice") and p.get("sacrifice") != "self"
                         or isinstance(p, str) and p not in ("{T}", "{Q}") for p in parts):
            return [{"flashback": parts if len(parts) > 1 else parts[0]}]
        return None
    m = re.fullmatch(rf"Dash ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.109a: the cost with its delayed return,
        # and "as long as this permanent's dash cost was paid, it has haste"
        return [{"dash": m.group(1)}, {"static": {"gain_keywords": ["haste"], "as_long_as": "dashed"}}]
    m = re.fullmatch(rf"Suspend (\d+)-({MANA})", line)
    if m and 1 <= int(m.group(1)) <= 20 and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(2)):  # 702.62a: the
        # special action, and its two triggered abilities working from exile
        return [{"suspend": {"count": int(m.group(1)), "cost": m.group(2)}},
                {"triggered": {"when": "beginning_of_upkeep", "zone": "exile", "if": "suspended",
                               "effect": {"remove_counters_self": {"kind": "time", "count": 1}}}},
                {"triggered": {"when": "last_time_counter_removed", "zone": "exile", "effect": {"cast_suspended": True}}}]
    m = re.fullmatch(rf"Reinforce (\d+)-({MANA})", line)
    if m and 1 <= int(m.group(1)) <= 20 and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(2)):  # 702.77a
        return [{"reinforce": {"count": int(m.group(1)), "cost": m.group(2)}}]
    m = re.fullmatch(r"Ripple (\d+)", line)
    if m and 1 <= int(m.group(1)) <= 10:  # 702.60a: "when you cast this spell, you may reveal the top N cards ..."
        return [{"triggered": {"when": "cast_self", "effect": {"ripple": int(m.group(1))}}}]
    if line == "Myriad":  # 702.116a: "whenever this creature attacks, for each opponent other than defending player ..."
        return [{"triggered": {"when": "attacks", "effect": {"myriad": True}}}]
    if line == "Cascade":  # 702.85a: "when you cast this spell, exile cards from the top of your library until ..."
        return [{"triggered": {"when": "cast_self", "effect": {"cascade": True}}}]
    m = re.fullmatch(r"Vanishing (\d+)", line)
    if m and 1 <= int(m.group(1)) <= 20:  # 702.63a: its three abilities
        return [{"enters": {"counters": {"time": int(m.group(1))}}},
                {"triggered": {"when": "beginning_of_upkeep", "if": "time_counter",
                               "effect": {"remove_counters_self": {"kind": "time", "count": 1}}}},
                {"triggered": {"when": "last_time_counter_removed", "effect": {"sacrifice_self": True}}}]
    m = re.fullmatch(r"Forecast - (.+?), Reveal ~ from your hand: (.+)", line)
    if m:  # 702.57a: activated from the hand, only during its owner's upkeep and only once each turn
        read = activated(f"{m.group(1)}: {m.group(2)}")
        if read is None or set(read["activated"]) - {"cost", "effect"}:
            return None
        cost = read["activated"]["cost"]
        return [{"activated": {**read["activated"], "cost": [*(cost if isinstance(cost, list) else [cost]),
                                                            {"reveal": "self"}],
                               "timing": "your_upkeep", "limit": "once_each_turn"}}]
    m = re.fullmatch(rf"Emerge ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.119a: an alternative cost with a sacrifice
        return [{"emerge": m.group(1)}]
    m = re.fullmatch(rf"Replicate ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.56a: the cost and the cast trigger it holds
        return [{"replicate": m.group(1)}]
    m = re.fullmatch(rf"Bestow ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.103a: cast bestowed, an Aura with enchant creature
        return [{"bestow": m.group(1)}]
    if line in ("Retrace", "Jump-start", "Rebound"):  # 702.81a, 702.133a, 702.88a
        return [{line.lower().replace("-", "_"): True}]
    m = re.fullmatch(rf"Surge ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.117a
        return [{"surge": m.group(1)}]
    m = re.fullmatch(rf"Madness ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.35a: its replacement effect and its trigger
        return [{"madness": m.group(1)}]
    m = re.fullmatch(rf"Unearth ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.84a: "[Cost]: Return this card from your
        # graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step. If it would
        # leave the battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery."
        return [{"activated": {"cost": m.group(1), "zone": "graveyard", "timing": "sorcery",
                               "effect": [{"return_self_to_battlefield": "untapped"}, {"lasting_on_returned": NEXT},
                                          {"lasting_on_returned": DELAYED}, {"lasting_on_returned": REPLACING}]}},
                {"static": {"gain_keywords": ["haste"], "lasting": "until_end_of_game"}},
                {"triggered": {"when": "beginning_of_each_end_step", "lasting": "once", "effect": {"exile_that": True}}},
                {"replacement": {"event": "leaves_battlefield", "modify": {"exile_instead": True},
                                 "lasting": "until_end_of_game"}}]
    m = re.fullmatch(rf"Scavenge ({MANA})", line)
    if m and re.fullmatch(r"(?:\{\d+\}|\{[WUBRG]\})+", m.group(1)):  # 702.97a
        return [{"activated": {"cost": [m.group(1), {"exile": "self"}], "zone": "graveyard", "timing": "sorcery",
                               "effect": {"put_counters_target": {"kind": "p1p1", "count": "its_power",
                                                                  "filter": {"types": ["creature"]}}}}}]
    m = re.fullmatch(r"(Cumulative upkeep|Overload|Dredge|Recover|Miracle|Escalate|Awaken|Spectacle|Embalm|Eternalize|"
                     r"Ninjutsu|Splice onto Arcane|Champion an?)[ -—].+", line)
    if m:  # keywords with a cost or a number, which their rules read without it (or say where they are refused)
        return [{"keyword": m.group(1).split()[0].lower() if m.group(1).startswith(("Splice", "Champion"))
                 else m.group(1).lower().replace(" ", "_")}]
    if line in COMBAT_LINES:
        return [{"keyword": COMBAT_LINES[line]}]
    if line in UNTAP_LINES:
        return [{"keyword": UNTAP_LINES[line]}]
    if line == "~ enters tapped and doesn't untap during your untap step.":
        return [{"enters": {"tapped": True}}, {"keyword": "doesnt_untap"}]
    if line == "~ can't attack or block alone.":
        return [{"keyword": "cant_attack_alone"}, {"keyword": "cant_block_alone"}]
    if line in UNCOUNTERABLE_LINES:
        return [{"keyword": "cant_be_countered"}]
    m = re.fullmatch(r"(Permanents|(?:Artifacts|Creatures|Lands|Enchantments)(?:,? (?:and )?(?:artifacts|creatures|lands|"
                     r"enchantments))*)( your opponents control)? enter tapped\.", line)
    if m:  # 614.1c, 614.12: "creatures your opponents control enter tapped", an effect on each permanent entering
        flt = _all_permanents(m.group(1).lower())
        return None if flt is None else [{"replacement": {
            "event": "enter", "filter": {**flt, **({"controller": "opponent"} if m.group(2) else {})},
            "modify": {"enters_tapped": True}}}]
    if line == "Battle cry":  # 702.91a
        return translate_line("Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn.", False)
    if line == "Storm":  # 702.40a
        return [{"triggered": {"when": "cast_self", "effect": {"copy_source_spell": True}}}]
    m = re.fullmatch(r"You may (.+?) rather than pay (?:this spell's|~'s) mana cost\.", line)
    parts = costs(re.sub(r"(?:^| and )[Pp]ay (?=\{)", "", re.sub(r" and (?=pay|sacrifice)", ", ", m.group(1)[0].upper() +
                                                                 m.group(1)[1:]))) if m else None
    if parts and all(isinstance(p, str) and p not in ("{T}", "{Q}") or isinstance(p, dict) and (
            set(p) == {"pay_life"} or set(p) == {"sacrifice"} and p["sacrifice"] != "self") for p in parts):
        return [{"alternative_cost": parts}]  # 118.9: mana, life, a permanent to sacrifice
    m = re.fullmatch(r"(Each player|You|Your opponents) can't cast more than one spell each turn\.", line)
    if m:  # 101.2
        return [{"static": {"one_spell_each_turn": {"Each player": "each_player", "You": "you",
                                                    "Your opponents": "opponents"}[m.group(1)]}}]
    m = re.fullmatch(r"~ enters with an? (\S+) counter on it for each time it was kicked\.", line)
    if m and counter_kind(m.group(1)):  # 702.33c: multikicker's counters
        return [{"enters": {"counters": {counter_kind(m.group(1)): "times_kicked"}}}]
    m = re.fullmatch(r"When ~ enters, sacrifice (?:it|~) unless \{([WUBRG])\} was spent to cast (?:it|~)\.", line)
    if m:  # 601.2h, 608.2c: not an intervening if; the ability triggers, and its instruction asks as it resolves
        color = _COLOR_NAMES[m.group(1).lower()]
        return [{"triggered": {"when": "enters", "effect": {"unless_spent": {"color": color,
                                                                             "effect": {"sacrifice_self": True}}}}}]
    if line in ("You have hexproof.", "You have shroud."):  # 702.11d, 702.18b
        return [{"static": {"you_have": line[9:-1]}}]
    if line == "Partner":  # 702.124a: a rule of Commander deck building, no ability in the game
        return [{"keyword": "partner"}]
    if line == "You have no maximum hand size.":  # 402.2 (read in the cleanup step alone, 514.1)
        return [{"keyword": "no_maximum_hand_size"}]
    if line == "Skip your draw step.":  # 614.10, 504.1
        return [{"keyword": "skip_draw_step"}]
    if line in LOSING_LINES:  # 104.3, 704.5a
        return [{"keyword": LOSING_LINES[line]}]
    if line == "Dethrone":  # 702.105a
        return [{"triggered": {"when": "attacks", "if": "attacks_player_with_most_life",
                               "effect": {"put_counters_self": {"kind": "p1p1", "count": 1}}}}]
    if line == "Extort":  # 702.101a
        return [{"triggered": {"when": "cast", "filter": {"controller": "you"}, "effect": {
            "if_paid": {"pay": "{W/B}", "effect": {"drain_each_opponent": 1}}}}}]
    m = re.fullmatch(r"Crew (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.122a: "[crew cost]: this becomes an artifact creature until end of turn"
        return [{"activated": {"cost": {"crew": int(m.group(1))}, "effect": {"lasting_on_self": NEXT}}},
                {"static": {"add_types": ["artifact", "creature"], "lasting": "until_end_of_turn"}}]
    if fabricate(line) is not None:
        return [fabricate(line)]
    m = re.fullmatch(r"~ can't be blocked by creatures with power (\d+) or (less|greater)\.", line)
    if m:  # 509.1b: an evasion ability of its own
        return [{"static": {"unblockable_by_power": {"at_most" if m.group(2) == "less" else "at_least": int(m.group(1))}}}]
    m = re.fullmatch(r"~ can't block creatures with power (\d+) or (less|greater)\.", line)
    if m:  # 509.1b: a restriction of its own as a blocker
        return [{"static": {"cant_block_power": {"at_most" if m.group(2) == "less" else "at_least": int(m.group(1))}}}]
    m = re.fullmatch(r"~ can't be blocked except by creatures with (flying|flying or reach)\.", line)
    if m:  # 509.1b: "... except by creatures with flying": by creatures without it (with neither, for "or reach")
        return [{"static": {"unblockable_by": {"types": ["creature"], "not_keywords": m.group(1).split(" or ")}}}]
    m = re.fullmatch(r"~ can't be blocked except by (white|blue|black|red|green) creatures\.", line)
    if m:  # 509.1b: "... except by black creatures": by creatures that are not black
        return [{"static": {"unblockable_by": {"types": ["creature"], "not_colors": [m.group(1)]}}}]
    m = re.fullmatch(r"~ can't be blocked by (.+?)\.", line)
    blockers = _blockers(m.group(1)) if m else None
    if blockers:  # 509.1b: "~ can't be blocked by Walls", "... by artifact creatures", "... by blue creatures"
        return [{"static": {"unblockable_by": blockers}}]
    if line in ("Creatures with power less than ~'s power can't block it.",
                "~ can't be blocked by creatures with power less than ~'s power."):  # 509.1b
        return [{"static": {"unblockable_by_power": {"less_than_its_own": True}}}]
    if line == "Mentor":  # 702.134a: "whenever this creature attacks, put a +1/+1 counter on target attacking
        # creature with lesser power"
        return [{"triggered": {"when": "attacks", "effect": {"put_counters_target": {
            "kind": "p1p1", "count": 1, "filter": {"types": ["creature"], "attacking": True, "lesser_power": True}}}}}]
    m = re.fullmatch(r"Level up ((?:\{[^}]+\})+)", line)
    if m:  # 702.87a: "[cost]: put a level counter on this; level up only as a sorcery"
        return translate_line(f"{m.group(1)}: Put a level counter on ~. Activate only as a sorcery.", False)
    if line == "Ingest":  # 702.115a
        return translate_line("Whenever ~ deals combat damage to a player, that player exiles the top card of their "
                              "library.", False)
    m = re.fullmatch(r"Outlast (\{[^:]+\})", line)
    if m:  # 702.107a: "[cost], {T}: put a +1/+1 counter on this permanent; activate only as a sorcery"
        return translate_line(f"{m.group(1)}, {{T}}: Put a +1/+1 counter on ~. Activate only as a sorcery.", False)
    m = re.fullmatch(r"Graft (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.58a: "this enters with N +1/+1 counters on it; whenever another creature
        # enters, if this has a +1/+1 counter on it, you may move a +1/+1 counter from this onto that creature"
        return [{"enters": {"counters": {"p1p1": int(m.group(1))}}},
                {"triggered": {"when": "enters", "filter": {"types": ["creature"], "other": True}, "if": "p1p1_counter",
                               "effect": {"may": {"move_counter_to_that": "p1p1"}}}}]
    m = re.fullmatch(r"Modular (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.43a: "this enters with N +1/+1 counters on it; when it dies, you may put its
        # +1/+1 counters on target artifact creature"
        return [{"enters": {"counters": {"p1p1": int(m.group(1))}}},
                {"triggered": {"when": "dies", "effect": {"may": {"put_counters_target": {
                    "kind": "p1p1", "count": "its", "filter": {"types": ["artifact", "creature"]}}}}}}]
    if line == "Flanking":  # 702.25a: "whenever this creature becomes blocked by a creature without flanking, the
        # blocking creature gets -1/-1 until end of turn"
        return [{"keyword": "flanking"},
                {"triggered": {"when": "becomes_blocked_by", "filter": {"types": ["creature"], "not_keywords": ["flanking"]},
                               "effect": {"lasting_on_that": NEXT}}},
                {"static": {"modify_pt": "-1/-1", "lasting": "until_end_of_turn"}}]
    m = re.fullmatch(r"Fading (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.32a: "this enters with N fade counters on it" and "at the beginning of your
        # upkeep, remove a fade counter from it; if you can't, sacrifice it"
        return [{"enters": {"counters": {"fade": int(m.group(1))}}},
                {"triggered": {"when": "beginning_of_upkeep", "effect": {"remove_counter_or_sacrifice": "fade"}}}]
    if line == "Ascend":  # 702.131b (an instant's or sorcery's, 702.131a, the card reader refuses)
        return [{"keyword": "ascend"}]
    m = re.fullmatch(r"Tribute (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.104a
        return [{"enters": {"tribute": int(m.group(1))}}]
    if line == "Unleash":  # 702.98a: "you may have this enter with a +1/+1 counter; it can't block as long as it has
        # a +1/+1 counter on it"
        return [{"enters": {"may_counters": {"p1p1": 1}}},
                {"static": {"gain_keywords": ["cant_block"], "as_long_as": {"counter": "p1p1"}}}]
    m = re.fullmatch(r"Afflict (\d+)", line)
    if m:  # 702.130a: "whenever this creature becomes blocked, defending player loses N life"
        return [{"triggered": {"when": "becomes_blocked", "effect": {"defending_player_loses_life": int(m.group(1))}}}]
    m = re.fullmatch(r"Amplify (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.38a: a replacement effect on its own entering, with a choice
        return [{"enters": {"amplify": int(m.group(1))}}]
    m = re.fullmatch(r"Devour (\d+)", line)
    if m and int(m.group(1)) > 0:  # 702.82a: a replacement effect on its own entering, with a choice
        return [{"enters": {"devour": int(m.group(1))}}]
    m = re.fullmatch(r"Bloodthirst (\d+)", line)
    if m:  # 702.54a: "if an opponent was dealt damage this turn, this enters with N +1/+1 counters on it"
        return [{"enters": {"counters": {"p1p1": int(m.group(1))}, "if": "opponent_damaged_this_turn"}}]
    m = re.fullmatch(r"Renown (\d+)", line)
    if m:  # 702.112a: "when this deals combat damage to a player, if it isn't renowned, put N +1/+1 counters on it
        # and it becomes renowned"
        return [{"triggered": {"when": "deals_combat_damage_to_player", "if": "not_renowned",
                               "effect": [{"put_counters_self": {"kind": "p1p1", "count": int(m.group(1))}},
                                          {"become_renowned": True}]}}]
    if line == "Evolve":  # 702.100a: "whenever a creature you control enters, if that creature has greater power or
        # toughness than this creature, put a +1/+1 counter on this creature" (never true of itself: "another")
        return [{"triggered": {"when": "enters", "filter": {"types": ["creature"], "controller": "you", "other": True},
                               "if": "evolves", "effect": {"put_counters_self": {"kind": "p1p1", "count": 1}}}}]
    if line in ("Persist", "Undying"):  # 702.79a, 702.93a: the triggered ability each keyword is
        kind = "m1m1" if line == "Persist" else "p1p1"
        return [{"triggered": {"when": "dies", "if": f"no_{kind}_counters", "effect": {"return_self_with_counter": kind}}}]
    m = re.fullmatch(r"Enchant (?:non-([A-Z][a-z]+) )?(.+)", line)
    if m:  # 702.5a: what the Aura may enchant (a permanent; enchanting a player or a card elsewhere is not modelled)
        subtype = re.fullmatch(r"[A-Z][a-z]+", m.group(2))  # "Enchant Forest", "Enchant Wall" (205.3)
        flt = {"subtypes": [m.group(2).lower()]} if subtype else permanent_filter(m.group(2))
        if flt is not None and m.group(1):  # "Enchant non-Wall creature"
            flt = {**flt, "not_subtypes": [m.group(1).lower()]}
        return [{"enchant": flt}] if flt is not None and not set(flt) & {"other", "enchanted"} else None
    read = _protections(line)
    if read:
        return read
    words = [w.strip().lower() for w in line.split(",")]
    if all(w in KEYWORDS for w in words):
        return [{"keyword": w.replace(" ", "_")} for w in words]
    return _keyword_list(line)


def _protections(line: str) -> list[dict[str, Any]] | None:
    """"Protection from black and from red": one protection from each quality (702.16g), or None."""
    m = re.fullmatch(r"Protection from (.+?)((?:, from [^,]+)*,? and from [^,]+)?", line)
    if not m:
        return None
    read = [_protection(q) for q in [m.group(1), *re.split(r",? (?:and )?from ", m.group(2) or "")[1:]]]
    return [a for r in read if r for a in r] if all(read) else None


#: Qualities of "protection from ..." that a filter states (702.16a), beside the keywords' colors and artifacts.
_PROTECTION_TYPES = {"creatures": "creature", "enchantments": "enchantment", "instants": "instant", "lands": "land"}


def _protection(quality: str) -> list[dict[str, Any]] | None:
    """The abilities "protection from [quality]" is (702.16a): a keyword for a color, multicolored or artifacts, one
    for each color for "all colors" (105.1), else protection from what a filter matches: "creatures", "Goblins",
    "non-Spirit creatures", "snow", "Arcane"."""
    if f"protection from {quality}" in KEYWORDS:
        return [{"keyword": f"protection_from_{quality}"}]
    if quality == "all colors":
        return [{"keyword": f"protection_from_{c}"} for c in _COLOR_WORDS]
    flt: dict[str, Any] | None = None
    if quality in _PROTECTION_TYPES:
        flt = {"types": [_PROTECTION_TYPES[quality]]}
    elif quality == "snow":
        flt = {"supertypes": ["snow"]}
    elif quality == "Arcane":
        flt = {"subtypes": ["arcane"]}
    elif _plural_creature_type(quality) and quality.lower() not in _NOT_CREATURE_TYPES:
        flt = {"subtypes": [_plural_creature_type(quality)]}
    elif quality in ("Kavu", "Merfolk"):  # (plurals the same as the singular, 205.3m)
        flt = {"subtypes": [quality.lower()]}
    else:
        non = re.fullmatch(r"non-([A-Z][a-z]+) creatures", quality)
        if non and non.group(1).lower() in CREATURE_TYPES:
            flt = {"types": ["creature"], "not_subtypes": [non.group(1).lower()]}
    return [{"static": {"protection_from": flt}}] if flt else None


def _keyword_list(line: str) -> list[dict[str, Any]] | None:
    """"Flying; reach", "Flying, trample, protection from white and from blue": keywords separated by commas or
    semicolons, a protection from each quality named (702.16g)."""
    items: list[str] = []
    for item in re.split(r"[,;] ", line):
        if items and items[-1].lower().startswith("protection from ") and \
                re.fullmatch(r"(?:and )?from [\w-]+(?: and from [\w-]+)?", item):
            items[-1] += f", {item}"  # "protection from black, from red and from green"
        else:
            items.append(item)
    out: list[dict[str, Any]] = []
    for item in items:
        if item.lower().startswith("protection from "):
            read = _protections("P" + item[1:])
            if read is None:
                return None
            out += read
        elif item.lower() in KEYWORDS:
            out.append({"keyword": item.lower().replace(" ", "_")})
        else:
            return None
    return out if len(out) > 1 else None


# -- lines of permanents ----------------------------------------------------------------------------
_COUNTED = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|X) (\S+) counters?"


_LAND_WORDS = {"plains", "island", "swamp", "mountain", "forest"}


def _enters(line: str) -> dict[str, Any] | None:
    if line == "~ enters tapped.":
        return {"enters": {"tapped": True}}
    m = re.fullmatch(r"As ~ enters, you may pay (\d+) life\. If you don't, ~ enters tapped\.", line)
    if m:  # shock lands (614.1c)
        return {"enters": {"tapped_unless_pay_life": int(m.group(1))}}
    m = re.fullmatch(r"As ~ enters, you may reveal an? ([A-Z][a-z]+)(?: or ([A-Z][a-z]+))? card from your hand\. If you "
                     r"don't, ~ enters tapped\.", line)
    kinds = [k.lower() for k in m.groups() if k] if m else []
    if kinds and set(kinds) <= _SUBTYPE_NAMES:  # reveal lands (614.1c, 701.16a)
        return {"enters": {"tapped_unless_reveal": {"subtypes": kinds} if len(kinds) == 1 else {"any_subtypes": kinds}}}
    m = re.fullmatch(r"~ enters tapped unless you control (two|three) or (fewer|more) (other lands|basic lands)\.", line)
    if m:  # fast lands, slow lands, battle lands (614.1c)
        bound = "at_most" if m.group(2) == "fewer" else "at_least"
        flt = {"types": ["land"], "controller": "you", **({"other": True} if m.group(3) == "other lands" else
                                                           {"supertypes": ["basic"]})}
        return {"enters": {"tapped_unless": {"filter": flt, bound: number(m.group(1))}}}
    m = re.fullmatch(r"~ enters tapped unless you control an? (\w+) or an? (\w+)\.", line)
    if m and {m.group(1).lower(), m.group(2).lower()} <= _LAND_WORDS:  # check lands
        return {"enters": {"tapped_unless": {"filter": {"any_subtypes": [m.group(1).lower(), m.group(2).lower()],
                                                        "controller": "you"}, "at_least": 1}}}
    m = re.fullmatch(r"~ enters with an? (\S+) counter on it for each color of mana spent to cast it\.", line)
    if m and counter_kind(m.group(1)):  # (601.2h: the colors spent on the spell it was)
        return {"enters": {"counters": {counter_kind(m.group(1)): "colors_spent"}}}
    if line == "Sunburst":  # 702.44a
        return {"enters": {"sunburst": True}}
    m = re.fullmatch(rf"~ enters with {_COUNTED} on it if (a permanent you controlled left the battlefield|you attacked "
                     r"with a creature) this turn\.", line)
    if m and counter_kind(m.group(2)) and m.group(1) != "X":  # revolt, raid (207.2c): a condition of the rider (614.1c)
        return {"enters": {"counters": {counter_kind(m.group(2)): number(m.group(1))},
                           "if": "revolt" if m.group(3).startswith("a permanent") else "raid"}}
    m = re.fullmatch(rf"(If ~ was kicked, it|~) enters (tapped )?with {_COUNTED} on it"
                     r"( if you cast it from your hand| if you didn't cast it from your hand)?\.", line)
    if m:  # "if ~ was kicked, it enters with ...", "... if you (didn't) cast it from your hand" (702.33d, 601.2a, 614.1c)
        kind = counter_kind(m.group(4))
        if kind is None or (m.group(1) != "~" and m.group(5)):
            return None
        amount = "X" if m.group(3) == "X" else number(m.group(3))
        body: dict[str, Any] = {"tapped": True} if m.group(2) else {}
        body["counters"] = {kind: amount}
        if m.group(1) != "~":
            body["if"] = "kicked"
        elif m.group(5):
            body["if"] = "not_cast_from_hand" if "didn't" in m.group(5) else "cast_from_hand"
        return {"enters": body}
    if line == "As ~ enters, choose a color.":
        return {"enters": {"choose_color": True}}
    if line == "As ~ enters, choose a creature type.":
        return {"enters": {"choose_creature_type": True}}
    return None


_TOKENS = {"If an effect would create one or more tokens under your control, it creates {n} that many of those "
           "tokens instead.": {"controller": "you"},
           "If you would create one or more tokens, instead create {n} that many of those tokens.": {"controller": "you"},
           "If one or more tokens would be created under your control, {n} that many of those tokens are created "
           "instead.": {"controller": "you"},
           "If one or more tokens would be created, {n} that many of those tokens are created instead.": {}}


def _replacement(line: str) -> dict[str, Any] | None:
    for times, n in TIMES.items():
        for text, flt in _TOKENS.items():
            if line == text.format(n=times):
                return {"replacement": {"event": "tokens", "filter": flt, "modify": {"multiply": n}}}
        if line == ("If an effect would put one or more counters on a permanent you control, it puts "
                    f"{times} that many of those counters on that permanent instead."):
            return {"replacement": {"event": "counters", "filter": {"controller": "you"}, "modify": {"multiply": n},
                                    "applies_to": "effects"}}
        if line == f"If you tap a permanent for mana, it produces {times} as much of that mana instead.":
            return {"replacement": {"event": "tapped_for_mana", "filter": {"controller": "you"},
                                    "modify": {"multiply": n}}}
    m = re.fullmatch(r"If one or more (\+1/\+1 )?counters would be put on (an? .+?|a permanent you control|~), "
                     r"(twice that many|that many plus one)( of each of those kinds of| \+1/\+1)? counters are put on "
                     r"(?:it|that creature|that permanent|that artifact) instead\.", line)
    if m:
        p1p1, target, how, kinds = m.groups()
        if bool(p1p1) != (kinds == " +1/+1") or (not p1p1 and kinds != " of each of those kinds of"):
            return None
        flt = {"itself": True} if target == "~" else permanent_filter(target)  # (614.12: about itself alone)
        if flt is None or "other" in flt:
            return None
        if p1p1:
            flt["counter"] = "p1p1"
        modify = {"multiply": 2} if how == "twice that many" else {"plus": 1}
        return {"replacement": {"event": "counters", "filter": flt, "modify": modify}}
    copy = _enter_as_copy(line) or _enter_as_copy_of_this(line)
    if copy is not None:
        return copy
    if line == ("If you would get one or more counters, you get that many plus one of each of those kinds of counters "
                "instead."):
        return {"replacement": {"event": "player_counters", "filter": {"controller": "you"}, "modify": {"plus": 1}}}
    if line == ("If a source would deal damage to a permanent or player, it deals double that damage to that permanent "
                "or player instead."):
        return {"replacement": {"event": "damage", "filter": {}, "modify": {"multiply": 2}}}
    if line == "If a card or token would be put into a graveyard from anywhere, exile it instead.":
        return {"replacement": {"event": "to_graveyard", "filter": {}, "modify": {"exile_instead": True}}}
    if line == "If a card would be put into an opponent's graveyard from anywhere, exile it instead.":
        return {"replacement": {"event": "to_graveyard", "filter": {"owner": "opponent", "nontoken": True},
                                "modify": {"exile_instead": True}}}
    return None


_COPY = re.compile(r"You may have ~ enter as a copy of any (.+?)(?: on the(?: the)? battlefield)?(?:,? except (.+))?\.")


def _enter_as_copy(line: str) -> dict[str, Any] | None:
    """"You may have ~ enter as a copy of any creature on the battlefield[, except it's an artifact in addition to
    its other types]" (707.5, 707.9); the exceptions pyrules reads: a card type or a subtype in addition, "it's
    still N/N", "it isn't legendary"."""
    m = _COPY.fullmatch(line)
    if m is None:
        return None
    what, exception = m.groups()
    on_battlefield = " on the battlefield" in line or " on the the battlefield" in line
    flt = permanent_filter(what)
    if flt is None or (not on_battlefield and flt.get("controller") != "you") or "token" in flt:
        return None
    if exception is None:
        return {"replacement": {"event": "enter", "modify": {"copy_of": flt}}}
    more = re.fullmatch(r"it enters with (X|\w+) additional (\S+) counters? on it", exception)
    kind = counter_kind(more.group(2)) if more else None
    if more and kind and (more.group(1) == "X" or number(more.group(1))):  # (707.9: an effect of the copy effect)
        count = "X" if more.group(1) == "X" else number(more.group(1))
        return {"replacement": {"event": "enter", "modify": {"copy_of": {"of": flt, "with_counters": {
            "kind": kind, "count": count}}}}}
    kept = _copy_exception(exception)
    if kept is None:
        return None
    return {"replacement": {"event": "enter", "modify": {"copy_of": {"of": flt, "except": kept}}}}


def _enter_as_copy_of_this(line: str) -> dict[str, Any] | None:
    """"Creatures you control enter as a copy of ~" (Essence of the Wild): another permanent's copy effect on what
    enters (614.1c, 616.1c)."""
    m = re.fullmatch(r"(.+) you control enter as a copy of ~\.", line)
    flt = permanent_filter(f"{m.group(1)[0].lower()}{m.group(1)[1:-1]} you control") if m and m.group(1).endswith("s") \
        else None
    return None if flt is None else {"replacement": {"event": "enter", "filter": flt, "modify": {"copy_of_this": True}}}


def _copy_exception(text: str) -> dict[str, Any] | None:
    m = re.fullmatch(r"it's an? (\w+) in addition to its other (?:creature )?types", text)
    if m:
        word = m[1].lower()
        return {"add_types": [word]} if word in TYPE_WORDS else {"add_subtypes": [word]}
    m = re.fullmatch(r"it's still (\d+)/(\d+)", text)
    if m:
        return {"power_toughness": f"{m[1]}/{m[2]}"}
    if text in ("it isn't legendary", "it's not legendary"):
        return {"not_legendary": True}
    return None


_LAND_TYPE = {"Plains": "plains", "Islands": "island", "Swamps": "swamp", "Mountains": "mountain", "Forests": "forest",
              "a Plains": "plains", "an Island": "island", "a Swamp": "swamp", "a Mountain": "mountain",
              "a Forest": "forest"}


def _pt_and_keywords(pt: str | None, words: str | None) -> dict[str, Any] | None:
    """The parts of a static ability that give +N/+N and/or keywords, or None for a keyword not known."""
    keywords = _granted(words)
    if keywords is None:
        return None
    body: dict[str, Any] = {"modify_pt": pt} if pt else {}
    if keywords:
        body["gain_keywords"] = keywords
    return body


def _static_grant(pt: str | None, words: str | None, flt: dict[str, Any]) -> dict[str, Any] | None:
    """A static ability giving +N/+N and/or keywords to what ``flt`` finds, or None for a keyword not known."""
    body = _pt_and_keywords(pt, words)
    return None if body is None else {"static": {**body, "filter": flt}}


#: "Instant and sorcery spells", "Noncreature spells", "White spells", "Dragon spells": what such spells are.
_SPELL_TYPES = {"instant", "sorcery", "creature", "artifact", "enchantment", "planeswalker"}


def _spells_filter(words: str) -> dict[str, Any] | None:
    """The filter of "[words] spells" (601.2f's cost changes): card types, "non" a type, a color, or a creature type."""
    low = words.lower()
    if low.startswith("non") and low[3:] in _SPELL_TYPES:
        return {"not_types": [low[3:]]}
    kinds = re.split(r" and | or ", low)
    if all(k in _SPELL_TYPES for k in kinds):
        return {"types": kinds} if len(kinds) == 1 else {"any_types": kinds}
    if low in _COLOR_WORDS:
        return {"colors": [low]}
    if re.fullmatch(r"[A-Z][a-z]+", words) and low not in _NOT_CREATURE_TYPES:
        return {"subtypes": [low]}
    return None


def _cost_change(line: str) -> dict[str, Any] | None:
    """Cost increases and reductions (601.2f) of generic mana: a permanent's "[...] spells you cast cost {1} less to
    cast", "noncreature spells cost {1} more to cast"; a spell's own "costs {1} less to cast for each [...] you control"
    or "if you control a [...]", and affinity (702.41a)."""
    m = re.fullmatch(rf"Affinity for (artifacts|{_BASIC_TYPES})", line)
    if m:
        counted = {"types": ["artifact"]} if m.group(1) == "artifacts" else {"subtypes": [_SUBTYPES[m.group(1)]]}
        return {"cost_reduction": {"less": 1, "for_each": {**counted, "controller": "you"}}}
    m = re.fullmatch(r"(?:This spell|~) costs \{(\d+)\} less to cast (?:for each (.+?) you control|if you control "
                     r"(?:a|an) (.+?))\.", line)
    if m and int(m.group(1)) > 0:
        flt = _card_filter(m.group(2) or m.group(3))
        key = "for_each" if m.group(2) else "if_any"
        return {"cost_reduction": {"less": int(m.group(1)), key: {**flt, "controller": "you"}}} if flt else None
    m = re.fullmatch(r"(.+?) spells( you cast| your opponents cast)? cost \{(\d+)\} (more|less) to cast\.", line)
    if m and int(m.group(3)) > 0:
        flt = _spells_filter(m.group(1))
        if flt is None:
            return None
        if m.group(2):
            flt["controller"] = "you" if m.group(2) == " you cast" else "opponent"
        amount = int(m.group(3)) * (1 if m.group(4) == "more" else -1)
        return {"static": {"spell_cost": amount, "filter": flt}}
    return None


def count_phrase(words: str) -> dict[str, Any] | None:
    """What "for each [words]" counts (608.2h, 613.4c), as a for_each value, or None."""
    beyond = 0
    if words.endswith(" beyond the first"):
        words, beyond = words[: -len(" beyond the first")], 1
    out: dict[str, Any] | None = None
    m = re.fullmatch(r"(.+?) counter on (?:~|it)", words)
    attached = re.fullmatch(r"(Aura|Equipment|Aura and Equipment) attached to (?:~|it)", words)
    if words == "creature blocking it":
        out = {"blocking_it": True}
    elif m and counter_kind(m.group(1)):
        out = {"counters": counter_kind(m.group(1))}
    elif attached:
        kinds = [k.lower() for k in attached.group(1).split(" and ")]
        out = {"attached": {"subtypes": kinds} if len(kinds) == 1 else {"any_subtypes": kinds}}
    elif words == "basic land type among lands you control":
        out = {"basic_land_types": {"types": ["land"], "controller": "you"}}
    elif (cards := re.fullmatch(r"(?:(.+?) )?card in (your hand|your graveyard|all graveyards)", words)):
        zone, whose = {"your hand": ("hand", "you"), "your graveyard": ("graveyard", "you"),
                       "all graveyards": ("graveyard", "all")}[cards.group(2)]
        flt = None if cards.group(1) is None else _card_filter(cards.group(1))
        if cards.group(1) is None or flt:
            out = {"cards": {"zone": zone, "whose": whose, **({"filter": flt} if flt else {})}}
    else:
        other = words.startswith("other ") and words[6:].split()[0] in ("attacking", "blocking", "tapped", "untapped")
        flt = permanent_filter(re.sub(r" on the battlefield$", "", words[6:] if other else words))
        if flt and not {"power_at_most", "power_at_least"} & set(flt):
            out = {"permanents": {**flt, "other": True} if other else flt}
    if out is None or (beyond and "blocking_it" not in out):
        return None
    return {**out, "beyond": beyond} if beyond else out


#: "~ gets +1/+1 for each artifact you control", "Enchanted creature gets +1/+1 for each Forest you control and has
#: trample": +N/+N multiplied by a count, on this permanent or on the one this is attached to.
_FOR_EACH_STATIC = re.compile(r"(~|Enchanted creature|Equipped creature) gets ([+-]\d+/[+-]\d+) for each (.+?)"
                              r"(?: and has ([a-z ,]+))?\.")


def _for_each_static(line: str) -> dict[str, Any] | None:
    m = _FOR_EACH_STATIC.fullmatch(line)
    if not m:
        return None
    counted, body = count_phrase(m.group(3)), _pt_and_keywords(m.group(2), m.group(4))
    if counted is None or body is None or (m.group(4) and m.group(1) == "~"):
        return None
    about = {} if m.group(1) == "~" else {"filter": {"enchanted": True}}
    return {"static": {**body, **about, "for_each": counted}}


_GRANT = r"(?:gets ([+-]\d+/[+-]\d+)(?: and has ([a-z ,]+)| and (can't block|can't be blocked))?|has ([a-z ,]+))"


def _conditional_static(line: str) -> dict[str, Any] | None:
    """"~ gets +2/+2 as long as you control three or more artifacts", "as long as it's attacking, ~ has flying":
    a static ability about this permanent whose effect exists while the condition holds (611.3a)."""
    m = re.fullmatch(r"~ doesn't untap during your untap step if (it has an? \S+ counter on it)\.", line)
    read = _as_long_as(m.group(1)) if m else None
    if read is not None:  # (502.3, 611.3a: a depletion land's)
        return {"static": {"gain_keywords": ["doesnt_untap"], "as_long_as": read}}
    m = re.fullmatch(rf"~ {_GRANT} as long as (.+)\.", line)
    if m:
        pt, words, condition = m.group(1), m.group(2) or m.group(3) or m.group(4), m.group(5)
    else:
        m = re.fullmatch(rf"As long as (.+?), ~ {_GRANT}\.", line) or \
            re.fullmatch(rf"As long as (~ is (?:monstrous|attacking|tapped|untapped)), it {_GRANT}\.", line)  # ("it": the
        # permanent the condition names)
        if not m:
            return None
        condition, pt, words = m.group(1), m.group(2), m.group(3) or m.group(4) or m.group(5)
    body = _pt_and_keywords(pt, _RESTRICTIONS.get(words, words) if words else words)  # "and can't block" (509.1b)
    read = _as_long_as(condition)
    return None if body is None or read is None else {"static": {**body, "as_long_as": read}}


_WHILE_WORDS = {"you have the city's blessing": "citys_blessing",
                "it's attacking": "attacking", "it's tapped": "tapped", "it's untapped": "untapped",
                "it's your turn": "your_turn", "it's not your turn": "not_your_turn",
                "you have no cards in hand": "no_cards_in_hand", "~ is monstrous": "monstrous",
                "~ is attacking": "attacking", "~ is tapped": "tapped", "~ is untapped": "untapped"}


def _as_long_as(condition: str) -> Any:
    """The condition of "as long as [condition]" (611.3a), or None."""
    if condition in _WHILE_WORDS:
        return _WHILE_WORDS[condition]
    m = re.fullmatch(r"it has an? (\S+) counter on it", condition)
    if m:
        return {"counter": counter_kind(m.group(1))} if counter_kind(m.group(1)) else None
    m = re.fullmatch(r"you have (\d+) or more life", condition)
    if m:
        return {"life_at_least": int(m.group(1))}
    m = re.fullmatch(r"(seven|\d+) or more cards are in your graveyard", condition)
    if m:  # threshold, an ability word (207.2c): cards the situation only counts count too
        return {"cards_in_graveyard": number(m.group(1)) or int(m.group(1))}
    m = re.fullmatch(r"an opponent has (\d+) or less life", condition)
    if m:
        return {"opponent_life_at_most": int(m.group(1))}
    m = re.fullmatch(r"(you control|an opponent controls) (?:(a|an|another)|(two|three|four|five) or more) (.+)",
                     condition)
    if m:
        plural = m.group(3) is not None
        words = m.group(4) if not plural else m.group(4)
        if plural:  # "three or more artifacts": a card type in the plural only (no subtype's plural is guessed)
            noun = words[:-1] if words.endswith("s") and words[:-1] in TYPE_WORDS | {"permanent"} else None
            flt = permanent_filter(noun) if noun else None
        else:
            flt = permanent_filter(("another " if m.group(2) == "another" else "") + words)
        if flt is None or "controller" in flt:
            return None
        who = "you" if m.group(1) == "you control" else "opponent"
        return {"permanents": {"count": number(m.group(3)) if plural else 1, "filter": {**flt, "controller": who}}}
    m = re.fullmatch(r"you control no (.+)", condition)
    if m:
        words = m.group(1)
        parts = words.split()
        if not parts or not (parts[-1].endswith("s") and parts[-1][:-1] in TYPE_WORDS | {"permanent"}):
            return None
        flt = permanent_filter(" ".join(parts[:-1] + [parts[-1][:-1]]))
        return None if flt is None or "controller" in flt else {"no_permanents": {**flt, "controller": "you"}}
    return None


#: "All Forests are 1/1 creatures that are still lands", "Lands you control are 2/2 creatures with first strike.
#: They're still lands", "Enchanted land is a 5/6 green Treefolk creature that's still a land": lands made creatures
#: by a static ability (205.1b, 613.1d, 613.4b).
_LANDS_ARE_CREATURES = re.compile(
    rf"(All (?:lands|{_BASIC_TYPES})|(?:Lands|{_BASIC_TYPES}) you control|Enchanted (?:land|{_BASIC_TYPE})) "
    r"(?:are|is an?) (\d+)/(\d+) "
    r"((?:(?:white|blue|black|red|green)(?:, and |, | and ))*(?:white|blue|black|red|green) )?((?:[A-Z][a-z]+ )*)"
    r"creatures?(?: with ([a-z ,]+?))?(?: that are still lands\.| that's still a land\.|\. They're still lands\.|"
    r"\. It's still a land\.)")


def _lands_are_creatures(line: str) -> dict[str, Any] | None:
    m = _LANDS_ARE_CREATURES.fullmatch(line)
    if m is None:
        return None
    words = m[1].removeprefix("All ").removesuffix(" you control")
    if words.startswith("Enchanted "):
        flt: dict[str, Any] = {"enchanted": True}
        kind = words.removeprefix("Enchanted ")
        if kind != "land":
            flt["subtypes"] = [kind.lower()]
    else:
        flt = {"types": ["land"]}
        if words.lower() != "lands":
            flt["subtypes"] = [_LAND_PLURALS[words]]
        if m[1].endswith(" you control"):
            flt["controller"] = "you"
    static = _creature_it_becomes(m[2], m[3], m[4], m[5], None, m[6], still_a_land=True)
    return None if static is None else {"static": {**static, "filter": flt}}


def _static(line: str) -> dict[str, Any] | None:
    animated = _lands_are_creatures(line) if "still " in line else None
    if animated is not None:
        return animated
    changed = _cost_change(line)
    if changed is not None:
        return changed
    conditional = _conditional_static(line)
    if conditional is not None:
        return conditional
    counted = _for_each_static(line)
    if counted is not None:
        return counted
    if re.fullmatch(r"You control enchanted (?:creature|permanent|land|artifact|Equipment)\.", line):  # layer 2
        return {"static": {"gain_control": True, "filter": {"enchanted": True}}}
    m = re.fullmatch(r"(Enchanted creature|Equipped creature|Each creature you control) can block (an additional "
                     r"creature each combat|any number of creatures)\.", line)
    if m:  # 509.1a: the permanent this is attached to, or each creature you control, may block more
        flt = {"enchanted": True} if m.group(1) != "Each creature you control" else \
            {"types": ["creature"], "controller": "you"}
        kw = "block_additional" if m.group(2).startswith("an additional") else "block_any_number"
        return {"static": {"gain_keywords": [kw], "filter": flt}}
    m = re.fullmatch(r"Enchanted creature can't (attack|block|attack or block)\.", line)
    if m:  # an Aura's restriction (508.1c, 509.1b)
        return {"static": {"restrictions": m.group(1).split(" or "), "filter": {"enchanted": True}}}
    m = re.fullmatch(r"(Nonbasic lands|Lands you control|Each land|All lands|Enchanted land) (?:are|is) (\w+(?: \w+)?)\.",
                     line)
    if m and m.group(2) in _LAND_TYPE:  # (an Aura's "enchanted land is an Island": the land it is attached to)
        flt = {"enchanted": True} if m.group(1) == "Enchanted land" else permanent_filter(m.group(1))
        return {"static": {"set_land_type": _LAND_TYPE[m.group(2)], "filter": flt}} if flt else None
    m = re.fullmatch(r"(Nonbasic lands|Lands you control|Each land|All lands) (?:are|is) (\w+(?: \w+)?) in addition to "
                     r"(?:its|their) other land types\.", line)
    if m and m.group(2) in _LAND_TYPE:
        flt = permanent_filter(m.group(1))
        return {"static": {"add_land_type": _LAND_TYPE[m.group(2)], "filter": flt}} if flt else None
    m = re.fullmatch(r"((?:Other )?(?:Creatures|Artifacts|Lands) (?:you|your opponents) control) (?:get|gets) "
                     r"([+-]\d+/[+-]\d+)\.", line)
    if m:
        flt = permanent_filter(m.group(1))
        return {"static": {"modify_pt": m.group(2), "filter": flt}} if flt else None
    m = re.fullmatch(r"((?:Other a|A)rtifact creatures (?:you|your opponents) control|(?:Other e|E)nchantment creatures "
                     r"(?:you|your opponents) control|Creature tokens(?: (?:you|your opponents) control)?) get "
                     r"([+-]\d+/[+-]\d+)\.", line)
    flt = permanent_filter(m.group(1)) if m else None
    if flt and set(flt) <= {"types", "controller", "other", "token"}:  # (what a static ability's filter may ask)
        return {"static": {"modify_pt": m.group(2), "filter": flt}}  # type: ignore[union-attr]
    m = re.fullmatch(r"Other creatures you control get ([+-]\d+/[+-]\d+)\.", line)
    if m:
        return {"static": {"modify_pt": m.group(1), "filter": {"types": ["creature"], "controller": "you", "other": True}}}
    m = re.fullmatch(r"(Other )?([A-Z][a-z]+)( creatures)? you control get ([+-]\d+/[+-]\d+)\.", line)
    if m and m.group(2).lower() not in _NOT_CREATURE_TYPES:
        # A lord: "Other Elves you control get +1/+1" (the creature type, singular, 205.3m)
        subtype = m.group(2).lower() if m.group(3) else _singular(m.group(2))
        flt = {"types": ["creature"], "subtypes": [subtype], "controller": "you", **({"other": True} if m.group(1) else {})}
        return {"static": {"modify_pt": m.group(4), "filter": flt}}
    m = re.fullmatch(r"All ([A-Z][a-z]+) creatures (?:get ([+-]\d+/[+-]\d+)(?: and have ([a-z ,]+?))?|have ([a-z ,]+?))"
                     r"\.", line)
    if m and m.group(1).lower() not in _NOT_CREATURE_TYPES:  # "All Sliver creatures get +1/+1": whoever controls them
        return _static_grant(m.group(2), m.group(3) or m.group(4),
                             {"types": ["creature"], "subtypes": [m.group(1).lower()]})
    m = re.fullmatch(r"(All|Other) creatures get ([+-]\d+/[+-]\d+)\.", line)
    if m:  # "All creatures get -1/-1", "Other creatures get +1/+1"
        return {"static": {"modify_pt": m.group(2), "filter": {"types": ["creature"], **(
            {"other": True} if m.group(1) == "Other" else {})}}}
    cda = _characteristic_defining(line)
    if cda is not None:
        return cda
    m = re.fullmatch(r"Enchanted creature (?:gets ([+-]\d+/[+-]\d+) and )?has protection from (white|blue|black|red|green|"
                     r"the chosen color)\. This effect doesn't remove ~\.", line)
    if m:  # 702.16c: the Aura's own protection does not remove it
        quality = "chosen_color" if m.group(2) == "the chosen color" else m.group(2)
        body = _pt_and_keywords(m.group(1), None) if m.group(1) else {}
        return {"static": {**(body or {}), "gain_keywords": [f"protection_from_{quality}"], "spares_its_aura": True,
                           "filter": {"enchanted": True}}}
    attacks = re.fullmatch(r"((?:Equipped|Enchanted) creature )(?:gets ([+-]\d+/[+-]\d+)(?:, has ([a-z ]+),)? and )?"
                           r"attacks each combat if able\.", line)
    if attacks:  # 508.1d: a requirement on the creature this is attached to, as "~ attacks each combat if able" is
        line = (f"{attacks[1]}{f'gets {attacks[2]} and ' if attacks[2] else ''}has "
                f"{f'{attacks[3]} and ' if attacks[3] else ''}attacks each combat.")
    m = re.fullmatch(r"(?:Equipped|Enchanted) creature (?:gets ([+-]\d+/[+-]\d+)(?: and has ([a-z ,]+?))?|"
                     r"has ([a-z ,]+?))\.", line)
    if m:  # the permanent this is attached to (as cards.yaml writes Bonesplitter and Arcane Flight)
        return _static_grant(m.group(1), m.group(2) or m.group(3), {"enchanted": True})
    m = re.fullmatch(r"((?:Other c|C)reatures you control|(?:Other a|A)rtifact creatures you control) "
                     r"(?:get ([+-]\d+/[+-]\d+) and )?have "
                     r"([a-z ,]+?)\.", line)
    if m:  # "Creatures you control have haste", "Other creatures you control get +1/+1 and have vigilance"
        flt = permanent_filter(m.group(1))
        return _static_grant(m.group(2), m.group(3), flt) if flt else None
    m = re.fullmatch(r"Each (other )?(creature you control with an? \S+ counter on it) (?:gets ([+-]\d+/[+-]\d+) and )?has "
                     r"([a-z ,]+?)\.", line)
    flt = permanent_filter(m.group(2)) if m else None
    if flt:  # "Each creature you control with a +1/+1 counter on it has trample" (122.1, 613.1f)
        return _static_grant(m.group(3), m.group(4), {**flt, **({"other": True} if m.group(1) else {})})  # type: ignore
    m = re.fullmatch(r"(Lands you control|Creatures you control|Artifacts you control|Enchanted land|"
                     r"Enchanted creature|Equipped creature|All Sliver creatures|All Slivers|Sliver creatures you control) "
                     r"(?:gets? ([+-]\d+/[+-]\d+) and )?(?:have|has) (?:([a-z ,]+?) and )?\"(.+)\"", line)
    if m:  # 613.1f: the ability (and +N/+N, keywords) it gives
        flt = {"enchanted": True} if m.group(1).startswith(("Enchanted", "Equipped")) else \
            _SLIVERS.get(m.group(1)) or permanent_filter(m.group(1))
        quoted = m.group(4)
        if "~" in quoted:  # the granting card named inside the granted ability: not the permanent that has it
            return None
        granted = activated(_THIS.sub("~", quoted))
        body = _pt_and_keywords(m.group(2), m.group(3)) if m.group(2) or m.group(3) else {}
        if flt and granted and body is not None:
            return {"static": {**body, "grant": granted, "filter": flt}}
    return _lord(line)


#: "All Sliver creatures have", "All Slivers have", "Sliver creatures you control have" (the Sliver lords' subjects).
_SLIVERS = {"All Sliver creatures": {"types": ["creature"], "subtypes": ["sliver"]}, "All Slivers": {"subtypes": ["sliver"]},
            "Sliver creatures you control": {"types": ["creature"], "subtypes": ["sliver"], "controller": "you"}}


#: What a lord's filter may ask besides card types and subtypes (611.3a, 613.1e-f). Colors and keywords for an effect
#: before layer 7 ("white creatures you control have flying") the card parser refuses as each ability is read back:
#: such a line stays unsupported.
_LORD_FIELDS = {"types", "subtypes", "controller", "other", "token", "nontoken", "colors", "any_colors", "not_colors",
                "keywords", "not_keywords", "attacking", "blocking", "tapped", "untapped", "in_combat", "with_counter"}


def _lord(line: str) -> dict[str, Any] | None:
    """"[Other] [status] [color] creatures [you control] [with flying] get +N/+N [and have ...]" and "... have [keywords]":
    a static ability of +N/+N (613.4c) and keywords (613.1f) for every creature its filter finds."""
    m = re.fullmatch(r"(Other )?(.*?creatures.*?) (?:get ([+-]\d+/[+-]\d+)(?: and have ([a-z ,]+?))?|have "
                     r"([a-z ,]+?))\.", line)
    flt = permanent_filter(m.group(2)) if m else None
    if not flt or flt.get("types") != ["creature"] or set(flt) - _LORD_FIELDS:
        return None
    return _static_grant(m.group(3), m.group(4) or m.group(5), {**flt, **({"other": True} if m.group(1) else {})})  # type: ignore


#: A leveler's level band header (711.2a-b): "LEVEL 2-6", "LEVEL 7+".
LEVEL_BAND = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")


def level_band(header: str, lines: list[str]) -> tuple[dict[str, Any] | None, list[str]]:
    """A leveler's level band (711.2a-b): its header, and the lines after it up to the next one (its power and
    toughness, then its abilities). The static ability it is, while the number of level counters is in its range: its
    base power and toughness and the keywords its lines give; and the lines not read (each an ability the band gives
    that is no keyword). None if the band has no power and toughness."""
    m = LEVEL_BAND.fullmatch(header)
    pt = re.fullmatch(r"(\d+)/(\d+)", lines[0]) if m and lines else None
    if not m or not pt or int(m.group(1)) < 1:
        return None, lines
    keywords, unread = [], []
    for line in lines[1:]:
        read = translate_line(line, False)
        if read and all(set(a) == {"keyword"} for a in read):
            keywords += [a["keyword"] for a in read]
        else:
            unread.append(line)
    levels = {"kind": "level", "at_least": int(m.group(1)), **({"at_most": int(m.group(2))} if m.group(2) else {})}
    band = {"set_base_pt": lines[0], **({"gain_keywords": keywords} if keywords else {}),
            "as_long_as": {"counters": levels}}
    return {"static": band}, unread

#: A characteristic-defining ability of power and toughness (604.3), each "*" it gives a count (208.2a): "~'s power
#: and toughness are each equal to [N plus] the number of ...", "~'s power is equal to ... [and its toughness is equal
#: to that number plus N]". Which "*"s it gives, and the N in "N+*", are for the printed power and toughness to say
#: (cda_printed).
CDA_LINE = re.compile(r"~'s (?:power and toughness are each|power is) equal to (?:(\d+) plus )?the (?:total )?number "
                      r"of (.+?)(?: and its toughness is equal to that number plus (\d+))?\.")


def cda_printed(line: str) -> dict[str, str] | None:
    """The printed power and toughness the characteristic-defining ability of ``line`` is written for: each
    characteristic it gives, "*" or "N+*" (208.2a); None if ``line`` is no such ability."""
    m = CDA_LINE.fullmatch(line)
    if not m:
        return None
    star = f"{m.group(1)}+*" if m.group(1) else "*"
    if line.startswith("~'s power and toughness"):
        return {"power": star, "toughness": star}
    return {"power": star, "toughness": f"{m.group(3)}+*"} if m.group(3) else {"power": star}


def _characteristic_defining(line: str) -> dict[str, Any] | None:
    """A characteristic-defining ability of power and toughness (604.3) that counts permanents or cards."""
    m = CDA_LINE.fullmatch(line)
    if not m:
        return None
    counted = m.group(2)
    counted = re.sub(r"^(instant|sorcery) and (instant|sorcery) cards", r"\1 or \2 cards", counted)  # (either type)
    cards = re.fullmatch(r"(?:(.+?) )?cards in (your hand|your graveyard|all graveyards|all players' hands)", counted)
    if cards:  # (402.1, 404.1)
        zone, whose = {"your hand": ("hand", "you"), "your graveyard": ("graveyard", "you"),
                       "all graveyards": ("graveyard", "all"), "all players' hands": ("hand", "all")}[cards.group(2)]
        flt = None if cards.group(1) is None else _card_filter(cards.group(1))
        if cards.group(1) is not None and flt is None:
            return None
        return {"static": {"pt_equal_cards": {"zone": zone, "whose": whose, **({"filter": flt} if flt else {})}}}
    flt: dict[str, Any] = {}
    noun = counted.removesuffix(" on the battlefield") if counted.endswith(" on the battlefield") else \
        _controlled(counted, flt)
    if noun == counted:  # (neither: no count of permanents)
        return None
    found = _counted(noun, "on the battlefield", plural=True) or permanent_filter(noun)
    if not found or not noun.endswith("s") or \
            set(found) - {"types", "any_types", "subtypes", "not_subtypes", "colors", "colorless", "nonbasic", "other"}:
        return None
    return {"static": {"pt_equal_count": {**found, **flt}}}

_TAPPED_FOR_MANA = {
    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.":
        {"types": ["land"]},
    "Whenever you tap a land for mana, add one mana of any type that land produced.":
        {"types": ["land"], "controller": "you"},
}


def _triggered(line: str) -> dict[str, Any] | None:
    if line in _TAPPED_FOR_MANA:
        return {"triggered": {"when": "tapped_for_mana", "filter": _TAPPED_FOR_MANA[line],
                              "effect": {"add_produced_type": 1}}}
    m = re.fullmatch(rf"Whenever (you tap|a player taps) (a|an) (land|{_BASIC_TYPE}) for mana, "
                     rf"(?:add|that player adds) an additional ({MANA})\.", line)
    if m and _mana(m.group(4)):
        flt = {"types": ["land"]} if m.group(3) == "land" else {"subtypes": [m.group(3).lower()]}
        if m.group(1) == "you tap":
            flt["controller"] = "you"
        return {"triggered": {"when": "tapped_for_mana", "filter": flt, "effect": {"add": m.group(4)}}}
    m = re.fullmatch(rf"Whenever enchanted (land|Forest) is tapped for mana, its controller adds an additional "
                     rf"(one mana of the chosen color|{MANA})\.", line)
    if m:
        flt: dict[str, Any] = {"enchanted": True}
        if m.group(1) == "Forest":
            flt["subtypes"] = ["forest"]
        effect = {"add_chosen_color": 1} if m.group(2).startswith("one") else {"add": m.group(2)}
        if "add" in effect and not _mana(m.group(2)):
            return None
        return {"triggered": {"when": "tapped_for_mana", "filter": flt, "effect": effect}}
    m = re.fullmatch(r"(?:When|Whenever) (?:enchanted|equipped) creature (attacks|blocks|becomes blocked|dies), (.+)\.",
                     line)
    if m:  # 508.3a, 509.3a, 509.3c, 700.4, 603.10a: the attached creature's event, seen by the Aura (Equipment)
        read = _trigger(m.group(1).replace("becomes blocked", "becomes_blocked"), {"enchanted": True}, m.group(2))
        if read and m.group(1) == "dies" and any("self" in name for name in _names_in(read)):
            return None  # (an Aura is in a graveyard by then, and its rulings say it is found there: not modelled)
        return read
    m = re.fullmatch(r"Whenever a creature dealt damage by ~ this turn dies, (.+)\.", line)
    if m:  # 120.1, 603.10a: by this permanent, earlier this turn or as it dies
        return _trigger("dies", {"types": ["creature"], "damaged_by_source": True}, m.group(1))
    line = re.sub(r"^When ~ is put into a graveyard from the battlefield, ", "When ~ dies, ", line)  # (700.4)
    m = re.fullmatch(r"When ~ is exiled from the battlefield while you're activating a craft ability, (.+)\.", line)
    if m:  # 702.167a: exiled as a craft material (Market Gnome)
        return _trigger("exiled_while_crafting", None, m.group(1))
    m = re.fullmatch(r"(?:When|Whenever) (.+?) (enters|dies or is put into exile from the battlefield|dies|leaves the "
                     r"battlefield|is put into exile from the battlefield)( under your control)?, (.+)\.", line)
    if m:
        subject, event, yours, text = m.groups()
        when = {"enters": "enters", "dies": "dies", "leaves the battlefield": "leaves",
                "is put into exile from the battlefield": "exiled_from_battlefield",
                "dies or is put into exile from the battlefield": "dies_or_exiled"}[event]
        flt = None
        # "~ or another Ally": the filter names the others, and the ability sees its own object too (603.6a)
        or_self = subject.startswith("~ or another ")
        subject = subject[len("~ or "):] if or_self else subject
        if subject != "~":
            flt = permanent_filter(subject) or _another_subtype(subject)
            if flt is None or ("controller" in flt and yours) or (when in ("dies", "dies_or_exiled") and
                                                                  flt.get("types") != ["creature"]):
                return None
            if yours:
                flt["controller"] = "you"
        elif yours:
            return None
        return _trigger(when, flt, text, or_self)
    m = re.fullmatch(r"(?:When|Whenever) (~|enchanted creature|an? [^,]+?) becomes the target of a spell or ability, "
                     r"(.+)\.", line)
    if m:  # 603.2: as a spell or ability is put on the stack with it as a target
        flt = None if m.group(1) == "~" else {"enchanted": True} if m.group(1) == "enchanted creature" else \
            permanent_filter(m.group(1))
        if m.group(1) != "~" and (flt is None or flt.get("types", ["creature"]) != ["creature"]):
            return None
        return _trigger("becomes_target", flt, m.group(2))
    m = re.fullmatch(r"Whenever ~ and at least two other creatures attack, (.+)\.", line)
    if m:  # battalion: a condition of the attack trigger's event (508.3a)
        read = _trigger("attacks", None, m.group(1))
        return None if read is None else {"triggered": {**read["triggered"], "if": "with_two_other_attackers"}}
    m = re.fullmatch(r"Whenever ~ is dealt damage, (.+)\.", line)
    if m:  # 120.3: once per damage event
        return _trigger("dealt_damage", None, m.group(1))
    m = re.fullmatch(r"Whenever (~|enchanted creature|equipped creature) deals damage, (.+)\.", line)
    if m:  # 120.3, 510.2: once per damage event, however many things it is dealt to
        return _trigger("deals_damage", None if m.group(1) == "~" else {"enchanted": True}, m.group(2))
    m = re.fullmatch(r"(?:When|Whenever) (~|enchanted creature|equipped creature) deals (combat )?damage to "
                     r"(a player|an opponent), (.+)\.", line)
    if m:  # 120.3, 510.2, 603.2: once for each player dealt damage in each event; "an opponent" of "you" (102.3)
        when = f"deals_{'combat_' if m.group(2) else ''}damage_to_{'player' if m.group(3) == 'a player' else 'opponent'}"
        return _trigger(when, None if m.group(1) == "~" else {"enchanted": True},
                        re.sub(r"\bthat opponent\b", "that player", m.group(4)))
    m = re.fullmatch(r"Whenever ~ becomes (tapped|untapped), (.+)\.", line)
    if m:  # 701.26a-b
        return _trigger(f"becomes_{m.group(1)}", None, m.group(2))
    m = re.fullmatch(r"Whenever (an?|another) ([^,]+?) you control attacks, (.+)\.", line)
    if m:  # 508.3a: each creature declared as an attacker that the filter matches
        flt = permanent_filter(f"{m.group(1)} {m.group(2)}") or _another_subtype(f"{m.group(1)} {m.group(2)}")
        if flt is None or "controller" in flt or re.search(r"\b(?:it|that creature|that player)\b", m.group(3)):
            return None
        return _trigger("attacks", {**flt, "controller": "you"}, m.group(3))
    m = re.fullmatch(r"When you cast (?:this spell|~), (.+)\.", line)
    if m:  # 603.2, 601.2i: an ability of the spell, triggering as it is cast
        return _trigger("cast_self", None, m.group(1))
    m = re.fullmatch(r"When ~ becomes monstrous, (.+)\.", line)
    if m:  # 701.37b
        return _trigger("becomes_monstrous", None, m.group(1))
    m = re.fullmatch(r"Whenever ~ attacks and isn't blocked, (.+)\.", line)
    if m:  # 509.3g: once blockers are declared, none for it
        return _trigger("attacks_unblocked", None, m.group(1))
    m = re.fullmatch(r"Whenever (you exert a creature|~ is exerted), (.+)\.", line)
    if m:  # 701.43a: "when you do" of the option to exert it as it attacks, or any creature exerted (603.12a)
        return _trigger("exerted", None if m.group(1) == "~ is exerted" else {"types": ["creature"], "controller": "you"},
                        m.group(2))
    m = re.fullmatch(r"Whenever (a creature you control|~) explores, (.+)\.", line)
    if m:  # 701.44b
        return _trigger("explores", None if m.group(1) == "~" else {"types": ["creature"], "controller": "you"},
                        m.group(2))
    m = re.fullmatch(r"Whenever you gain life, (.+)\.", line)
    if m:  # 119.9
        return _trigger("you_gain_life", None, m.group(1))
    m = re.fullmatch(r"(?:When|Whenever) (~|an? [^,]+?) is turned face up, (.+)\.", line)
    if m:  # 708.8: "when this is turned face up"; "whenever a permanent you control is turned face up"
        flt = None if m.group(1) == "~" else permanent_filter(m.group(1))
        if m.group(1) != "~" and flt is None:
            return None
        return _trigger("turned_face_up", flt, m.group(2))
    m = re.fullmatch(r"When (?:you control no (.+?)|there are no (.+?) on the battlefield|no (.+?) are on the "
                     r"battlefield), (.+)\.", line)
    if m:  # 603.8: a state trigger, "when you control no Islands", "when there are no creatures on the battlefield"
        mine = m.group(1)
        base = (_counted(mine, "you control", True) or permanent_filter(mine)) if mine else None
        flt = {**base, "controller": "you"} if base else None if mine else permanent_filter(m.group(2) or m.group(3))
        return _trigger("no_permanents", flt, m.group(4)) if flt else None
    m = re.fullmatch(r"Whenever ~ deals combat damage to a creature, (.+)\.", line)
    if m:  # 510.3a: once for each creature dealt combat damage, "that creature"
        return _trigger("deals_combat_damage_to_creature", {"types": ["creature"]}, m.group(1))
    m = re.fullmatch(r"Whenever ~ (becomes blocked by|blocks) (an?(?: [^,]+?)?) creature( with(?:out)? [a-z ]+)?, (.+)\.",
                     line)
    flt = (_block_partner(m.group(2)) if not m.group(3) else
           permanent_filter(f"creature{m.group(3)}") if m.group(2) in ("a", "an") else None) if m else None
    if flt is not None:  # 509.3b, 509.3d: once for each creature of the block that the filter matches
        return _trigger("becomes_blocked_by" if m.group(1) == "becomes blocked by" else "blocks_creature", flt, m.group(4))
    m = re.fullmatch(r"(?:When|Whenever) ~ is exiled from the battlefield while you're activating a craft ability, "
                     r"(.+)\.", line)
    if m:  # 702.167a, 603.10a: exiled as a material of a craft ability (Market Gnome)
        return _trigger("exiled_while_crafting", None, m.group(1))
    m = re.fullmatch(r"(?:When|Whenever) ~ or an instant or sorcery spell you control deals damage to a player, (.+)\.",
                     line)
    if m:  # 120.3, 603.2: the damage of the permanent or of the spell as it resolves (Syr Carah, the Bold)
        return _trigger("deals_damage_to_player", {"any_types": ["instant", "sorcery"], "controller": "you"}, m.group(1),
                        or_self=True)
    m = re.fullmatch(r"(?:When|Whenever) ~ (attacks|attacks alone|blocks|becomes blocked|deals combat damage to a player), "
                     r"(.+)\.", line)
    if m:
        when = {"attacks": "attacks", "attacks alone": "attacks_alone", "blocks": "blocks",
                "becomes blocked": "becomes_blocked", "deals combat damage to a player": "deals_combat_damage_to_player"
                }[m.group(1)]
        return _trigger(when, None, m.group(2))
    m = re.fullmatch(r"(?:When|Whenever) you cast (a|an) (\w+)(?: or (\w+))? spell, (.+)\.", line)
    if m and all(t is None or t in CARD_TYPE_WORDS for t in m.group(2, 3)):
        types = [t for t in m.group(2, 3) if t]
        flt = {"any_types" if len(types) == 2 else "types": types, "controller": "you"}
        return _trigger("cast", flt, m.group(4))
    m = re.fullmatch(r"Whenever (you activate an ability|an ability of equipped creature is activated)(?:, if it isn't "
                     r"a| that isn't a) mana ability, (.+)\.", line)
    if m:  # 602.2i, 603.2, 605.1a: the trigger is on abilities that are not mana abilities
        return _trigger("activate", {"controller": "you"} if m.group(1).startswith("you") else {"enchanted": True},
                        m.group(2))
    m = re.fullmatch(r"Whenever you activate an ability, if life was paid, (.+)\.", line)
    if m:  # 602.2i, 603.4, 119.4: "that much" is the life paid
        return _trigger("activate_paying_life", {"controller": "you"}, re.sub(r"that much life again", "that much life",
                                                                               m.group(1)))
    m = re.fullmatch(r"Whenever you cast a spell that targets ~, (.+)\.", line)
    if m:  # heroic (601.2c, 603.2)
        return _trigger("targeted_by_your_spell", None, re.sub(r"\bon it\b", "on ~", m.group(1)))
    m = re.fullmatch(r"Whenever (you cycle or discard|you discard|an opponent discards|a player discards) (a|another) "
                     r"card, (.+)\.", line)
    if m:  # 701.9a, 702.29d: each card discarded (one cycled among them), by who owned it
        flt: dict[str, Any] = {} if m.group(1) == "a player discards" else \
            {"owner": "opponent" if m.group(1) == "an opponent discards" else "you"}
        return _trigger("discards", flt | ({"other": True} if m.group(2) == "another" else {}),
                        re.sub(r"\bthat opponent\b", "that player", m.group(3)))
    m = re.fullmatch(r"(?:When you cycle ~|Whenever (you cycle|a player cycles|an opponent cycles) a card), (.+)\.", line)
    if m:  # 702.29c: the card's own ability, or any card cycled (seen as "you activate" sees it)
        flt = None if m.group(1) is None else {} if m.group(1) == "a player cycles" else \
            {"controller": "you" if m.group(1) == "you cycle" else "opponent"}
        return _trigger("cycling", flt, m.group(2))
    m = re.fullmatch(r"Whenever (you cast|an opponent casts|a player casts) a spell, (.+)\.", line)
    if m:  # any spell (601.2i): a filter with no card type
        return _trigger("cast", {} if m.group(1) == "a player casts" else
                        {"controller": "you" if m.group(1) == "you cast" else "opponent"}, m.group(2))
    m = re.fullmatch(r"Whenever (you cast|an opponent casts|a player casts) an? ([A-Z][a-z]+)(?: or ([A-Z][a-z]+))? "
                     r"spell, (.+)\.", line)
    if m:  # 601.2i, 205.3: "a Spirit or Arcane spell", its subtypes as it is cast
        kinds = [k.lower() for k in m.group(2, 3) if k]
        flt = {"any_subtypes" if len(kinds) == 2 else "subtypes": kinds}
        if m.group(1) != "a player casts":
            flt["controller"] = "you" if m.group(1) == "you cast" else "opponent"
        return _trigger("cast", flt, m.group(4))
    m = re.fullmatch(r"Whenever (you cast|an opponent casts|a player casts) an? (white|blue|black|red|green|colorless|"
                     r"multicolored|historic) spell, (.+)\.", line)
    if m:  # 601.2i, 105.2, 105.4, 700.6: the spell's colors (types) as it is cast
        flt: dict[str, Any] = {m.group(2): True} if m.group(2) in ("colorless", "multicolored", "historic") else \
            {"colors": [_COLOR_WORDS[m.group(2)]]}
        if m.group(1) != "a player casts":
            flt["controller"] = "you" if m.group(1) == "you cast" else "opponent"
        return _trigger("cast", flt, m.group(3))
    m = re.fullmatch(r"Whenever a creature you control attacks alone, (.+)\.", line)
    if m:  # 506.5 (exalted, 702.83a)
        return _trigger("attacks_alone", {"types": ["creature"], "controller": "you"}, m.group(1))
    m = re.fullmatch(r"(?:When|Whenever) you cast a non(\w+) spell, (.+)\.", line)
    if m and m.group(1) in CARD_TYPE_WORDS:
        return _trigger("cast", {"not_types": [m.group(1)], "controller": "you"}, m.group(2))
    m = re.fullmatch(r"Whenever you cast or copy an instant or sorcery spell, (.+)\.", line)
    if m:
        return _trigger("cast_or_copy_instant_sorcery", None, m.group(1))
    m = re.fullmatch(r"At the beginning of (your|each|each player's) upkeep, (.+)\.", line)
    if m:
        return _trigger("beginning_of_upkeep" if m.group(1) == "your" else "beginning_of_each_upkeep", None, m.group(2))
    m = re.fullmatch(r"At the beginning of combat on your turn, (.+)\.", line)
    if m:  # 507.1
        return _trigger("beginning_of_combat", None, m.group(1))
    m = re.fullmatch(r"At the beginning of each player's draw step, (.+)\.", line)
    if m:  # 504.2, 603.2 (Howling Mine: "that player" is the one drawing)
        return _trigger("beginning_of_each_draw_step", None,
                        m.group(1).replace("draws an additional card", "draws a card"))
    m = re.fullmatch(r"At the beginning of your draw step, (.+)\.", line)
    if m:  # 504.2
        return _trigger("beginning_of_draw_step", None, m.group(1).replace("draw an additional card", "draw a card"))
    m = re.fullmatch(r"At the beginning of (your|each|the) end step, (.+)\.", line)
    if m:  # 513.1: Oracle's "the end step" is each end step
        return _trigger("beginning_of_end_step" if m.group(1) == "your" else "beginning_of_each_end_step", None,
                        m.group(2))
    return None


def _if_spent(line: str) -> dict[str, Any] | None:
    """A spell's "[instructions]. If {G} was spent to cast ~, [instructions]." (601.2h): the second part followed only
    if mana of that color paid for it; "that creature enters with an additional +1/+1 counter on it" after a return
    to the battlefield (Vigor Mortis, 614.1c)."""
    m = re.fullmatch(r"(.+?\.) If \{([WUBRG])\} was spent to cast ~, (.+\.)", line)
    if not m:
        return None
    effects = spell(m.group(1))
    if not effects:
        return None
    rider = re.fullmatch(r"that creature enters with an additional (\S+) counter on it\.", m.group(3))
    kind = counter_kind(rider.group(1)) if rider else None
    if rider and kind and sum("return_card_to_battlefield" in e for e in effects) == 1:
        extra: list[dict[str, Any]] | None = [{"that_enters_with_counters": {"kind": kind}}]
    else:
        extra = None if rider else spell(m.group(3)[0].upper() + m.group(3)[1:])
    if not extra:
        return None
    return {"spell": {"effect": effects[0] if len(effects) == 1 else effects,
                      "if_spent": {_COLOR_NAMES[m.group(2).lower()]: extra[0] if len(extra) == 1 else extra}}}


CARD_TYPE_WORDS = {"artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker", "land"}


def _another_subtype(subject: str) -> dict[str, Any] | None:
    """"another Ally": a permanent of that subtype other than this one (205.3)."""
    m = re.fullmatch(r"another ([A-Z][a-z]+)", subject)
    return {"subtypes": [m.group(1).lower()], "other": True} if m and m.group(1).lower() not in _NOT_CREATURE_TYPES \
        else None


def _block_partner(phrase: str) -> dict[str, Any] | None:
    """The other creature of a block, "a creature", "a non-Wall creature", "a nonblack creature", "an artifact
    creature", "a white creature", as a filter."""
    phrase = re.sub(r"^an?\b ?", "", phrase)
    if not phrase:
        return {"types": ["creature"]}
    m = re.fullmatch(r"non-([A-Z][a-z]+)", phrase)
    if m:
        return {"types": ["creature"], "not_subtypes": [m.group(1).lower()]}
    flt = permanent_filter(f"{phrase} creature".strip())
    return flt if flt and flt.get("types") == ["creature"] and set(flt) <= {"types", "colors", "any_colors", "not_colors",
                                                                           "not_types", "keywords", "not_keywords"} \
        else {"types": ["artifact", "creature"]} if phrase == "artifact" else None


#: The triggers whose "if you control ..." is read (603.4): ones whose source is on the battlefield as they trigger and
#: resolve (not "when ~ dies", whose source has left).
_CONTROLS_IF_TRIGGERS = frozenset({"enters", "beginning_of_upkeep", "beginning_of_end_step", "beginning_of_combat",
                                   "attacks", "deals_combat_damage_to_player", "blocks", "becomes_blocked"})


def _trigger(when: str, flt: dict[str, Any] | None, text: str, or_self: bool = False) -> dict[str, Any] | None:
    condition = re.match(r"if (?:it|~) was kicked, |if you (didn't )?cast it from your hand, |if its surge cost was paid, "
                         r"|if tribute wasn't paid, ", text) if flt is None and when == "enters" else None
    if condition:  # an intervening if (603.4) on how its spell was cast (702.33d, 601.2a)
        text = text[condition.end():]
    spent = re.match(r"if \{([WUBRG])\} was spent to cast (?:it|~), ", text) \
        if flt is None and when == "enters" and not condition else None
    if spent:  # an intervening if (603.4) on the mana spent to cast it (601.2h)
        text = text[spent.end():]
    revolt = re.match(r"if (a permanent you controlled left the battlefield|you attacked with a creature) this turn, "
                      r"|if you have (the city's blessing), ", text)
    if revolt:  # revolt, raid (207.2c): an intervening if (603.4) on the turn so far
        text = text[revolt.end():]
    last_turn = re.match(r"if (no spells were cast|a player cast two or more spells) last turn, ", text) \
        if when == "beginning_of_each_upkeep" else None
    if last_turn:  # the werewolves' intervening if (603.4) on the turn before this one
        text = text[last_turn.end():]
    nothing = re.match(r"if (?:no (.+?) are|there are no (.+?)) on the battlefield, ", text) \
        if when in ("beginning_of_each_end_step", "beginning_of_end_step", "beginning_of_upkeep",
                    "beginning_of_each_upkeep") else None
    absent = permanent_filter(nothing.group(1) or nothing.group(2)) if nothing else None
    if nothing and absent is None:
        return None
    if nothing:  # 603.4: "if no creatures are on the battlefield", asked as it triggers and as it resolves
        text = text[nothing.end():]
    controls = re.match(r"if you control (a|an|two or more|three or more|four or more|five or more) (.+?), ", text) \
        if when in _CONTROLS_IF_TRIGGERS and not (condition or spent or revolt or last_turn or nothing) else None
    controlled = None
    if controls:  # 603.4: "if you control two or more Gates", asked as it triggers and as it resolves
        words = controls.group(2)
        controlled = {"subtypes": [_LAND_PLURALS[words]]} if words in _LAND_PLURALS else \
            {"subtypes": ["gate"]} if words == "Gates" else permanent_filter(words) or \
            (_card_filter(words) if controls.group(1) in ("a", "an") else None)
        if controlled is None or "controller" in controlled:
            return None
        text = text[controls.end():]
    tapped = re.match(r"if ~ is (un)?tapped, ", text) if flt is None and not (condition or spent or revolt) else None
    if tapped:  # an intervening if (603.4) on the permanent's status (110.5), asked again as it resolves
        text = text[tapped.end():]
    if flt is None:  # the trigger is about this permanent: "it deals" is "~ deals", "a counter on it" on ~
        text = re.sub(r"^it deals ", "~ deals ", text)
        text = re.sub(r"^(put (?:a|an|one|two|three) \S+ counters? on) it$", r"\1 ~", text)
        text = re.sub(r"(\. If you do, put (?:a|an|one|two|three) \S+ counters? on) it$", r"\1 ~", text)
        text = re.sub(r"^(you may )?sacrifice it\b", r"\1sacrifice ~", text)
        text = re.sub(r"^return (?:it|~) to its owner's hand$", "return ~ to its owner's hand", text)
        text = re.sub(r"\bit explores\b", "~ explores", text)  # (701.44a)
    that_creature = when in ("becomes_blocked_by", "blocks_creature", "deals_combat_damage_to_creature")
    if that_creature:  # "that creature": the other creature of the block, or the one dealt damage
        text = re.sub(r"^(?:~|it) deals (\d+) damage to that creature$", r"~ deals \1 damage to that creature", text)
    returns = re.fullmatch(r"(?:you may )?(return ~ from your graveyard to (?:your hand|the battlefield(?: tapped)?))", text)
    if returns and flt is None:
        return None  # (a card's own event, seen from its graveyard)
    if returns:  # 113.6j: it moves its card out of the graveyard, so it works there alone
        moved = _FROM_GRAVEYARD[returns[1][0].upper() + returns[1][1:]]
        effects: list[dict[str, Any]] | None = [{"may": moved} if text.startswith("you may") else moved]
    else:
        effects = _effects(text[0].upper() + text[1:] + ".", permanent=True)
    if effects is None or when not in ("deals_damage", "dealt_damage", *DAMAGE_TO_PLAYER) and any(
            k.endswith("_that_much") for e in effects for k in e):  # (the amount of a damage event, 603.2)
        return None
    if effects is not None and when != "deals_combat_damage_to_player" and any(
            "additional_upkeep_steps_that_many" in e for e in effects):
        return None  # (as many as the combat damage dealt to a player)
    if when not in ABOUT_A_PLAYER and {"that_player", "damage_that_player"} & _names_in(effects):
        return None  # ("that player" of an event about no player)
    if not that_creature and any(k in ("damage_that", "destroy_that", "tap_that_creature", "skip_untap_that_creature")
                                 for e in effects for k in e):
        return None  # ("that creature" of an event about no other creature)
    if {"create_token_copy_that", "attach_to_that", "explore_that"} & _names_in(effects) and (
            when != "enters" or flt is None):
        return None  # ("that creature" of an enters trigger is what entered; of others, not read)
    if "damage_that_controller" in _names_in(effects) and not (when == "enters" and flt is not None or when in (
            "attacks", "blocks", "becomes_blocked", "becomes_blocked_by", "blocks_creature")):
        return None  # ("that creature's controller": of a permanent the event is about)
    body: dict[str, Any] = {"when": when}
    if flt is not None:
        body["filter"] = flt
    if returns:
        body["zone"] = "graveyard"
    if or_self:
        body["or_self"] = True
    body["effect"] = effects[0] if len(effects) == 1 else effects
    if condition:
        body["if"] = "kicked" if "kicked" in condition[0] else "surged" if "surge" in condition[0] else \
            "tribute_not_paid" if "tribute" in condition[0] else "not_cast_from_hand" if condition[1] else \
            "cast_from_hand"
    if revolt:
        body["if"] = "citys_blessing" if revolt.group(2) else "revolt" if revolt.group(1).startswith("a permanent") \
            else "raid"
    if spent:
        body["if"] = "spent_" + _COLOR_NAMES[spent.group(1).lower()]
    if tapped:
        body["if"] = "untapped" if tapped.group(1) else "tapped"
    if last_turn:
        body["if"] = "no_spells_cast_last_turn" if last_turn.group(1).startswith("no") else "two_spells_cast_last_turn"
    if absent is not None:
        body["if"] = {"no_permanents": absent}
    if controlled is not None:
        count = 1 if controls.group(1) in ("a", "an") else number(controls.group(1).split()[0])  # type: ignore[union-attr]
        body["if"] = {"you_control": {"count": count, "filter": controlled}}
    return {"triggered": body}


#: Lines read whole, each as cards.yaml writes that card (the hand-checked reference).
EXACT: dict[str, list[dict[str, Any]]] = {
    "If ~ is in your opening hand, you may begin the game with it on the battlefield.":
        [{"keyword": "opening_hand_start"}],
    # (Gemstone Caverns: its luck counter and the card exiled are the situation's to give, 103.6.)
    "If ~ is in your opening hand and you're not playing first, you may begin the game with ~ on the battlefield "
    "with a luck counter on it. If you do, exile a card from your hand.": [{"keyword": "opening_hand_start"}],
    "~ has protection from the chosen color.": [{"keyword": "protection_from_chosen_color"}],
    "If you would create a Clue, Food, or Treasure token, instead create one of each.":
        [{"replacement": {"event": "tokens", "filter": {"controller": "you"},
                          "modify": {"each_of": ["clue", "food", "treasure"]}}}],
    "~ is the chosen type in addition to its other types.": [{"static": {"is_chosen_type": True}}],
    "Each other creature you control of the chosen type enters with an additional +1/+1 counter on it.":
        [{"replacement": {"event": "enter", "filter": {"types": ["creature"], "controller": "you", "other": True,
                                                       "chosen_subtype": True},
                          "modify": {"plus_counter": {"kind": "p1p1", "count": 1}}}}],
    "If a land is tapped for mana, it produces {B} instead of any other type and amount.":
        [{"replacement": {"event": "tapped_for_mana", "filter": {"types": ["land"]}, "modify": {"becomes": "{B}"}}}],
    "Whenever an opponent taps a land for mana, that land doesn't untap during its controller's next untap step.":
        [{"triggered": {"when": "tapped_for_mana", "filter": {"types": ["land"], "controller": "opponent"},
                        "effect": {"land_doesnt_untap": True}}}],
    "Nonland permanents you control are white. The same is true for spells you control and nonland cards you own "
    "that aren't on the battlefield.": [{"static": {"set_color": "white", "color_spells_and_cards": True,
                                                    "filter": {"nonland": True, "controller": "you"}}}],
    "You may spend white mana as though it were mana of any color. You may spend other mana only as though it were "
    "colorless mana.": [{"static": {"spend_as": "white as any color; other mana only as colorless"}}],
    "You may activate abilities of creatures you control as though those creatures had haste.":
        [{"static": {"activate_as_though_haste": True}}],
    "If you would gain life, you gain twice that much life instead.":
        [{"replacement": {"event": "gain_life", "filter": {"controller": "you"}, "modify": {"multiply": 2}}}],
    "If an opponent would gain life, that player loses that much life instead.":
        [{"replacement": {"event": "gain_life", "filter": {"controller": "opponent"}, "modify": {"lose_instead": True}}}],
    "If a player would gain life, that player gains no life instead.":
        [{"replacement": {"event": "gain_life", "modify": {"no_gain": True}}}],
    "If you would draw a card, draw two cards instead.":
        [{"replacement": {"event": "draw", "filter": {"controller": "you"}, "modify": {"multiply": 2}}}],
    "If you would draw a card except the first one you draw in each of your draw steps, draw two cards instead.":
        [{"replacement": {"event": "draw", "filter": {"controller": "you"}, "modify": {"multiply": 2},
                          "except": "first_in_draw_step"}}],
    "If a player would draw a card, that player skips that draw instead.":
        [{"replacement": {"event": "draw", "modify": {"skip_draw": True}}}],
    **{f"For each {{{c}}} in a cost, you may pay 2 life rather than pay that mana.":
        [{"static": {"life_rather_than_mana": c.lower()}}] for c in "WUBRG"},
    **{sentence: [{"static": {"spend_as": value}}] for sentence, value in (
        ("You may spend mana as though it were mana of any color.", "mana as any color"),
        ("You may spend mana as though it were mana of any type.", "mana as any type"),
        ("Players may spend mana as though it were mana of any color.", "each player: mana as any color"),
        ("You may spend mana as though it were mana of any type to cast creature spells.",
         "mana as any type for creature spells"),
        ("You may spend mana as though it were mana of any color to cast planeswalker spells.",
         "mana as any color for planeswalker spells"))},
}

_LASTING = {
    "whenever a player taps an Island for mana, that player adds an additional {U}":
        {"triggered": {"when": "tapped_for_mana", "filter": {"subtypes": ["island"]}, "effect": {"add": "{U}"}}},
    "if a player taps a nonbasic land for mana, it produces colorless mana instead of any other type":
        {"replacement": {"event": "tapped_for_mana", "filter": {"types": ["land"], "nonbasic": True},
                         "modify": {"becomes_type": "{C}"}}},
}
for _color in "WUBRG":
    _LASTING[f"if you tap a land you control for mana, it produces {{{_color}}} instead of any other type"] = {
        "replacement": {"event": "tapped_for_mana", "filter": {"types": ["land"], "controller": "you"},
                        "modify": {"becomes_type": f"{{{_color}}}"}}}
#: What an activated ability's create_effect says before its place is known (the ability after it).
NEXT = "next"
#: The same for a second lasting effect of the line, after the first ("another target creature gets -2/-2 ...").
NEXT_SECOND = "next_second"
#: The same for the delayed triggered ability a line creates (603.7a), which may come beside a lasting effect.
DELAYED = "delayed"
#: The same for the lasting replacement effect a line creates, beside those two (unearth's).
REPLACING = "replacing"


def _lasting(text: str) -> dict[str, Any] | None:
    """"Until end of turn, [a triggered or replacement ability]": that ability, lasting until end of turn."""
    m = re.fullmatch(r"Until end of turn, (.+)\.", text)
    if not m or m.group(1) not in _LASTING:
        return None
    (kind, body), = _LASTING[m.group(1)].items()
    return {kind: {**body, "lasting": "until_end_of_turn"}}


_BECOMES_CREATURE = re.compile(
    r"([^:\"]+): (Until end of turn, )?~ becomes an? (\d+)/(\d+) "
    r"((?:(?:white|blue|black|red|green)(?:, and |, | and ))*(?:white|blue|black|red|green) )?((?:[A-Z][a-z]+ )*)"
    r"(artifact )?creature(?: with ([a-z ,]+?))?( until end of turn)?\.( It's still a land\.)?")


def _becomes_creature(line: str) -> list[dict[str, Any]] | None:
    """"{1}{G}: ~ becomes a 3/3 green Ape creature with trample until end of turn. It's still a land." (a creature
    land): the ability, and the lasting effect it makes, which keeps the land's types (205.1b, "still a land") and adds
    the creature's, sets its colors (if it names any) and base power and toughness, and gives its keywords. Without
    "still a land" ("~ becomes a 2/2 white and blue Bird artifact creature": a Keyrune), the types it names are all the
    object's (205.1a: replaces_types)."""
    m = _BECOMES_CREATURE.fullmatch(line)
    if m is None or bool(m[2]) == bool(m[9]):  # (one "until end of turn", before or after)
        return None
    parts = costs(m[1])
    if not m[10] and not m[7]:  # (what a card that is no land becomes here is an artifact creature: Keyrunes)
        return None
    static = _creature_it_becomes(m[3], m[4], m[5], m[6], m[7], m[8], still_a_land=bool(m[10]))
    if parts is None or static is None:
        return None
    static["lasting"] = "until_end_of_turn"
    return [{"activated": {"cost": cost_value(parts), "effect": {"lasting_on_self": NEXT}}}, {"static": static}]


def _creature_it_becomes(power: str, toughness: str, colors: str | None, subtypes: str, artifact: str | None,
                         keywords: str | None, still_a_land: bool) -> dict[str, Any] | None:
    """What "becomes a 3/3 green Ape [artifact] creature with trample" makes of a permanent, as a static ability: the
    creature's types added to its own (205.1b, "it's still a land"), or in their place (205.1a); its colors, if it
    names any (layer 5); its base power and toughness (layer 7b); its keywords."""
    names, granted = [w.lower() for w in subtypes.split()], _granted(keywords)
    if granted is None or any(s not in ADDED_SUBTYPES for s in names):
        return None
    static: dict[str, Any] = {"add_types": ["artifact", "creature"] if artifact else ["creature"]}
    if names:
        static["add_subtypes"] = names
    if colors:
        static["set_color"] = [w for w in re.split(r"[ ,]+", colors.strip()) if w != "and"]
    static["set_base_pt"] = f"{power}/{toughness}"
    if granted:
        static["gain_keywords"] = granted
    if not still_a_land:
        static["replaces_types"] = True
    return static


#: "Target land becomes a 3/3 [green] [Elemental] creature [with haste] until end of turn. It's still a land.", "Until
#: end of turn, target land becomes a 3/3 creature that's still a land", "target Forest becomes a 2/2 creature that's
#: still a land" (an effect that states no duration lasts until the game ends, 611.2a): the clause of a spell, an
#: activated or a triggered ability that makes a land a creature (205.1b).
_ANIMATED_TARGET = re.compile(
    r"(Until end of turn, )?([Tt]arget [^,.:]+?) becomes an? (\d+)/(\d+) "
    r"((?:(?:white|blue|black|red|green)(?:, and |, | and ))*(?:white|blue|black|red|green) )?((?:[A-Z][a-z]+ )*)"
    r"(artifact )?creature(?: with ([a-z ,]+?))?( until end of turn)?(?: that's still a land\.|\. It's still a land\.)")


def _animated_target(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A line whose instruction makes its target land a creature (``_ANIMATED_TARGET``): its ability, with the clause
    read as the lasting effect on the target, then that lasting ability."""
    m = _ANIMATED_TARGET.search(line)
    if m is None or (m[1] and m[9]) or "land" not in m[2].lower() and not re.search(rf"\b(?:{_BASIC_TYPE})\b", m[2]):
        return None
    static = _creature_it_becomes(m[3], m[4], m[5], m[6], m[7], m[8], still_a_land=True)
    if static is None:
        return None
    static["lasting"] = "until_end_of_turn" if m[1] or m[9] else "until_end_of_game"
    target = m[2] if m.start() and not line[:m.start()].endswith(": ") else m[2][0].upper() + m[2][1:]
    read = translate_line(f"{line[:m.start()]}{target} is changed by the lasting effect.{line[m.end():]}", spell_card)
    if read is None or _makes_a_next_ability(read):
        return None
    return [*read, {"static": static}]


def _granted(words: str | None) -> list[str] | None:
    """"flying", "flying and first strike", "flying, vigilance, and lifelink": the keywords, or None."""
    if words is None:
        return []
    names = [_CHOSEN_PROTECTION.get(w.strip(), w.strip()) for w in re.split(r", and |, | and ", words)]
    return [n.replace(" ", "_") for n in names] if all(n in KEYWORDS or n in _RESTRICTIONS.values() or
                                                      n in _CHOSEN_PROTECTION.values() for n in names) else None


#: "Gains protection from the color of your choice until end of turn": the color chosen as the effect begins, by the
#: controller of the spell or ability (611.2a); not "of its controller's choice" (another player chooses).
_CHOSEN_PROTECTION = {"protection from the color of your choice": "protection from chosen color"}


#: "Target creature can't block this turn": the restriction (509.1b) as the keyword-like ability the vocabulary
#: names it by, for this turn (until end of turn: 514.2 ends both at once), written as a gained keyword.
_RESTRICTIONS = {"can't block": "cant block", "can't be blocked": "cant be blocked",
                 "can block an additional creature": "block additional",
                 "can block any number of creatures": "block any number",
                 "must be blocked by all able": "must be blocked by all able",  # (as _lure writes it)
                 "assigns no combat damage": "assigns no combat damage",
                 "attacks each combat if able": "attacks each combat"}  # (as _ATTACKS_THIS_TURN writes it)
_THIS_TURN = re.compile(r"(~|it|this creature|that creature|[Tt]arget [^,.]+?|(?:[\w-]+ )*?[Cc]reatures(?: [^,.]+?)??) "
                        r"(can't block|can't be blocked|can block an additional creature|can block any number of "
                        r"creatures|assigns no combat damage) this turn(?=\.)")


#: "All creatures able to block target creature this turn do so" (509.1c): the requirement as the keyword-like
#: ability the vocabulary names it by, given to that creature (this turn: until end of turn) or to the enchanted one.
_LURE = re.compile(r"All creatures able to block (enchanted creature|equipped creature|[Tt]arget [^,.]+?|~)"
                   r"( this turn)? do so(?=\.)")


def _lure(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    def written(m: re.Match[str]) -> str:
        who = m.group(1)[0].upper() + m.group(1)[1:] if m.start() == 0 else m.group(1)
        if m.group(2):
            return f"{who} gains must be blocked by all able until end of turn"
        return f"{who} has must be blocked by all able" if who[1:] in ("nchanted creature", "quipped creature") else m[0]
    rewritten = _LURE.sub(written, line)
    return None if rewritten == line else translate_line(rewritten, spell_card)


#: "Target creature attacks this turn if able" (508.1d): the requirement for this turn, as "attacks each combat if
#: able" until end of turn (one combat a turn is modelled; an additional combat phase is refused).
_ATTACKS_THIS_TURN = re.compile(r"(~|it|this creature|[Tt]arget [^,.]+?) attacks this turn if able(?=\.)")


def _this_turn(line: str) -> str:
    """The line with "X can't block this turn" written as "X gains cant block until end of turn"."""
    line = _ATTACKS_THIS_TURN.sub(lambda m: f"{m.group(1)} gains attacks each combat until end of turn", line)
    return _THIS_TURN.sub(lambda m: f"{m.group(1)} gains {_RESTRICTIONS[m.group(2)]} until end of turn", line)


#: "gets +1/+1 until end of turn", "gains flying until end of turn", "gets +2/+0 and gains first strike until
#: end of turn" (get and gain for a plural subject): the P/T change and the keywords, in groups 1 and 2 or 3.
#: Before them, "becomes black (colorless, the color of your choice, blue in addition to its other colors)" alone or
#: followed by "and gets ..." or "and gains ...": the color set or added (105.3), in groups 1 and 2.
_UNTIL_EOT = (r"(?:becomes? (white|blue|black|red|green|colorless|the color of your choice)"
              r"( in addition to its other colors)?(?: and (?=gets? |gains? )|(?= until)))?"
              r"(?:gets? ([+-](?:\d+|X)/[+-](?:\d+|X))(?: and gains? ([a-z ,]+?))?|gains? ([a-z ,]+?))? until end of turn"
              r"(?: for each ([^.]+?))?")


def _until_eot(m: re.Match[str], first: int, about_itself: bool = False, x: bool = False) -> dict[str, Any] | None:
    """The lasting static ability a match of ``_UNTIL_EOT`` (from group ``first``) describes, or None. Its "for each
    [count]" (608.2h) may say "other" only of a permanent that changes itself ("for each other attacking Goblin"). A
    "+X/+0" where ``x`` says X is announced (a spell's, an ability's with {X} in its cost) is +1/+0 for each of X."""
    color, added, pt, with_pt, alone, each = (m.group(first + k) for k in range(6))
    if color is None and pt is None and alone is None:
        return None
    colored = {} if color is None else {"add_colors": [color]} if added and color in _COLOR_WORDS else \
        {"set_colorless": True} if color == "colorless" and not added else \
        {"set_chosen_color": True} if color == "the color of your choice" and not added else \
        {"set_color": [color]} if not added else None
    if colored is None:
        return None
    if pt and "X" in pt:
        parts = pt.split("/")
        if not x or each is not None or any(p[1:] not in ("X", "0") for p in parts):
            return None
        body = _pt_and_keywords("/".join(p.replace("X", "1") for p in parts), with_pt)
        return None if body is None else {**colored, **body, "lasting": "until_end_of_turn", "for_each": {"x": True}}
    body = _pt_and_keywords(pt, with_pt if pt else alone)
    if body is None:
        return None
    body = {**colored, **body}
    if each is None:
        return {**body, "lasting": "until_end_of_turn"}
    counted = count_phrase(each)
    if not pt or counted is None or (counted.get("permanents", {}).get("other") and not about_itself):
        return None
    return {**body, "lasting": "until_end_of_turn", "for_each": counted}


#: A clause "~ gets +1/+1 until end of turn" (or "it", "target creature ... gains flying ...") inside a triggered or
#: activated ability or a spell: the lasting effect it creates is an ability of its own, after the line's (611.2a).
_LASTING_CLAUSE = re.compile(rf"(?:(~|it|this creature|that creature|[Ee]nchanted creature|[Ee]quipped creature)|"
                             rf"([Tt]arget [^,.]+?)) {_UNTIL_EOT}(?=\.)")
#: What the clause is replaced with, for ``_effect`` to read as lasting_on_self or lasting_on_target.
_LASTING_SELF = "~ gets the lasting effect"
_LASTING_THAT = "That creature gets the lasting effect"
_LASTING_ENCHANTED = "Enchanted creature gets the lasting effect"
_LASTING_TARGET = re.compile(r"Target (.+) gets the lasting effect")
#: (The same, of a lasting effect that changes no power or toughness: its target may be any permanent.)
_LASTING_ANY_TARGET = re.compile(r"Target (.+) is changed by the lasting effect")
#: "creatures you control get +1/+1 until end of turn" inside a triggered or activated ability: the permanents the
#: filter matches as it resolves (611.2c), read as lasting_on_each.
#: The creatures it names: "creatures you control", "all creatures", "creatures without flying", "nonartifact
#: creatures", "creatures with power 1 or less" (what permanent_filter reads of the phrase).
_EACH_CREATURES = r"(?:[Oo]ther )?(?:[\w-]+ )*?[Cc]reatures(?: [^,.]+?)??"
_LASTING_EACH_CLAUSE = re.compile(rf"({_EACH_CREATURES}|(?:[Ee]ach other )?(?:[Aa]ttacking|[Bb]locking) creatures?"
                                  rf"(?: you control)?) {_UNTIL_EOT}(?=\.)")
_LASTING_EACH = "Each of them gets the lasting effect"


#: "Up to two target creatures each get +2/+2 until end of turn", "up to three target creatures can't block this
#: turn": the lasting clause of one target, for each of up to N targets (601.2c).
_UP_TO_LASTING = re.compile(r"(^|, )[Uu]p to (two|three|four|five) target ((?:[\w-]+ )*?)creatures( each)? "
                            r"(get|gain|can't)\b")


#: "When ~ enters, you may have target creature get -2/-2 until end of turn": the lasting clause of the target, an
#: instruction its controller may follow or not (608.2d), the target chosen anyway (603.3d).
_MAY_HAVE_LASTING = re.compile(r"(^|, )[Yy]ou may have (target [^,.]+?) (get|gain)( [^.]*? and gain)?\b"
                               r"(?=[^.]* until end of turn\.)")


def _with_lasting_clause(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A line with one lasting clause: its ability (the clause read as "the next ability begins on ~ or on the
    target"), then that lasting ability."""
    may = _MAY_HAVE_LASTING.search(line)
    if may and line.count("target") == 1:
        target = may.group(2) if may.group(1) else may.group(2)[0].upper() + may.group(2)[1:]
        read = _with_lasting_clause(f"{line[:may.start()]}{may.group(1)}{target} {may.group(3)}s"
                                    f"{may.group(4) + 's' if may.group(4) else ''}{line[may.end():]}", spell_card)
        return None if read is None else _wrap_lasting_target(read, lambda value: {"may": value})
    up = _UP_TO_LASTING.search(line)
    if up and line.count("target") == 1:
        verb = {"get": "gets", "gain": "gains", "can't": "can't"}[up.group(5)]
        first = "Target" if not up.group(1) else "target"
        read = _with_lasting_clause(f"{line[:up.start()]}{up.group(1)}{first} {up.group(3)}creature {verb}"
                                    f"{line[up.end():]}", spell_card)
        return None if read is None else _wrap_lasting_target(read, lambda value: {"up_to": {"count": number(up.group(2)),
                                                                                            "effect": value}})
    line = _this_turn(line)
    m = _LASTING_CLAUSE.search(line)
    if not m:
        return _with_lasting_each(line, spell_card)
    if _LASTING_CLAUSE.search(line, m.end()):
        return None
    static = _until_eot(m, 3, about_itself=m.group(1) in ("~", "it", "this creature"),
                        x=spell_card or re.match(r"[^:\"]*\{X\}[^:\"]*: ", line) is not None)
    if static is None:
        return None
    if m.group(1) in ("it", "this creature") and not re.fullmatch(
            r"(?:When|Whenever) ~ (?:attacks|attacks alone|blocks|becomes blocked|blocks or becomes blocked|enters|"
            r"deals combat damage to a player|is exerted), (?:if (?:it|~) was kicked, |if tribute wasn't paid, )?",
            line[:m.start()]):
        return None  # "it" names this permanent only where the trigger's event is about it alone
    if m.group(1) == "that creature" and not re.fullmatch(r"Whenever a creature you control attacks alone, ",
                                                          line[:m.start()]):
        return None  # "that creature": the creature the trigger's event is about (the one modelled: exalted's)
    clause = _LASTING_THAT.lower() if m.group(1) == "that creature" else \
        _LASTING_ENCHANTED if m.group(1) and m.group(1)[1:] in ("nchanted creature", "quipped creature") else \
        _LASTING_SELF if m.group(1) else \
        f"{m.group(2)} {'gets the lasting effect' if 'modify_pt' in static else 'is changed by the lasting effect'}"
    rest = line[:m.start()] + clause + line[m.end():]
    read = translate_line(rest, spell_card)
    if read is None or _makes_a_next_ability(read):
        return None
    return [*read, {"static": static}]


_ANOTHER_PUMPED = re.compile(r"(?:([^:\"]+): )?Target (.+?) gets ([+-]\d+/[+-]\d+) until end of turn\. Another target "
                             r"(.+?) gets ([+-]\d+/[+-]\d+) until end of turn\.")


def _pumped_and_another(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """"Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until end of turn" (a spell's,
    or an activated ability's): a lasting effect on each of two different targets (115.3, 611.2c)."""
    m = _ANOTHER_PUMPED.fullmatch(line)
    if not m or bool(m.group(1)) == spell_card:
        return None
    first, second = permanent_filter(m.group(2)), permanent_filter(m.group(4))
    parts = costs(m.group(1)) if m.group(1) else None
    if first is None or second is None or first.get("types") != ["creature"] or second.get("types") != ["creature"] or \
            (m.group(1) and parts is None):
        return None
    effect = [{"lasting_on_target": {"ability": NEXT, "target": first}},
              {"lasting_on_target": {"ability": NEXT_SECOND, "target": second, "other_than_target": 1}}]
    body = {"spell": {"effect": effect}} if spell_card else {"activated": {"cost": cost_value(parts), "effect": effect}}
    return [body, {"static": {"modify_pt": m.group(3), "lasting": "until_end_of_turn"}},
            {"static": {"modify_pt": m.group(5), "lasting": "until_end_of_turn"}}]


_SWITCH_OR_LOSE = re.compile(r"(?:([^:\"]+): )?(?:Switch (~'s|target creature's) power and toughness|(~|Target creature) "
                             r"loses ([a-z ,]+?)) until end of turn\.")


def _switch_or_lose(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """"Switch target creature's power and toughness until end of turn" (613.4d), "{U}: target creature loses flying
    until end of turn" (613.1f): an instruction that makes the lasting effect written after it (611.2a)."""
    m = _SWITCH_OR_LOSE.fullmatch(line)
    if not m or bool(m.group(1)) == spell_card:
        return None
    lost = _granted(m.group(4)) if m.group(4) else None
    if m.group(4) and not lost:
        return None
    static = {"switch_pt": True} if m.group(2) else {"lose_keywords": lost}
    about = m.group(2) or m.group(3)
    effect = {"lasting_on_self": NEXT} if about in ("~'s", "~") else \
        {"lasting_on_target": {"ability": NEXT, "target": {"types": ["creature"]}}}
    if about in ("~'s", "~") and spell_card:
        return None
    if spell_card:
        return [{"spell": {"effect": effect}}, {"static": {**static, "lasting": "until_end_of_turn"}}]
    parts = costs(m.group(1))
    if parts is None:
        return None
    return [{"activated": {"cost": cost_value(parts), "effect": effect}},
            {"static": {**static, "lasting": "until_end_of_turn"}}]


#: "Sacrifice it at the beginning of the next end step" (603.7a): a delayed triggered ability, written as an ability
#: of its own after the line's (like a lasting effect), about this permanent or about the token the line creates.
_DELAYED = re.compile(r"(?:(Sacrifice|Exile|Destroy) (~|it|that token|the token)|Return (~|it) to its owner's hand) "
                      r"at the beginning of the next end step\.|At the beginning of the next end step, "
                      r"(sacrifice|exile|destroy) (~|it)\.")
_DELAYED_VERBS = {"sacrifice": "sacrifice_that", "exile": "exile_that", "destroy": "destroy_that",
                  None: "return_that_to_hand"}
#: What the delayed clause is replaced with, for ``_effect`` to read as lasting_on_tokens or lasting_on_self.
_DELAYED_TOKEN = "The token gets the delayed ability"
_DELAYED_SELF = "~ gets the delayed ability"


def _wrap_lasting_target(read: list[dict[str, Any]], wrap: Any) -> list[dict[str, Any]] | None:
    """The abilities read, with their one lasting_on_target instruction inside ``wrap(instruction)`` (for each of up to
    N targets; one its controller may follow)."""
    found = []

    def walk(value: Any) -> Any:
        if isinstance(value, dict) and set(value) == {"lasting_on_target"}:
            found.append(value)
            return wrap(value)
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    out = walk(read)
    return out if len(found) == 1 else None


#: "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn."
#: (Threaten): a lasting effect on the target that gives control and haste (layers 2 and 6), then "untap it".
#: (Or "Untap target creature and gain control of it until end of turn. That creature gains haste until end of turn",
#: and "it gets +2/+0 and gains haste", "it gains trample and haste": the one lasting effect gives them all.)
_THREATEN = re.compile(r"(?:([Gg])ain control of (target [^.]+?) until end of turn\. Untap (?:that creature|that permanent|"
                       r"that artifact|it)|([Uu])ntap (target [^.]+?) and gain control of it until end of turn)\. "
                       r"(?:It|That creature|That permanent|That artifact) "
                       r"(?:gets ([+-]\d+/[+-]\d+) and )?gains ([a-z ,]+?) until end of turn\.")


def _threaten(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    m = _THREATEN.search(line)
    lower, target = (m.group(1), m.group(2)) if m.group(2) else (m.group(3), m.group(4))
    target = target if lower.islower() else target[0].upper() + target[1:]
    gained = _pt_and_keywords(m.group(5), m.group(6))
    if gained is None or "haste" not in gained.get("gain_keywords", ()):
        return None
    marker = "gets the lasting effect" if "modify_pt" in gained else "is changed by the lasting effect"
    read = translate_line(f"{line[:m.start()]}{target} {marker}. Untap that creature.{line[m.end():]}", spell_card)
    if read is None or _makes_a_next_ability(read):
        return None
    return [*read, {"static": {"gain_control": True, **gained, "lasting": "until_end_of_turn"}}]


def _names_in(value: Any) -> set[str]:
    """The names of every instruction and field in instructions read, however deep (``may: {that_player: ...}``)."""
    if isinstance(value, dict):
        return set(value).union(*(_names_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_names_in(v) for v in value))
    return set()


def _makes_a_next_ability(read: list[dict[str, Any]]) -> bool:
    """Whether a line already read makes "the next ability" (a lasting effect): a line makes one at most, since its
    instructions name it as "next"."""
    return any("static" in a for a in read)


def _delayed(ability: dict[str, Any]) -> bool:
    """Whether an ability read is a delayed triggered ability (603.7a)."""
    return ability.get("triggered", {}).get("lasting") == "once"


#: "Draw a card at the beginning of the next turn's upkeep" (603.7a): a delayed triggered ability about no object,
#: at the next upkeep (pyrules plays no turn after the one a situation is in, so it waits there).
_DELAYED_DRAW = re.compile(r"(?<![^ .])(?:You d|D|(?<=, )d)raw (a|two|three) cards? at the beginning of the next turn's "
                           r"upkeep\.")
_DELAYED_EFFECT = "The delayed ability begins"


def _with_delayed_draw(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A line whose last sentence is "draw a card at the beginning of the next turn's upkeep": its ability, then the
    delayed triggered ability it creates (603.7a)."""
    m = _DELAYED_DRAW.search(line)
    if not m or line[m.end():]:
        return None
    read = translate_line(line[:m.start()] + _DELAYED_EFFECT + ".", spell_card)
    if read is None or any(_delayed(a) for a in read):
        return None
    return [*read, {"triggered": {"when": "beginning_of_each_upkeep", "lasting": "once",
                                  "effect": {"draw": number(m.group(1))}}}]


def _with_delayed_clause(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A line with one "... at the beginning of the next end step" clause: its ability (the clause read as "the next
    ability begins on ~" or "on the token created"), then that delayed triggered ability (603.7a)."""
    m = _DELAYED.search(line)
    if not m or _DELAYED.search(line, m.end()):
        return None
    verb = (m.group(1) or m.group(4) or "").lower() or None
    before = line[:m.start()]
    tokens = re.findall(r"\b[Cc]reates? (a|an|\w+) .*?\btokens?\b", before)
    if tokens:  # "Create a 4/4 Angel token ... Exile it": about the one token created
        if tokens != ["a"] and tokens != ["an"] or "target" in before:
            return None
        clause = _DELAYED_TOKEN + "."
    elif spell_card or (m.group(2) or m.group(3) or m.group(5)) != "~" and re.search(
            r"\b(?:target|tokens?|creatures?|permanents?|cards?|another|that|those|them|they)\b", before):
        return None  # "it" may name something other than this permanent ("another creature enters ...; sacrifice it")
    else:
        clause = _DELAYED_SELF + "."
    read = translate_line(before + clause + line[m.end():], spell_card)
    if read is None or any(_delayed(a) for a in read):
        return None
    return [*read, {"triggered": {"when": "beginning_of_each_end_step", "lasting": "once",
                                  "effect": {_DELAYED_VERBS[verb]: True}}}]


#: "{T}: Tap target land. It doesn't untap during its controller's untap step for as long as ~ remains tapped", "target
#: creature gets +2/+2 and has trample for as long as ~ remains tapped", "gain control of target creature for as long as
#: ~ remains tapped": an effect that ends as this permanent untaps or leaves (611.2b).
_WHILE_TAPPED = re.compile(r"(?:(?:It|That creature|That permanent|That land|That artifact) doesn't untap during its "
                           r"controller's untap step|([Tt]arget [^.]+?) (?:gets ([+-]\d+/[+-]\d+)(?: and has ([a-z ,]+?))?|"
                           r"gains ([a-z ,]+?))|([Gg])ain control of (target [^.]+?)) for as long as (~ remains tapped|"
                           r"you control ~)\.")


def _while_tapped(line: str) -> list[dict[str, Any]] | None:
    """A permanent's ability with one effect lasting "for as long as ~ remains tapped" (611.2b): the ability (the clause
    read as the effect beginning on its target), then that lasting ability."""
    m = _WHILE_TAPPED.search(line)
    if not m or line[m.end():].strip() or _WHILE_TAPPED.search(line, m.end()):
        return None
    lasting = {"lasting": "while_source_tapped" if m.group(7) == "~ remains tapped" else "while_you_control_source"}
    if m.group(1) or m.group(6):  # "target creature gets +2/+2", "gain control of target creature"
        target = m.group(1) or m.group(6)
        body = {"gain_control": True} if m.group(6) else _pt_and_keywords(m.group(2), m.group(3) or m.group(4))
        marker = "gets the lasting effect" if body and "modify_pt" in body else "is changed by the lasting effect"
        read = translate_line(f"{line[:m.start()]}{target[0].upper()}{target[1:]} {marker}.", False)
        if body is None or read is None or _makes_a_next_ability(read) or "lasting_on_target" not in _names_in(read):
            return None
        return [*read, {"static": {**body, **lasting}}]
    read = translate_line(line[:m.start()].rstrip(), False)  # "... Tap target land."
    if read is None or len(read) != 1 or _makes_a_next_ability(read):
        return None
    body = next(iter(read[0].values()))
    effects = body.get("effect") if isinstance(body, dict) else None
    effects = effects if isinstance(effects, list) else [effects] if effects else []
    if [next(iter(e)) for e in effects] != ["tap_target"]:
        return None  # (the one target just tapped)
    body["effect"] = [*effects, {"lasting_on_its_target": {"ability": NEXT, "target": 1}}]
    return [read[0], {"static": {"gain_keywords": ["doesnt_untap"], **lasting}}]


#: "Return target creature card from your graveyard to the battlefield. It gains haste [until end of turn]. Exile
#: (sacrifice) it at the beginning of the next end step": what the same instructions returned gets the effect and the
#: delayed triggered ability (400.7j, 611.2c, 603.7a).
_REANIMATED = re.compile(r"(?P<ret>(?:[^:\"]+: )?Return target [^.]+ from your graveyard to the battlefield)\."
                         r"(?: (?:It|That creature) gains haste(?P<eot> until end of turn)?\.)?"
                         r"(?: (?P<verb>Exile|Sacrifice) (?:it|that creature) at the beginning of the next end step\.)?")


def _reanimated_for_a_while(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    m = _REANIMATED.fullmatch(line)
    if not m or line == m.group("ret") + ".":
        return None
    read = translate_line(m.group("ret") + ".", spell_card)
    if read is None or len(read) != 1:
        return None
    body = next(iter(read[0].values()))
    effect = body.get("effect") if isinstance(body, dict) else None
    if not isinstance(effect, dict) or set(effect) != {"return_card_to_battlefield"}:
        return None
    added: list[dict[str, Any]] = []
    effects = [effect]
    if line[m.end("ret") + 1:].strip().startswith(("It gains haste", "That creature gains haste")):
        effects.append({"lasting_on_returned": NEXT})
        added.append({"static": {"gain_keywords": ["haste"],
                                 "lasting": "until_end_of_turn" if m.group("eot") else "until_end_of_game"}})
    if m.group("verb"):
        effects.append({"lasting_on_returned": DELAYED})
        added.append({"triggered": {"when": "beginning_of_each_end_step", "lasting": "once",
                                    "effect": {f"{m.group('verb').lower()}_that": True}}})
    body["effect"] = effects
    return [read[0], *added]


#: "Exile target creature. Return that card to the battlefield under its owner's control at the beginning of the next
#: end step" (603.7a, 603.7c): a delayed triggered ability about the card exiled, the new object in exile.
_FLICKER = re.compile(r"(Exile ~|[Ee]xile (?:another )?target [^.]+)\. Return (?:that card|it|~) to the battlefield"
                      r"( tapped)? under its owner's control at the beginning of the next end step\.")
#: What the exile and the delayed clause are replaced with, for ``_effect`` to read as exile_source and
#: lasting_on_exiled.
_EXILES_ITSELF = "~ exiles itself"
_DELAYED_EXILED = "The exiled card gets the delayed ability"


def _with_flicker_clause(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A line that exiles one permanent (a target, or this permanent) and returns it at the beginning of the next end
    step: its ability (the return read as "the exiled card gets the delayed ability"), then that delayed triggered
    ability (603.7a)."""
    m = _FLICKER.search(line)
    if not m or _FLICKER.search(line, m.end()) or (spell_card and m.group(1) == "Exile ~"):
        return None
    exile = _EXILES_ITSELF if m.group(1) == "Exile ~" else m.group(1)
    read = translate_line(f"{line[:m.start()]}{exile}. {_DELAYED_EXILED}.{line[m.end():]}", spell_card)
    if read is None or any(_delayed(a) for a in read) or "lasting_on_exiled" not in _names_in(read):
        return None
    return [*read, {"triggered": {"when": "beginning_of_each_end_step", "lasting": "once",
                                  "effect": {"return_that_to_battlefield": "tapped" if m.group(2) else "untapped"}}}]


#: "Destroy that creature at end of combat", "sacrifice it at end of combat" (603.7a, 511.2): a delayed triggered ability
#: about the creature the trigger's event is about, or about this permanent.
_END_OF_COMBAT = re.compile(r"(?:([Ss]acrifice|[Ee]xile|[Dd]estroy) (~|it|that creature)|[Rr]eturn (~|it|that creature) "
                            r"to its owner's hand|[Rr]emove an? (\S+) counter from (it)) at end of combat\.")
_DELAYED_THAT = "That creature gets the delayed ability"


def _with_end_of_combat_clause(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A triggered ability with one "... at end of combat" clause about the creature its event is about ("that
    creature": the other creature of a block) or about this permanent ("it" in "when ~ attacks or blocks"): the
    ability (the clause read as that creature getting the delayed ability), then the delayed ability (603.7a)."""
    m = _END_OF_COMBAT.search(line)
    if not m or _END_OF_COMBAT.search(line, m.end()) or spell_card or line[m.end():]:
        return None
    verb = (m.group(1) or "").lower() or None
    who = m.group(2) or m.group(3) or m.group(5)
    counter = counter_kind(m.group(4)) if m.group(4) else None
    if m.group(4) and counter is None:
        return None
    before = line[:m.start()]
    if who == "that creature":
        if not re.fullmatch(r"Whenever ~ (?:blocks|becomes blocked by|blocks or becomes blocked by|deals combat damage "
                            r"to) an?(?: [^,]+?)? creature, ", before):
            return None
        clause = _DELAYED_THAT + "."
    elif re.fullmatch(r"(?:When|Whenever) ~ (?:attacks|blocks|attacks or blocks|becomes blocked), ", before):
        clause = _DELAYED_SELF + "."
    else:
        return None
    read = translate_line(before + clause, spell_card)
    if read is None or any(_delayed(a) for a in read):
        return None
    delayed = {"remove_counter_that": counter} if counter else {_DELAYED_VERBS[verb]: True}
    return [*read, {"triggered": {"when": "end_of_combat", "lasting": "once", "effect": delayed}}]


#: What "can't block", "must be blocked" and such are: restrictions and requirements, no abilities (509.1b-c), so an
#: effect giving them to a group changes no characteristics, and is not locked in to the permanents there (611.2c).
_RULES_NOT_ABILITIES = ("cant_", "must_", "attacks_each_combat", "blocks_each_combat")


def _with_lasting_each(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A triggered or activated ability with one "creatures you control get +N/+N until end of turn" clause: the
    ability (lasting_on_each), then the lasting ability with its filter."""
    m = _LASTING_EACH_CLAUSE.search(line)
    if not m or _LASTING_EACH_CLAUSE.search(line, m.end()):
        return None
    other = re.match(r"[Ee]ach other ", m.group(1))  # battle cry's "each other attacking creature" (702.91a)
    flt = permanent_filter(m.group(1)[other.end():] if other else m.group(1))
    static = _until_eot(m, 2, x=spell_card)
    if flt is None or static is None or spell_card and (other or flt.get("other")):  # ("other": than a permanent)
        return None
    if any(k.startswith(_RULES_NOT_ABILITIES) for k in static.get("gain_keywords", ())):
        return None  # "creatures can't block this turn": a rules effect, on creatures that come later too (611.2c)
    if other:
        flt = {**flt, "other": True}
    after = line[m.end():]
    those = re.match(r"\. Untap (?:those creatures|them)(?=\.)", after)
    if those and not other and "target" not in m.group(1):  # the same creatures, matched as it resolves too (611.2c)
        after = f". Untap all {m.group(1)[0].lower()}{m.group(1)[1:]}{after[those.end():]}"
    read = translate_line(line[:m.start()] + _LASTING_EACH + after, spell_card)
    if read is None or _makes_a_next_ability(read):
        return None
    return [*read, {"static": {**static, "filter": flt}}]


#: "Prevent all [combat] damage that would be dealt [to X] [by Y] [this turn]" (615.1a), after an activated ability's
#: cost or as a spell's or a permanent's line.
_PREVENT_ALL = re.compile(r"(?:([^:\"]+): )?Prevent all (combat )?damage that would be dealt(.*)\.")
_UNTAP_THEN_PREVENT = re.compile(r"(?:([^:\"]+): )?Untap (target [^.]+?)\. Prevent all combat damage that would be dealt to "
                                 r"and dealt by (?:that creature|it) this turn\.")
_PREVENT_PARTS = re.compile(r"(?: to and dealt by (?P<both>.+)| to (?P<to>.+?)(?: by (?P<by_after>.+))?| by (?P<by>.+))?")


def _prevent_phrase(phrase: str) -> tuple[str, Any] | None:
    """What a prevention's "to X" or "by X" names: ("self",), ("you",), ("players",), ("enchanted",), a target
    ("target", filter) or the permanents of a filter ("filter", filter); None if no template fits."""
    if phrase in ("~", "you", "players"):
        return ("self" if phrase == "~" else phrase, None)
    if phrase == "enchanted creature":
        return ("enchanted", None)
    m = re.fullmatch(r"target (.+)", phrase)
    flt = permanent_filter(m.group(1) if m else phrase)
    if flt is None or (m and flt.get("types") != ["creature"]):
        return None
    return ("target", flt) if m else ("filter", flt)


def prevention(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """A prevention effect (615.1a): on a permanent, a replacement ability; "this turn", from a spell or an activated
    ability, the lasting replacement ability its instruction creates (about no object, the target or this), after
    it."""
    untap = _UNTAP_THEN_PREVENT.fullmatch(line)
    if untap:  # "Untap target attacking creature. Prevent all combat damage ... dealt to and dealt by that creature":
        # the effect begun on the target, which is then untapped (one resolution; the order changes nothing)
        read = prevention(f"{untap[1] + ': ' if untap[1] else ''}Prevent all combat damage that would be dealt to and "
                          f"dealt by {untap[2]} this turn.", spell_card)
        ability = next(iter(read[0].values())) if read else {}
        if not read or "lasting_on_target" not in ability.get("effect", {}):
            return None
        ability["effect"] = [ability["effect"], {"untap_that": 1}]
        return read
    m = _PREVENT_ALL.fullmatch(line)
    if not m:
        return None
    cost, combat, rest = m.groups()
    this_turn = rest.endswith(" this turn") or rest.startswith(" this turn")
    rest = rest.replace(" this turn", "", 1)
    parts = _PREVENT_PARTS.fullmatch(rest)
    if parts is None or this_turn != (spell_card or cost is not None) or (spell_card and cost is not None):
        return None
    base: dict[str, Any] = {"event": "damage", **({"combat": True} if combat else {}), "modify": {"prevent": "all"}}
    if this_turn:
        base["lasting"] = "until_end_of_turn"
    sides = []  # one ability for each of "to" and "by" ("to and dealt by": two abilities, 615.1a)
    if parts["both"]:
        sides = [("to", parts["both"]), ("by", parts["both"])]
    else:
        sides = [(side, parts[key]) for side, key in (("to", "to"), ("by", "by_after"), ("by", "by")) if parts[key]]
    reads = [(side, _prevent_phrase(phrase)) for side, phrase in sides]
    if any(r is None for _, r in reads) or len(reads) > 2:
        return None
    if this_turn and parts["both"]:  # one lasting effect on the target (or this) for damage dealt to or by it
        reads = reads[:1]
    body = dict(base)
    maker: dict[str, Any] = {"create_effect": NEXT}
    for side, (what, flt) in reads:
        both = "self_or_to" if this_turn and parts["both"] else None
        if what == "target":
            # (one effect on the target; "dealt to ~ by target creature" would need this permanent on the other side)
            if "lasting_on_target" in str(maker) or "lasting_on_self" in str(maker) or not this_turn:
                return None
            maker = {"lasting_on_target": {"ability": NEXT, "target": flt}}
            body["by" if both else side] = both or "self"
        elif what == "self" and this_turn:
            if spell_card or "lasting_on_target" in str(maker):
                return None
            maker, body["by" if both else side] = {"lasting_on_self": NEXT}, both or "self"
        elif side == "to":
            body["to"] = {"enchanted": True} if what == "enchanted" else (flt if what == "filter" else what)
        elif what in ("self", "enchanted", "filter"):
            if what == "self":
                body["by"] = "self"
            else:
                body["filter"] = {"enchanted": True} if what == "enchanted" else flt
        else:
            return None
    if parts["both"] and not this_turn:  # the same effect twice: once for damage dealt to it, once for damage it deals
        return [{"replacement": {k: v for k, v in body.items() if k != "by" and k != "filter"}},
                {"replacement": {k: v for k, v in body.items() if k != "to"}}]
    if not this_turn:
        return [{"replacement": body}]
    if spell_card:
        return [{"spell": {"effect": maker}}, {"replacement": body}]
    parsed = costs(cost)
    return None if parsed is None else [{"activated": {"cost": cost_value(parsed), "effect": maker}},
                                        {"replacement": body}]


_PREVENT_SOME = re.compile(r"If a source(?: (an opponent controls))? would deal damage to (.+?), prevent "
                           r"(?:(\d+) of )?that damage\.")


def _prevent_some(line: str) -> dict[str, Any] | None:
    """"If a source [an opponent controls] would deal damage to X, prevent [N of] that damage" (615.1a, 615.10)."""
    m = _PREVENT_SOME.fullmatch(line)
    if not m:
        return None
    recipients = []
    for phrase in m.group(2).split(" or "):
        read = _prevent_phrase(phrase)
        if read is None or read[0] in ("target", "enchanted"):
            return None
        recipients.append(read[1] if read[0] == "filter" else read[0])
    return {"replacement": {"event": "damage", "filter": {"controller": "opponent"} if m.group(1) else {},
                            "to": recipients[0] if len(recipients) == 1 else recipients,
                            "modify": {"prevent": int(m.group(3)) if m.group(3) else "all"}}}


def _exert(line: str) -> list[dict[str, Any]] | None:
    """"You may exert ~ as it attacks. When you do, [effect]" (701.43a): the option, and the reflexive triggered ability
    on that choice (603.12a), read as "whenever ~ is exerted" is."""
    m = re.fullmatch(r"You may exert ~ as it attacks\.(?: When you do, (.+\.))?", line)
    if m is None:
        return None
    when = translate_line(f"Whenever ~ is exerted, {m.group(1)}", False) if m.group(1) else []
    return None if when is None else [{"keyword": "exert_as_it_attacks"}, *when]


#: Kinship: "[trigger], you may look at the top card of your library. If it shares a creature type with ~, you may
#: reveal it. If you do, [instruction]." (608.2d)
_KINSHIP = re.compile(r"(At the beginning of your upkeep), you may look at the top card of your library\. If it shares a "
                      r"creature type with ~, you may reveal it\. If you do, (.+)")


def _kinship(line: str) -> list[dict[str, Any]] | None:
    """A kinship trigger: the line read as "[trigger], [instruction]", its one instruction held by kinship."""
    m = _KINSHIP.fullmatch(line)
    read = translate_line(f"{m.group(1)}, {m.group(2)}", False) if m else None
    if not read or "triggered" not in read[0]:
        return None
    effect = read[0]["triggered"]["effect"]
    if not isinstance(effect, dict) or len(effect) != 1:
        return None
    return [{"triggered": {**read[0]["triggered"], "effect": {"kinship": effect}}}, *read[1:]]


def translate_line(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """The abilities one normalised line of Oracle text is, or None if no template fits it."""
    read = _translate_line(line, spell_card)
    if read is None and "shares a creature type with ~, you may reveal it. If you do, " in line:
        read = _kinship(line)
    if read is None and line.startswith("You may exert ~ as it attacks."):
        read = _exert(line)
    if read is None and _THREATEN.search(line):
        read = _threaten(line, spell_card)
    if read is None and ("until end of turn" in line or " this turn." in line or " this turn if able." in line):
        read = _with_lasting_clause(line, spell_card)
    if read is None and re.search(r" gets [+-]\d+/[+-]\d+ until end of turn and (?:gains [a-z ]+ until end of turn|can't "
                                  r"be blocked this turn)\.$", line):  # one lasting effect, its duration said twice
        read = translate_line(re.sub(r" until end of turn and ", " and ", line, count=1), spell_card)
    if read is None and re.search(r"^[^\"]*: ~ (?:gets|gains) [^.]+ until end of turn and deals \d+ damage to you\.$", line):
        # "{R}: ~ gets +1/+0 until end of turn and deals 1 damage to you": two instructions of its own (120.3)
        read = translate_line(re.sub(r" until end of turn and deals ", " until end of turn. ~ deals ", line), spell_card)
    if read is None and "still a land." in line:
        read = _animated_target(line, spell_card)
    either = re.fullmatch(r"Whenever you cast (an? [^,]+? spell) or (an? [^,]+?) enters under your control, (.+)", line) \
        if read is None else None
    if either:  # two events that never are one (a spell cast, a permanent entering): a triggered ability for each
        cast, enters = (translate_line(f"Whenever {e}, {either[3]}", spell_card) for e in (
            f"you cast {either[1]}", f"{either[2]} enters under your control"))
        read = cast + enters if cast and enters and len(cast) == len(enters) == 1 else None
    if read is None and "Another target " in line:
        read = _pumped_and_another(line, spell_card)
    if read is None and ("Switch " in line or " loses " in line) and "until end of turn" in line:
        read = _switch_or_lose(line, spell_card)
    if read is None and "All creatures able to block " in line:
        read = _lure(line, spell_card)
    if read is None and re.search(r" for as long as (?:~ remains tapped|you control ~)\.", line) and not spell_card:
        read = _while_tapped(line)
    if read is None and " from your graveyard to the battlefield. " in line:
        read = _reanimated_for_a_while(line, spell_card)
    if read is None and "the next end step" in line:
        read = _with_flicker_clause(line, spell_card)
    if read is None and "the next end step" in line:
        read = _with_delayed_clause(line, spell_card)
    if read is None and "at end of combat" in line:
        read = _with_end_of_combat_clause(line, spell_card)
    if read is None and "the next turn's upkeep" in line:
        read = _with_delayed_draw(line, spell_card)
    if read is None and line.endswith('."') and re.search(r'\. (?:It has|They have) "', line):  # the tokens' ability
        read = _translate_line(line[:-2] + '".', spell_card)  # quoted last: its period out, as templates end on one
    if read is None and spell_card:
        read = _with_own_destination(line)
    if read is None and not spell_card and line.lower().count("target") == 1 and re.search(r"\b[Aa]nother target ", line):
        # A permanent's ability with one target: "another target creature" is one other than this permanent (a spell's
        # "another target" after a first target is one other than that target: not read here).
        read = translate_line(line.replace("another target ", "target another ").replace("Another target ",
                                                                                          "Target another "), spell_card)
        read = read if read is not None and "'other': True" in str(read) else None
    if read is None and line.endswith(" would die this turn, exile it instead."):
        read = _exiled_if_it_dies(line, spell_card)
    if read is None and re.search(r"\. It (?:gets|gains) .+ until end of turn\.$", line):
        read = _then_it_lasts(line, spell_card)
    if read is None and line.endswith(" token, then attach ~ to it."):
        read = _attached_to_the_token(line, spell_card)
    if read is None and not spell_card and line.startswith(("Enchanted creature ", "Equipped creature ", "All creatures ")):
        read = _what_attached_grants(line)
    m = re.fullmatch(r"~ (can't [a-z ]+?) and (can't [a-z ]+?)\.", line) if read is None and not spell_card else None
    if m:  # "~ can't block and can't be blocked": two restrictions of its own (509.1b), each a line of its own
        both = [translate_line(f"~ {m.group(1)}.", spell_card), translate_line(f"~ {m.group(2)}.", spell_card)]
        read = both[0] + both[1] if all(r and all("keyword" in a for a in r) for r in both) else None  # type: ignore
    return read if read is None or all(_players_named_well(a) for a in read) else None


#: The triggers whose source is an attacking creature: its "defending player" (508.5).
_ABOUT_AN_ATTACKER = frozenset({"attacks", "attacks_unblocked", "becomes_blocked", "becomes_blocked_by"})


def _players_named_well(ability: dict[str, Any]) -> bool:
    """Whether "defending player controls" (508.5) is read only in an attacking creature's triggers and activated
    abilities, and "that player controls" (603.2) only in triggers whose event is about a player."""
    named = _controllers_in(ability)
    kind, body = next(iter(ability.items()))
    when = body.get("when") if isinstance(body, dict) else None
    if named & {"defending_player", "that_player"} and "for_each" in _names_in(ability):
        return False  # (a count of them: not read)
    if "defending_player" in named and not (kind == "activated" or kind == "triggered" and when in _ABOUT_AN_ATTACKER
                                            and "filter" not in body):  # (its own attack: not an Aura's creature's)
        return False
    return "that_player" not in named or kind == "triggered" and when in ABOUT_A_PLAYER


def _controllers_in(value: Any) -> set[str]:
    """Every filter's controller named in instructions read, however deep."""
    if isinstance(value, dict):
        own = {value["controller"]} if isinstance(value.get("controller"), str) else set()
        return own.union(*(_controllers_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_controllers_in(v) for v in value))
    return set()


def _what_attached_grants(line: str) -> list[dict[str, Any]] | None:
    """"Enchanted (equipped) creature can't be blocked" (a keyword it has, 509.1b), "Enchanted creature gets -2/-2 and
    can't block" (a change of power and toughness and a restriction: two static effects, 613.4c, 509.1b), "All
    creatures have haste" (702.1)."""
    attached = {"enchanted": True}
    if re.fullmatch(r"(?:Enchanted|Equipped) creature can't be blocked\.", line):
        return [{"static": {"gain_keywords": ["cant_be_blocked"], "filter": attached}}]
    m = re.fullmatch(r"(?:Enchanted|Equipped) creature gets ([+-]\d+/[+-]\d+) and can't be blocked\.", line)
    if m:  # +N/+N (613.4c) and an evasion ability (509.1b), one static ability
        return [{"static": {"modify_pt": m.group(1), "gain_keywords": ["cant_be_blocked"], "filter": attached}}]
    m = re.fullmatch(r"Enchanted creature gets ([+-]\d+/[+-]\d+) and can't (attack|block|attack or block)\.", line)
    if m:
        return [{"static": {"modify_pt": m.group(1), "filter": attached}},
                {"static": {"restrictions": m.group(2).split(" or "), "filter": attached}}]
    m = re.fullmatch(r"All creatures have ([a-z ,]+?)\.", line)
    granted = _static_grant(None, m.group(1), {"types": ["creature"]}) if m else None
    return [granted] if granted else None


def _attached_to_the_token(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """"When ~ enters, create a 0/0 black Phyrexian Germ creature token, then attach ~ to it" (living weapon, 702.92a):
    the triggered ability that creates the token, then attaches this to it."""
    read = None if spell_card else translate_line(line.removesuffix(", then attach ~ to it.") + ".", spell_card)
    if read is None or len(read) != 1 or "triggered" not in read[0]:
        return None
    body = read[0]["triggered"]
    if not isinstance(body.get("effect"), dict) or "create_tokens" not in body["effect"]:
        return None
    return [{"triggered": {**body, "effect": [body["effect"], {"attach_to_tokens": True}]}}]


#: "If that creature would die this turn, exile it instead" (the creature targeted), "If a creature dealt damage this
#: way would die this turn, exile it instead": the lasting effect each begins (611.2c, 614.1a).
_EXILED_IF_IT_DIES = re.compile(r"(.+\.) If (that creature|a creature dealt damage this way) would die this turn, "
                                r"exile it instead\.")
_EXILED_INSTEAD = {"replacement": {"event": "dies", "modify": {"exile_instead": True}, "lasting": "until_end_of_turn"}}


def _then_it_lasts(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """"Untap target creature. It gets +2/+2 until end of turn": instructions with one target, a permanent, then a
    lasting effect begun on that target (611.2c)."""
    m = re.fullmatch(r"(.+\.) It ((?:gets|gains) .+ until end of turn)\.", line)
    if m is None or m.group(1).count("target") != 1 or "target player" in m.group(1) or "any target" in m.group(1):
        return None
    lasting = translate_line(f"Target creature {m.group(2)}.", True)
    if lasting is None or len(lasting) != 2 or "static" not in lasting[1]:
        return None
    read = _one_ability(m.group(1), spell_card)
    if read is None or not all(next(iter(e)) in _KEEP_IT_THERE for e in read[2]):  # (still the permanent it was, 400.7)
        return None
    kind, body, effects = read
    return [{kind: {**body, "effect": [*effects, {"lasting_on_its_target": {"ability": NEXT, "target": 1}}]}},
            lasting[1]]


def _one_ability(text: str, spell_card: bool) -> tuple[str, dict[str, Any], list[Any]] | None:
    """The one spell, activated or triggered ability a line reads as (making no lasting ability of its own): its kind,
    its body and its instructions, to add an instruction to."""
    read = translate_line(text, spell_card)
    if read is None or len(read) != 1 or _makes_a_next_ability(read):
        return None
    kind = next((k for k in ("spell", "activated", "triggered") if k in read[0]), None)
    body = read[0].get(kind) if kind else None
    if kind is None or not isinstance(body, dict) or "effect" not in body:
        return None
    return kind, body, body["effect"] if isinstance(body["effect"], list) else [body["effect"]]


#: Instructions after which their target is still on the battlefield, the same object.
_KEEP_IT_THERE = frozenset({"untap_target", "tap_target", "put_counters_target", "damage_target", "regenerate_target"})


def _exiled_if_it_dies(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    """The instructions, then the lasting effect begun on the creature they target (only one target: a creature) or on
    each creature they dealt damage to."""
    m = _EXILED_IF_IT_DIES.fullmatch(line)
    read = _one_ability(m.group(1), spell_card) if m else None
    if m is None or read is None:
        return None
    kind, body, effects = read
    if m.group(2) == "that creature":
        if m.group(1).count("target") != 1 or "target creature" not in m.group(1):
            return None
        begun: dict[str, Any] = {"lasting_on_its_target": {"ability": NEXT, "target": 1}}
    elif " damage to " in m.group(1):
        begun = {"lasting_on_damaged": NEXT}
    else:
        return None
    return [{kind: {**body, "effect": [*effects, begun]}}, _EXILED_INSTEAD]


#: "Cast ~ only [when]" (601.3): the spell's timing, a part of its spell ability (translate.py puts it there).
SPELL_TIMING_LINES = {f"Cast {spell} only {words}.": timing for spell in ("~", "this spell") for words, timing in (
    ("during combat", "during_combat"), ("during combat before blockers are declared", "combat_before_blockers"),
    ("during combat after blockers are declared", "combat_after_blockers"),
    ("during the declare attackers step", "declare_attackers_step"),
    ("during the declare attackers step and only if you've been attacked this step", "declare_attackers_step_attacked"),
    ("during the declare blockers step", "declare_blockers_step"),
    ("before the combat damage step", "before_combat_damage"))}


#: Where a spell's last sentence sends the card as it resolves, instead of its owner's graveyard (608.2n).
_OWN_DESTINATION = {"Exile ~.": "exile_self", "Shuffle ~ into its owner's library.": "shuffle_self_into_library",
                    "Put ~ on the bottom of its owner's library.": "put_self_on_bottom"}


def _returned_become(line: str) -> list[dict[str, Any]] | None:
    """"Return [up to two] target creature card(s) from your graveyard to the battlefield. Each of those creatures (It)
    is a black Zombie in addition to its other colors and types": the effect lasts on what returned (400.7j, 611.2c)."""
    m = re.fullmatch(r"(Return .+ to the battlefield)\. (?:Each of those creatures|That creature|It) is an? ((?:\w+ and "
                     r")?\w+) (\w+) in addition to its other colors and types\.", line)
    if not m or any(c not in _COLOR_WORDS for c in m.group(2).split(" and ")) or \
            m.group(3).lower() not in ADDED_SUBTYPES:
        return None
    ret = _effect(m.group(1))
    if ret is None or next(iter(ret)) not in ("return_card_to_battlefield", "up_to") or \
            ret.get("up_to", {}).get("effect", {}).keys() - {"return_card_to_battlefield"}:
        return None
    return [{"spell": {"effect": [ret, {"lasting_on_returned": NEXT}]}},
            {"static": {"add_colors": [_COLOR_WORDS[c] for c in m.group(2).split(" and ")],
                        "add_subtypes": [m.group(3).lower()], "lasting": "until_end_of_game"}}]


def _with_own_destination(line: str) -> list[dict[str, Any]] | None:
    """"[Instructions.] Exile ~." or "... Shuffle ~ into its owner's library.": the instructions, then the card's way."""
    counted = re.search(r" Exile ~ with (two|three|four|five) time counters on it\.$", line)
    endings = {**_OWN_DESTINATION, **({counted.group(0)[1:]: ("exile_self_with_time_counters", number(counted.group(1)))}
                                       if counted else {})}
    for ending, key in endings.items():
        if line.endswith(" " + ending):
            read = translate_line(line[:-len(ending) - 1], True)
            if read is None or not read or set(read[0]) != {"spell"} or set(read[0]["spell"]) != {"effect"} or \
                    any("spell" in r for r in read[1:]):
                return None  # (what the spell's instructions make lasting may follow it: Ever After's)
            effect = read[0]["spell"]["effect"]
            way = {key[0]: key[1]} if isinstance(key, tuple) else {key: True}
            return [{"spell": {"effect": [*(effect if isinstance(effect, list) else [effect]), way]}}, *read[1:]]
    return None


def _translate_line(line: str, spell_card: bool) -> list[dict[str, Any]] | None:
    if not line:
        return []
    if _LONG_NUMBER.search(line):  # the templates convert their numbers with int()
        return None
    found = keywords(line)
    if found is not None:
        return found
    if line in TRIGGERED_KEYWORDS:
        return translate_line(TRIGGERED_KEYWORDS[line], spell_card)
    if line in EXACT:
        return EXACT[line]
    if "revent" in line:  # (most lines say nothing of preventing: the two grammars are not tried on them)
        prevents = prevention(line, spell_card)
        if prevents is not None:
            return prevents
        some = None if spell_card else _prevent_some(line)
        if some is not None:
            return [some]
    if spell_card:
        cost = additional_cost(line)
        if cost is not None:
            return [cost]
        changed = _cost_change(line)
        if changed is not None and "cost_reduction" in changed:  # (its own cost: a spell has no static abilities)
            return [changed]
        lasting = _lasting(line)
        if lasting is not None:  # the effect the spell creates, as cards.yaml writes High Tide and Pale Moon
            return [lasting]
        m = re.fullmatch(rf"Target (.+?) {_UNTIL_EOT}\.", line)
        flt = permanent_filter(m.group(1)) if m else None
        static = _until_eot(m, 2, x=True) if m else None
        if static and flt is not None and flt.get("types") == ["creature"]:  # as cards.yaml writes Giant Growth
            return [{"spell": {"effect": {"lasting_on_target": {"ability": NEXT, "target": flt}}}}, {"static": static}]
        m = re.fullmatch(rf"({_EACH_CREATURES}) {_UNTIL_EOT}\.", _this_turn(line))
        flt = permanent_filter(m.group(1)) if m else None
        static = _until_eot(m, 2, x=True) if m else None
        if static and any(k.startswith(_RULES_NOT_ABILITIES) for k in static.get("gain_keywords", ())):
            static = None  # (a rules effect, on creatures that come later too, 611.2c)
        if static and flt is not None:  # the permanents it matches as it resolves (611.2c), as cards.yaml writes Overrun
            return [{"spell": {"effect": {"lasting_on_each": NEXT}}}, {"static": {**static, "filter": flt}}]
        spent = _if_spent(line)
        if spent is not None:
            return [spent]
        returned = _returned_become(line)
        if returned is not None:
            return returned
        m = re.fullmatch(r"Create a token that's a copy of target (.+)\. If this spell was kicked, create (\w+) of "
                         r"those tokens instead\.", line)
        flt = permanent_filter(m.group(1)) if m else None
        if m and flt is not None and number(m.group(2)):  # 702.33d: the count if kicked (Rite of Replication)
            return [{"spell": {"effect": {"create_token_copies_target": {"filter": flt, "count": 1,
                                                                         "kicked_count": number(m.group(2))}}}}]
        effects = spell(line)
        return [{"spell": {"effect": effects[0] if len(effects) == 1 else effects}}] if effects else None
    m = re.fullmatch(r"When ~ enters or dies, (.+)", line)
    if m:
        enters, dies = _triggered(f"When ~ enters, {m.group(1)}"), _triggered(f"When ~ dies, {m.group(1)}")
        return [enters, dies] if enters and dies else None
    m = re.fullmatch(r"(?:When|Whenever) ~ (attacks or blocks|enters or attacks), (.+)", line)
    if m:  # two triggered abilities, one for each event (508.3a, 509.3a, 603.6a)
        first, second = m.group(1).split(" or ")
        lead = "When" if first == "enters" else "Whenever"
        one, two = _triggered(f"{lead} ~ {first}, {m.group(2)}"), _triggered(f"Whenever ~ {second}, {m.group(2)}")
        return [one, two] if one and two else None
    m = re.fullmatch(r"Whenever (enchanted|equipped) creature attacks or blocks, (.+)", line)
    if m:  # two triggered abilities of the Aura (Equipment), one for each event (508.3a, 509.3a)
        one, two = (_triggered(f"Whenever {m.group(1)} creature {verb}, {m.group(2)}") for verb in ("attacks", "blocks"))
        return [one, two] if one and two else None
    m = re.fullmatch(r"Whenever ~ blocks or becomes blocked by (an?(?: [^,]+?)? creature), (.+)", line)
    if m:  # two triggered abilities, one for each creature of the block (509.3b, 509.3d)
        blocks, blocked = _triggered(f"Whenever ~ blocks {m.group(1)}, {m.group(2)}"), _triggered(
            f"Whenever ~ becomes blocked by {m.group(1)}, {m.group(2)}")
        return [blocks, blocked] if blocks and blocked else None
    m = re.fullmatch(r"Whenever ~ blocks or becomes blocked, (.+)", line)
    if m:  # two triggered abilities, one for each event (509.3a, 509.3c)
        blocks, blocked = _triggered(f"Whenever ~ blocks, {m.group(1)}"), _triggered(
            f"Whenever ~ becomes blocked, {m.group(1)}")
        return [blocks, blocked] if blocks and blocked else None
    for grammar in (_enters, _replacement, _static, _triggered):
        ability = grammar(line)
        if ability is not None:
            return [ability]
    becomes = _becomes_creature(line)
    if becomes is not None:
        return becomes
    m = re.fullmatch(rf"([^:\"]+): ~ {_UNTIL_EOT}\.", line)
    if m:  # "{R}: ~ gets +1/+0 until end of turn": the ability makes the lasting effect written after it
        parts = costs(m.group(1))
        static = _until_eot(m, 2, about_itself=True, x="{X}" in m.group(1))
        if parts is None or static is None:
            return None
        return [{"activated": {"cost": cost_value(parts), "effect": {"lasting_on_self": NEXT}}}, {"static": static}]
    m = re.fullmatch(r"([^:\"]+): (Until end of turn, .+)", line)
    if m:  # "[Cost]: Until end of turn, ...": the ability creates the lasting effect written after it
        lasting = _lasting(m.group(2))
        parts = costs(m.group(1))
        if lasting is None or parts is None:
            return None
        return [{"activated": {"cost": cost_value(parts), "effect": {"create_effect": NEXT}}}, lasting]
    if line.endswith(".") or line.endswith('"'):
        ability = activated(line)
        if ability is not None:
            return [ability]
    return None
