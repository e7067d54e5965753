"""Tests of Mage Knight's heuristic and greedy policy."""
