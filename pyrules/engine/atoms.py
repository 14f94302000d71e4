"""Outcome atoms as text: parsing what users write, checking it, printing what they read.

Users may write ids without quotes (``tap(forest1)``); :func:`parse_atom` turns constants that
name an object or a player of the situation into the strings the facts use. The text is parsed
as a clingo *term*, never as program text. Then every part is checked, so that a typo is an
error and never a silent "no": the predicate and its arity against the output catalogue, each
argument against what the catalogue names it (an object, a player, a type of mana, a kind of
counter, a zone, a number), and any other word against the ids of the situation and the words of
the vocabulary.
"""

from __future__ import annotations

import difflib
import re
from functools import cache, lru_cache
from typing import Any

import clingo
import clingo.ast
from clingo import Function, String, Symbol, SymbolType

from pyrules.base.bounds import INT_MAX, INT_MIN, wrapped_number
from pyrules.base.errors import InputError
from pyrules.base.symbols import Atom
from pyrules.cards.library import builtin_library
from pyrules.engine.encodings import all_entries, output_signatures
from pyrules.engine.facts import situation_facts
from pyrules.engine.index import analysed
from pyrules.engine.program import statements
from pyrules.engine.signatures import outcome_signatures
from pyrules.situation.model import Situation
from pyrules.vocabulary import names
from pyrules.vocabulary.abilities import held_parts, with_granted
from pyrules.vocabulary.values import (
    CARD_TYPES,
    COLOR_NAMES,
    COUNTER_KINDS,
    CREATURE_TYPES,
    LAND_TYPES,
    MANA_TYPES,
    SUPERTYPES,
    TOKEN_KINDS,
    ZONES,
)

#: How each argument of an output predicate is checked, by the name the catalogue gives it.
ARGUMENT_KINDS = {"O": "object", "Y": "object", "S": "object", "C": "object", "P": "player", "T": "mana type",
                  "K": "counter kind", "N": "number", "From": "zone", "To": "zone", "Kind": "token kind",
                  "Target": "object or player", "Of": "characteristic", "Trait": "word", "Keyword": "keyword",
                  "Reason": "reason"}

#: The characteristics a ``characteristics`` question answers with (continuous.lp).
CHARACTERISTICS = ("power", "toughness", "type", "supertype", "subtype", "color", "keyword", "controller")


#: Within an outcome atom's terms, the places where a constant can only be an id of an object or a player (what
#: else goes there is a compound term: spell(copy_of(div)), color(token(copy(voice), 1))), so that an id that is
#: also a word of pyrules (an object called forest) reads and prints bare there too. Checked against every term
#: the corpus's outcomes hold (tests/test_atoms.py).
NESTED_ID_PLACES: dict[str, tuple[int, ...]] = {
    "spell/1": (0,), "cast/1": (0,), "cast_copy/1": (0,), "copy/1": (0,), "copy/2": (0,), "copy_of/1": (0,),
    "ability/2": (0,), "triggered/3": (0,), "crafted/2": (0,), "division/2": (0,), "discard/1": (0,),
    "exile_from_hand/1": (0,), "exiled_with_madness/1": (0,),
    "enter/1": (0,), "devour/1": (0,), "sacrifice/1": (0,), "color/1": (0,), "illegal_target/2": (1,),
    "cannot_activate/4": (0, 1), "cannot_cast/3": (0, 1), "cannot_play/3": (0, 1),
    "cannot_attack/2": (0,), "may_not_attack/2": (0, 1), "cannot_block/2": (0, 1), "must_attack/1": (0,),
    "must_block/1": (0,), "must_block_lure/2": (0, 1), "must_be_blocked/1": (0,),
    "menace/1": (0,), "unless/2": (0,), "cannot_turn_face_up/3": (0, 1), "cannot_suspend/3": (0, 1), "amplify/1": (0,),
    "turned_up/1": (0,),
    "face_up/1": (0,), "up/1": (0,), "tap/1": (0,), "bolster/2": (0,), "tapped/1": (0,), "untapped/1": (0,),
    "crew/1": (0,), "found/1": (0,), "blocked_by/2": (0, 1),
    "dealt_damage/3": (0,), "deals_damage/3": (0,), "gains_life/2": (1,), "blocks_too_many/1": (0,),
    "riot/1": (0,), "untap/2": (0,), "keep_tapped/1": (0,), "destruction_replaced/1": (0,), "totem_armor/1": (0,),
    "may/2": (0,), "paid_for/2": (0,), "tap_or_untap/2": (0,), "proliferate/2": (0,), "tribute/1": (0,),
    "exile/1": (0,), "exert/1": (0,),
}


