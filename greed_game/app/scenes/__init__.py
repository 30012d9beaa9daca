"""The scenes of the game window: menu, table, scoreboard and the overlays."""
