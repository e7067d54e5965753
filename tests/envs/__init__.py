"""Tests of the research environments."""
