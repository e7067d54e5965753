"""Tests of Heroes IV."""
