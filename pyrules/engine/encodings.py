"""The clingo encodings in ``pyrules/asp/``: where they are and what they say.

Encodings are loaded by file path so clingo's messages name the real file and line. Each rule
block starts with a header ``% @rule(106.7, could-produce) text``; :func:`rule_blocks` reads them,
each block has a name (``mana:106.7``, see :attr:`RuleBlock.name`) by which :func:`block` finds it,
and each file's catalogue (``% input|derived|event|output|answer|aux|index  pred(Args)  meaning``) is read by
:func:`catalogue`. Explanations, docs and tests use these as the one source of truth.

An ``output`` role carries what the predicate does to the next state of a sequence of actions
(:data:`EFFECTS`): ``% output/changes  move(O,From,To)  ...``; :func:`effects` reads them for
:mod:`pyrules.play.transition`, which applies the ones that change the state.
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

#: The rules areas, in load order.
FILES = ("core.lp", "filters.lp", "continuous.lp", "replacement.lp", "activation.lp", "stack.lp", "mana.lp", "events.lp",
         "triggers.lp", "sba.lp", "choices.lp", "payment.lp", "casting.lp", "combat.lp",
         "combat_run.lp")

_HEADER = re.compile(r"^%\s*@rule\(([^)]*)\)\s*(.*)$")
#: Roles: input (given by the situation), derived, output (what happens, shown in outcomes), answer
#: (the answer to a "which ...?" question, shown in outcomes), aux (internal to one file).
_CATALOGUE = re.compile(r"^%\s*(input|derived|event|output|answer|aux|index)(?:/(\w+))?\s+(\S+)\s*(.*)$")

#: What an output predicate does to the next state of a sequence of actions, written after its role
#: (``% output/quiet  tap(O)``): the state after a step is built from these (pyrules/play/transition.py).
EFFECTS: dict[str, str] = {
    "changes": "changes the next state, in what a state-based action (704.5) or a trigger may look at",
    "quiet": "changes the next state, in nothing a state-based action or a trigger looks at (a settled state "
             "stays settled)",
    "record": "changes nothing a later step reads (what it does is in other outcome atoms): kept in the step's "
              "record and its explanation",
    "ends": "ends the line (the action is not legal, or not a question) or the run (unsupported)",
}
_CR_NUMBER = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


@dataclass(frozen=True)
class RuleBlock:
    """A block of rules under one ``@rule`` header: the rules from ``first_line`` to ``last_line``
    (1-based, both included; the header is the line or lines just above ``first_line``)."""

    file: str
    first_line: int
    last_line: int
    citations: tuple[str, ...]
    text: str
    #: ``<file stem>:<first citation>``, e.g. ``sba:704.5m``; when several blocks of one file start
    #: with the same citation, the second is ``sba:704.3-2``, the third ``-3``, in file order. Read
    #: from the header as it is (no header carries a name), so explanations print what they did.
    name: str = ""

    @property
    def cr_numbers(self) -> tuple[str, ...]:
        return tuple(c for c in self.citations if _CR_NUMBER.match(c))

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(c for c in self.citations if not _CR_NUMBER.match(c))

    @property
    def label(self) -> str:
        return f"{', '.join(self.citations)}: {self.text}"

    @property
    def path(self) -> Path:
        return encoding_dir() / self.file

    @property
    def program(self) -> str:
        """The block's rules as written: lines ``first_line`` to ``last_line`` of its file."""
        lines = self.path.read_text(encoding="utf-8").splitlines()
        return "\n".join(lines[self.first_line - 1:self.last_line]) + "\n"


@dataclass(frozen=True)
class CatalogueEntry:
    file: str
    # input, derived, output, answer or aux; event: derived, and a step of what happens that the judge view
    # of an explanation shows; index: bookkeeping (a digit, a position, whether some path reaches a state)
    # whose rule an explanation cites without looking behind it: what it was counted from is not a reason
    role: str
    signature: str  # e.g. could_produce/2
    meaning: str
    args: tuple[str, ...] = ()  # the argument names, as the catalogue writes them: ("O", "T")
    effect: str = ""  # of an output: what it does to the next state (a key of EFFECTS), written ``output/EFFECT``

    @property
    def name(self) -> str:
        return self.signature.rsplit("/", 1)[0]


