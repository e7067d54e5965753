"""Hidden information, in one place: what every player has seen of the hidden cards, the views and determinize."""
