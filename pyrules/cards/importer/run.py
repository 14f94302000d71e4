"""``pyrules cards import``: read a bulk file, translate each card, write the library, report."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from pyrules.cards.importer.library import card_yaml, write_library
from pyrules.cards.importer.oracle import described_token
from pyrules.cards.importer.reader import read_cards
from pyrules.cards.importer.report import Report
from pyrules.cards.importer.translate import Result, translate


def results(path: str, fmt: str | None = None) -> Iterator[Result]:
    """Each card of the file, translated (refused cards included, with their reason)."""
    seen: set[str] = set()
    for raw in read_cards(path, fmt):
        result = translate(raw)
        if result.card is not None:
            name = result.card["name"]
            if name in seen:  # a library has one card of a name
                result = Result(raw.name, "refused", reason="a second card of the same name",
                                produced=raw.produced_mana)
            seen.add(name)
        yield result


def _token_kinds(value: Any) -> Iterator[str]:
    """The kinds of tokens a card's abilities create."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "create_tokens" and isinstance(item, dict):
                yield item["kind"]
            else:
                yield from _token_kinds(item)
    elif isinstance(value, list):
        for item in value:
            yield from _token_kinds(item)


def import_cards(path: str, fmt: str | None = None, out: str | None = None, report: Report | None = None,
                 stdout: TextIO | None = None) -> Report:
    """Import every card of ``path``: the library goes to ``out`` (written atomically), or to ``stdout``
    when ``out`` is None and ``stdout`` is given. Returns the report of what was read."""
    report = report or Report()

    def cards() -> Iterator[dict[str, Any]]:
        kinds: set[str] = set()
        for result in results(path, fmt):
            report.add(result)
            if result.card is not None:
                kinds.update(_token_kinds(result.card))
                yield result.card
        # (the tokens the cards create, described by their lines rather than by a card of the built-in library)
        yield from (card for card in map(described_token, sorted(kinds)) if card is not None)

    if out is not None:
        write_library(out, cards(), path)
    elif stdout is not None:
        lines = []  # read everything first: a bad file prints an error, never half a library
        for card in cards():
            lines += card_yaml(card)
        stdout.write("\n".join(lines) + "\n" if lines else "[]\n")
    else:
        for _ in cards():
            pass
    return report


def main(path: str, fmt: str | None, out: str | None, show_report: bool, top: int = 10, as_json: bool = False) -> int:
    if show_report or out is not None:
        report = import_cards(path, fmt, out)
        if show_report and as_json:
            print(json.dumps(report.to_dict(top), indent=1))
        elif show_report:
            print(report.text(top))
        if out is not None:
            c = report.counts
            print(f"wrote {c['full'] + c['partial']:,} cards to {out} ({c['full']:,} fully, {c['partial']:,} partly; "
                  f"{c['refused']:,} not imported)")
        return 0
    import_cards(path, fmt, None, stdout=sys.stdout)
    return 0
