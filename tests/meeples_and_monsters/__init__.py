"""Tests of Meeples & Monsters."""
