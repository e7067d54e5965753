"""The greedy agent's knowledge of Mage Knight: the position's worth (heuristic) and the combat policy."""
