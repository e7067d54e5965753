"""Tests that the docs stay true."""