def _keywords() -> frozenset[str]:
    return frozenset(names("keyword"))


#: Constants of pyrules' own vocabulary that are never read as ids (quote an id such as "forest").
RESERVED = frozenset({"w", "u", "b", "r", "g", "c", "only"} | set(ZONES) | set(CARD_TYPES) | set(LAND_TYPES)
                     | set(SUPERTYPES) | _keywords())
_BARE = re.compile(r"^[a-z][A-Za-z0-9_']*$")
_CREATED = re.compile(r"^[a-z]+[1-9][0-9]*$")


#: Outcome atoms nest a few levels (stack(5, triggered(archmage, ab("...", 1), copy(div, 1)))); a query
#: nested deeper is refused before anything walks it recursively.
MAX_ATOM_DEPTH = 20


def _depth(symbol: Symbol) -> int:
    """How many levels a term has (without recursion; counting stops past MAX_ATOM_DEPTH)."""
    depth, level = 0, [symbol]
    while level and depth <= MAX_ATOM_DEPTH:
        depth += 1
        level = [a for s in level if s.type == SymbolType.Function for a in s.arguments]
    return depth


def clingo_text_problem(text: str) -> str | None:
    """What clingo's parser must not be shown in user text, said in words, or None: a character beyond
    ASCII outside a string (clingo quotes it in its error message cut at a byte, which its Python logger
    cannot decode: a PANIC; without a logger it prints to standard error) or a string left open."""
    inside = escaped = False
    for ch in text:
        if inside:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                inside = False
        elif ch == '"':
            inside = True
        elif ord(ch) > 127:
            return f"'{ch}' is not clingo syntax outside a string (names are written in ASCII)"
    return "a string is left open (a '\"' is missing)" if inside else None


def _term(text: str) -> Symbol | None:
    """clingo's reading of a term, or None; nothing printed (its messages are discarded)."""
    if clingo_text_problem(text) is not None:
        return None
    try:
        return clingo.parse_term(text, logger=lambda code, message: None, message_limit=0)
    except (RuntimeError, ValueError):
        return None


def _wrapped_number(term: str) -> str | None:
    """A number written in a term beyond the 32-bit range (clingo's parse_term wraps it), as written."""
    program = f"#show {term}."  # the same tokens, read through the AST, which keeps where each was written
    nodes: list[Any] = []
    try:
        clingo.ast.parse_string(program, nodes.append, logger=lambda code, message: None, message_limit=0)
    except RuntimeError:
        return None  # (cannot happen: the term parsed)
    return next((w for w in (wrapped_number(n, program) for n in nodes) if w is not None), None)


def parse_atom(text: str, situation: Situation | None = None, where: str = "<query>") -> Symbol:
    """Parse ``text`` as an outcome atom, reading bare ids of ``situation`` as strings, and check it."""
    if not isinstance(text, str):
        raise InputError(where, f"an atom is written as text such as 'tap(forest1)', not {text!r}")
    symbol = _term(text.strip())
    if symbol is None or symbol.type != SymbolType.Function or not symbol.name:
        raise InputError(where, f"'{_short(text)}' is not an atom such as could_produce(forest1, g)")
    if _depth(symbol) > MAX_ATOM_DEPTH:
        raise InputError(where, f"'{_short(text)}' nests more than {MAX_ATOM_DEPTH} levels deep: no outcome atom does")
    wrapped = _wrapped_number(text.strip())
    if wrapped is not None:  # clingo read it wrapped, silently: refused, never answered about another number
        raise InputError(where, f"'{_short(text)}': the number {_short(wrapped)} is beyond what clingo holds "
                                f"({INT_MIN:,} to {INT_MAX:,})")
    if situation is None:
        return symbol
    symbol = _normalise_atom(symbol, _ids(situation), _signatures(situation), {p.name for p in situation.players})
    check_atom(symbol, situation, where, text)
    return symbol


@cache
def _encoding_functions() -> frozenset[str]:
    """The name of every function the encodings write (``ab``, ``copy``, ``token`` ...): in their statements."""
    return frozenset(name for s in statements() for name in _FUNCTION_NAME.findall(s.text))


