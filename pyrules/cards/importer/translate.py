"""One card of a bulk file -> a card definition (cards.yaml form), its unsupported lines, or a refusal.

Characteristics are translated exactly or the card is refused (a layout pyrules does not model, a card
type it does not know, a mana cost it cannot read). Each line of Oracle text becomes abilities through
:mod:`.oracle`, and every ability is read back with the card parser: one the parser would not accept is
kept as an unsupported line, so the library always loads. A line no template fits is kept as
``{unsupported: "<line>"}``; a situation with an object of that card answers ``unsupported: ...``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from pyrules.base.document import Field, whole_number
from pyrules.base.errors import InputError
from pyrules.cards.importer import oracle
from pyrules.cards.importer.reader import RawCard, RawFace
from pyrules.cards.library import parse_card
from pyrules.vocabulary.abilities import parse_ability
from pyrules.vocabulary.values import CARD_TYPES, CREATURE_TYPES, OTHER_SUBTYPES, PLANESWALKER_TYPES, SUPERTYPES

#: Layouts whose faces are front and back of a double-faced card (712).
DOUBLE_FACED = {"transform", "modal_dfc"}
#: Layouts of one face.
SINGLE = {"normal", "leveler", "saga", "class", "case", "mutate", "prototype", "host", "augment"}
_TYPE_ALIASES = {"tribal": "kindred"}


@dataclass
class Result:
    name: str
    status: str  # full, partial or refused
    card: dict[str, Any] | None = None
    unsupported: list[str] = field(default_factory=list)  # the lines kept as text (normalised, for the report)
    reason: str = ""  # why a refused card was refused
    mana: list[dict[str, Any]] = field(default_factory=list)  # mana abilities read (their effects)
    produced: list[str] | None = None  # Scryfall's produced_mana
    text: str = ""  # the Oracle text of a card with a mana ability (for the report's check without produced_mana)


class CardRefusedError(Exception):
    pass


def _token(text: str) -> str:
    """A subtype as a name: Assembly-Worker -> assembly_worker, Urza's -> urzas, Jötun -> jotun."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    token = text.strip().lower().replace("'", "").replace(" ", "_").replace("-", "_")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", token):
        raise CardRefusedError(f"subtype '{text}'")
    return token


def _type_line(face: RawFace) -> tuple[list[str], list[str], list[str]]:
    if face.types is not None:
        types, supers, subs = face.types, face.supertypes or [], face.subtypes or []
    else:  # Scryfall: "Legendary Creature — Elf Druid"
        left, _, right = face.type_line.partition("\u2014")
        words = left.split()
        supers = [w for w in words if w.lower() in SUPERTYPES]
        types = [w for w in words if w.lower() not in SUPERTYPES]
        subs = right.split()
    out_types = []
    for t in types:
        t = _TYPE_ALIASES.get(t.lower(), t.lower())
        if t not in CARD_TYPES:
            raise CardRefusedError(f"card type '{t}'")
        out_types.append(t)
    for s in supers:
        if s.lower() not in SUPERTYPES:
            raise CardRefusedError(f"supertype '{s}'")
    if not out_types:
        raise CardRefusedError("no card type")
    return out_types, [s.lower() for s in supers], [_token(s) for s in subs]


_COLORED = re.compile(r"[WUBRG]")


def _cost_colors(cost: str | None) -> set[str]:
    return {c.lower() for sym in re.findall(r"\{([^}]*)\}", cost or "") for c in _COLORED.findall(sym)}


def _number(text: str | None) -> int | None | str:
    """A power, toughness or loyalty: a whole number ("2", "-1") as such, anything else ("*", a number
    of too many digits) as its text."""
    if text is None:
        return None
    number = whole_number(text.removeprefix("-"))
    return text if number is None else -number if text.startswith("-") else number


def _names(raw: RawCard, face: RawFace, supertypes: list[str]) -> list[str]:
    names = [face.name, raw.name]
    if "legendary" in supertypes and ", " in face.name:
        names.append(face.name.split(", ")[0])
    return names


