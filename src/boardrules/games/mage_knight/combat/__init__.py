"""Combat with enemies (facts 4.1, 4.3; ENEMY TOKEN ABILITIES, UNIT RESISTANCES, WALLS "Combat"): its state, the phases, enemy abilities, elements, damage, defeat and the refusals' words."""
