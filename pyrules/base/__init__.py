"""The floor every other layer stands on, with no rules knowledge: errors and their one-line messages,
located YAML documents, files read safely, clingo symbols and numbers within bounds, Ctrl-C handling,
and the checks of the Python API's arguments."""