def _face(raw: RawCard, face: RawFace, result: Result, where: str) -> dict[str, Any]:
    types, supers, subs = _type_line(face)
    card: dict[str, Any] = {"name": face.name}
    if face.mana_cost:
        card["cost"] = oracle.symbols(face.mana_cost)
    card["types"] = types
    if supers:
        card["supertypes"] = supers
    if subs:
        card["subtypes"] = subs
    notes: list[str] = []  # characteristics pyrules cannot write: kept as unsupported lines
    given = {c.lower() for c in face.colors} if face.colors is not None else None
    indicator = [c.lower() for c in face.color_indicator] if face.color_indicator else None
    if indicator is None and given and not _cost_colors(face.mana_cost):
        indicator = sorted(given, key="wubrg".index)  # no colored symbols: the colors are an indicator (204)
    if indicator:
        card["colors"] = indicator
    if given is not None and given != _cost_colors(face.mana_cost) | set(indicator or ()):
        notes.append(f"Its colors are {', '.join(sorted(given)) or 'none'}, not those of its mana cost")
    unread = []
    for attr in ("power", "toughness", "loyalty"):
        value = _number(getattr(face, attr))
        if isinstance(value, int) and not (attr == "loyalty" and value < 0):
            card[attr] = value
        elif value is not None:
            unread.append(f"{attr} {value}")
    spell_card = bool({"instant", "sorcery"} & set(types))
    abilities: list[dict[str, Any]] = []
    spell_lines: list[tuple[str, str, dict[str, Any]]] = []  # (line as printed, normalised, spell ability read)
    spell_at = None
    spell_instead: tuple[str, dict[str, Any]] | None = None  # (its line, what it reads as)
    spell_timing: tuple[str, str] | None = None  # (its line, the timing it gives the spell: "Cast ~ only during combat")
    names = _names(raw, face, supers)
    levels = False
    lines = face.text.split("\n") if face.text else []
    skip = 0
    modal_at, modal_lines = None, []
    for n, line in enumerate(lines):
        if skip:
            skip -= 1
            continue
        norm = oracle.normalise(line, names)
        if not norm:
            continue  # reminder text only
        # A leveler's lines after "LEVEL N-M" hold only at those levels: a level band, one static ability (711.2).
        if oracle.LEVEL_BAND.fullmatch(norm) and not levels:
            size = next((k for k, rest in enumerate(lines[n + 1:]) if oracle.LEVEL_BAND.fullmatch(
                oracle.normalise(rest, names))), len(lines) - n - 1)
            band_lines = lines[n + 1:n + 1 + size]
            normalised = [oracle.normalise(b, names) for b in band_lines]
            band, unread_lines = oracle.level_band(norm, normalised)
            band = _read_back(band, f"{where}.text.{n}", where)
            if band is not None:
                abilities.append(band)
                for text in unread_lines:  # (each an ability the band gives, written as printed)
                    abilities.append({"unsupported": oracle._REMINDER.sub("", band_lines[normalised.index(text)]).strip()})
                    result.unsupported.append(text)
                skip = size
                continue
        levels = levels or bool(re.match(r"(?:LEVEL|Level) \d+", norm))
        # "Choose one —" and its modes, each a line beginning "•" (700.2): a modal spell, or "[Cost]: Choose one —"
        bullets = lines[n + 1:n + 1 + _bullets(lines[n + 1:])]
        modes = [oracle.normalise(b[1:], names) for b in bullets]
        chosen = re.fullmatch(r"Choose (one|two|three|one or both|one or more) -", norm) if spell_card else None
        if chosen and not levels and modal_at is None:
            read = _read_modal(oracle.modal_spell(chosen.group(1), modes), len(abilities), f"{where}.text.{n}", where)
            if read is not None:
                modal_at, modal_lines = len(abilities), [norm] + [oracle.normalise(b, names) for b in bullets]
                abilities += read
                skip = len(bullets)
                continue
        modal = re.fullmatch(r"([^:\"]+): Choose one -", norm)
        trigger = re.fullmatch(r"((?:When|Whenever|At) [^,]+), choose one -", norm)
        read = None
        if trigger and not levels:  # a modal triggered ability (700.2, 603.3c)
            read = _read_modal(oracle.modal_trigger(trigger.group(1), modes), len(abilities), f"{where}.text.{n}", where)
        elif modal and not levels:
            read = _read_modal(oracle.modal(modal.group(1), modes), len(abilities), f"{where}.text.{n}", where)
        if read is not None:
            abilities += read
            skip = len(bullets)
            continue
        instead = oracle.spell_instead(norm) if spell_card and spell_at is not None and spell_instead is None else None
        if instead is not None:  # "[Ability word] — [instructions] instead if [condition]" (614.15): the spell's own
            spell_instead = (oracle._REMINDER.sub("", line).strip(), instead)
            continue
        if spell_card and norm in oracle.SPELL_TIMING_LINES and spell_timing is None:  # (601.3: the spell's own)
            spell_timing = (oracle._REMINDER.sub("", line).strip(), oracle.SPELL_TIMING_LINES[norm])
            continue
        found = None if levels else oracle.translate_line(norm, spell_card)
        if found is not None:
            # An instruction that makes "the lasting effect written after it" names that ability's number.
            # (and the delayed triggered ability it makes, "delayed"); each at its place, 0-based, in ``found``.
            lasting_at = next((n for n, a in enumerate(found) if "static" in a), 1)
            second_at = ([n for n, a in enumerate(found) if "static" in a][1:] or [1])[0]
            delayed_at = next((n for n, a in enumerate(found) if oracle._delayed(a)), 1)
            replacing_at = next((n for n, a in enumerate(found) if "replacement" in a), 1)
            first = len(abilities) + (0 if spell_at is not None and any("spell" in a for a in found) else 1)
            found = [oracle.numbered(a, {oracle.NEXT: first + lasting_at, oracle.DELAYED: first + delayed_at,
                                         oracle.REPLACING: first + replacing_at, oracle.NEXT_SECOND: first + second_at})
                     for a in found]
            if any(_read_back(ability, f"{where}.text.{n}", where) is None for ability in found):
                found = None  # (every ability is read back as a card file would be: one the parser refuses is not kept)
        if found is None:
            abilities.append({"unsupported": oracle._REMINDER.sub("", line).strip()})
            result.unsupported.append(norm)
            continue
        for ability in found:
            if "spell" in ability:  # the lines of an instant or sorcery are one spell ability (113.3a)
                if spell_at is None:
                    spell_at = len(abilities)
                    abilities.append(ability)
                spell_lines.append((oracle._REMINDER.sub("", line).strip(), norm, ability["spell"]))
                continue
            abilities.append(ability)
            (kind, body), = ability.items()
            if kind == "static" and "grant" in body:
                kind, body = "activated", body["grant"]["activated"]
            if kind in ("activated", "triggered") and _adds(body):  # a mana ability (605.1), or one granted
                result.mana.append(body)
    if spell_at is not None:
        # A line read with more than instructions ("if {G} was spent to cast this spell, ...") is the spell ability
        # whole when it is the spell's only line; beside other lines, nothing says how the two combine: not read.
        plain = [body for _, _, body in spell_lines if set(body) == {"effect"}]
        other = [(text, norm) for text, norm, body in spell_lines if set(body) != {"effect"}]
        effects = [e for body in plain for e in (body["effect"] if isinstance(body["effect"], list) else [body["effect"]])]
        if other and len(spell_lines) == 1:
            abilities[spell_at] = {"spell": dict(spell_lines[0][2])}
        else:
            abilities[spell_at] = {"spell": {"effect": effects[0] if len(effects) == 1 else effects}} if effects \
                else {"unsupported": other.pop(0)[0]}
            for text, norm in other:
                abilities.append({"unsupported": text})
                result.unsupported.append(norm)
            if not effects:
                result.unsupported.append(spell_lines[0][1])
        if spell_instead is not None:
            combined = {"spell": {**abilities[spell_at]["spell"], "instead": spell_instead[1]}}
            try:  # (read back: the instructions on either side must be ones an "instead" may turn on and off)
                parse_ability(Field(combined, f"{where}.text", where, {}))
                abilities[spell_at] = combined
            except InputError:
                abilities.append({"unsupported": spell_instead[0]})
                result.unsupported.append(spell_instead[0])
    if spell_timing is not None:  # on the one list of instructions; with none, or modes or "instead", not read
        if spell_at is not None and set(abilities[spell_at]["spell"]) == {"effect"}:
            abilities[spell_at] = {"spell": {**abilities[spell_at]["spell"], "timing": spell_timing[1]}}
        else:
            abilities.append({"unsupported": spell_timing[0]})
            result.unsupported.append(spell_timing[0])
    if modal_at is not None and spell_at is not None:  # modes and instructions outside them: no template says so
        # (one entry in its place: the abilities after it keep their numbers; the lasting effects its modes would have
        # begun stay, begun by nothing)
        abilities[modal_at] = {"unsupported": " ".join(modal_lines)}
        result.unsupported += modal_lines
    # The "*"s a characteristic-defining ability read gives (208.2a, 604.3): as printed, if its line says so; if not,
    # the ability is not read either (in its place: the abilities after it keep their numbers).
    cda_line, cda_text = next(((norm, line) for norm, line in ((oracle.normalise(line, names), line) for line in lines)
                               if oracle.cda_printed(norm)), ("", ""))
    printed = oracle.cda_printed(cda_line) or {}
    cda_at = [n for n, a in enumerate(abilities) if set(a.get("static", {})) & {"pt_equal_count", "pt_equal_cards"}]
    matched = bool(cda_at) and unread == [f"{attr} {value}" for attr, value in printed.items()]
    if matched:
        card.update(printed)
        unread = []
    for n in () if matched else cda_at:  # (stars it does not give, or a printed number with no star to give)
        abilities[n] = {"unsupported": oracle._REMINDER.sub("", cda_text).strip()}
        result.unsupported.append(cda_line)
    if unread:  # */*, 1+*, X: defined by the card's text or as it enters, which pyrules does not read
        notes.append(f"Printed {' and '.join(unread)}")
    for note in notes:
        abilities.append({"unsupported": note})
        result.unsupported.append(note)
    for attr in ("power", "toughness", "loyalty"):  # after the fields of cards.yaml's order
        if attr in card:
            card[attr] = card.pop(attr)
    if abilities:
        card["abilities"] = abilities
    return card


