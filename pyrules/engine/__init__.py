"""The rules engine: the encodings (pyrules/asp/) and what reads them (the catalogue of predicates, the
parsed program, the derivations explanations read), a situation's facts, atoms and queries written by
users, and the solver that grounds and solves them."""
