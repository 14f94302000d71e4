"""The reference tables of ``docs/reference.md``, generated from the vocabulary and the catalogues.

    python -m pyrules.reference --write     # regenerate docs/reference.md and data/asp-index.json
    python -m pyrules.reference             # print it

``tests/test_docs.py`` fails when the file differs from what this prints, so the tables cannot
drift from the code: a kind added to :mod:`pyrules.vocabulary` appears here with its status.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

from pyrules.cards.library import builtin_library
from pyrules.engine.encodings import EFFECTS, FILES, catalogue
from pyrules.engine.index import write_index
from pyrules.engine.signatures import OUTCOMES, SHARED
from pyrules.vocabulary import FAMILIES, Kind, Modelled
from pyrules.vocabulary.values import CARD_TYPES, COLOR_NAMES, LAND_TYPES, PHASES, STEPS, SUPERTYPES, ZONES

#: Each family's section: title, what the first column is called, and a sentence about where it is written.
SECTIONS: dict[str, tuple[str, str, str]] = {
    "situation": ("Situation files", "field", "The top-level fields of a situation file."),
    "case": ("Regression cases", "field", "Fields a situation file may add to be a regression case (`pyrules check`)."),
    "player": ("Players", "field", "Each entry of `players`: a name, or a mapping of these fields."),
    "object": ("Objects", "field", "Each entry of `objects`."),
    "stack_item": ("Abilities on the stack", "field",
                   "An entry of `stack` that is an ability rather than the id of a spell: `{id: t1, triggered: "
                   "archmage, ability: 1}`."),
    "lasting_effect": ("Lasting effects", "field", "Each entry of `effects`."),
    "question": ("Questions", "question", "`question:` holds exactly one of these."),
    "activate": ("activate", "field", "The fields of `question: {activate: ...}` (or just the object's id)."),
    "cast": ("cast", "field", "The fields of `question: {cast: ...}` (or just the card's id)."),
    "happen": ("effect", "effect", "`question: {effect: {KIND: {...}}}`: one of these."),
    "card": ("Cards", "field", "A card of the library, or one defined under `cards:`."),
    "ability": ("Ability kinds", "kind", "Each entry of a card's `abilities` is `{KIND: ...}`, one of these."),
    "cost": ("Costs", "cost", "`cost:` of an activated ability: a text such as `\"{1}, {T}\"`, a mapping, or a list."),
    "effect": ("Effects", "effect",
               "`effect:` of an activated or triggered ability, or of a spell: one `{KIND: VALUE}` or a list of them. "
               "*Where* says which abilities may have it."),
    "enters": ("Enters abilities", "field", "`enters: {...}`: how the permanent itself enters (614.1c)."),
    "trigger": ("Triggers", "when", "`triggered: {when: ...}`."),
    "replacement_event": ("Replacement events", "event", "`replacement: {event: ...}`."),
    "modification": ("Modifications", "modify",
                     "`replacement: {modify: {KIND: VALUE}}`; *Where* lists the events it may modify."),
    "static": ("Static abilities", "static", "`static: {KIND: VALUE, filter: ...}`."),
    "option": ("Options of abilities", "option", "Further fields of an ability; *Where* lists the ability kinds."),
    "filter_field": ("Filters", "field",
                     "`filter: {...}`: every field given must hold. *Where* lists the uses that read it: `static` "
                     "(static abilities), `objects` (other abilities looking at objects), `players` (could-produce and "
                     "colors of permanents, matched once per player), `counters` (replacement effects on counters)."),
    "keyword": ("Keywords", "keyword", "`keyword: NAME` (a space may stand for `_`)."),
}

_ORDER = ["situation", "case", "player", "object", "stack_item", "lasting_effect", "question", "activate", "cast",
          "happen", "card", "ability", "cost", "effect", "enters", "trigger", "replacement_event", "modification",
          "static", "option", "filter_field", "keyword"]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _status(k: Kind) -> str:
    if isinstance(k.status, Modelled):
        files = ", ".join(f"`{f}`" for f in k.status.files)
        return f"modelled: {files}"
    return _cell(k.status.label)


def _row(k: Kind, with_where: bool, with_form: bool) -> str:
    cells = [f"`{k.name}`"]
    if with_form:
        cells.append(_cell(getattr(k.shape, "form", "")))
    if with_where:
        cells.append(", ".join(sorted(k.contexts)) or "any")
    cells += [_cell(k.doc), _status(k)]
    return "| " + " | ".join(cells) + " |"


def _table(family: str) -> list[str]:
    title, first, sentence = SECTIONS[family]
    kinds = FAMILIES[family]
    with_where = any(k.contexts for k in kinds)
    with_form = family not in ("situation", "case", "question", "happen", "ability", "trigger", "replacement_event",
                               "keyword")
    head = [first] + (["written"] if with_form else []) + (["where"] if with_where else []) + ["meaning", "status"]
    lines = [f"### {title}", "", sentence, "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += [_row(k, with_where, with_form) for k in kinds]
    return lines + [""]


def _values() -> list[str]:
    steps = "; ".join(f"{p}: {', '.join(s)}" for p, s in STEPS.items() if s)
    rows = [
        ("card types", ", ".join(CARD_TYPES)),
        ("supertypes", ", ".join(SUPERTYPES)),
        ("land types a static ability may set or add", "plains, island, swamp, mountain, forest"),
        ("land types (205.3i)", ", ".join(LAND_TYPES)),
        ("colors", ", ".join(f"{name} ({letter})" for name, letter in COLOR_NAMES.items())),
        ("types of mana", "w, u, b, r, g, c"),
        ("zones", ", ".join(ZONES)),
        ("phases", ", ".join(PHASES)),
        ("steps", steps),
        ("mana symbols", "{N} generic, {W} {U} {B} {R} {G}, {C} colorless, {X}, {S} snow, {W/U} hybrid, "
                         "{2/W} two-generic hybrid, {G/P} Phyrexian"),
        ("names (subtypes, counter and token kinds)", "letters, digits and _, starting with a letter; "
                                                      "`Assembly-Worker` is read as assembly_worker"),
    ]
    lines = ["### Words", "", "| what | values |", "|---|---|"]
    lines += [f"| {a} | {_cell(b)} |" for a, b in rows]
    return lines + [""]


def _outputs() -> list[str]:
    lines = ["## Outcome atoms", "",
             "What an outcome may contain, from the catalogues of `asp/` (the arguments as the catalogue names "
             "them; queries check each one: O, Y, S and C are objects, P a player, T a type of mana, K a kind of "
             "counter, N a number, From and To zones, Kind a kind of token). *Next state*: what the atom does to "
             "the state after its step in a sequence of actions, as its catalogue line says (`% output/changes`): "
             + "; ".join(f"`{k}` {v}" for k, v in EFFECTS.items()) + ".", "",
             "| atom | file | next state | meaning |", "|---|---|---|---|"]
    for name in FILES:
        for e in catalogue(name):
            if e.role in ("output", "answer"):
                args = f"({','.join(e.args)})" if e.args else ""
                kind = " (an answer)" if e.role == "answer" else ""
                effect = f"`{e.effect}`" if e.effect else ""
                lines.append(f"| `{e.name}{args}` | `{name}` | {effect} | {_cell(e.meaning)}{kind} |")

    lines += ["", "### Outcomes of a sequence of actions", "",
              "The outcome of a situation with `actions` is its final state, given as what changed since the "
              f"situation: {', '.join(f'`{s}`' for s in SHARED)} as above (summed over the steps), and these "
              "(computed by `pyrules/play/sequence.py`; N of an ending is the number of the action, from 1).", "",
              "| atom | meaning |", "|---|---|"]
    for signature, (args, meaning) in OUTCOMES.items():
        lines.append(f"| `{signature.rsplit('/', 1)[0]}({','.join(args)})` | {_cell(meaning)} |")
    return lines + [""]


def _describe(ability) -> str:
    if ability.kind in ("keyword", "activated"):
        return ability.text
    if ability.kind == "unsupported":
        return f"not read: {ability.line}"
    parts = [ability.trigger or ability.event or ", ".join(p.kind for p in ability.statics)]
    if ability.kind in ("enters", "spell", "triggered"):
        parts += [e.kind for e in ability.effects]
    if ability.lasting:
        parts.append("lasting")
    return f"{ability.kind} ({', '.join(p for p in parts if p)})"


def _cards() -> list[str]:
    library = builtin_library()
    lines = ["## Built-in cards", "",
             f"The {len(library)} cards of `pyrules/data/cards.yaml`. Basic land types give their mana abilities by "
             "rule (305.6), so basic and dual lands list none.", "", "| card | types | abilities |", "|---|---|---|"]
    for name in library.names():
        card = library[name]
        faces = card.faces or card.halves or (card,)
        types = " // ".join(" ".join(f.supertypes + f.types) for f in faces)
        abilities = " // ".join("; ".join(_describe(a) for a in f.abilities) for f in faces)
        lines.append(f"| {_cell(name)} | {types} | {_cell(abilities)} |")
    return lines + [""]


def render() -> str:
    lines = ["# Reference", "",
             "<!-- Generated by `python -m pyrules.reference --write` from pyrules/vocabulary and the catalogues of "
             "asp/. Do not edit by hand: tests/test_docs.py fails when it is out of date. -->", "",
             "Everything a situation file or a card may say, and what pyrules does with it. *Status*: `modelled` "
             "names the `asp/` files whose rules read it; `unsupported: ...` is accepted, but a situation that "
             "needs it is answered with that line (exit code 2); `no effect on modelled questions` says why no "
             "question pyrules answers depends on it; `informational` names or documents something.", "",
             "## Situations", ""]
    for family in _ORDER[:10]:
        lines += _table(family)
    lines += ["## Cards", ""]
    for family in _ORDER[10:]:
        lines += _table(family)
    lines += _values()
    lines += _outputs()
    lines += _cards()
    return "\n".join(lines).rstrip() + "\n"


def reference_path() -> Path:
    return Path(__file__).resolve().parents[1] / "docs" / "reference.md"


MAP_START = ("<!-- The module map: generated by `python -m pyrules.reference --write` from the layers of pyproject.toml "
             "and each module's docstring. Do not edit by hand: tests/test_docs.py fails when it is out of date. -->")
MAP_END = "<!-- End of the module map. -->"


def _summary(path: Path) -> str:
    """The first sentence of a module's docstring, on one line."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    text = " ".join(doc.split("\n\n")[0].split())
    match = re.match(r"(.+?\.)(\s|$)", text)
    return _cell(match.group(1) if match else text)