def _read_back(ability: dict[str, Any] | None, at: str, where: str) -> dict[str, Any] | None:
    """The ability, if the card parser reads it back as a card file would be and each subtype its filters name is one
    (205.3: not a word a template took for one, "Historic", "Those"); None otherwise."""
    if ability is None or not _subtypes_known(ability):
        return None
    try:
        parse_ability(Field(ability, at, where, {}))
    except InputError:
        return None
    return ability


#: The subtypes there are (205.3g-m): what a filter's subtypes may name.
_SUBTYPES = frozenset(CREATURE_TYPES + OTHER_SUBTYPES + PLANESWALKER_TYPES)


def _subtypes_known(value: Any) -> bool:
    """Whether every subtype a filter in ``value`` names (subtypes, any_subtypes, not_subtypes) is one there is."""
    if isinstance(value, dict):
        return all((key not in ("subtypes", "any_subtypes", "not_subtypes") or not isinstance(v, list)
                    or set(v) <= _SUBTYPES) and _subtypes_known(v) for key, v in value.items())
    return all(_subtypes_known(v) for v in value) if isinstance(value, list) else True


def _read_modal(read: list[dict[str, Any]] | None, at: int, place: str, where: str) -> list[dict[str, Any]] | None:
    """A modal ability read and the lasting effects its modes begin, numbered as the card's abilities from place
    ``at`` (0-based), if the card parser reads each back; None otherwise."""
    if read is None:
        return None
    numbers: dict[str, int | str] = {oracle.after_modal(k): at + 2 + k for k in range(len(read) - 1)}
    out = [_read_back(oracle.numbered(a, numbers), place, where) for a in read]
    return None if any(a is None for a in out) else out  # type: ignore[misc]


