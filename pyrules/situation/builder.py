"""Build a situation in Python, for notebooks and tests.

    >>> from pyrules import SituationBuilder, solve
    >>> s = (SituationBuilder(["alice", "bob"])
    ...      .permanent("forest1", "Forest", "alice")
    ...      .could_produce("forest1")
    ...      .build())
    >>> solve(s)[0].could_produce
    {'forest1': ['g']}

The builder writes the same structure a situation file holds and checks it with the same code,
so both report the same errors (located at ``<builder> objects.0.card`` instead of a line).
"""

from __future__ import annotations

import copy
from typing import Any

from pyrules.base.arguments import instance, optional_text, plain, text, whole
from pyrules.base.document import Field
from pyrules.cards.library import CardLibrary
from pyrules.situation.loader import parse_situation
from pyrules.situation.model import Situation


class SituationBuilder:
    """Each method checks its arguments as it is called (TypeError naming the argument): what it adds is
    plain data, as a situation file holds; :meth:`build` checks the whole as the loader does."""

    def __init__(self, players: list[str] | list[dict[str, Any]], *, active: str | None = None,
                 library: CardLibrary | None = None, name: str = ""):
        if isinstance(players, (str, dict)) or not isinstance(players, (list, tuple)):
            raise TypeError(f"players must be a list of names (or of player mappings), not {players!r}")
        self._doc: dict[str, Any] = {"players": plain(players, "players"), "objects": []}
        if optional_text(active, "active") is not None:
            self._doc["active"] = active
        if text(name, "name"):
            self._doc["name"] = name
        self._library = instance(library, CardLibrary, "library", "a CardLibrary (pyrules.load_library)")

    def set(self, **fields: Any) -> SituationBuilder:
        """Set top-level fields: turn, phase, step, priority, active, stack."""
        self._doc.update(_fields(fields))
        return self

    def card(self, definition: dict[str, Any]) -> SituationBuilder:
        """Define a card inline (the same form as in ``cards:`` of a situation file)."""
        instance(definition, dict, "definition", "a mapping (as in 'cards:' of a situation file)", optional=False)
        self._doc.setdefault("cards", []).append(plain(definition, "definition"))
        return self

    def object(self, id: str, card: str, owner: str, **fields: Any) -> SituationBuilder:
        """Add an object in any zone; ``fields`` as in a situation file (zone, tapped, counters, ...)."""
        _texts(id=id, card=card, owner=owner)
        self._doc["objects"].append({"id": id, "card": card, "owner": owner, **_fields(fields)})
        return self

    def permanent(self, id: str, card: str, controller: str, **fields: Any) -> SituationBuilder:
        """Add a permanent on the battlefield controlled (and, unless ``owner`` is given, owned) by ``controller``."""
        _texts(id=id, card=card, controller=controller)
        fields = _fields(fields)
        fields.setdefault("owner", controller)
        self._doc["objects"].append({"id": id, "card": card, "controller": controller, **fields})
        return self

    def could_produce(self, *objects: str) -> SituationBuilder:
        _texts(**{f"objects.{i}": o for i, o in enumerate(objects)})
        self._doc["question"] = {"could_produce": list(objects) if objects else "all"}
        return self

    def abilities(self, *objects: str) -> SituationBuilder:
        _texts(**{f"objects.{i}": o for i, o in enumerate(objects)})
        self._doc["question"] = {"abilities": list(objects) if objects else "all"}
        return self

    def characteristics(self, *objects: str) -> SituationBuilder:
        _texts(**{f"objects.{i}": o for i, o in enumerate(objects)})
        self._doc["question"] = {"characteristics": list(objects) if objects else "all"}
        return self

    def activatable(self, player: str) -> SituationBuilder:
        _texts(player=player)
        self._doc["question"] = {"activatable": player}
        return self

    def activate(self, object: str, ability: int | str | None = None, player: str | None = None) -> SituationBuilder:
        _texts(object=object)
        body: dict[str, Any] = {"object": object}
        if ability is not None:
            if not isinstance(ability, str):
                whole(ability, "ability", 1)
            body["ability"] = ability
        if optional_text(player, "player") is not None:
            body["player"] = player
        self._doc["question"] = {"activate": body}
        return self

    def action(self, **action: Any) -> SituationBuilder:
        """Add one action to the sequence, written as in a situation file: ``action(cast="div")``,
        ``action(activate={"object": "ring"})``, ``action(resolve="all")``, ``action(pass_="bob")``; an action
        that takes no value, or whose declaration is left open, with None: ``action(attack=None)``,
        ``action(damage=None)``."""
        if len(action) != 1:
            raise TypeError("action() takes exactly one keyword: the kind of action")
        (kind, value), = plain(action, "action").items()
        self._doc.pop("question", None)
        self._doc.setdefault("actions", []).append({kind.rstrip("_"): value})
        return self

    def as_dict(self) -> dict[str, Any]:
        return self._doc

    def build(self) -> Situation:
        # (a copy: the situation keeps its document, and this builder may go on changing)
        return parse_situation(Field(copy.deepcopy(self._doc), "", "<builder>", {}), self._library)


def _fields(fields: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments as plain data, each checked under its own name."""
    return {name: plain(value, name) for name, value in fields.items()}


def _texts(**values: Any) -> None:
    for name, value in values.items():
        text(value, name)
