"""Grid geometry: cells, distance, movement, line of sight and cover (source 004 · The Grid)."""
