"""The tests of boardrules."""