_stack = ExitStack()


@lru_cache(maxsize=1)
def encoding_dir() -> Path:
    """The folder holding the ``.lp`` files, as a real path (extracted if need be)."""
    ref = resources.files("pyrules.asp")
    return Path(_stack.enter_context(resources.as_file(ref)))


def encoding_paths() -> list[Path]:
    return [encoding_dir() / name for name in FILES]


@cache
def rule_blocks(name: str) -> tuple[RuleBlock, ...]:
    """The ``@rule`` blocks of one encoding file, in order."""
    lines = (encoding_dir() / name).read_text(encoding="utf-8").splitlines()
    blocks: list[RuleBlock] = []
    current: tuple[int, tuple[str, ...], str] | None = None

    seen: dict[str, int] = {}

    def close(end: int) -> None:
        if current is not None:
            start, cites, text = current
            while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("%")):
                end -= 1
            base = f"{Path(name).stem}:{cites[0] if cites else start}"
            seen[base] = seen.get(base, 0) + 1
            blocks.append(RuleBlock(name, start, end, cites, text, base if seen[base] == 1 else f"{base}-{seen[base]}"))

    i = 0
    while i < len(lines):
        m = _HEADER.match(lines[i].strip())
        if m:
            close(i)
            cites = tuple(c.strip() for c in m.group(1).split(",") if c.strip())
            text = m.group(2).strip()
            # A header may continue on the following comment lines.
            while i + 1 < len(lines) and lines[i + 1].startswith("% ") and not _HEADER.match(lines[i + 1]):
                i += 1
                text += " " + lines[i][2:].strip()
            current = (i + 2, cites, text)
        elif lines[i].startswith("#show") and current is not None:
            close(i)
            current = None
        i += 1
    close(len(lines))
    return tuple(blocks)


def all_rule_blocks() -> list[RuleBlock]:
    return [b for name in FILES for b in rule_blocks(name)]


@lru_cache(maxsize=1)
def _blocks_by_name() -> dict[str, RuleBlock]:
    return {b.name: b for b in all_rule_blocks()}


def block(name: str) -> RuleBlock:
    """The rule block named ``name`` (``sba:704.5m``); a KeyError names the blocks of that file."""
    try:
        return _blocks_by_name()[name]
    except KeyError:
        stem = name.split(":", 1)[0]
        known = [b.name for b in all_rule_blocks() if b.name.startswith(f"{stem}:")]
        raise KeyError(f"no rule block named {name!r}; {stem}.lp has {known}") from None


def block_at(file: str, line: int) -> RuleBlock | None:
    """The rule block of ``file`` that contains ``line``."""
    for block in rule_blocks(Path(file).name):
        if block.first_line <= line <= block.last_line:
            return block
    return None


_CONTINUED = re.compile(r"^%\s{20,}(\S.*)$")


def _arguments(text: str) -> tuple[str, ...]:
    """The arguments of a catalogue atom, split at the commas outside parentheses: ``cast(P,O)`` is one."""
    out, depth, current = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
            continue
        depth += {"(": 1, ")": -1}.get(ch, 0)
        current += ch
    return (*out, current.strip()) if current.strip() or out else ()


