"""Tests of Mage Knight's terminal picture and map drawing."""
