"""Tests of Heroscape."""
