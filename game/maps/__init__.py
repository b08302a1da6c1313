"""Tiled maps: loading ``.tmx`` files into a Battlefield, and checking them."""
