"""The turn as small decisions: at each moment the legal actions with their text form, applied by calling the rule areas below (facts 5.2-5.7).

From the top down: ``text`` (what each viewer is shown of an action) and ``refusals`` (why an
action is refused) read ``turn`` (who decides, the decision, applying an action); ``turn`` reads
``legal_actions`` (the actions at a moment), which reads ``card_plays`` (a play run and tried),
``play_steps`` (what a play asks), ``site_actions``, ``combat_starts``, ``end_of_turn``,
``unit_mana_plays`` and ``words`` (the action words and small helpers they share).
"""
