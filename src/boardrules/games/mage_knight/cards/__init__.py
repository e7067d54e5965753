"""Deed cards (facts 1.2, 2, 3.1-3.3, 5.1-5.4): the deck, playing a card, mana, the offers, and the specials of Action cards, Spells and Artifacts."""
