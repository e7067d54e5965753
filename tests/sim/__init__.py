"""Tests of simulation and tournament statistics."""
