"""The game in motion: sequences of actions played out step by step, each step's outcome carried into
the next state."""
