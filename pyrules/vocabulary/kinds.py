"""A kind of the vocabulary: one template, field or value, declared once with everything about it.

Every kind has a *status*, and tests hold each status to what it claims:

* :class:`Modelled`: a rule of the named ``asp/`` file reads the facts it becomes, and a case
  (``example``) fails when those facts are taken away;
* :class:`Refused`: pyrules accepts it (so a card keeps its other abilities) but answers
  ``unsupported: <reason>`` as soon as a situation needs it; ``example`` is a case that shows it;
* :class:`Inert`: it only takes effect where no modelled question reaches (combat, for
  example), which ``reason`` says; its facts are still given, so nothing is lost if a rule later
  needs them;
* :class:`Informational`: it names or documents something and is no part of the game state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pyrules.vocabulary.shapes import Flag, Shape


@dataclass(frozen=True)
class Modelled:
    """Read by the rules of ``file`` (an ``asp/`` file, and of the files in ``also``), which implement
    the rules numbered ``cr``."""

    file: str
    cr: tuple[str, ...] = ()
    also: tuple[str, ...] = ()

    @property
    def files(self) -> tuple[str, ...]:
        return (self.file,) + self.also

    @property
    def label(self) -> str:
        return f"modelled ({', '.join(self.files)})"


@dataclass(frozen=True)
class Refused:
    """Accepted, but any situation that needs it is answered ``unsupported: <reason>``."""

    reason: str

    @property
    def label(self) -> str:
        return f"unsupported: {self.reason}"


@dataclass(frozen=True)
class Inert:
    """It only matters where no modelled question reaches; ``reason`` says where."""

    reason: str

    @property
    def label(self) -> str:
        return f"no effect on modelled questions ({self.reason})"


@dataclass(frozen=True)
class Informational:
    """Names or documents something; not part of the game state."""

    reason: str = "a name or a note"

    @property
    def label(self) -> str:
        return "informational"


Status = Modelled | Refused | Inert | Informational


@dataclass(frozen=True)
class Kind:
    """One entry of the vocabulary.

    ``family`` groups kinds written in the same place (``effect``, ``cost``, ``trigger``, ...);
    ``name`` is how it is written there; ``shape`` how its value is written; ``contexts`` where it
    may appear (for effects: ``activated``, ``triggered``, ``spell``, ``tapped_for_mana``, ...).
    ``term`` builds the fact term it becomes from its parsed value (see :mod:`pyrules.engine.facts`);
    ``text`` renders it as card text; ``targets`` says how many targets it takes, and of what.
    """

    family: str
    name: str
    doc: str
    status: Status
    shape: Shape = field(default_factory=Flag)
    contexts: frozenset[str] = frozenset()
    term: Callable[..., Any] | None = field(default=None, compare=False)
    text: Callable[[Any], str] | None = field(default=None, compare=False)
    targets: Any = None  # a TargetSpec, for templates that say "target"
    example: str = ""  # the case that exercises it (modelled) or shows its refusal
    cr: tuple[str, ...] = ()
    asp: str = ""  # the predicate or function name its facts carry, where it is not ``name``

    @property
    def reads(self) -> str:
        """The name a rule of the status's file must read for this kind to be modelled."""
        return self.asp or self.name

    @property
    def key(self) -> tuple[str, str]:
        return self.family, self.name

    @property
    def modelled(self) -> bool:
        return isinstance(self.status, Modelled)

    @property
    def refused(self) -> bool:
        return isinstance(self.status, Refused)

    def render(self, value: Any) -> str:
        if self.text is not None:
            return self.text(value)
        label = self.name.replace("_", " ")
        if value is True or value is None:
            return label.capitalize()
        return f"{label.capitalize()} {_shown(value) if isinstance(value, Mapping) else value}"


def _shown(value: Any) -> str:
    """A mapping as a situation file would write it ({types: [creature]}), not as Python prints it."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)
