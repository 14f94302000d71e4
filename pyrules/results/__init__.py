"""What a user gets back: the outcomes of a situation or of a sequence of actions, with their tables,
queries and explanations."""
