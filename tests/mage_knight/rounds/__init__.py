"""Tests of Mage Knight's rounds, turns, tactics, scenarios and scoring."""
