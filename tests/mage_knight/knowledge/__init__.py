"""Tests of what each Mage Knight player knows: views, hidden information, determinize."""
