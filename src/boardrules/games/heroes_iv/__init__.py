"""Heroes of Might and Magic IV, the card & tile game."""