def _bullets(lines: list[str]) -> int:
    """How many of the lines, from the first, are modes ("• ...")."""
    return next((n for n, line in enumerate(lines) if not line.startswith("\u2022")), len(lines))


def _adds(body: dict[str, Any]) -> bool:
    if "effect" not in body:
        return False
    effects = body["effect"] if isinstance(body["effect"], list) else [body["effect"]]
    return any(next(iter(e)).startswith("add") for e in effects)


def translate(raw: RawCard) -> Result:
    result = Result(raw.name, "full", produced=raw.produced_mana)
    try:
        if raw.layout in DOUBLE_FACED:
            if len(raw.faces) != 2:
                raise CardRefusedError(f"a {raw.layout} card with {len(raw.faces)} faces")
            faces = [_face(raw, f, result, f"{raw.where}.faces.{i}") for i, f in enumerate(raw.faces)]
            card: dict[str, Any] = {"name": raw.faces[0].name, "faces": faces}
        elif raw.layout == "split":  # (708: aftermath cards are split cards too)
            if len(raw.faces) != 2:
                raise CardRefusedError(f"a split card with {len(raw.faces)} halves")
            halves = [_face(raw, f, result, f"{raw.where}.faces.{i}") for i, f in enumerate(raw.faces)]
            card = {"name": raw.name, "halves": halves}
        elif raw.layout in SINGLE:
            if len(raw.faces) != 1:
                raise CardRefusedError(f"a {raw.layout} card with {len(raw.faces)} faces")
            card = _face(raw, raw.faces[0], result, raw.where)
            card["name"] = raw.name
        else:
            raise CardRefusedError(f"layout '{raw.layout}' (flip, meld and adventure cards are not modelled)")
        try:
            parse_card(Field(card, "", raw.where, {}))
        except InputError as exc:
            raise CardRefusedError(exc.message) from None
    except CardRefusedError as exc:
        return Result(raw.name, "refused", reason=str(exc), produced=raw.produced_mana)
    result.card = card
    if result.mana:
        result.text = "\n".join(f.text for f in raw.faces)
    if result.unsupported:
        result.status = "partial"
    return result
