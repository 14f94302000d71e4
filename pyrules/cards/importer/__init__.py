"""Real cards: importing Oracle text from MTGJSON or Scryfall bulk files into a card library.

``pyrules cards import FILE`` reads a bulk file one card at a time (:mod:`.reader`), translates each
card's characteristics and each line of its Oracle text into the template vocabulary
(:mod:`.oracle`, :mod:`.translate`), writes a library file in the form of ``pyrules/data/cards.yaml``
(:mod:`.library`) and, with ``--report``, says how much was read (:mod:`.report`). A situation uses
the library with ``library:`` (or ``--library``, or ``library=pyrules.load_library(path)``).
See ``docs/import.md``.
"""
