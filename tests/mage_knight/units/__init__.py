"""Tests of Mage Knight's Units."""
