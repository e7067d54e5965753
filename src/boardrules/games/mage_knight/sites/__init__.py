"""The sites of the map: every site paragraph of the rulebook excerpt. ``reputation`` (the
Reputation track), ``rewards`` (crystals, Shields, the site on a hero's space), ``turn_benefits``
(a site at the start and the end of a turn), ``interaction`` (Influence, recruiting, healing,
buying, plundering), ``site_combats`` (a site's combats and their results, the altar)."""