def module_map(pyproject: Path) -> str:
    """Each layer of the import contract in ``pyproject`` (top first) with its modules and what each does."""
    contract = next(c for c in tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    package = Path(__file__).resolve().parent
    lines = [MAP_START, "", "| layer | module | what it does |", "|---|---|---|"]
    for layer in contract["layers"]:
        for name in (n.strip() for n in re.split(r"[|:]", layer)):
            part = package / Path(*name.split(".")[1:])
            paths = sorted(part.rglob("*.py")) if part.is_dir() else [part.with_suffix(".py")]
            for path in paths:
                module = path.relative_to(package.parent).with_suffix("").as_posix().removesuffix("/__init__")
                module = module.replace("/", ".")
                lines.append(f"| {name.removeprefix('pyrules.')} | `{module}` | {_summary(path)} |")
    return "\n".join([*lines, "", MAP_END])


def architecture_path() -> Path:
    return Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def with_module_map(text: str, pyproject: Path) -> str:
    """The architecture document ``text`` with its module map made anew."""
    start, end = text.index(MAP_START), text.index(MAP_END) + len(MAP_END)
    return text[:start] + module_map(pyproject) + text[end:]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = render()
    if argv == ["--write"]:
        reference_path().write_text(text, encoding="utf-8")
        architecture = architecture_path()
        pyproject = architecture.parents[1] / "pyproject.toml"
        architecture.write_text(with_module_map(architecture.read_text(encoding="utf-8"), pyproject), encoding="utf-8")
        write_index()
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
