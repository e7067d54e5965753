"""Tests of Small World."""
