"""Where a rule stands in an encoding, for tests whose expected text cites ``[file.lp:line]``: found by the start of
the rule, so that a rule added above it does not break them."""

from __future__ import annotations

from pathlib import Path

import pyrules

ASP = Path(pyrules.__file__).parent / "asp"


def asp_line(file: str, start: str) -> int:
    """The line (from 1) of the one statement of ``file`` that begins with ``start``."""
    found = [n for n, line in enumerate((ASP / file).read_text().splitlines(), start=1) if line.startswith(start)]
    assert len(found) == 1, f"{file}: {len(found)} statements begin with {start!r}"
    return found[0]
