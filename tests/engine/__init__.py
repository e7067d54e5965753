"""Tests of the game-agnostic engine."""