_FUNCTION_NAME = re.compile(r"(?<![A-Za-z0-9_'\"])([a-z_][A-Za-z0-9_']*)\(")


def nested_functions(symbol: Symbol) -> list[str]:
    """The name of every compound term inside a term (not the term's own)."""
    found: list[str] = []
    todo = list(symbol.arguments) if symbol.type == SymbolType.Function else []
    while todo:
        term = todo.pop()
        if term.type == SymbolType.Function and term.arguments:
            found.append(term.name)
            todo += term.arguments
    return found


def unwritten_function(names: list[str], situation: Situation) -> str | None:
    """Why a compound term named so inside an outcome atom could hold in no outcome, or None: its name is no function
    of the encodings nor of the situation's facts (``abb("Sol Ring", 1)``, a typo of ``ab``), so that an atom with it
    would be a silent "no" (or, under not, a "yes")."""
    unknown = [n for n in names if n not in _encoding_functions()]
    if not unknown:
        return None
    written = {n for fact in situation_facts(situation) for n in nested_functions(fact.symbol)}
    for name in unknown:
        if name not in written:
            return f"'{name}(...)' is no term an outcome could hold (no rule of pyrules nor fact of this situation " \
                   "writes it)"
    return None


def unknown_ability(arity: int, ground: Symbol | None, situation: Situation) -> str | None:
    """Why an ability's id inside an outcome atom (``ab(card, number)``, as printed: core.lp) could hold in no outcome,
    or None: another number of arguments, or (ground, in a one-step question) no ability of a card of the situation
    (``ab("Sol Ring", 9)``)."""
    if arity != 2:
        return f"an ability's id is ab(card, number), with 2 arguments, not {arity}"
    if ground is None or situation.actions:  # (a line of play may make what the situation does not hold: tokens)
        return None
    if ground not in _abilities(situation):
        return f"'{_short(format_atom(ground))}' is no ability of a card of this situation"
    return None


def _abilities(situation: Situation) -> frozenset[Symbol]:
    return frozenset(f.symbol.arguments[0] for f in situation_facts(situation)
                     if f.symbol.name == "ability" and len(f.symbol.arguments) == 2)


def _ability_problem(symbol: Symbol, situation: Situation) -> str | None:
    """The first ability id inside a term that could hold in no outcome (see unknown_ability), or None."""
    todo = list(symbol.arguments) if symbol.type == SymbolType.Function else []
    while todo:
        term = todo.pop()
        if term.type == SymbolType.Function and term.arguments:
            if term.name == "ab" and (problem := unknown_ability(len(term.arguments), term, situation)):
                return problem
            todo += term.arguments
    return None


