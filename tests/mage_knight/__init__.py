"""Tests of Mage Knight."""
