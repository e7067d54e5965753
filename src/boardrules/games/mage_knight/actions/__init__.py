"""The turn as small decisions: at each moment the legal actions with their text form, applied by calling the rule areas below (facts 5.2-5.7)."""
