"""Tests of boardrules."""
