"""Tests of Mage Knight's skills."""
