"""Why an outcome holds: explanation graphs, their text in a judge's words, and why an atom does not
hold."""
