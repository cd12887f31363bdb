"""The naval-battle add-on for 2D6 systems: pure rules."""
