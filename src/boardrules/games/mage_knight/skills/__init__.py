"""Skills (facts 3.5, 6.2): using a skill token, and the skills with mechanisms of their own."""
