"""Cards as data: the card library (built-in cards and libraries read from YAML) and the importer that
translates real card data (MTGJSON, Scryfall) into the vocabulary's templates."""
