"""Tests of Mage Knight's Deed cards: deck, playing, specials, offers."""
