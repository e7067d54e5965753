"""Tests of Mage Knight's combat between heroes."""
