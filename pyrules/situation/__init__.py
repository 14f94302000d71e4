"""A game situation: its model (players, objects, the stack, the actions), read from a file
(:mod:`~pyrules.situation.loader`) or built in Python (:mod:`~pyrules.situation.builder`)."""
