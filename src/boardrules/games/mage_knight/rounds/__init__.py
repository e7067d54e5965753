"""Rounds and turns (facts 5.2, 5.4, 5.7, 5.8, 6.2): a new round, the turn and its obligation, other players' answers, the Dummy player, the scenarios' end and the final scoring."""
