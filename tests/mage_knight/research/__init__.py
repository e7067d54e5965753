"""Tests of Mage Knight's research interfaces: observation and action space."""
