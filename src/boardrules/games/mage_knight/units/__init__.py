"""Units (facts 3.4): their abilities in combat and the specials used outside combat."""
