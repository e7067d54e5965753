"""The map (facts 4.2-4.3, 5.5): hex geometry and tiles, exploring, and movement."""
