"""Tests of the agents."""
