"""The terminal picture of a game, drawn from a viewer's view only."""
