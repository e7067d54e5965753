"""Tests of Mage Knight's combat: phases, damage, enemy abilities, refusals."""
