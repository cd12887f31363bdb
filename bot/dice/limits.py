"""Bounds that keep every command cheap, whatever a user types."""

MAX_INPUT = 2000  # Discord's message length
MAX_DICE_PER_TERM = 200  # as BCDice
MAX_SIDES = 10_000  # as BCDice
MAX_DRAWS = 10_000  # dice drawn by one command, explosions and rerolls included
MAX_REPEAT = 100  # as BCDice
MAX_NESTING = 64  # parentheses and unary signs, so evaluation never recurses deeply
MAX_TEXT = 8000  # rendered result; longer dice detail is cut in the middle
MAX_CHOICE_ITEMS = 100  # as BCDice
MAX_TALLY_SIDES = 20  # as BCDice
MAX_EXPLOSIONS = 100  # Esperancer's safety cap on one die's re-roll chain (rules digest)
