"""pyrules: every legal outcome of a Magic: The Gathering rules situation, and why.

    >>> import pyrules
    >>> outcomes = pyrules.solve("examples/birds.yaml")
    >>> len(outcomes), outcomes[0].texts

Layers: situation model (:mod:`pyrules.situation.model`, :mod:`pyrules.situation.loader`, :mod:`pyrules.situation.builder`,
:mod:`pyrules.cards.library`) -> facts (:mod:`pyrules.engine.facts`) -> solving (:mod:`pyrules.engine.solver`) ->
outcomes (:mod:`pyrules.results.outcomes`) -> CLI (:mod:`pyrules.cli`). Regression cases:
:mod:`pyrules.regression`.
"""

# The names are loaded when first used (PEP 562), and nothing is imported here: `import pyrules` runs
# before the console command can take Ctrl-C into its own hands (pyrules.entry), so it must be instant.
_EXPORTS = {
    "solve": ".api",
    "ask": ".api",
    "count": ".api",
    "sweep": ".sweeps",
    "Answer": ".engine.query",
    "SituationBuilder": ".situation.builder",
    "CardLibrary": ".cards.library",
    "CardSpec": ".cards.library",
    "builtin_library": ".cards.library",
    "InputError": ".base.errors",
    "UnsupportedError": ".base.errors",
    "load_situation": ".situation.loader",
    "load_library": ".cards.importer.library",
    "Situation": ".situation.model",
    "Outcome": ".results.outcomes",
    "Outcomes": ".results.outcomes",
}


def __getattr__(name: str) -> object:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'pyrules' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(_EXPORTS[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "solve",
    "ask",
    "count",
    "sweep",
    "Answer",
    "load_situation",
    "SituationBuilder",
    "Situation",
    "Outcome",
    "Outcomes",
    "CardLibrary",
    "CardSpec",
    "builtin_library",
    "load_library",
    "InputError",
    "UnsupportedError",
]
__version__ = "0.1.0"
