"""Mage Knight board game (WizKids): stage 1, combat with enemies and units.

Not registered in ``boardrules.games`` yet: the map, cards and turns come in later stages and
will call the combat here (``combat.py``) with the content tables (``content.py``).
"""
