"""Settings for the whole suite. Hypothesis's per-example deadline is a timing assertion: on a
shared, loaded machine it fails tests that are right, so it is off everywhere."""

from hypothesis import settings

settings.register_profile("boardrules", deadline=None)
settings.load_profile("boardrules")