def check_atom(symbol: Symbol, situation: Situation, where: str = "<query>", text: str | None = None) -> None:
    """Raise an :class:`InputError` unless ``symbol`` could be an outcome atom of ``situation``."""
    written = text if text is not None else format_atom(symbol)
    if symbol.type != SymbolType.Function or not symbol.name:
        raise InputError(where, f"'{_short(written)}' is not an atom such as could_produce(forest1, g)")
    known = _signatures(situation)
    signature = f"{symbol.name}/{len(symbol.arguments)}"
    if signature not in known:
        same_name = sorted(s for s in known if s.rsplit("/", 1)[0] == symbol.name)
        if same_name:
            raise InputError(where, f"'{_short(written)}': {symbol.name} takes {_arities(same_name)} argument(s), "
                                    f"not {len(symbol.arguments)}")
        close = difflib.get_close_matches(symbol.name, [s.rsplit("/", 1)[0] for s in known], n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else f"; outcome predicates are " \
                                                                  f"{', '.join(sorted(known))}"
        raise InputError(where, f"'{_short(written)}' is not an outcome atom{hint}")
    problem = unwritten_function(nested_functions(symbol), situation) or _ability_problem(symbol, situation)
    if problem is not None:
        raise InputError(where, f"'{_short(written)}': {problem}")
    words = _Words(situation)
    for name, arg in zip(known[signature], symbol.arguments):
        words.check(ARGUMENT_KINDS.get(name, "term"), arg, where, written)


def _signatures(situation: Situation) -> dict[str, tuple[str, ...]]:
    """The outcome predicates of a situation, with their argument names: those of a question, or for a
    sequence of actions those of its final state."""
    if situation.actions:
        return outcome_signatures()

    return {s: all_entries()[s].args for s in output_signatures()}


def _arities(signatures: list[str]) -> str:
    return " or ".join(s.rsplit("/", 1)[1] for s in signatures)


def _short(text: str) -> str:
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= 60 else text[:57] + "..."


def _ids(situation: Situation) -> set[str]:
    return ({o.id for o in situation.objects} | {p.name for p in situation.players}
            | {a.id for a in situation.stack_abilities})


class _Words:
    """The ids and words one situation's atoms may use."""

    def __init__(self, situation: Situation):
        self.objects = {o.id for o in situation.objects} | {a.id for a in situation.stack_abilities}
        self.players = {p.name for p in situation.players}
        self.sequence = bool(situation.actions)
        cards = _card_words(situation)
        self.counters = set(COUNTER_KINDS) | {k for o in situation.objects for k in o.counters} | cards["counter"]
        q = situation.question
        if getattr(q, "counter", ""):
            self.counters.add(q.counter)
        self.tokens = set(TOKEN_KINDS) | cards["token"] | ({q.token} if getattr(q, "token", "") else set())
        self.card_names = cards["name"]
        self.words = (set(_encoding_words()) | set(RESERVED) | set(_keywords()) | self.counters | self.tokens
                      | cards["rider"] | cards["subtype"])

    def check(self, kind: str, arg: Symbol, where: str, text: str) -> None:
        if arg.type == SymbolType.Function and arg.name and arg.name[0].isupper():  # pragma: no cover - parse_term
            return
        if kind == "reason" and arg.type == SymbolType.String:
            return  # (why an action of a sequence was not legal, in words: the question made no sense there)
        if kind == "number":
            if arg.type != SymbolType.Number:
                self._fail(where, text, arg, "a number", [])
            return
        if kind == "object":
            if arg.type == SymbolType.String and (arg.string in self.objects or self._created(arg.string)):
                return
            if arg.type == SymbolType.String and arg.string in self.players:
                raise InputError(where, f"'{_short(text)}': '{arg.string}' is a player, not an object")
            self._fail(where, text, arg, "an object of this situation", sorted(self.objects))
        if kind == "player":
            if arg.type == SymbolType.String and arg.string in self.players:
                return
            if arg.type == SymbolType.String and arg.string in self.objects:
                raise InputError(where, f"'{_short(text)}': '{arg.string}' is an object, not a player")
            self._fail(where, text, arg, "a player of this situation", sorted(self.players))
        if kind == "object or player":
            if arg.type == SymbolType.String and (arg.string in self.objects | self.players
                                                  or self._created(arg.string)):
                return
            self._fail(where, text, arg, "an object or player of this situation", sorted(self.objects | self.players))
        if kind == "mana type":
            if _constant(arg) in MANA_TYPES:
                return
            hint = COLOR_NAMES.get(_constant(arg) or "", "")
            self._fail(where, text, arg, "a type of mana (w, u, b, r, g, c)", list(MANA_TYPES), hint)
        if kind == "zone":
            if _constant(arg) in ZONES:
                return
            self._fail(where, text, arg, "a zone", list(ZONES))
        if kind == "characteristic":
            if _constant(arg) in CHARACTERISTICS:
                return
            self._fail(where, text, arg, "a characteristic", list(CHARACTERISTICS))
        if kind == "keyword":
            if _constant(arg) in _keywords():
                return
            self._fail(where, text, arg, "a keyword ability", sorted(_keywords()))
        if kind == "counter kind":
            if _constant(arg) in self.counters:
                return
            self._fail(where, text, arg, "a kind of counter of this situation", sorted(self.counters))
        if kind == "token kind":
            if _constant(arg) in self.tokens:
                return
            if arg.type == SymbolType.Function and arg.name == "copy" and len(arg.arguments) == 1:
                return self.check("object", arg.arguments[0], where, text)
            self._fail(where, text, arg, "a kind of token of this situation", sorted(self.tokens))
        self._term(arg, where, text)

    def _term(self, arg: Symbol, where: str, text: str) -> None:
        """Any other argument (a stack item, a reason, a choice): its strings and words must be known."""
        if arg.type == SymbolType.String:
            if arg.string in self.objects | self.players | self.card_names or self._created(arg.string):
                return
            self._fail(where, text, arg, "an id of this situation", sorted(self.objects | self.players))
        if arg.type == SymbolType.Function:
            if not arg.arguments:
                if arg.name in self.words:
                    return
                self._fail(where, text, arg, "an id of this situation or a word pyrules uses",
                           sorted(self.objects | self.players | self.words))
            for a in arg.arguments:
                self._term(a, where, text)

    def _created(self, text: str) -> bool:
        """In a sequence of actions: the id of something the actions create, such as div#copy1 (see
        pyrules.play.transition), named after an object of the situation or a kind of token."""
        base, _, rest = text.rpartition("#")
        return self.sequence and bool(_CREATED.match(rest)) and (base in self.objects or base in self.tokens
                                                                 or self._created(base))

    @staticmethod
    def _fail(where: str, text: str, arg: Symbol, what: str, options: list[str], hint: str = "") -> None:
        shown = format_atom(arg)
        value = arg.string if arg.type == SymbolType.String else shown
        if _constant(arg) in RESERVED and _constant(arg) in options:
            raise InputError(where, f"'{_short(text)}': {shown} is also a word of pyrules' vocabulary; "
                                    f"write the id in quotes: \"{shown}\"")
        close = [hint] if hint else difflib.get_close_matches(value, options, n=3, cutoff=0.6)
        suggestion = f"; did you mean {', '.join(close)}?" if close else ""
        raise InputError(where, f"'{_short(text)}': '{_short(shown)}' is not {what}{suggestion}")


def _constant(arg: Symbol) -> str | None:
    if arg.type == SymbolType.Function and not arg.arguments:
        return arg.name
    return None


def _card_words(situation: Situation) -> dict[str, set[str]]:
    """Counter kinds and token kinds that the cards of a situation mention, card names, and subtypes (printed,
    or chosen as an object entered)."""
    library = (situation.library or builtin_library()).with_cards(situation.cards)
    counters: set[str] = set()
    tokens: set[str] = set()
    names: set[str] = set()
    riders: set[str] = set()
    subtypes: set[str] = {o.chosen_type for o in situation.objects if o.chosen_type}
    for o in situation.objects:
        card = library[o.card]
        names.add(card.name)
        if o.copy_of is not None:  # a copy has the subtypes of what it copies (707.2)
            subtypes |= {s for face in library[o.copy_of].parts for s in face.subtypes}
        for face in card.parts:
            names.add(face.name)
            subtypes |= set(face.subtypes)
            if any(a.keyword == "changeling" for a in face.abilities):  # every creature type (702.73a)
                subtypes |= set(CREATURE_TYPES)
            for ability in with_granted(face.abilities):  # (and the abilities it grants: their tokens, counters)
                subtypes |= {s for part in ability.statics if part.kind == "add_subtypes" for s in part.value}
                for part in (*ability.costs, *held_parts(ability.effects), *((ability.modify,) if ability.modify else ())):
                    counters |= set(_counter_words(part.kind, part.value))
                    if part.kind == "create_tokens":
                        tokens.add(part.value[0])
                if ability.kind == "suspend":  # (its card is exiled with time counters, 702.62a)
                    counters.add("time")
                if ability.filter is not None and ability.filter.get("counter"):
                    counters.add(ability.filter["counter"])
                riders |= {f"spend_only_{r}" for r in ability.riders}
    for e in situation.effects:  # (a lasting effect's card need not be an object here)
        subtypes |= {s for a in library[e.card].abilities for part in a.statics if part.kind == "add_subtypes"
                     for s in part.value}
    for kind in tokens | {"clue", "food", "treasure"}:  # the cards tokens of these kinds are made of (111.4)
        spec = library.token_card(kind)
        if spec is not None:
            names.add(spec.name)
    return {"counter": counters, "token": tokens, "name": names, "rider": riders, "subtype": subtypes}


def _counter_words(kind: str, value: Any) -> list[str]:
    if kind in ("remove_counters", "put_counters", "put_counters_self", "put_counters_target", "plus_counter",
                "remove_counters_self"):
        return [value[0]]
    if kind == "counters":  # enters with counters
        return [k for k, _ in value]
    if kind == "create_tokens" and value[2]:
        return [value[2]]
    if kind == "sacrifice_if_no_counters":
        return [value]
    return []


@lru_cache(maxsize=1)
def _encoding_words() -> frozenset[str]:
    """Every constant and function name the encodings write (reasons such as already_tapped), but ``_``
    names: from pyrules' index of the encodings."""
    return frozenset(analysed("words"))


#: The argument kinds that only ids fill: there, an id that is also a word of pyrules needs no quotes.
ID_KINDS = frozenset({"object", "player", "object or player"})


def id_positions(signature: str, known: dict[str, tuple[str, ...]]) -> tuple[bool, ...]:
    """For each argument of an outcome predicate, whether only an id of an object or a player goes there."""
    return tuple(ARGUMENT_KINDS.get(name, "term") in ID_KINDS for name in known.get(signature, ()))


def _normalise_atom(symbol: Symbol, names: set[str], known: dict[str, tuple[str, ...]],
                    players: set[str] = frozenset()) -> Symbol:  # type: ignore[assignment]
    """Bare ids as the strings the facts use: at a place only ids fill, any id of the situation (also one
    that is a word of pyrules, such as ``forest``); at a place a word fills (a subtype, a color), a player's
    name only (an object called druid stays the subtype druid there); anywhere else, ids that are not such
    words."""
    if symbol.type != SymbolType.Function or not symbol.arguments:
        return _normalise(symbol, names)
    signature = f"{symbol.name}/{len(symbol.arguments)}"
    places = id_positions(signature, known)
    words = [ARGUMENT_KINDS.get(name, "term") == "word" for name in known.get(signature, ())]
    return Function(symbol.name, [String(a.name) if i < len(places) and places[i] and _constant(a) in names
                                  else String(a.name) if i < len(words) and words[i] and _constant(a) in players
                                  else a if i < len(words) and words[i] and _constant(a) is not None
                                  else _normalise(a, names) for i, a in enumerate(symbol.arguments)], symbol.positive)


def _normalise(symbol: Symbol, names: set[str], id_place: bool = False) -> Symbol:
    if symbol.type != SymbolType.Function:
        return symbol
    if not symbol.arguments and symbol.name in names and (id_place or symbol.name not in RESERVED):
        return String(symbol.name)
    places = NESTED_ID_PLACES.get(f"{symbol.name}/{len(symbol.arguments)}", ())
    return Function(symbol.name, [_normalise(a, names, i in places) for i, a in enumerate(symbol.arguments)],
                    symbol.positive)


def format_atom(symbol: Symbol) -> str:
    """clingo syntax, with quotes dropped from ids that read unambiguously without them."""
    if isinstance(symbol, Atom):  # an outcome atom keeps its text
        if symbol._shown is None:
            symbol._shown = _format(symbol)
        return symbol._shown
    return _format(symbol)


def _format(symbol: Symbol, top: bool = True) -> str:
    """An atom's arguments at places only ids fill (:func:`id_positions`, and :data:`NESTED_ID_PLACES` within
    its terms) print bare whenever they read back so; anywhere else, ids that are words of pyrules keep their
    quotes."""
    if symbol.type == SymbolType.String:
        s = symbol.string
        return s if _BARE.match(s) and s not in RESERVED else str(symbol)
    if symbol.type == SymbolType.Function and symbol.arguments:
        signature = f"{symbol.name}/{len(symbol.arguments)}"
        places = id_positions(signature, _every_signature()) if top else \
            tuple(i in NESTED_ID_PLACES.get(signature, ()) for i in range(len(symbol.arguments)))
        inner = ",".join(a.string if i < len(places) and places[i] and a.type == SymbolType.String
                         and _BARE.match(a.string) else _format(a, False) for i, a in enumerate(symbol.arguments))
        return f"{'' if symbol.positive else '-'}{symbol.name}({inner})"
    return str(symbol)


@lru_cache(maxsize=1)
def _every_signature() -> dict[str, tuple[str, ...]]:
    """Every outcome predicate, of one action or of a sequence, with its argument names (for printing)."""
    return {**{s: all_entries()[s].args for s in output_signatures()}, **outcome_signatures()}


def parse_atoms(text: str, situation: Situation | None = None, where: str = "<query>") -> list[Symbol]:
    """Parse one atom or several separated by commas: ``tap(forest1), mana_added(alice, g, 1)``."""
    if not isinstance(text, str):
        raise InputError(where, f"atoms are written as text such as 'tap(forest1)', not {text!r}")
    group = _term(f"({text.strip()},)")
    if group is None:
        raise InputError(where, f"'{_short(text)}' is not a list of atoms such as tap(forest1), "
                                "mana_added(alice, g, 1)")
    if len(group.arguments) == 1:  # keep the text as written, for messages
        return [parse_atom(text, situation, where)]
    return [parse_atom(str(s), situation, where) for s in group.arguments]
