"""pyrules: every legal outcome of a Magic: The Gathering rules situation, and why.

    >>> import pyrules
    >>> outcomes = pyrules.solve("examples/birds.yaml")
    >>> len(outcomes), outcomes[0].texts

Layers: situation model (:mod:`pyrules.model`, :mod:`pyrules.loader`, :mod:`pyrules.builder`,
:mod:`pyrules.cards`) -> facts (:mod:`pyrules.facts`) -> solving (:mod:`pyrules.solver`) ->
outcomes (:mod:`pyrules.outcomes`) -> CLI (:mod:`pyrules.cli`). Regression cases:
:mod:`pyrules.regression`.
"""

from .api import solve
from .builder import SituationBuilder
from .cards import CardLibrary, CardSpec, builtin_library
from .errors import InputError, UnsupportedError
from .loader import load_situation
from .model import Situation
from .outcomes import Outcome, Outcomes

__all__ = [
    "solve",
    "load_situation",
    "SituationBuilder",
    "Situation",
    "Outcome",
    "Outcomes",
    "CardLibrary",
    "CardSpec",
    "builtin_library",
    "InputError",
    "UnsupportedError",
]
__version__ = "0.1.0"
