"""The sites of the map: every site paragraph of the rulebook excerpt."""
