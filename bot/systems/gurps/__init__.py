"""GURPS 百鬼夜翔 with the group's regulation: pure rules."""