@cache
def catalogue(name: str) -> tuple[CatalogueEntry, ...]:
    """The predicate catalogue at the top of one encoding file: one entry per line
    ``% role pred(A,B)  meaning``, whose meaning may continue on indented comment lines. The one
    parser of catalogues: explanations, query checks, docs and tests all read this."""
    entries: list[CatalogueEntry] = []
    last: CatalogueEntry | None = None
    for line in (encoding_dir() / name).read_text(encoding="utf-8").splitlines():
        if not line.startswith("%"):
            if entries:
                break
            continue
        m = _CATALOGUE.match(line)
        if m and not m.group(3).startswith("("):
            pred = m.group(3)
            args = _arguments(pred[pred.index("(") + 1:-1]) if "(" in pred else ()
            last = CatalogueEntry(name, m.group(1), f"{pred.split('(')[0]}/{len(args)}", m.group(4).strip(), args,
                                  m.group(2) or "")
            entries.append(last)
            continue
        c = _CONTINUED.match(line)
        if c and last is not None and not (m and m.group(3).startswith("(")):
            last = replace(last, meaning=f"{last.meaning} {c.group(1).strip()}")
            entries[-1] = last
        else:
            last = None
    return tuple(entries)


@lru_cache(maxsize=1)
def all_entries() -> dict[str, CatalogueEntry]:
    """Every catalogue entry by signature (the first file that documents it)."""
    out: dict[str, CatalogueEntry] = {}
    for name in FILES:
        for entry in catalogue(name):
            out.setdefault(entry.signature, entry)
    return out


@lru_cache(maxsize=1)
def defined_statements() -> str:
    """``#defined p/n.`` for every input predicate (a situation may give none of its atoms) and every
    output predicate, so that clingo's "atom does not occur in any rule head" warnings name only real
    mistakes. (Outputs are declared because facts added through the backend before grounding are not
    yet seen when ``#show`` signatures are checked.) Generated from the catalogues: no hand-kept list."""
    signatures = sorted({e.signature for name in FILES for e in catalogue(name) if e.role in ("input", "output", "answer")})
    return "\n".join(f"#defined {s}." for s in signatures) + "\n"


@lru_cache(maxsize=1)
def output_signatures() -> dict[str, str]:
    """Every output predicate (``name/arity``) with its meaning."""
    return {e.signature: e.meaning for name in FILES for e in catalogue(name) if e.role in ("output", "answer")}


@lru_cache(maxsize=1)
def show_terms() -> str:
    """``#show p(X1,...,Xn) : p(X1,...,Xn).`` for every predicate the encodings show: the same atoms as
    output terms, which clingo hands over per model far faster than it filters the shown atoms out of
    all the true ones (the atoms stay shown, for projection). Built from our own #show statements,
    never from user text."""
    import re

    out = []
    for path in encoding_paths():
        for name, arity in re.findall(r"^#show (\w+)/(\d+)\.", path.read_text(encoding="utf-8"), re.M):
            args = ",".join(f"X{i}" for i in range(int(arity)))
            atom = f"{name}({args})" if args else name
            out.append(f"#show {atom} : {atom}.")
    return "\n".join(out)


@lru_cache(maxsize=1)
def effects() -> dict[str, str]:
    """Every output predicate (``name/arity``) with what it does to the next state of a sequence of actions:
    the mark after its role, a key of :data:`EFFECTS` ("" where the catalogue gives none). Answers have
    none: a "which ...?" question is not asked in a sequence."""
    return {e.signature: e.effect for name in FILES for e in catalogue(name) if e.role == "output"}


@lru_cache(maxsize=1)
def answer_names() -> frozenset[str]:
    """The outcome predicates that answer a "which ...?" question rather than say what happens."""
    return frozenset(e.name for name in FILES for e in catalogue(name) if e.role == "answer")


def names_in(node) -> set[str]:
    """Every function and constant name written under a node of clingo's AST (a statement or a literal)."""
    import clingo.ast as ast
    from clingo import SymbolType

    found: set[str] = set()

    class Collect(ast.Transformer):
        def visit_SymbolicTerm(self, term):
            if term.symbol.type == SymbolType.Function:
                found.add(term.symbol.name)
            return term

        def visit_Function(self, term):
            found.add(term.name)
            term.update(**self.visit_children(term))
            return term

    Collect()(node)
    return found
