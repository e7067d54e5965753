"""Tests of Mage Knight's sites."""
