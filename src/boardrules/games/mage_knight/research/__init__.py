"""The interfaces for learning programs: the action space and the observation vector."""
