"""pyrules' index of the encodings (``data/asp-index.json``): what the other layers read of the encodings'
AST (their statements with keys, the positions of their facts, the names they write, the shadow rules of
explanations), computed once when the encodings change, because reading clingo's AST from Python costs a
third of a second."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from clingo import ast

from pyrules.engine.encodings import names_in
from pyrules.engine.program import INDEX, INDEX_FORMAT, analyse, encodings_hash, parsed_encodings, stored_index, stored_keys
from pyrules.engine.shadows import analyse_rules


def index() -> dict[str, Any]:
    """The keys, kind and text of every statement, as stored in ``data/asp-index.json`` (reading clingo's
    AST from Python costs a third of a second, so it is done once, when the encodings change), and what
    other layers read of the encodings' AST (:func:`analysed`)."""
    found = [analyse(name, node, i) for i, (name, node) in enumerate(parsed_encodings())]
    return {"encodings": encodings_hash(), "format": INDEX_FORMAT,
            "statements": [[s.file, stored_keys(s.heads), stored_keys(s.needs), stored_keys(s.uses),
                            [list(k) for k in s.shows], s.kind, s.text, s.line, [list(c) for c in s.copies]]
                           for s in found],
            **{name: compute() for name, compute in _ANALYSES.items()}}


def _encoding_facts() -> list[int]:
    return [i for i, (_, node) in enumerate(parsed_encodings()) if node.ast_type == ast.ASTType.Rule and not node.body
            and node.head.ast_type == ast.ASTType.Literal]


def _encoding_words() -> list[str]:

    return sorted({w for _, node in parsed_encodings() for w in names_in(node) if not w.startswith("_")})


def _shadow_rules() -> list[list[Any]]:
    return analyse_rules()


#: What other layers read of the encodings' AST, stored in the index beside the statements: the positions of
#: the statements that are facts, every name the encodings write (but ``_`` names), and the shadow rules of
#: explanations (pyrules.explain.graph).
_ANALYSES = {"facts": _encoding_facts, "words": _encoding_words, "shadows": _shadow_rules}


def analysed(name: str) -> Any:
    """One of the analyses of the encodings' AST (``facts``, ``words``, ``shadows``): from the stored index
    while the encodings are those it was made from, else computed from clingo's AST."""
    stored = stored_index()
    return stored[name] if stored is not None else _ANALYSES[name]()


def write_index() -> Path:
    """Regenerate ``data/asp-index.json`` (done by ``python -m pyrules.reference --write``)."""
    path = Path(__file__).parents[1] / "data" / INDEX
    path.write_text(json.dumps(index(), separators=(",", ":")) + "\n", encoding="utf-8")
    return path
