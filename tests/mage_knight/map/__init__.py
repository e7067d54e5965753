"""Tests of Mage Knight's map: tiles, exploring, movement."""
