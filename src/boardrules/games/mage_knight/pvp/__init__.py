"""Player versus player combat (UNIT RESISTANCES "Player vs. Player"; docs/mage-knight/rules-choices.md): its state, the combat, what each hero plays, effects and skills in it."""
